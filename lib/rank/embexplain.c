/* rankof -e --explain: one query's candidates and its row of scores again
 * (the explanation counts apart from the ranks it explains). */
#include <stdio.h>
#include <stdlib.h>
#include "rank/embctx.h"
#include "util/err.h"
#include "rank/rankexplain.h"

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

	if (r == NO_ROW)
		return 0;
	if (r < xr->i0 || r >= xr->i1) {	/* as query_targets */
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

void embrank_explain(struct ctx *cx, const struct kchunk *ch, size_t q,
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
