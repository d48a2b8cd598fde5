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
	const struct counttarget *a = pa, *b = pb;
	if (a->s != b->s)
		return a->s > b->s ? -1 : 1;
	if (a->cand == b->cand)
		return 0;
	/* without a break rule any fixed order does */
	return precedes(sort_brk == BREAK_ID ? BREAK_ID : BREAK_INPUT,
			a->cand, a->id, b->cand, b->id) ? -1 : 1;
}

void rankcount_reserve(struct rankcount *grp, size_t k)
{
	size_t cap = grp->cap;
	if (k <= cap && grp->t)
		return;
	xgrow((void **)&grp->t, &cap, k, sizeof *grp->t);
	grp->u = xrealloc(grp->u, cap * sizeof *grp->u);
	grp->gbeg = xrealloc(grp->gbeg, (cap + 1) * sizeof *grp->gbeg);
	grp->above = xrealloc(grp->above, (cap + 1) * sizeof *grp->above);
	grp->eq = xrealloc(grp->eq, cap * sizeof *grp->eq);
	grp->pre = xrealloc(grp->pre, (cap + 1) * sizeof *grp->pre);
	grp->cap = cap;
}

void rankcount_free(struct rankcount *grp)
{
	free(grp->t);
	free(grp->u);
	free(grp->gbeg);
	free(grp->above);
	free(grp->eq);
	free(grp->pre);
	memset(grp, 0, sizeof *grp);
}

size_t rankcount_group(struct rankcount *grp)
{
	size_t i, d = 0, k = grp->k;

	sort_brk = grp->brk;
	qsort(grp->t, k, sizeof *grp->t, cmp_tgt);
	for (i = 0; i < k; i++)
		if (i == 0 || grp->t[i].s != grp->t[i - 1].s) {
			grp->gbeg[d] = i;
			grp->u[d++] = grp->t[i].s;
		}
	grp->gbeg[d] = k;
	grp->d = d;
	memset(grp->above, 0, (d + 1) * sizeof *grp->above);
	memset(grp->eq, 0, d * sizeof *grp->eq);
	memset(grp->pre, 0, (k + 1) * sizeof *grp->pre);
	return d;
}

/* the break order within group j: candidate cand precedes the targets
 * from the returned index to the group's end */
static void count_before(struct rankcount *grp, size_t j, size_t cand,
			 struct slice id)
{
	size_t b = grp->gbeg[j], e = grp->gbeg[j + 1];
	while (b < e) {
		size_t mid = (b + e) / 2;
		const struct counttarget *t = &grp->t[mid];
		if (t->cand == cand ||
		    !precedes(grp->brk, cand, id, t->cand, t->id))
			b = mid + 1;
		else
			e = mid;
	}
	if (b < grp->gbeg[j + 1])
		grp->pre[b]++;
}

/* a candidate counted at lo, the number of target scores above s */
static void add_at(struct rankcount *grp, size_t lo, size_t cand,
		   struct slice id, double s)
{
	if (grp->u[lo] != s) {
		grp->above[lo]++;
		return;
	}
	grp->eq[lo]++;
	if (grp->brk != BREAK_NONE)
		count_before(grp, lo, cand, id);
}

void rankcount_add(struct rankcount *grp, size_t cand, struct slice id,
		   double s)
{
	add_at(grp, bisect_above(grp->u, grp->d, s), cand, id, s);
}

void rankcount_add_walk(struct rankcount *grp, struct rankwalk *w,
			size_t cand, struct slice id, double s)
{
	const double *u = grp->u;
	size_t lo, d = grp->d, i;

	if (w->have && !(s > w->last)) {
		/* a few steps on from the last candidate's place, then a
		 * search of the rest: O(log d) however the scores come */
		for (lo = w->lo, i = 0; i < 4 && lo < d && u[lo] > s; i++)
			lo++;
		if (lo < d && u[lo] > s)
			lo += bisect_above_flat(u + lo, d - lo, s);
	} else {
		lo = bisect_above_flat(u, d, s);
	}
	w->have = 1;
	w->lo = lo;
	w->last = s;
	add_at(grp, lo, cand, id, s);
}

void rankcount_break_targets(struct rankcount *grp)
{
	size_t j, i;

	memset(grp->pre, 0, (grp->k + 1) * sizeof *grp->pre);
	for (j = 0; j < grp->d; j++)
		for (i = grp->gbeg[j]; i < grp->gbeg[j + 1]; i++)
			count_before(grp, j, grp->t[i].cand, grp->t[i].id);
}

void rankcount_ranks(const struct rankcount *grp, struct rankline *out)
{
	size_t run = 0, j, i;

	for (j = 0; j < grp->d; j++) {
		size_t before = 0;
		run += grp->above[j];
		for (i = grp->gbeg[j]; i < grp->gbeg[j + 1]; i++) {
			struct rankline *l = &out[grp->t[i].out];
			before += grp->pre[i];
			if (grp->brk == BREAK_NONE) {
				l->rank = (long)run + 1;
				l->ties = (long)grp->eq[j] - 1 +
					  grp->t[i].outside;
			} else {
				l->rank = (long)(run + before) + 1;
				l->ties = 0;
			}
		}
		run += grp->eq[j];
	}
}
