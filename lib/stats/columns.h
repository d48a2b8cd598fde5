/* Per-query values of several statistics, the input of the resampling
 * engines: k columns of the same n queries, column c at v[c*n .. c*n+n-1];
 * NaN where a query has no value. A column's statistic is the mean over
 * the queries that have a value. */
#ifndef RK_COLUMNS_H
#define RK_COLUMNS_H
#include <stddef.h>

struct columns {
	const double *v;
	size_t n, k;
	/* strata (bootstrap --group-by): query i in stratum[i] < nstrata,
	   resampled within it; NULL: none. macro: a column's statistic is
	   the mean, over the strata where it has values, of each stratum's
	   mean */
	const size_t *stratum;
	size_t nstrata;
	int macro;
};

/* the mean of column c over its values (NaN when it has none), or under
 * macro the mean of its strata's means, and how many values it has */
double column_mean(const struct columns *cols, size_t c, size_t *nvalues);

/* Copies of the columns for the inner loops: values with 0 for NaN, and
 * for each column either NULL (no value missing) or 1.0/0.0 per query */
struct dense {
	double *val;
	double **have;
	size_t n, k;
};
void dense_make(struct dense *dn, const struct columns *cols);
void dense_free(struct dense *dn);
/* sum of w[i] * x[i] over n items, four partial sums in a fixed order:
 * the same bits whatever the machine */
double dot4(const double *w, const double *x, size_t n);

#endif
