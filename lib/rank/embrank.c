/* rankof -e (see embrank.h). Candidates are item rows, so no candidate id
 * is hashed and no duplicate can occur. Two paths, both in the worker
 * threads of the kernel, the lines written by the calling thread in query
 * order:
 *
 * - fused (the default): for each query of a chunk, its relevant items are
 *   mapped to rows and scored alone (kernel_score: the kernel's operations
 *   in the kernel's order, so the same bits), then kernel_count scores the
 *   whole chunk tile by tile and counts, per query, the candidates above
 *   and equal to each distinct target score while the tile is in L1: no
 *   row of scores is ever written. The few rows a query excludes (-x, junk,
 *   cameras) are scored again and taken out of the counts. With a break
 *   rule, the order among targets tied only with each other is found from
 *   the targets alone.
 * - rows: a block of scores, then one pass per query over its row (the
 *   logic of count_ranks, rankcount.h). The fused path falls back to it,
 *   query by query (one row of scores each), when a query excludes many
 *   rows (impure --folds) or when a break rule meets a candidate tied with
 *   a target; RANKKIT_EMBRANK=rows uses it for every query (tests).
 *
 * The rank stream is that of `simmat | rankof`: the same candidates, the
 * same exclusions, the same values (a float32 score is the same number
 * whether it travels as the float or as its shortest decimal read back in
 * double: neither order nor ties change), the same break orders (--break
 * input: row order; --break id: item id descending, byte order). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stream/embed.h"
#include "rank/embrank.h"
#include "util/err.h"
#include "util/out.h"
#include "util/pool.h"
#include "rank/rankcount.h"
#include "util/strmap.h"
#include "rank/rowcheck.h"
#include "rank/relrows.h"

#define NONE ((size_t)-1)

/* what the workers leave for the writer, one per slot */
struct slot {
	struct relquery rq;
	unsigned char *mask;	/* per item row: left the query's gallery */
	size_t *excl, ecap;	/* the rows marked in mask */
	/* per query of the chunk */
	size_t *qn, *qbeg, qcap;	/* candidates, first line */
	int *qjudged;
	struct rankline *ln;
	size_t lcap;
	/* the row path's counts */
	struct rkgroups g;
	/* the fused path: per query of the chunk */
	struct fq *fq;
	struct kcount *kc;
	struct rktarget *ft;		/* targets, query after query */
	size_t ftcap;
	size_t *fx, fxcap;	/* excluded rows, query after query */
	/* per query, at its targets' offset tb (d <= k): distinct target
	 * scores (d), group starts (d + 1, at tb + j), above (d + 1, at
	 * tb + j), eq (d) */
	double *fu;
	size_t *fg, *fab, *feq, fucap;
	void *row;		/* a fallback's row of scores */
	size_t rowcap;
};

/* one query of a chunk on the fused path */
struct fq {
	size_t tb, k;		/* its targets at ft + tb */
	size_t xb, ne;		/* its excluded rows at fx + xb */
	size_t d;		/* its distinct target scores */
	int fb;			/* the row path instead */
};

struct ctx {
	struct ranker *rk;
	struct relsrc *rel;
	const struct embed *qemb, *iemb;
	const struct kernel *kern;
	enum embtype type;
	const char *qpath;
	int brk;
	size_t ifold;		/* items per kernel fold */
	int items;		/* --items: a gallery shard */
	struct rowindex irow;	/* item id -> row */
	/* labels with junk, same-camera junk or folds */
	const struct labelrec **irec;	/* per item row, or NULL */
	size_t *recrow;		/* item label record -> row or NONE */
	size_t *junk, njunk;	/* rows of the junk label */
	long *rfold;		/* --folds: per row its label fold, -1: none */
	unsigned char *pure;	/* --folds: per kernel fold, 1 when its rows
				 * all have that label fold (or none) */
	struct slot *slot;
};

/* ranks of the k targets sl->g.t[] of one query whose scores are row[0 ..
 * n-1] (items i0 ..), excluded rows marked in sl->mask; into ln */
static void count(const struct ctx *cx, struct slot *sl, const void *row,
		  size_t i0, size_t n, size_t k, struct rankline *ln)
{
	struct rkgroups *grp = &sl->g;
	size_t i;

	if (k == 0)
		return;
	grp->k = k;
	grp->brk = cx->brk;
	rk_group(grp);

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
					rk_count(grp, i0 + b, \
						 embed_id(cx->iemb, i0 + b), r[b]); \
		} \
	}
	if (cx->type == EMB_F32)
		SCAN(float)
	else
		SCAN(double)
#undef SCAN
	rk_ranks(grp, ln);
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
		if (r != NONE && r >= i0 && r < i1)
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
			if (rel->ilab.rec[e].cam == rq->qrec->cam && r != NONE &&
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
static int begin_query(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		       size_t i0, size_t i1, size_t nl, size_t *m, size_t *ne)
{
	struct slice qid = embed_id(cx->qemb, q);
	struct relquery *rq = &sl->rq;
	struct rankline *ln;
	size_t i;

	sl->qbeg[j] = nl;
	sl->qn[j] = 0;
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

/* the candidates among the m relevant items of query q (begun) into t[];
 * their scores from row (items i0 ..) or, row NULL, from kernel_score;
 * returns how many */
static size_t take_targets(struct ctx *cx, struct slot *sl, size_t q,
			   size_t i0, size_t i1, const void *row, size_t m,
			   struct rktarget *t)
{
	size_t i, k = 0;

	for (i = 0; i < m; i++) {
		size_t r = rowindex_get(&cx->irow, sl->rq.item[i]);
		int outside = r != NONE && (r < i0 || r >= i1);
		/* relevant items never leave the gallery (rel_query drops
		 * those that do), so a row in the block is a candidate; with
		 * --items, one of the query's fold outside the shard keeps
		 * its score and its line but is no candidate */
		if (r == NONE || (!outside && sl->mask[r]) ||
		    (outside && (!cx->items || r / cx->ifold != i0 / cx->ifold)))
			continue;
		t[k].outside = outside;
		t[k].s = !row || outside ? kernel_score(cx->kern, q, r) :
			cx->type == EMB_F32 ?
			(double)((const float *)row)[r - i0] :
			((const double *)row)[r - i0];
		t[k].cand = r;
		t[k].id = sl->rq.item[i];
		t[k].out = i;
		k++;
	}
	return k;
}

static void sort_lines(const struct ctx *cx, struct rankline *ln, size_t m)
{
	if (cx->items)
		rankline_sort_items(ln, m);
	else
		rankline_sort(ln, m);
}

static void unmark(struct slot *sl, size_t ne)
{
	size_t i;

	for (i = 0; i < ne; i++)
		sl->mask[sl->excl[i]] = 0;
}

/* one query on its row of scores: its lines, sorted, at sl->ln + *nl */
static void one_query(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		      size_t i0, size_t i1, const void *row, size_t *nl)
{
	size_t k, ne, m;
	struct rankline *ln;

	if (!begin_query(cx, sl, j, q, i0, i1, *nl, &m, &ne))
		return;
	rk_reserve(&sl->g, m);
	ln = sl->ln + *nl;
	k = take_targets(cx, sl, q, i0, i1, row, m, sl->g.t);
	count(cx, sl, row, i0, i1 - i0, k, ln);
	sort_lines(cx, ln, m);
	*nl += m;
	unmark(sl, ne);
}

static void grow_queries(struct slot *sl, size_t nq)
{
	size_t cap = sl->qcap;

	if (nq <= cap)
		return;
	xgrow((void **)&sl->qn, &cap, nq, sizeof *sl->qn);
	sl->qbeg = xrealloc(sl->qbeg, (cap + 1) * sizeof *sl->qbeg);
	sl->qjudged = xrealloc(sl->qjudged, cap * sizeof *sl->qjudged);
	sl->fq = xrealloc(sl->fq, cap * sizeof *sl->fq);
	sl->kc = xrealloc(sl->kc, cap * sizeof *sl->kc);
	sl->qcap = cap;
}

/* the row path: a block of scores, one row per query */
static void work_rows(void *arg, const struct kchunk *ch)
{
	struct ctx *cx = arg;
	struct slot *sl = &cx->slot[ch->slot];
	size_t q, nl = 0, width = (ch->i1 - ch->i0) * (size_t)cx->type;

	grow_queries(sl, ch->q1 - ch->q0);
	for (q = ch->q0; q < ch->q1; q++)
		one_query(cx, sl, q - ch->q0, q, ch->i0, ch->i1,
			  (const char *)ch->scores + (q - ch->q0) * width, &nl);
	sl->qbeg[ch->q1 - ch->q0] = nl;
}

/* the fused path, after kernel_count: the exclusions taken out, the
 * ranks; or, for a query the counts cannot serve (too many exclusions;
 * with a break rule, a candidate tied with a target), its row of scores
 * and the row path */
static void finish_query(struct ctx *cx, struct slot *sl, size_t j, size_t q,
			 size_t i0, size_t i1)
{
	struct fq *f = &sl->fq[j];
	struct kcount *kc = &sl->kc[j];
	struct rankline *ln = sl->ln + sl->qbeg[j];
	size_t m = sl->qbeg[j + 1] - sl->qbeg[j], d = f->d, i, g;
	/* the query's groups and the kernel's counts, for rk_ranks */
	struct rkgroups groups = {
		cx->brk, sl->ft + f->tb, f->k, d, sl->fu + f->tb,
		sl->fg + f->tb + j, sl->fab + f->tb + j, sl->feq + f->tb,
		NULL, 0
	};
	int fb = f->fb;

	if (!sl->qjudged[j])
		return;
	if (!fb && d) {
		double lw = kc->u[d - 1];
		for (i = 0; i < f->ne; i++) {
			double s = kernel_score(cx->kern, q, sl->fx[f->xb + i]);
			if (!(s < lw))
				kcount_add(kc, s, -1);
		}
		/* with a break rule, a candidate tied with a target needs
		 * its place in the order: the row path */
		if (cx->brk != BREAK_NONE)
			for (g = 0; g < d; g++)
				if (kc->eq[g] != groups.gbeg[g + 1] - groups.gbeg[g])
					fb = 1;
	}
	if (fb) {
		size_t nl = sl->qbeg[j];
		xgrow(&sl->row, &sl->rowcap, (i1 - i0) * (size_t)cx->type, 1);
		kernel_block(cx->kern, q, q + 1, i0, i1, sl->row);
		one_query(cx, sl, j, q, i0, i1, sl->row, &nl);
		return;
	}
	if (d) {
		rk_reserve(&sl->g, f->k);
		groups.pre = sl->g.pre;
		/* a break rule and no candidate tied with a target but
		 * targets: the order among the targets alone */
		if (cx->brk != BREAK_NONE)
			rk_break_targets(&groups);
		else
			memset(groups.pre, 0, (f->k + 1) * sizeof *groups.pre);
		rk_ranks(&groups, ln);
	}
	sort_lines(cx, ln, m);
}

/* the fused path: each query's targets scored alone, then the counts of
 * the whole chunk by kernel_count, never a row of scores */
static void work_fused(void *arg, const struct kchunk *ch)
{
	struct ctx *cx = arg;
	struct slot *sl = &cx->slot[ch->slot];
	size_t q0 = ch->q0, q1 = ch->q1, i0 = ch->i0, i1 = ch->i1;
	size_t nq = q1 - q0, j, nl = 0, nt = 0, nx = 0, kmax = 0, cap;

	grow_queries(sl, nq);
	for (j = 0; j < nq; j++) {
		struct fq *f = &sl->fq[j];
		size_t m, ne;
		memset(f, 0, sizeof *f);
		f->xb = nx;
		if (!begin_query(cx, sl, j, q0 + j, i0, i1, nl, &m, &ne)) {
			sl->qbeg[j + 1] = nl;
			continue;
		}
		xgrow((void **)&sl->ft, &sl->ftcap, nt + m, sizeof *sl->ft);
		f->tb = nt;
		f->k = take_targets(cx, sl, q0 + j, i0, i1, NULL, m, sl->ft + nt);
		nt += f->k;
		/* each excluded row is scored again to take it out */
		f->fb = ne > (i1 - i0) / 16;
		if (!f->fb && ne) {
			xgrow((void **)&sl->fx, &sl->fxcap, nx + ne,
			      sizeof *sl->fx);
			memcpy(sl->fx + nx, sl->excl, ne * sizeof *sl->fx);
			f->ne = ne;
			nx += ne;
		}
		unmark(sl, ne);
		if (f->k > kmax)
			kmax = f->k;
		nl += m;
		sl->qbeg[j + 1] = nl;
	}
	/* the groups of each query at its targets' offset (d <= k) */
	cap = sl->fucap;
	xgrow((void **)&sl->fu, &cap, nt + nq, sizeof *sl->fu);
	if (cap > sl->fucap) {
		sl->fg = xrealloc(sl->fg, cap * sizeof *sl->fg);
		sl->fab = xrealloc(sl->fab, cap * sizeof *sl->fab);
		sl->feq = xrealloc(sl->feq, cap * sizeof *sl->feq);
		sl->fucap = cap;
	}
	rk_reserve(&sl->g, kmax);
	for (j = 0; j < nq; j++) {
		struct fq *f = &sl->fq[j];
		struct kcount *kc = &sl->kc[j];
		struct rkgroups groups = {
			cx->brk, sl->ft + f->tb, f->k, 0, sl->fu + f->tb,
			sl->fg + f->tb + j, sl->fab + f->tb + j, sl->feq + f->tb,
			sl->g.pre, 0
		};
		if (f->k && !f->fb)
			f->d = rk_group(&groups);
		/* d = 0: the kernel passes the query by */
		kc->u = groups.u;
		kc->d = f->d;
		kc->above = groups.above;
		kc->eq = groups.eq;
	}
	kernel_count(cx->kern, q0, q1, i0, i1, sl->kc);
	for (j = 0; j < nq; j++)
		finish_query(cx, sl, j, q0 + j, i0, i1);
}

/* --explain: one query's candidates, its row of scores again (the
 * explanation counts apart from the ranks it explains) */
struct exrow {
	const struct ctx *cx;
	size_t q, i0, i1;
	const void *row;	/* scores of items i0 .. i1-1 */
	size_t *rows, n;	/* the candidates' rows, ascending */
};

static double row_score(const struct exrow *xr, size_t r)
{
	return xr->cx->type == EMB_F32 ?
		(double)((const float *)xr->row)[r - xr->i0] :
		((const double *)xr->row)[r - xr->i0];
}

static struct slice ex_id(const void *ctx, size_t i)
{
	const struct exrow *xr = ctx;
	return embed_id(xr->cx->iemb, xr->rows[i]);
}

static double ex_score(const void *ctx, size_t i)
{
	const struct exrow *xr = ctx;
	return row_score(xr, xr->rows[i]);
}

static int ex_find(const void *ctx, struct slice id, double *s, long *cand)
{
	const struct exrow *xr = ctx;
	size_t r = rowindex_get(&xr->cx->irow, id), lo = 0, hi = xr->n;

	if (r == NONE)
		return 0;
	if (r < xr->i0 || r >= xr->i1) {	/* as take_targets */
		if (!xr->cx->items || r / xr->cx->ifold != xr->i0 / xr->cx->ifold)
			return 0;
		*s = kernel_score(xr->cx->kern, xr->q, r);
		*cand = -1;
		return 1;
	}
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (xr->rows[mid] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == xr->n || xr->rows[lo] != r)
		return 0;
	*s = row_score(xr, r);
	*cand = (long)lo;
	return 1;
}

static void explain(struct ctx *cx, const struct kchunk *ch, size_t q,
		    const struct rankline *ln, size_t m)
{
	struct rankexplain *x = cx->rk->ex;
	struct slice qid = embed_id(cx->qemb, q), id;
	struct exrow exr = { cx, q, ch->i0, ch->i1, NULL, NULL, 0 };
	struct excands c = {
		.ctx = &exr, .id = ex_id, .score = ex_score, .find = ex_find,
		.f32 = cx->type == EMB_F32, .lines = "item rows"
	};
	void *row = xmalloc((ch->i1 - ch->i0) * (size_t)cx->type + 1);
	char gallery[160];
	size_t r;
	int why;

	if (ch->i0 > 0 || ch->i1 < cx->iemb->rows) {
		snprintf(gallery, sizeof gallery, "candidates: item rows %zu to "
			 "%zu of %zu (%s)", ch->i0, ch->i1 - 1, cx->iemb->rows,
			 cx->items ? "--items" : "--folds: the query's fold");
		c.gallery = gallery;
	}
	out_flush();	/* the lines before it first: 2>&1 keeps the order */
	kernel_block(cx->kern, q, q + 1, ch->i0, ch->i1, row);
	exr.row = row;
	exr.rows = xmalloc((ch->i1 - ch->i0 + 1) * sizeof *exr.rows);
	rel_query(cx->rel, qid, &x->rq, cx->qpath, 0);
	rankexplain_begin(x);
	for (r = ch->i0; r < ch->i1; r++) {
		id = embed_id(cx->iemb, r);
		why = cx->rk->excl ? rel_exclusion(cx->rel, &x->rq, qid, id) : 0;
		if (why)
			rankexplain_removed(x, id, why);
		else
			exr.rows[exr.n++] = r;
	}
	c.n = exr.n;
	rankexplain_query(x, cx->rel, &x->rq, qid, ln, m, &c, cx->brk);
	free(exr.rows);
	free(row);
}

/* --explain: whether a query row is named id */
static int has_row(const void *ctx, struct slice id)
{
	return rowindex_get(ctx, id) != NONE;
}

static void emit(void *arg, const struct kchunk *ch)
{
	struct ctx *cx = arg;
	struct slot *sl = &cx->slot[ch->slot];
	size_t q;

	for (q = ch->q0; q < ch->q1; q++) {
		size_t j = q - ch->q0, n = sl->qn[j];
		struct slice qid = embed_id(cx->qemb, q);
		/* the ranker's bookkeeping: queries seen (only -c asks),
		 * queries without relevance */
		if (cx->rk->all_queries)
			idset_add(&cx->rk->seen, qid);
		if (!sl->qjudged[j]) {
			cx->rk->unjudged++;
			if (cx->rk->ex && rankexplain_wanted(cx->rk->ex, qid))
				rankexplain_unjudged(cx->rk->ex, qid);
			continue;
		}
		if (cx->rk->ex && rankexplain_wanted(cx->rk->ex, qid))
			explain(cx, ch, q, sl->ln + sl->qbeg[j],
				sl->qbeg[j + 1] - sl->qbeg[j]);
		rankline_write(qid, sl->ln + sl->qbeg[j],
			       sl->qbeg[j + 1] - sl->qbeg[j], (long)n);
		ranker_count(cx->rk, sl->ln + sl->qbeg[j],
			     sl->qbeg[j + 1] - sl->qbeg[j]);
	}
}

/* the item-side tables of the exclusions */
static void prepare(struct ctx *cx, size_t folds)
{
	const struct relsrc *rel = cx->rel;
	size_t i, ni = cx->iemb->rows;

	cx->ifold = ni / folds;
	if (rel->kind != REL_LABELS ||
	    !(rel->has_junk_label || rel->junk_samecam || rel->folds))
		return;
	cx->irec = xcalloc(ni, sizeof *cx->irec);
	cx->recrow = xmalloc((rel->ilab.nrec + 1) * sizeof *cx->recrow);
	for (i = 0; i < rel->ilab.nrec; i++)
		cx->recrow[i] = NONE;
	for (i = 0; i < ni; i++) {
		size_t e = labelfile_find(&rel->ilab, embed_id(cx->iemb, i), i);
		if (e == NONE)
			continue;
		cx->irec[i] = &rel->ilab.rec[e];
		cx->recrow[e] = i;
		if (rel->has_junk_label && rel->ilab.rec[e].label == rel->junk_label) {
			size_t cap = cx->njunk;
			xgrow((void **)&cx->junk, &cap, cx->njunk + 1,
			      sizeof *cx->junk);
			cx->junk[cx->njunk++] = i;
		}
	}
	if (rel->folds) {
		size_t per = rel->ilab.nrec / (size_t)rel->folds;
		cx->rfold = xmalloc(ni * sizeof *cx->rfold);
		cx->pure = xmalloc(folds);
		memset(cx->pure, 1, folds);
		for (i = 0; i < ni; i++) {
			cx->rfold[i] = cx->irec[i] ?
				(long)(cx->irec[i]->pos / per) : -1;
			if (cx->rfold[i] >= 0 &&
			    (size_t)cx->rfold[i] != i / cx->ifold)
				cx->pure[i / cx->ifold] = 0;
		}
	}
}

void embrank_run(struct ranker *rk, const char *queries, const char *items,
		 const struct embrank_opts *o)
{
	struct embed qemb, iemb;
	struct kernel kern;
	struct ctx cx;
	struct relquery rq;
	struct rowindex qrow;	/* every query row, --shard's share or not */
	size_t folds = o->folds ? o->folds : 1, q, nx = 0, *xrow = NULL;
	int nthreads = o->nthreads ? o->nthreads : pool_ncpu(), s, ns;
	const char *e;

	embed_read_pair(&qemb, queries, o->qids, &iemb, items, o->iids, folds);
	rowcheck_queries(&qrow, &qemb);
	if (o->nshards > 1) {
		if (folds > 1 && qemb.rows / folds % (size_t)o->nshards)
			die(EXIT_DATA, "%zu queries per fold do not split into "
			    "%ld shards", qemb.rows / folds, o->nshards);
		embed_keep_rows(&qemb, (size_t)o->shard, (size_t)o->nshards);
	}
	if (o->items && o->iend > iemb.rows)
		die(EXIT_DATA, "--items %zu:%zu: %s has %zu rows", o->ibeg,
		    o->iend, items, iemb.rows);
	memset(&cx, 0, sizeof cx);
	rowindex_init(&cx.irow, &iemb);
	/* a gallery shard reads its own rows and its queries' relevant rows */
	if (o->items) {
		nx = relrows(rk->rel, &qemb, &cx.irow, iemb.rows, o->ibeg,
			     o->iend, &xrow);
		kernel_init_items(&kern, o->metric, &qemb, &iemb, o->ibeg,
				  o->iend, xrow, nx);
	} else {
		kernel_init(&kern, o->metric, &qemb, &iemb);
	}
	cx.rk = rk;
	cx.rel = rk->rel;
	cx.qemb = &qemb;
	cx.iemb = &iemb;
	cx.kern = &kern;
	cx.type = kern.type;
	cx.qpath = queries;
	cx.brk = rk->brk;
	cx.items = o->items;
	/* a query without a label dies here, in the calling thread, as the
	 * first such query would in `simmat | rankof` */
	memset(&rq, 0, sizeof rq);
	/* (rows named by their numbers, each with the record of its number:
	 * every query has a label, with no id to read) */
	if (cx.rel->kind == REL_LABELS &&
	    !(qrow.numbered && cx.rel->qlab.numbered &&
	      qrow.rows <= cx.rel->qlab.nrec))
		for (q = 0; q < qemb.rows; q++)
			if (labelfile_find(&cx.rel->qlab, embed_id(&qemb, q), q) ==
			    NONE)
				rel_query(cx.rel, embed_id(&qemb, q), &rq, queries, 0);
	prepare(&cx, folds);
	rowcheck(cx.rel, &qrow, &qemb, &iemb, &cx.irow);
	if (rk->ex)
		rankexplain_missing(rk->ex, has_row, &qrow,
				    rk->all_queries ? rk->rel : NULL);
	rowindex_free(&qrow);
	ns = pool_nslots(nthreads);
	cx.slot = xcalloc((size_t)ns, sizeof *cx.slot);
	for (s = 0; s < ns; s++)
		cx.slot[s].mask = xcalloc(iemb.rows + 1, 1);
	/* RANKKIT_EMBRANK=rows: the row path for every query (tests) */
	e = getenv("RANKKIT_EMBRANK");
	if (e && strcmp(e, "rows") == 0)
		kernel_run(&kern, nthreads, folds, work_rows, emit, &cx);
	else
		kernel_run_noscores(&kern, nthreads, folds, work_fused, emit, &cx);
	for (s = 0; s < ns; s++) {
		struct slot *sl = &cx.slot[s];
		free(sl->rq.item);
		free(sl->rq.grade);
		free(sl->mask);
		free(sl->excl);
		free(sl->qn);
		free(sl->qbeg);
		free(sl->qjudged);
		free(sl->ln);
		rk_free(&sl->g);
		free(sl->fq);
		free(sl->kc);
		free(sl->ft);
		free(sl->fx);
		free(sl->fu);
		free(sl->fg);
		free(sl->fab);
		free(sl->feq);
		free(sl->row);
	}
	free(cx.slot);
	free(cx.irec);
	free(cx.recrow);
	free(cx.junk);
	free(cx.rfold);
	free(cx.pure);
	rowindex_free(&cx.irow);
	kernel_free(&kern);
	free(xrow);
	embed_free(&qemb);
	embed_free(&iemb);
}
