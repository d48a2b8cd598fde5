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
	struct ranker *R;
	struct relsrc *rel;
	const struct embed *Q, *I;
	const struct kernel *K;
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

/* ranks of the k targets W->g.t[] of one query whose scores are row[0 ..
 * n-1] (items i0 ..), excluded rows marked in W->mask; into ln */
static void count(const struct ctx *C, struct slot *W, const void *row,
		  size_t i0, size_t n, size_t k, struct rankline *ln)
{
	struct rkgroups *G = &W->g;
	size_t i;

	if (k == 0)
		return;
	G->k = k;
	G->brk = C->brk;
	rk_group(G);

	/* the hot loop: most candidates score below every target, so
	 * blocks of 16 are tested at once (a loop the compiler vectorizes)
	 * and only blocks with a candidate at or above the lowest target
	 * score are looked at one by one */
#define SCAN(T) { \
		const T *r = row; \
		T lowest = (T)G->u[G->d - 1]; \
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
				if (!(r[b] < lowest) && !W->mask[i0 + b]) \
					rk_count(G, i0 + b, \
						 embed_id(C->I, i0 + b), r[b]); \
		} \
	}
	if (C->type == EMB_F32)
		SCAN(float)
	else
		SCAN(double)
#undef SCAN
	rk_ranks(G, ln);
}

static void exclude(struct slot *W, size_t *ne, size_t row)
{
	if (W->mask[row])
		return;
	W->mask[row] = 1;
	xgrow((void **)&W->excl, &W->ecap, *ne + 1, sizeof *W->excl);
	W->excl[(*ne)++] = row;
}

/* marks the rows i0 .. i1-1 that leave query q's gallery (the rules of
 * rel_excluded); returns how many */
static size_t mark_excluded(const struct ctx *C, struct slot *W,
			    struct slice q, size_t i0, size_t i1)
{
	const struct relsrc *R = C->rel;
	const struct relquery *rq = &W->rq;
	size_t ne = 0, i, r;

	if (R->exclude_self) {
		r = rowindex_get(&C->irow, q);
		if (r != NONE && r >= i0 && r < i1)
			exclude(W, &ne, r);
	}
	if (R->kind != REL_LABELS)
		return ne;
	for (i = 0; i < C->njunk; i++)
		if (C->junk[i] >= i0 && C->junk[i] < i1)
			exclude(W, &ne, C->junk[i]);
	if (R->junk_samecam && rq->qrec && rq->qrec->cam >= 0) {
		size_t l = rq->qrec->label;
		for (i = R->lbeg[l]; i < R->lbeg[l + 1]; i++) {
			size_t e = R->litem[i];
			r = C->recrow[e];
			if (R->ilab.rec[e].cam == rq->qrec->cam && r != NONE &&
			    r >= i0 && r < i1)
				exclude(W, &ne, r);
		}
	}
	if (R->folds && !(C->pure[i0 / C->ifold] &&
			  rq->fold == i0 / C->ifold))
		for (r = i0; r < i1; r++)
			if (C->rfold[r] >= 0 && (size_t)C->rfold[r] != rq->fold)
				exclude(W, &ne, r);
	return ne;
}

/* query q (j-th of its chunk) begins: W->qbeg[j], W->qjudged[j], W->qn[j],
 * its lines at W->ln + *nl (unranked) with *m of them; the rows that leave
 * its gallery are marked in W->mask (W->excl[0 .. *ne-1]) */
static int begin_query(struct ctx *C, struct slot *W, size_t j, size_t q,
		       size_t i0, size_t i1, size_t nl, size_t *m, size_t *ne)
{
	struct slice qid = embed_id(C->Q, q);
	struct relquery *rq = &W->rq;
	struct rankline *ln;
	size_t i;

	W->qbeg[j] = nl;
	W->qn[j] = 0;
	*m = *ne = 0;
	W->qjudged[j] = rel_query(C->rel, qid, rq, C->qpath, 0);
	if (!W->qjudged[j])
		return 0;
	*ne = C->R->excl ? mark_excluded(C, W, qid, i0, i1) : 0;
	W->qn[j] = i1 - i0 - *ne;
	*m = rq->n;
	xgrow((void **)&W->ln, &W->lcap, nl + *m, sizeof *W->ln);
	ln = W->ln + nl;
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
static size_t take_targets(struct ctx *C, struct slot *W, size_t q,
			   size_t i0, size_t i1, const void *row, size_t m,
			   struct rktarget *t)
{
	size_t i, k = 0;

	for (i = 0; i < m; i++) {
		size_t r = rowindex_get(&C->irow, W->rq.item[i]);
		int outside = r != NONE && (r < i0 || r >= i1);
		/* relevant items never leave the gallery (rel_query drops
		 * those that do), so a row in the block is a candidate; with
		 * --items, one of the query's fold outside the shard keeps
		 * its score and its line but is no candidate */
		if (r == NONE || (!outside && W->mask[r]) ||
		    (outside && (!C->items || r / C->ifold != i0 / C->ifold)))
			continue;
		t[k].outside = outside;
		t[k].s = !row || outside ? kernel_score(C->K, q, r) :
			C->type == EMB_F32 ?
			(double)((const float *)row)[r - i0] :
			((const double *)row)[r - i0];
		t[k].cand = r;
		t[k].id = W->rq.item[i];
		t[k].out = i;
		k++;
	}
	return k;
}

static void sort_lines(const struct ctx *C, struct rankline *ln, size_t m)
{
	if (C->items)
		rankline_sort_items(ln, m);
	else
		rankline_sort(ln, m);
}

static void unmark(struct slot *W, size_t ne)
{
	size_t i;

	for (i = 0; i < ne; i++)
		W->mask[W->excl[i]] = 0;
}

/* one query on its row of scores: its lines, sorted, at W->ln + *nl */
static void one_query(struct ctx *C, struct slot *W, size_t j, size_t q,
		      size_t i0, size_t i1, const void *row, size_t *nl)
{
	size_t k, ne, m;
	struct rankline *ln;

	if (!begin_query(C, W, j, q, i0, i1, *nl, &m, &ne))
		return;
	rk_reserve(&W->g, m);
	ln = W->ln + *nl;
	k = take_targets(C, W, q, i0, i1, row, m, W->g.t);
	count(C, W, row, i0, i1 - i0, k, ln);
	sort_lines(C, ln, m);
	*nl += m;
	unmark(W, ne);
}

static void grow_queries(struct slot *W, size_t nq)
{
	size_t cap = W->qcap;

	if (nq <= cap)
		return;
	xgrow((void **)&W->qn, &cap, nq, sizeof *W->qn);
	W->qbeg = xrealloc(W->qbeg, (cap + 1) * sizeof *W->qbeg);
	W->qjudged = xrealloc(W->qjudged, cap * sizeof *W->qjudged);
	W->fq = xrealloc(W->fq, cap * sizeof *W->fq);
	W->kc = xrealloc(W->kc, cap * sizeof *W->kc);
	W->qcap = cap;
}

/* the row path: a block of scores, one row per query */
static void work_rows(void *arg, const struct kchunk *ch)
{
	struct ctx *C = arg;
	struct slot *W = &C->slot[ch->slot];
	size_t q, nl = 0, width = (ch->i1 - ch->i0) * (size_t)C->type;

	grow_queries(W, ch->q1 - ch->q0);
	for (q = ch->q0; q < ch->q1; q++)
		one_query(C, W, q - ch->q0, q, ch->i0, ch->i1,
			  (const char *)ch->scores + (q - ch->q0) * width, &nl);
	W->qbeg[ch->q1 - ch->q0] = nl;
}

/* the fused path, after kernel_count: the exclusions taken out, the
 * ranks; or, for a query the counts cannot serve (too many exclusions;
 * with a break rule, a candidate tied with a target), its row of scores
 * and the row path */
static void finish_query(struct ctx *C, struct slot *W, size_t j, size_t q,
			 size_t i0, size_t i1)
{
	struct fq *f = &W->fq[j];
	struct kcount *kc = &W->kc[j];
	struct rankline *ln = W->ln + W->qbeg[j];
	size_t m = W->qbeg[j + 1] - W->qbeg[j], d = f->d, i, g;
	/* the query's groups and the kernel's counts, for rk_ranks */
	struct rkgroups G = {
		C->brk, W->ft + f->tb, f->k, d, W->fu + f->tb,
		W->fg + f->tb + j, W->fab + f->tb + j, W->feq + f->tb,
		NULL, 0
	};
	int fb = f->fb;

	if (!W->qjudged[j])
		return;
	if (!fb && d) {
		double lw = kc->u[d - 1];
		for (i = 0; i < f->ne; i++) {
			double s = kernel_score(C->K, q, W->fx[f->xb + i]);
			if (!(s < lw))
				kcount_add(kc, s, -1);
		}
		/* with a break rule, a candidate tied with a target needs
		 * its place in the order: the row path */
		if (C->brk != BREAK_NONE)
			for (g = 0; g < d; g++)
				if (kc->eq[g] != G.gbeg[g + 1] - G.gbeg[g])
					fb = 1;
	}
	if (fb) {
		size_t nl = W->qbeg[j];
		xgrow(&W->row, &W->rowcap, (i1 - i0) * (size_t)C->type, 1);
		kernel_block(C->K, q, q + 1, i0, i1, W->row);
		one_query(C, W, j, q, i0, i1, W->row, &nl);
		return;
	}
	if (d) {
		rk_reserve(&W->g, f->k);
		G.pre = W->g.pre;
		/* a break rule and no candidate tied with a target but
		 * targets: the order among the targets alone */
		if (C->brk != BREAK_NONE)
			rk_break_targets(&G);
		else
			memset(G.pre, 0, (f->k + 1) * sizeof *G.pre);
		rk_ranks(&G, ln);
	}
	sort_lines(C, ln, m);
}

/* the fused path: each query's targets scored alone, then the counts of
 * the whole chunk by kernel_count, never a row of scores */
static void work_fused(void *arg, const struct kchunk *ch)
{
	struct ctx *C = arg;
	struct slot *W = &C->slot[ch->slot];
	size_t q0 = ch->q0, q1 = ch->q1, i0 = ch->i0, i1 = ch->i1;
	size_t nq = q1 - q0, j, nl = 0, nt = 0, nx = 0, kmax = 0, cap;

	grow_queries(W, nq);
	for (j = 0; j < nq; j++) {
		struct fq *f = &W->fq[j];
		size_t m, ne;
		memset(f, 0, sizeof *f);
		f->xb = nx;
		if (!begin_query(C, W, j, q0 + j, i0, i1, nl, &m, &ne)) {
			W->qbeg[j + 1] = nl;
			continue;
		}
		xgrow((void **)&W->ft, &W->ftcap, nt + m, sizeof *W->ft);
		f->tb = nt;
		f->k = take_targets(C, W, q0 + j, i0, i1, NULL, m, W->ft + nt);
		nt += f->k;
		/* each excluded row is scored again to take it out */
		f->fb = ne > (i1 - i0) / 16;
		if (!f->fb && ne) {
			xgrow((void **)&W->fx, &W->fxcap, nx + ne,
			      sizeof *W->fx);
			memcpy(W->fx + nx, W->excl, ne * sizeof *W->fx);
			f->ne = ne;
			nx += ne;
		}
		unmark(W, ne);
		if (f->k > kmax)
			kmax = f->k;
		nl += m;
		W->qbeg[j + 1] = nl;
	}
	/* the groups of each query at its targets' offset (d <= k) */
	cap = W->fucap;
	xgrow((void **)&W->fu, &cap, nt + nq, sizeof *W->fu);
	if (cap > W->fucap) {
		W->fg = xrealloc(W->fg, cap * sizeof *W->fg);
		W->fab = xrealloc(W->fab, cap * sizeof *W->fab);
		W->feq = xrealloc(W->feq, cap * sizeof *W->feq);
		W->fucap = cap;
	}
	rk_reserve(&W->g, kmax);
	for (j = 0; j < nq; j++) {
		struct fq *f = &W->fq[j];
		struct kcount *kc = &W->kc[j];
		struct rkgroups G = {
			C->brk, W->ft + f->tb, f->k, 0, W->fu + f->tb,
			W->fg + f->tb + j, W->fab + f->tb + j, W->feq + f->tb,
			W->g.pre, 0
		};
		if (f->k && !f->fb)
			f->d = rk_group(&G);
		/* d = 0: the kernel passes the query by */
		kc->u = G.u;
		kc->d = f->d;
		kc->above = G.above;
		kc->eq = G.eq;
	}
	kernel_count(C->K, q0, q1, i0, i1, W->kc);
	for (j = 0; j < nq; j++)
		finish_query(C, W, j, q0 + j, i0, i1);
}

/* --explain: one query's candidates, its row of scores again (the
 * explanation counts apart from the ranks it explains) */
struct exrow {
	const struct ctx *C;
	size_t q, i0, i1;
	const void *row;	/* scores of items i0 .. i1-1 */
	size_t *rows, n;	/* the candidates' rows, ascending */
};

static double row_score(const struct exrow *E, size_t r)
{
	return E->C->type == EMB_F32 ?
		(double)((const float *)E->row)[r - E->i0] :
		((const double *)E->row)[r - E->i0];
}

static struct slice ex_id(const void *ctx, size_t i)
{
	const struct exrow *E = ctx;
	return embed_id(E->C->I, E->rows[i]);
}

static double ex_score(const void *ctx, size_t i)
{
	const struct exrow *E = ctx;
	return row_score(E, E->rows[i]);
}

static int ex_find(const void *ctx, struct slice id, double *s, long *cand)
{
	const struct exrow *E = ctx;
	size_t r = rowindex_get(&E->C->irow, id), lo = 0, hi = E->n;

	if (r == NONE)
		return 0;
	if (r < E->i0 || r >= E->i1) {	/* as take_targets */
		if (!E->C->items || r / E->C->ifold != E->i0 / E->C->ifold)
			return 0;
		*s = kernel_score(E->C->K, E->q, r);
		*cand = -1;
		return 1;
	}
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (E->rows[mid] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == E->n || E->rows[lo] != r)
		return 0;
	*s = row_score(E, r);
	*cand = (long)lo;
	return 1;
}

static void explain(struct ctx *C, const struct kchunk *ch, size_t q,
		    const struct rankline *ln, size_t m)
{
	struct rankexplain *x = C->R->ex;
	struct slice qid = embed_id(C->Q, q), id;
	struct exrow E = { C, q, ch->i0, ch->i1, NULL, NULL, 0 };
	struct excands c = {
		.ctx = &E, .id = ex_id, .score = ex_score, .find = ex_find,
		.f32 = C->type == EMB_F32, .lines = "item rows"
	};
	void *row = xmalloc((ch->i1 - ch->i0) * (size_t)C->type + 1);
	char gallery[160];
	size_t r;
	int why;

	if (ch->i0 > 0 || ch->i1 < C->I->rows) {
		snprintf(gallery, sizeof gallery, "candidates: item rows %zu to "
			 "%zu of %zu (%s)", ch->i0, ch->i1 - 1, C->I->rows,
			 C->items ? "--items" : "--folds: the query's fold");
		c.gallery = gallery;
	}
	out_flush();	/* the lines before it first: 2>&1 keeps the order */
	kernel_block(C->K, q, q + 1, ch->i0, ch->i1, row);
	E.row = row;
	E.rows = xmalloc((ch->i1 - ch->i0 + 1) * sizeof *E.rows);
	rel_query(C->rel, qid, &x->rq, C->qpath, 0);
	rankexplain_begin(x);
	for (r = ch->i0; r < ch->i1; r++) {
		id = embed_id(C->I, r);
		why = C->R->excl ? rel_exclusion(C->rel, &x->rq, qid, id) : 0;
		if (why)
			rankexplain_removed(x, id, why);
		else
			E.rows[E.n++] = r;
	}
	c.n = E.n;
	rankexplain_query(x, C->rel, &x->rq, qid, ln, m, &c, C->brk);
	free(E.rows);
	free(row);
}

/* --explain: whether a query row is named id */
static int has_row(const void *ctx, struct slice id)
{
	return rowindex_get(ctx, id) != NONE;
}

static void emit(void *arg, const struct kchunk *ch)
{
	struct ctx *C = arg;
	struct slot *W = &C->slot[ch->slot];
	size_t q;

	for (q = ch->q0; q < ch->q1; q++) {
		size_t j = q - ch->q0, n = W->qn[j];
		struct slice qid = embed_id(C->Q, q);
		/* the ranker's bookkeeping: queries seen (only -c asks),
		 * queries without relevance */
		if (C->R->all_queries)
			idset_add(&C->R->seen, qid);
		if (!W->qjudged[j]) {
			C->R->unjudged++;
			if (C->R->ex && rankexplain_wanted(C->R->ex, qid))
				rankexplain_unjudged(C->R->ex, qid);
			continue;
		}
		if (C->R->ex && rankexplain_wanted(C->R->ex, qid))
			explain(C, ch, q, W->ln + W->qbeg[j],
				W->qbeg[j + 1] - W->qbeg[j]);
		rankline_write(qid, W->ln + W->qbeg[j],
			       W->qbeg[j + 1] - W->qbeg[j], (long)n);
		ranker_count(C->R, W->ln + W->qbeg[j],
			     W->qbeg[j + 1] - W->qbeg[j]);
	}
}

/* the item-side tables of the exclusions */
static void prepare(struct ctx *C, size_t folds)
{
	const struct relsrc *R = C->rel;
	size_t i, ni = C->I->rows;

	rowindex_init(&C->irow, C->I);
	C->ifold = ni / folds;
	if (R->kind != REL_LABELS ||
	    !(R->has_junk_label || R->junk_samecam || R->folds))
		return;
	C->irec = xcalloc(ni, sizeof *C->irec);
	C->recrow = xmalloc((R->ilab.nrec + 1) * sizeof *C->recrow);
	for (i = 0; i < R->ilab.nrec; i++)
		C->recrow[i] = NONE;
	for (i = 0; i < ni; i++) {
		size_t e = labelfile_find(&R->ilab, embed_id(C->I, i), i);
		if (e == NONE)
			continue;
		C->irec[i] = &R->ilab.rec[e];
		C->recrow[e] = i;
		if (R->has_junk_label && R->ilab.rec[e].label == R->junk_label) {
			size_t cap = C->njunk;
			xgrow((void **)&C->junk, &cap, C->njunk + 1,
			      sizeof *C->junk);
			C->junk[C->njunk++] = i;
		}
	}
	if (R->folds) {
		size_t per = R->ilab.nrec / (size_t)R->folds;
		C->rfold = xmalloc(ni * sizeof *C->rfold);
		C->pure = xmalloc(folds);
		memset(C->pure, 1, folds);
		for (i = 0; i < ni; i++) {
			C->rfold[i] = C->irec[i] ?
				(long)(C->irec[i]->pos / per) : -1;
			if (C->rfold[i] >= 0 &&
			    (size_t)C->rfold[i] != i / C->ifold)
				C->pure[i / C->ifold] = 0;
		}
	}
}

void embrank_run(struct ranker *R, const char *queries, const char *items,
		 const struct embrank_opts *o)
{
	struct embed Q, I;
	struct kernel K;
	struct ctx C;
	struct relquery rq;
	struct rowindex qrow;	/* every query row, --shard's share or not */
	size_t folds = o->folds ? o->folds : 1, q;
	int nthreads = o->nthreads ? o->nthreads : pool_ncpu(), s, ns;
	const char *e;

	embed_read_pair(&Q, queries, o->qids, &I, items, o->iids, folds);
	rowcheck_queries(&qrow, R->rel, &Q);
	if (o->nshards > 1) {
		if (folds > 1 && Q.rows / folds % (size_t)o->nshards)
			die(EXIT_DATA, "%zu queries per fold do not split into "
			    "%ld shards", Q.rows / folds, o->nshards);
		embed_keep_rows(&Q, (size_t)o->shard, (size_t)o->nshards);
	}
	if (o->items && o->iend > I.rows)
		die(EXIT_DATA, "--items %zu:%zu: %s has %zu rows", o->ibeg,
		    o->iend, items, I.rows);
	kernel_init(&K, o->metric, &Q, &I);
	if (o->items) {
		K.ibeg = o->ibeg;
		K.iend = o->iend;
	}

	memset(&C, 0, sizeof C);
	C.R = R;
	C.rel = R->rel;
	C.Q = &Q;
	C.I = &I;
	C.K = &K;
	C.type = K.type;
	C.qpath = queries;
	C.brk = R->brk;
	C.items = o->items;
	/* a query without a label dies here, in the calling thread, as the
	 * first such query would in `simmat | rankof` */
	memset(&rq, 0, sizeof rq);
	if (C.rel->kind == REL_LABELS)
		for (q = 0; q < Q.rows; q++)
			if (labelfile_find(&C.rel->qlab, embed_id(&Q, q), q) ==
			    NONE)
				rel_query(C.rel, embed_id(&Q, q), &rq, queries, 0);
	prepare(&C, folds);
	rowcheck(C.rel, &qrow, &Q, &I, &C.irow);
	if (R->ex)
		rankexplain_missing(R->ex, has_row, &qrow,
				    R->all_queries ? R->rel : NULL);
	rowindex_free(&qrow);
	ns = pool_nslots(nthreads);
	C.slot = xcalloc((size_t)ns, sizeof *C.slot);
	for (s = 0; s < ns; s++)
		C.slot[s].mask = xcalloc(I.rows + 1, 1);
	/* RANKKIT_EMBRANK=rows: the row path for every query (tests) */
	e = getenv("RANKKIT_EMBRANK");
	if (e && strcmp(e, "rows") == 0)
		kernel_run(&K, nthreads, folds, work_rows, emit, &C);
	else
		kernel_run_noscores(&K, nthreads, folds, work_fused, emit, &C);
	for (s = 0; s < ns; s++) {
		struct slot *W = &C.slot[s];
		free(W->rq.item);
		free(W->rq.grade);
		free(W->mask);
		free(W->excl);
		free(W->qn);
		free(W->qbeg);
		free(W->qjudged);
		free(W->ln);
		rk_free(&W->g);
		free(W->fq);
		free(W->kc);
		free(W->ft);
		free(W->fx);
		free(W->fu);
		free(W->fg);
		free(W->fab);
		free(W->feq);
		free(W->row);
	}
	free(C.slot);
	free(C.irec);
	free(C.recrow);
	free(C.junk);
	free(C.rfold);
	free(C.pure);
	rowindex_free(&C.irow);
	kernel_free(&K);
	embed_free(&Q);
	embed_free(&I);
}
