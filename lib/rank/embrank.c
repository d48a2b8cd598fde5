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
 *   counting of rankcount.h). The fused path falls back to it,
 *   query by query (one row of scores each), when a query excludes many
 *   rows (impure --folds) or when a break rule meets a candidate tied with
 *   a target; RANKKIT_EMBRANK=rows uses it for every query (tests).
 *
 * The rank stream is that of `simmat | rankof`: the same candidates, the
 * same exclusions, the same values (a float32 score is the same number
 * whether it travels as the float or as its shortest decimal read back in
 * double: neither order nor ties change), the same break orders (--break
 * input: row order; --break id: item id descending, byte order). */
#include <stdlib.h>
#include <string.h>
#include "stream/embed.h"
#include "stream/packedbits.h"
#include "stream/stream.h"
#include "rank/embrank.h"
#include "util/err.h"
#include "util/samefile.h"
#include "util/pool.h"
#include "rank/rankcount.h"
#include "rank/rowcheck.h"
#include "rank/relrows.h"
#include "rank/embctx.h"

static int has_row(const void *ctx, struct slice id)
{
	return rowindex_get(ctx, id) != NO_ROW;
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
		if (sl->qbig[j] != NO_ROW)
			kernel_range_error(cx->kern, cx->qemb, cx->iemb, q,
					   sl->qbig[j]);
		if (cx->rk->ex && rankexplain_wanted(cx->rk->ex, qid))
			embrank_explain(cx, ch, q, sl->ln + sl->qbeg[j],
				sl->qbeg[j + 1] - sl->qbeg[j]);
		/* a gallery shard's stream is of version 2 (rankkit(7)):
		 * every line of kind r, so that a reader of version 1
		 * refuses it rather than measure a part as a whole */
		if (cx->items)
			rankline_write_v2(qid, sl->ln + sl->qbeg[j],
					  sl->qbeg[j + 1] - sl->qbeg[j],
					  (long)n, cx->rel->min_grade);
		else
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
		cx->recrow[i] = NO_ROW;
	for (i = 0; i < ni; i++) {
		size_t e = labelfile_find(&rel->ilab, embed_id(cx->iemb, i), i);
		if (e == NO_RECORD)
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

static void slot_free(struct slot *sl)
{
	free(sl->rq.item);
	free(sl->rq.grade);
	free(sl->rq.ign);
	free(sl->mask);
	free(sl->excl);
	free(sl->qn);
	free(sl->qbeg);
	free(sl->qjudged);
	free(sl->qbig);
	free(sl->ln);
	rankcount_free(&sl->g);
	free(sl->fused);
	free(sl->counts);
	free(sl->targets);
	free(sl->xrows);
	free(sl->gscore);
	free(sl->gstart);
	free(sl->gabove);
	free(sl->gequal);
	free(sl->row);
}

/* One labels file (-l) for two files whose rows are named by their
 * numbers: query row 0 and item row 0 would both be "0" and take the same
 * record, so the queries would silently take the items' labels. Refused,
 * unless both are one file (leave-one-out). */
static void one_labels_two_numberings(const struct relsrc *rel,
				      const struct embed *qemb,
				      const struct embed *iemb)
{
	if (rel->kind != REL_LABELS || !rel->one_file || qemb->idfile ||
	    iemb->idfile || same_file(qemb->path, iemb->path))
		return;
	usage_error(NULL, "-l %s: one labels file for the rows of %s and of "
		    "%s, both named by their numbers from 0, would give query "
		    "row 0 the label of item row 0: give --query-labels and "
		    "--item-labels (or one embedding file for both, with -x)",
		    rel->ilab.name, qemb->path, iemb->path);
}

/* a query without a label dies here, in the calling thread, as the first
 * such query would in `simmat | rankof` */
static void queries_labeled(struct relsrc *rel, const struct rowindex *qrow,
			    const struct embed *qemb, const char *queries)
{
	struct relquery rq;
	size_t q;

	/* rows named by their numbers, each with the record of its number:
	 * every query has a label, with no id to read */
	if (rel->kind != REL_LABELS || (qrow->numbered && rel->qlab.numbered &&
					qrow->rows <= rel->qlab.nrec))
		return;
	memset(&rq, 0, sizeof rq);
	for (q = 0; q < qemb->rows; q++)
		if (labelfile_find(&rel->qlab, embed_id(qemb, q), q) == NO_RECORD)
			rel_query(rel, embed_id(qemb, q), &rq, queries, 0);
}

static struct slice item_id(const void *iemb, size_t r)
{
	return embed_id(iemb, r);
}

/* what a run's context holds, given back */
static void ctx_free(struct ctx *cx, int ns)
{
	int s;

	for (s = 0; s < ns; s++)
		slot_free(&cx->slot[s]);
	free(cx->slot);
	free(cx->irec);
	free(cx->recrow);
	free(cx->junk);
	free(cx->rfold);
	free(cx->pure);
	rowindex_free(&cx->irow);
}

void embrank_run(struct ranker *rk, const char *queries,
		 const char *const *items, size_t nitems,
		 const struct embrank_opts *o)
{
	struct embed qemb, iemb;
	struct kernel kern;
	struct ctx cx;
	struct rowindex qrow;	/* every query row, --shard's share or not */
	size_t folds = o->folds ? o->folds : 1, nx = 0, *xrow = NULL;
	int nthreads = o->nthreads ? o->nthreads : pool_ncpu(), s, ns;
	const char *e;

	embed_read_pair(&qemb, queries, o->qids, &iemb, items, nitems, o->iids,
			folds);
	embed_unpack_pair(&qemb, &iemb, o->packed, o->bits);
	/* a gallery shard's item labels: read for its rows by position, or
	 * again whole when the file is not in row order */
	rel_items_in_order(rk->rel, item_id, &iemb, iemb.rows);
	one_labels_two_numberings(rk->rel, &qemb, &iemb);
	rowcheck_queries(&qrow, &qemb);
	if (o->nshards > 1) {
		if (folds > 1 && qemb.rows / folds % (size_t)o->nshards)
			die(EXIT_DATA, "%zu queries per fold do not split into "
			    "%ld shards", qemb.rows / folds, o->nshards);
		embed_keep_rows(&qemb, (size_t)o->shard, (size_t)o->nshards);
	}
	if (o->items && o->iend > iemb.rows)
		die(EXIT_DATA, "--items %zu:%zu: %s has %zu rows", o->ibeg,
		    o->iend, iemb.path, iemb.rows);
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
	queries_labeled(cx.rel, &qrow, &qemb, queries);
	prepare(&cx, folds);
	rowcheck(cx.rel, &qrow, &qemb, &iemb, &cx.irow);
	if (rk->ex)
		rankexplain_missing(rk->ex, has_row, &qrow,
				    rk->all_queries ? rk->rel : NULL);
	rowindex_free(&qrow);
	/* every input checked: the output begins */
	o->header(o->header_ctx);
	if (o->items)	/* the shard's rows, for rankof --merge to check */
		stream_write_items((long)o->ibeg, (long)o->iend, (long)iemb.rows);
	/* the header lines of rankkit(7), the items line's neighbours */
	ranker_write_facts(rk);
	ns = pool_nslots(nthreads);
	cx.slot = xcalloc((size_t)ns, sizeof *cx.slot);
	for (s = 0; s < ns; s++)
		cx.slot[s].mask = xcalloc(iemb.rows + 1, 1);
	/* RANKKIT_EMBRANK=rows: the row path for every query (tests) */
	e = getenv("RANKKIT_EMBRANK");
	if (e && strcmp(e, "rows") == 0)
		kernel_run(&kern, nthreads, folds, embrank_work_rows, emit, &cx);
	else
		kernel_run_noscores(&kern, nthreads, folds, embrank_work_fused, emit, &cx);
	ctx_free(&cx, ns);
	kernel_free(&kern);
	free(xrow);
	embed_free(&qemb);
	embed_free(&iemb);
}
