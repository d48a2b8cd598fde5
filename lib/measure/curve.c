/* Per-K sums of hit@K. A query's hit@K is 0 for K <= a and 1 for
 * K >= a + t in every tie mode ((a, t) its first tie group holding a
 * relevant item, cut_hit's definition), so cut_hit is called only inside
 * the group; adding 0 leaves a sum as it is, so those K are skipped. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/cutoff.h"
#include "measure/curve.h"

void curve_init(struct curve *C, size_t nK)
{
	int m;
	memset(C, 0, sizeof *C);
	for (m = 0; m < NTIEMODES; m++)
		C->sum[m] = xcalloc(nK ? nK : 1, sizeof *C->sum[m]);
	C->nK = nK;
	C->cap = nK ? nK : 1;
}

void curve_free(struct curve *C)
{
	int m;
	for (m = 0; m < NTIEMODES; m++)
		free(C->sum[m]);
	memset(C, 0, sizeof *C);
}

void curve_add(struct curve *C, const struct rquery *q)
{
	size_t K, first, ones;
	int m;

	C->count++;
	if (q->m == 0 || q->ng == 0)
		return;
	C->found++;
	/* K from a + 1 to a + t - 1 vary; from a + t on, 1 */
	first = (size_t)q->g[0].a + 1;
	ones = (size_t)(q->g[0].a + q->g[0].t);
	for (m = 0; m < NTIEMODES; m++) {
		double *s = C->sum[m];
		for (K = first; K < ones && K <= C->nK; K++)
			s[K - 1] += cut_hit(q, (long)K, m);
		for (K = ones; K <= C->nK; K++)
			s[K - 1] += 1;
	}
}

void curve_extend(struct curve *C, size_t nK)
{
	size_t K;
	int m;

	if (nK <= C->nK)
		return;
	for (m = 0; m < NTIEMODES; m++) {
		size_t cap = C->cap;
		xgrow((void **)&C->sum[m], &cap, nK, sizeof *C->sum[m]);
		for (K = C->nK + 1; K <= nK; K++)
			C->sum[m][K - 1] = (double)C->found;
		if (m == NTIEMODES - 1)
			C->cap = cap;
	}
	C->nK = nK;
}

double curve_mean(const struct curve *C, size_t K, int mode)
{
	if (C->count == 0)
		return NAN;
	return C->sum[mode][K - 1] / (double)C->count;
}
