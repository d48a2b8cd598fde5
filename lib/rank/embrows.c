/* rankof -e's row path (embrank.c): ranks counted over a query's row of
 * scores, the counting of rankcount.h; and the steps of one
 * query that both paths take (embctx.h). */
#include <math.h>
#include "rank/embctx.h"
#include "util/err.h"

/* ranks of the k targets sl->g.t[] of one query whose scores are row[0 ..
 * n-1] (items i0 ..), excluded rows marked in sl->mask; into ln */
static void count(const struct ctx *cx, struct slot *sl, const void *row,
		  size_t i0, size_t n, size_t k, struct rankline *ln)
{
	struct rankcount *grp = &sl->g;
	size_t i;

	if (k == 0)
		return;
	grp->k = k;
	grp->brk = cx->brk;
	rankcount_group(grp);

	/* the hot loop: most candidates score below every target, so
	 * blocks of 16 are tested at once (a loop the compiler vectorizes)
	 * and only blocks with a candidate at or above the lowest target
	 * score are looked at one by one */
#define SCAN(T) { \
		const T *r = row; \
		T lowest = (T)grp->u[grp->d - 1]; \
		for (i = 0; i < n; i += 16) { \
			size_t e = n - i < 16 ? n - i : 16, b; \
			if (e == 16) { \
				int any = 0; \
				for (b = 0; b < 16; b++) \
					any |= !(r[i + b] < lowest); \
				if (!any) \
					continue; \
			} \
			for (b = i; b < i + e; b++) \
				if (!(r[b] < lowest) && !sl->mask[i0 + b]) \
					rankcount_add(grp, i0 + b, \
						 embed_id(cx->iemb, i0 + b), r[b]); \
		} \
	}
	if (cx->type == EMB_F32)
		SCAN(float)
	else
		SCAN(double)
#undef SCAN
	rankcount_ranks(grp, ln);
}

static void exclude(struct slot *sl, size_t *ne, size_t row)
{
	if (sl->mask[row])
		return;
	sl->mask[row] = 1;
	xgrow((void **)&sl->excl, &sl->ecap, *ne + 1, sizeof *sl->excl);
	sl->excl[(*ne)++] = row;
}

/* marks the rows i0 .. i1-1 that leave query q's gallery (the rules of
 * rel_excluded); returns how many */
static size_t mark_excluded(const struct ctx *cx, struct slot *sl,
			    struct slice q, size_t i0, size_t i1)
{
	const struct relsrc *rel = cx->rel;
	const struct relquery *rq = &sl->rq;
	size_t ne = 0, i, r;

	if (rel->exclude_self) {
		r = rowindex_get(&cx->irow, q);
		if (r != NO_ROW && r >= i0 && r < i1)
			exclude(sl, &ne, r);
	}
	for (i = 0; i < rq->nign; i++) {	/* --protocol */
		r = rowindex_get(&cx->irow, rq->ign[i]);
		if (r != NO_ROW && r >= i0 && r < i1)
			exclude(sl, &ne, r);
	}
	if (rel->kind != REL_LABELS)
		return ne;
	for (i = 0; i < cx->njunk; i++)
		if (cx->junk[i] >= i0 && cx->junk[i] < i1)
			exclude(sl, &ne, cx->junk[i]);
	if (rel->junk_samecam && rq->qrec && rq->qrec->cam >= 0) {
		size_t l = rq->qrec->label;
		for (i = rel->lbeg[l]; i < rel->lbeg[l + 1]; i++) {
			size_t e = rel->litem[i];
			r = cx->recrow[e];
			if (rel->ilab.rec[e].cam == rq->qrec->cam && r != NO_ROW &&
			    r >= i0 && r < i1)
				exclude(sl, &ne, r);
		}
	}
	if (rel->folds && !(cx->pure[i0 / cx->ifold] &&
			  rq->fold == i0 / cx->ifold))
		for (r = i0; r < i1; r++)
			if (cx->rfold[r] >= 0 && (size_t)cx->rfold[r] != rq->fold)
				exclude(sl, &ne, r);
	return ne;
}

/* query q (j-th of its chunk) begins: sl->qbeg[j], sl->qjudged[j], sl->qn[j],
 * its lines at sl->ln + *nl (unranked) with *m of them; the rows that leave
 * its gallery are marked in sl->mask (sl->excl[0 .. *ne-1]) */
int query_begin(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		       size_t i0, size_t i1, size_t nl, size_t *m, size_t *ne)
{
	struct slice qid = embed_id(cx->qemb, q);
	struct relquery *rq = &sl->rq;
	struct rankline *ln;
	size_t i;

	sl->qbeg[j] = nl;
	sl->qn[j] = 0;
	sl->qbig[j] = NO_ROW;
	*m = *ne = 0;
	sl->qjudged[j] = rel_query(cx->rel, qid, rq, cx->qpath, 0);
	if (!sl->qjudged[j])
		return 0;
	*ne = cx->rk->excl ? mark_excluded(cx, sl, qid, i0, i1) : 0;
	sl->qn[j] = i1 - i0 - *ne;
	*m = rq->n;
	xgrow((void **)&sl->ln, &sl->lcap, nl + *m, sizeof *sl->ln);
	ln = sl->ln + nl;
	for (i = 0; i < *m; i++) {
		ln[i].item = rq->item[i];
		ln[i].grade = rq->grade[i];
		ln[i].rank = -1;
		ln[i].ties = 0;
	}
	return 1;
}

/* the candidates among the m relevant items of query q (begun, j-th of
 * its chunk) into t[]; their scores from row (items i0 ..) or, row NULL,
 * from kernel_score; returns how many. A score of +-inf is beyond the
 * range (kernel.h): a rank against it would be a guess, so the first such
 * target is noted for the writer to stop at. The other candidates'
 * +-inf are exact for the counts: above or below every finite target. */
size_t query_targets(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		     size_t i0, size_t i1, const void *row, size_t m,
		     struct counttarget *t)
{
	size_t i, k = 0;

	for (i = 0; i < m; i++) {
		size_t r = rowindex_get(&cx->irow, sl->rq.item[i]);
		int outside = r != NO_ROW && (r < i0 || r >= i1);
		/* relevant items never leave the gallery (rel_query drops
		 * those that do), so a row in the block is a candidate; with
		 * --items, one of the query's fold outside the shard keeps
		 * its score and its line but is no candidate */
		if (r == NO_ROW || (!outside && sl->mask[r]) ||
		    (outside && (!cx->items || r / cx->ifold != i0 / cx->ifold)))
			continue;
		t[k].outside = outside;
		t[k].s = !row || outside ? kernel_score(cx->kern, q, r) :
			cx->type == EMB_F32 ?
			(double)((const float *)row)[r - i0] :
			((const double *)row)[r - i0];
		if (isinf(t[k].s) && sl->qbig[j] == NO_ROW)
			sl->qbig[j] = r;
		t[k].cand = r;
		t[k].id = sl->rq.item[i];
		t[k].out = i;
		k++;
	}
	return k;
}

void query_sort_lines(const struct ctx *cx, struct rankline *ln, size_t m)
{
	if (cx->items)
		rankline_sort_items(ln, m);
	else
		rankline_sort(ln, m);
}

void query_unmark(struct slot *sl, size_t ne)
{
	size_t i;

	for (i = 0; i < ne; i++)
		sl->mask[sl->excl[i]] = 0;
}

/* one query on its row of scores: its lines, sorted, at sl->ln + *nl */
void query_rank_row(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		      size_t i0, size_t i1, const void *row, size_t *nl)
{
	size_t k, ne, m;
	struct rankline *ln;

	if (!query_begin(cx, sl, j, q, i0, i1, *nl, &m, &ne))
		return;
	rankcount_reserve(&sl->g, m);
	ln = sl->ln + *nl;
	k = query_targets(cx, sl, j, q, i0, i1, row, m, sl->g.t);
	count(cx, sl, row, i0, i1 - i0, k, ln);
	query_sort_lines(cx, ln, m);
	*nl += m;
	query_unmark(sl, ne);
}

void slot_reserve_queries(struct slot *sl, size_t nq)
{
	size_t cap = sl->qcap;

	if (nq <= cap)
		return;
	xgrow((void **)&sl->qn, &cap, nq, sizeof *sl->qn);
	sl->qbeg = xrealloc(sl->qbeg, (cap + 1) * sizeof *sl->qbeg);
	sl->qjudged = xrealloc(sl->qjudged, cap * sizeof *sl->qjudged);
	sl->qbig = xrealloc(sl->qbig, cap * sizeof *sl->qbig);
	sl->fused = xrealloc(sl->fused, cap * sizeof *sl->fused);
	sl->counts = xrealloc(sl->counts, cap * sizeof *sl->counts);
	sl->qcap = cap;
}

/* the row path: a block of scores, one row per query */
void embrank_work_rows(void *arg, const struct kchunk *ch)
{
	struct ctx *cx = arg;
	struct slot *sl = &cx->slot[ch->slot];
	size_t q, nl = 0, width = (ch->i1 - ch->i0) * (size_t)cx->type;

	slot_reserve_queries(sl, ch->q1 - ch->q0);
	for (q = ch->q0; q < ch->q1; q++)
		query_rank_row(cx, sl, q - ch->q0, q, ch->i0, ch->i1,
			  (const char *)ch->scores + (q - ch->q0) * width, &nl);
	sl->qbeg[ch->q1 - ch->q0] = nl;
}
