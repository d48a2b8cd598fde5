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
	C->ones = xcalloc(nK ? nK : 1, sizeof *C->ones);
	for (m = 0; m < NTIEMODES; m++)
		C->frac[m] = xcalloc(nK ? nK : 1, sizeof *C->frac[m]);
	C->nK = nK;
	C->cap = nK ? nK : 1;
}

void curve_free(struct curve *C)
{
	size_t K;
	int m;
	for (m = 0; m < NTIEMODES; m++) {
		for (K = 0; K < C->nK; K++)
			free(C->frac[m][K]);
		free(C->frac[m]);
	}
	free(C->ones);
	memset(C, 0, sizeof *C);
}

static void add_fraction(struct curve *C, int m, size_t K, double v)
{
	struct exactsum **x = &C->frac[m][K - 1];
	if (v == 0)
		return;
	if (!*x) {
		*x = xmalloc(sizeof **x);
		exactsum_init(*x);
	}
	exactsum_add(*x, v);
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
	for (m = 0; m < NTIEMODES; m++)
		for (K = first; K < ones && K <= C->nK; K++)
			add_fraction(C, m, K, cut_hit(q, (long)K, m));
	for (K = ones; K <= C->nK; K++)
		C->ones[K - 1]++;
}

void curve_extend(struct curve *C, size_t nK)
{
	size_t K, cap;
	int m;

	if (nK <= C->nK)
		return;
	for (m = 0; m < NTIEMODES; m++) {
		cap = C->cap;
		xgrow((void **)&C->frac[m], &cap, nK, sizeof *C->frac[m]);
		for (K = C->nK + 1; K <= nK; K++)
			C->frac[m][K - 1] = NULL;
	}
	cap = C->cap;
	xgrow((void **)&C->ones, &cap, nK, sizeof *C->ones);
	for (K = C->nK + 1; K <= nK; K++)
		C->ones[K - 1] = C->found;
	C->cap = cap;
	C->nK = nK;
}

double curve_mean(const struct curve *C, size_t K, int mode)
{
	struct exactmean x;

	exactmean_init(&x);
	if (C->frac[mode][K - 1])
		x.sum = *C->frac[mode][K - 1];
	/* the ones and the fractions, over every query counted */
	exactsum_add(&x.sum, (double)C->ones[K - 1]);
	x.count = C->count;
	return exactmean_value(&x);
}
