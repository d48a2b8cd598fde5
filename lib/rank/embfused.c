/* rankof -e's fused path (embrank.c): the counts taken inside the kernel
 * (kernel_count), the exclusions taken out, a query the counts cannot
 * serve sent to the row path. */
#include <string.h>
#include "rank/embctx.h"
#include "util/err.h"

/* the fused path, after kernel_count: the exclusions taken out, the
 * ranks; or, for a query the counts cannot serve (too many exclusions;
 * with a break rule, a candidate tied with a target), its row of scores
 * and the row path */
static void finish_query(struct ctx *cx, struct slot *sl, size_t j, size_t q,
			 size_t i0, size_t i1)
{
	struct fusedquery *f = &sl->fused[j];
	struct kcount *kc = &sl->counts[j];
	struct rankline *ln = sl->ln + sl->qbeg[j];
	size_t m = sl->qbeg[j + 1] - sl->qbeg[j], d = f->d, i, g;
	/* the query's groups and the kernel's counts, for rankcount_ranks */
	struct rankcount groups = {
		cx->brk, sl->targets + f->tfirst, f->k, d, sl->gscore + f->tfirst,
		sl->gstart + f->tfirst + j, sl->gabove + f->tfirst + j, sl->gequal + f->tfirst,
		NULL, 0
	};
	int fallback = f->fallback;

	if (!sl->qjudged[j])
		return;
	if (!fallback && d) {
		double lw = kc->u[d - 1];
		for (i = 0; i < f->nexcl; i++) {
			double s = kernel_score(cx->kern, q, sl->xrows[f->xfirst + i]);
			if (!(s < lw))
				kcount_add(kc, s, -1);
		}
		/* with a break rule, a candidate tied with a target needs
		 * its place in the order: the row path */
		if (cx->brk != BREAK_NONE)
			for (g = 0; g < d; g++)
				if (kc->eq[g] != groups.gbeg[g + 1] - groups.gbeg[g])
					fallback = 1;
	}
	if (fallback) {
		size_t nl = sl->qbeg[j];
		xgrow(&sl->row, &sl->rowcap, (i1 - i0) * (size_t)cx->type, 1);
		kernel_block(cx->kern, q, q + 1, i0, i1, sl->row);
		query_rank_row(cx, sl, j, q, i0, i1, sl->row, &nl);
		return;
	}
	if (d) {
		rankcount_reserve(&sl->g, f->k);
		groups.pre = sl->g.pre;
		/* a break rule and no candidate tied with a target but
		 * targets: the order among the targets alone */
		if (cx->brk != BREAK_NONE)
			rankcount_break_targets(&groups);
		else
			memset(groups.pre, 0, (f->k + 1) * sizeof *groups.pre);
		rankcount_ranks(&groups, ln);
	}
	query_sort_lines(cx, ln, m);
}

/* the fused path: each query's targets scored alone, then the counts of
 * the whole chunk by kernel_count, never a row of scores */
void embrank_work_fused(void *arg, const struct kchunk *ch)
{
	struct ctx *cx = arg;
	struct slot *sl = &cx->slot[ch->slot];
	size_t q0 = ch->q0, q1 = ch->q1, i0 = ch->i0, i1 = ch->i1;
	size_t nq = q1 - q0, j, nl = 0, nt = 0, nx = 0, kmax = 0, cap;

	slot_reserve_queries(sl, nq);
	for (j = 0; j < nq; j++) {
		struct fusedquery *f = &sl->fused[j];
		size_t m, ne;
		memset(f, 0, sizeof *f);
		f->xfirst = nx;
		if (!query_begin(cx, sl, j, q0 + j, i0, i1, nl, &m, &ne)) {
			sl->qbeg[j + 1] = nl;
			continue;
		}
		xgrow((void **)&sl->targets, &sl->targetcap, nt + m, sizeof *sl->targets);
		f->tfirst = nt;
		f->k = query_targets(cx, sl, j, q0 + j, i0, i1, NULL, m,
				     sl->targets + nt);
		nt += f->k;
		/* each excluded row is scored again to take it out */
		f->fallback = ne > (i1 - i0) / 16;
		if (!f->fallback && ne) {
			xgrow((void **)&sl->xrows, &sl->xrowcap, nx + ne,
			      sizeof *sl->xrows);
			memcpy(sl->xrows + nx, sl->excl, ne * sizeof *sl->xrows);
			f->nexcl = ne;
			nx += ne;
		}
		query_unmark(sl, ne);
		if (f->k > kmax)
			kmax = f->k;
		nl += m;
		sl->qbeg[j + 1] = nl;
	}
	/* the groups of each query at its targets' offset (d <= k) */
	cap = sl->gcap;
	xgrow((void **)&sl->gscore, &cap, nt + nq, sizeof *sl->gscore);
	if (cap > sl->gcap) {
		sl->gstart = xrealloc(sl->gstart, cap * sizeof *sl->gstart);
		sl->gabove = xrealloc(sl->gabove, cap * sizeof *sl->gabove);
		sl->gequal = xrealloc(sl->gequal, cap * sizeof *sl->gequal);
		sl->gcap = cap;
	}
	rankcount_reserve(&sl->g, kmax);
	for (j = 0; j < nq; j++) {
		struct fusedquery *f = &sl->fused[j];
		struct kcount *kc = &sl->counts[j];
		struct rankcount groups = {
			cx->brk, sl->targets + f->tfirst, f->k, 0, sl->gscore + f->tfirst,
			sl->gstart + f->tfirst + j, sl->gabove + f->tfirst + j, sl->gequal + f->tfirst,
			sl->g.pre, 0
		};
		if (f->k && !f->fallback)
			f->d = rankcount_group(&groups);
		/* d = 0: the kernel passes the query by */
		kc->u = groups.u;
		kc->d = f->d;
		kc->above = groups.above;
		kc->eq = groups.eq;
	}
	kernel_count(cx->kern, q0, q1, i0, i1, sl->counts);
	for (j = 0; j < nq; j++)
		finish_query(cx, sl, j, q0 + j, i0, i1);
}
