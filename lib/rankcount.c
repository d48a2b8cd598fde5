/* One pass over the candidates with a binary search among the targets'
 * distinct scores (DESIGN.md: the score stream never has to be sorted). */
#include <stdlib.h>
#include "err.h"
#include "rankcount.h"

struct tgt {
	double s;
	size_t cand;	/* candidate index */
	size_t out;	/* position in the caller's arrays */
};

/* for the comparators; per thread, as rankof ranks in several */
static _Thread_local int brk_rule;
static _Thread_local const struct strmap *brk_ids;

/* 1 when candidate a comes before candidate b in the break order */
static int precedes(size_t a, size_t b)
{
	if (brk_rule == BREAK_INPUT)
		return a < b;
	/* trec_eval: item id descending, byte order */
	return slice_cmp(strmap_key(brk_ids, a), strmap_key(brk_ids, b)) > 0;
}

static int cmp_tgt(const void *pa, const void *pb)
{
	const struct tgt *a = pa, *b = pb;
	if (a->s != b->s)
		return a->s > b->s ? -1 : 1;
	if (brk_rule == BREAK_NONE || a->cand == b->cand)
		return (a->cand > b->cand) - (a->cand < b->cand);
	return precedes(a->cand, b->cand) ? -1 : 1;
}

void count_ranks(const double *score, size_t n, const size_t *target,
		 size_t k, int brk, const struct strmap *ids, long *rank,
		 long *ties)
{
	struct tgt *t;
	double *u;
	size_t *gbeg, *above, *eq, *pre, d = 0, i, j;

	if (k == 0)
		return;
	brk_rule = brk;
	brk_ids = ids;
	t = xmalloc(k * sizeof *t);
	for (i = 0; i < k; i++) {
		t[i].s = score[target[i]];
		t[i].cand = target[i];
		t[i].out = i;
	}
	qsort(t, k, sizeof *t, cmp_tgt);

	/* distinct target scores u[0] > u[1] > ..., group j = targets
	 * t[gbeg[j] .. gbeg[j+1]-1] */
	u = xmalloc(k * sizeof *u);
	gbeg = xmalloc((k + 1) * sizeof *gbeg);
	for (i = 0; i < k; i++)
		if (i == 0 || t[i].s != t[i - 1].s) {
			gbeg[d] = i;
			u[d++] = t[i].s;
		}
	gbeg[d] = k;
	above = xcalloc(d + 1, sizeof *above);	/* strictly between u[j-1], u[j] */
	eq = xcalloc(d, sizeof *eq);
	pre = xcalloc(k + 1, sizeof *pre);	/* break: tied ones before */

	double lowest = u[d - 1];
	for (i = 0; i < n; i++) {
		double s = score[i];
		if (s < lowest)
			continue;	/* below every target: the common case */
		/* p = number of u[] strictly greater than s */
		size_t lo = 0, hi = d;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (u[mid] > s)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (u[lo] != s) {
			above[lo]++;
			continue;
		}
		eq[lo]++;
		if (brk == BREAK_NONE)
			continue;
		/* the first target of the group that candidate i precedes:
		 * i counts above it and every later one */
		size_t b = gbeg[lo], e = gbeg[lo + 1];
		while (b < e) {
			size_t mid = (b + e) / 2;
			if (t[mid].cand == i || !precedes(i, t[mid].cand))
				b = mid + 1;
			else
				e = mid;
		}
		if (b < gbeg[lo + 1])
			pre[b]++;
	}

	size_t run = 0;
	for (j = 0; j < d; j++) {
		run += above[j];
		size_t before = 0;
		for (i = gbeg[j]; i < gbeg[j + 1]; i++) {
			size_t o = t[i].out;
			before += pre[i];
			if (brk == BREAK_NONE) {
				rank[o] = (long)run + 1;
				ties[o] = (long)eq[j] - 1;
			} else {
				rank[o] = (long)(run + before) + 1;
				ties[o] = 0;
			}
		}
		run += eq[j];
	}
	free(t);
	free(u);
	free(gbeg);
	free(above);
	free(eq);
	free(pre);
}
