/* The methods of fuse --method: one item's fused score from its values
 * in the runs (Fox and Shaw 1994's Comb family, Cormack et al. 2009's
 * RRF, Mourao et al. 2014's ISR, as ranx.fusion compute them). */
#ifndef RK_FUSECOMB_H
#define RK_FUSECOMB_H
#include <stddef.h>

enum fusemethod { FUSE_COMBSUM, FUSE_COMBMNZ, FUSE_COMBMAX, FUSE_COMBMIN,
		  FUSE_COMBMED, FUSE_COMBANZ, FUSE_WSUM, FUSE_RRF, FUSE_ISR };
/* their names on the command line, in that order, NULL last */
extern const char *const fusemethod_names[];

/* whether the method multiplies each run's term by its weight (combmax,
 * combmin and combmed pick a value and take none) */
int fusemethod_weighted(enum fusemethod m);
/* whether it reads ranks, not values (rrf, isr) */
int fusemethod_ranked(enum fusemethod m);

struct fusecomb {
	enum fusemethod method;
	const double *w;	/* per run; NULL: every weight 1 */
	double rrf_k;		/* rrf's k (60) */
};

/* The fused score of an item in nruns runs: held[r] whether run r holds
 * it, v[r] its value there, rank[r] its rank (from 1). combsum and wsum
 * sum(w v) over the runs that hold it; combmnz that times their count,
 * combanz divided by it; combmax, combmin, combmed the greatest, least,
 * median value; rrf sum(w / (k + rank)); isr count * sum(w / rank^2).
 * tmp holds nruns doubles (combmed's sort). Runs in their order. */
double fusecomb_score(const struct fusecomb *c, const double *v,
		      const long *rank, const unsigned char *held,
		      size_t nruns, double *tmp);
/* one run's term of the sum (the weight not applied): v, or 1/(k+rank),
 * or 1/rank^2 */
double fusecomb_term(const struct fusecomb *c, double v, long rank);

#endif
