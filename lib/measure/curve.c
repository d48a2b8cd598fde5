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

void curve_init(struct curve *cv, size_t nK)
{
	int m;
	memset(cv, 0, sizeof *cv);
	cv->ones = xcalloc(nK ? nK : 1, sizeof *cv->ones);
	for (m = 0; m < NTIEMODES; m++)
		cv->frac[m] = xcalloc(nK ? nK : 1, sizeof *cv->frac[m]);
	cv->nK = nK;
	cv->cap = nK ? nK : 1;
}

void curve_free(struct curve *cv)
{
	size_t K;
	int m;
	for (m = 0; m < NTIEMODES; m++) {
		for (K = 0; K < cv->nK; K++)
			free(cv->frac[m][K]);
		free(cv->frac[m]);
	}
	free(cv->ones);
	memset(cv, 0, sizeof *cv);
}

static void add_fraction(struct curve *cv, int m, size_t K, double v)
{
	struct exactsum **x = &cv->frac[m][K - 1];
	if (v == 0)
		return;
	if (!*x) {
		*x = xmalloc(sizeof **x);
		exactsum_init(*x);
	}
	exactsum_add(*x, v);
}

void curve_add(struct curve *cv, const struct rquery *q)
{
	size_t K, first, ones;
	int m;

	cv->count++;
	if (q->m == 0 || q->ng == 0)
		return;
	cv->found++;
	/* K from a + 1 to a + t - 1 vary; from a + t on, 1 */
	first = (size_t)q->g[0].a + 1;
	ones = (size_t)(q->g[0].a + q->g[0].t);
	for (m = 0; m < NTIEMODES; m++)
		for (K = first; K < ones && K <= cv->nK; K++)
			add_fraction(cv, m, K, cut_hit(q, (long)K, m));
	for (K = ones; K <= cv->nK; K++)
		cv->ones[K - 1]++;
}

void curve_extend(struct curve *cv, size_t nK)
{
	size_t K, cap;
	int m;

	if (nK <= cv->nK)
		return;
	for (m = 0; m < NTIEMODES; m++) {
		cap = cv->cap;
		xgrow((void **)&cv->frac[m], &cap, nK, sizeof *cv->frac[m]);
		for (K = cv->nK + 1; K <= nK; K++)
			cv->frac[m][K - 1] = NULL;
	}
	cap = cv->cap;
	xgrow((void **)&cv->ones, &cap, nK, sizeof *cv->ones);
	for (K = cv->nK + 1; K <= nK; K++)
		cv->ones[K - 1] = cv->found;
	cv->cap = cap;
	cv->nK = nK;
}

double curve_mean(const struct curve *cv, size_t K, int mode)
{
	struct exactmean x;

	exactmean_init(&x);
	if (cv->frac[mode][K - 1])
		x.sum = *cv->frac[mode][K - 1];
	/* the ones and the fractions, over every query counted */
	exactsum_add(&x.sum, (double)cv->ones[K - 1]);
	x.count = cv->count;
	return exactmean_value(&x);
}
