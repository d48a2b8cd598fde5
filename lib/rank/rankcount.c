/* One pass over the candidates with a binary search among the targets'
 * distinct scores (so the score stream never has to be sorted). */
#include <stdlib.h>
#include <string.h>
#include "util/bisect.h"
#include "util/err.h"
#include "rank/rankcount.h"

/* 1 when candidate a (id ai) comes before b (id bi) in the break order */
static int precedes(int brk, size_t a, struct slice ai, size_t b,
		    struct slice bi)
{
	if (brk == BREAK_ID)
		return slice_cmp(ai, bi) > 0;
	return a < b;
}

/* for the comparator; per thread, as rankof ranks in several */
static _Thread_local int sort_brk;

static int cmp_tgt(const void *pa, const void *pb)
{
	const struct rktarget *a = pa, *b = pb;
	if (a->s != b->s)
		return a->s > b->s ? -1 : 1;
	if (a->cand == b->cand)
		return 0;
	/* without a break rule any fixed order does */
	return precedes(sort_brk == BREAK_ID ? BREAK_ID : BREAK_INPUT,
			a->cand, a->id, b->cand, b->id) ? -1 : 1;
}

void rk_reserve(struct rkgroups *G, size_t k)
{
	size_t cap = G->cap;
	if (k <= cap && G->t)
		return;
	xgrow((void **)&G->t, &cap, k, sizeof *G->t);
	G->u = xrealloc(G->u, cap * sizeof *G->u);
	G->gbeg = xrealloc(G->gbeg, (cap + 1) * sizeof *G->gbeg);
	G->above = xrealloc(G->above, (cap + 1) * sizeof *G->above);
	G->eq = xrealloc(G->eq, cap * sizeof *G->eq);
	G->pre = xrealloc(G->pre, (cap + 1) * sizeof *G->pre);
	G->cap = cap;
}

void rk_free(struct rkgroups *G)
{
	free(G->t);
	free(G->u);
	free(G->gbeg);
	free(G->above);
	free(G->eq);
	free(G->pre);
	memset(G, 0, sizeof *G);
}

size_t rk_group(struct rkgroups *G)
{
	size_t i, d = 0, k = G->k;

	sort_brk = G->brk;
	qsort(G->t, k, sizeof *G->t, cmp_tgt);
	for (i = 0; i < k; i++)
		if (i == 0 || G->t[i].s != G->t[i - 1].s) {
			G->gbeg[d] = i;
			G->u[d++] = G->t[i].s;
		}
	G->gbeg[d] = k;
	G->d = d;
	memset(G->above, 0, (d + 1) * sizeof *G->above);
	memset(G->eq, 0, d * sizeof *G->eq);
	memset(G->pre, 0, (k + 1) * sizeof *G->pre);
	return d;
}

/* the break order within group j: candidate cand precedes the targets
 * from the returned index to the group's end */
static void count_before(struct rkgroups *G, size_t j, size_t cand,
			 struct slice id)
{
	size_t b = G->gbeg[j], e = G->gbeg[j + 1];
	while (b < e) {
		size_t mid = (b + e) / 2;
		const struct rktarget *t = &G->t[mid];
		if (t->cand == cand ||
		    !precedes(G->brk, cand, id, t->cand, t->id))
			b = mid + 1;
		else
			e = mid;
	}
	if (b < G->gbeg[j + 1])
		G->pre[b]++;
}

void rk_count(struct rkgroups *G, size_t cand, struct slice id, double s)
{
	size_t lo = bisect_above(G->u, G->d, s);

	if (G->u[lo] != s) {
		G->above[lo]++;
		return;
	}
	G->eq[lo]++;
	if (G->brk != BREAK_NONE)
		count_before(G, lo, cand, id);
}

void rk_break_targets(struct rkgroups *G)
{
	size_t j, i;

	memset(G->pre, 0, (G->k + 1) * sizeof *G->pre);
	for (j = 0; j < G->d; j++)
		for (i = G->gbeg[j]; i < G->gbeg[j + 1]; i++)
			count_before(G, j, G->t[i].cand, G->t[i].id);
}

void rk_ranks(const struct rkgroups *G, struct rankline *out)
{
	size_t run = 0, j, i;

	for (j = 0; j < G->d; j++) {
		size_t before = 0;
		run += G->above[j];
		for (i = G->gbeg[j]; i < G->gbeg[j + 1]; i++) {
			struct rankline *l = &out[G->t[i].out];
			before += G->pre[i];
			if (G->brk == BREAK_NONE) {
				l->rank = (long)run + 1;
				l->ties = (long)G->eq[j] - 1 +
					  G->t[i].outside;
			} else {
				l->rank = (long)(run + before) + 1;
				l->ties = 0;
			}
		}
		run += G->eq[j];
	}
}
