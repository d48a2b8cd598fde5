/* The normalisations of fuse --norm, per query and run, as ranx defines
 * them (ranx.normalization, Bassani 2022): each run's scores of a
 * query in its rank order to comparable values. A denominator is floored
 * at 1e-9, so that a constant list gets a defined value (0 for minmax,
 * zscore and sum), never a NaN. */
#ifndef RK_FUSENORM_H
#define RK_FUSENORM_H
#include <stddef.h>

enum fusenorm { NORM_NONE, NORM_MINMAX, NORM_ZSCORE, NORM_SUM, NORM_RANK,
		NORM_BORDA };
/* their names on the command line, in that order, NULL last */
extern const char *const fusenorm_names[];

/* The n scores s[] of one run's query, in rank order (the best first,
 * rank i + 1 at i), to their values v[]: none s; minmax (s - min) /
 * (max - min); zscore (s - mean) / sd, sd the population standard
 * deviation; sum (s - min) / sum(s - min); rank 1 - (r - 1) / n; borda
 * 1 - (r - 1) / u, u the items of the query in all runs together. Sums
 * run in rank order, so that the line order of a query changes no bit. */
void fusenorm_apply(enum fusenorm norm, const double *s, size_t n, size_t u,
		    double *v);
/* borda's value of an item that a run holding the query lacks:
 * 0.5 - (n - 1) / (2u) (the mean of the ranks it could have had) */
double fusenorm_borda_missing(size_t n, size_t u);

#endif
