/* The hit-rate curve of a set of queries: for each K from 1 to a last K,
 * the exact sum over queries of hit@K (cut_hit, the function hitrate uses)
 * in each tie mode, rounded once as hitrate's exact summaries are, so that
 * every value is the bits hitrate computes. A query's hit@K is 0 or 1 but
 * inside its first tie group holding a relevant item, so each K keeps the
 * count of ones and, only when some query's group covers it, an exact sum
 * of the fractions. Nothing is kept per query. */
#ifndef RK_CURVE_H
#define RK_CURVE_H
#include <stddef.h>
#include "stream/rankstream.h"
#include "measure/ties.h"
#include "measure/exactsum.h"

struct curve {
	size_t nK;		/* K = 1 .. nK */
	long *ones;		/* ones[K - 1]: queries whose hit@K is 1 in
				   every mode (K past the first group) */
	/* frac[mode][K - 1]: exact sum of the hit@K values inside tie
	   groups, NULL while no group covers K */
	struct exactsum **frac[NTIEMODES];
	long count;		/* queries counted */
	long found;		/* of which with a retrieved relevant item */
	size_t cap;
};

void curve_init(struct curve *cv, size_t nK);
void curve_free(struct curve *cv);

/* adds the hit@K of query q, K = 1 .. nK, in every mode; an empty query
 * (m = 0) adds 0 at every K (counted as a miss) */
void curve_add(struct curve *cv, const struct rquery *q);

/* runs the curve on to K = nK: hit@K of a query past its gallery is its
 * value at its gallery's size, 1 when it retrieved a relevant item and 0
 * otherwise, so the new sums are the count of those queries */
void curve_extend(struct curve *cv, size_t nK);

/* the mean hit@K in mode; NAN when no query was counted */
double curve_mean(const struct curve *cv, size_t K, int mode);

#endif
