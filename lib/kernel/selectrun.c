/* kernel_run_select (kernel.h): simmat -k, each query's K best items and
 * every item tied with the K-th, the selection fused with the scoring.
 *
 * A chunk of queries is scored against its items in blocks small enough
 * to stay in the cache (about 192 KiB of scores), and each query keeps
 * the candidates of a block that reach its running threshold tau: the
 * K-th best score among its candidates so far, raised whenever they
 * outgrow a bound (a quickselect, then the candidates below it dropped,
 * their order kept). tau never passes the K-th best score of the query's
 * items, so every item that reaches it stays; at the end the K-th best of
 * the candidates is that of all the items, and the items at or above it
 * (and above -t's bound) are the answer, in item order. The candidates of
 * a query stay within the bound plus one block, unless more items tie
 * with the K-th: then within the ties kept. Chunks go to the pool's
 * threads; the answer of each query to `work` on its worker, and the
 * chunk to `emit` on the calling thread in query order. */
#include <stdint.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/pool.h"
#include "kernel/grid.h"
#include "kernel/topk.h"

enum { BLOCK_BYTES = 192 << 10 };

/* one query's candidates, in item order */
struct cands {
	size_t n, cap, bound;
	size_t *item;
	double *score;
	double tau;		/* a candidate scores at least this */
};

/* per pool slot */
struct selslot {
	void *block;		/* a block's scores, qb rows of bi values */
	uint32_t *off;		/* a row's scores that reach tau: their items */
	void *kept;		/* and their scores */
	struct cands *c;	/* per query of the chunk */
	struct topk_scratch tk;
	struct kqrows qr;	/* the chunk's queries, packed once */
};

/* With fewer chunks of queries than threads, each chunk's items are cut
 * into parts, one task each (task s: chunk s / parts, part s % parts);
 * each part keeps the candidates of its items that reach its own K-th
 * best (at most the query's), and the calling thread gathers the parts'
 * candidates in part order, so in item order, before the K-th best of the
 * whole is taken: the same answer as one task over all the items. */
struct selrun {
	struct grid g;
	const struct kselect *cfg;
	size_t bi;		/* items per block */
	size_t parts;		/* tasks per chunk (1: the chunk whole) */
	struct selslot *slot;
	struct cands *gather;	/* per query of a chunk: its parts' candidates */
	struct topk_scratch tk;	/* the calling thread's */
};

static void cands_push(struct cands *c, size_t item, double s)
{
	if (c->n == c->cap) {
		size_t cap = c->cap;
		xgrow((void **)&c->item, &cap, c->n + 1, sizeof *c->item);
		xgrow((void **)&c->score, &c->cap, c->n + 1, sizeof *c->score);
	}
	c->item[c->n] = item;
	c->score[c->n++] = s;
}

/* keeps the candidates at or above s, in their order */
static void cands_keep(struct cands *c, double s)
{
	size_t i, m = 0;

	for (i = 0; i < c->n; i++)
		if (c->score[i] >= s) {
			c->item[m] = c->item[i];
			c->score[m++] = c->score[i];
		}
	c->n = m;
}

/* the K-th best score of the candidates, -inf when fewer than K */
static double cands_kth(struct cands *c, size_t k, struct topk_scratch *tk)
{
	return topk_threshold(tk, c->score, EMB_F64, c->n, SIZE_MAX, k);
}

/* past its bound: tau becomes the K-th best, the candidates below it go;
 * the bound grows with the ties kept, so that each pass drops many */
static void cands_trim(struct cands *c, size_t k, struct topk_scratch *tk)
{
	double kth = cands_kth(c, k, tk);

	if (kth > c->tau) {
		c->tau = kth;
		cands_keep(c, kth);
	}
	if (c->n * 2 > c->bound)
		c->bound = c->n * 2;
}

/* each block row's scores that reach its query's tau (found by the
 * kernel variant's vector compares), but the query's own item */
static void scan_block(const struct selrun *run, struct selslot *sl,
		       size_t q0, size_t q1, size_t ib, size_t bn)
{
	const struct kselect *cfg = run->cfg;
	const struct kernel *kern = run->g.kern;
	size_t r, j, n, esz = (size_t)kern->type;

	for (r = 0; r < q1 - q0; r++) {
		struct cands *c = &sl->c[r];
		size_t self = cfg->self ? cfg->self[q0 + r] : SIZE_MAX;

		n = kernel_pass_row(kern, (const char *)sl->block + r * bn * esz,
				    bn, c->tau, 0, sl->off, sl->kept, 0, bn);
		for (j = 0; j < n; j++)
			if (ib + sl->off[j] != self)
				cands_push(c, ib + sl->off[j], kern->type == EMB_F32 ?
					   (double)((const float *)sl->kept)[j] :
					   ((const double *)sl->kept)[j]);
		if (c->n > c->bound)
			cands_trim(c, cfg->k, &sl->tk);
	}
}

static int take_chunk(void *arg, const struct pool_task *t)
{
	const struct selrun *run = arg;
	return (size_t)t->seq < run->g.nchunks * run->parts;
}

/* task t's chunk, its items cut to the task's part: whole blocks of bi
 * items from the chunk's first */
static void task_chunk(const struct selrun *run, long seq, struct kchunk *ch)
{
	size_t part = (size_t)seq % run->parts, nb, b0, b1;

	grid_chunk(&run->g, (size_t)seq / run->parts, ch);
	nb = (ch->i1 - ch->i0 + run->bi - 1) / run->bi;
	b0 = part * nb / run->parts;
	b1 = (part + 1) * nb / run->parts;
	ch->i1 = b1 * run->bi < ch->i1 - ch->i0 ? ch->i0 + b1 * run->bi : ch->i1;
	ch->i0 += b0 * run->bi;
}

/* the query's answer: the candidates at or above their K-th best */
static void answer(const struct selrun *run, const struct kchunk *ch,
		   size_t q, struct cands *c, struct topk_scratch *tk)
{
	double kth = cands_kth(c, run->cfg->k, tk);

	if (kth > c->tau)
		cands_keep(c, kth);
	run->cfg->work(run->cfg->ctx, ch, q, c->item, c->score, c->n);
}

static void work_chunk(void *arg, const struct pool_task *t)
{
	struct selrun *run = arg;
	const struct kselect *cfg = run->cfg;
	struct selslot *sl = &run->slot[t->slot];
	struct kchunk ch;
	size_t q, ib;

	task_chunk(run, t->seq, &ch);
	ch.slot = t->slot;
	ch.scores = NULL;
	for (q = 0; q < ch.q1 - ch.q0; q++) {
		sl->c[q].n = 0;
		sl->c[q].tau = cfg->minscore;
		sl->c[q].bound = 2 * cfg->k + 1024;
	}
	for (ib = ch.i0; ib < ch.i1; ib += run->bi) {
		size_t ie = ch.i1 - ib > run->bi ? ib + run->bi : ch.i1;
		kernel_block_rows(run->g.kern, &sl->qr, ch.q0, ch.q1, ib, ie,
				  sl->block);
		scan_block(run, sl, ch.q0, ch.q1, ib, ie - ib);
	}
	for (q = ch.q0; q < ch.q1; q++) {
		struct cands *c = &sl->c[q - ch.q0];
		if (run->parts == 1)
			answer(run, &ch, q, c, &sl->tk);
		else
			cands_trim(c, cfg->k, &sl->tk);	/* a part: fewer to gather */
	}
}

/* a part's candidates after those of the parts before it */
static void gather_part(struct selrun *run, const struct selslot *sl,
			size_t nq)
{
	size_t r, i;

	for (r = 0; r < nq; r++) {
		const struct cands *c = &sl->c[r];
		struct cands *g = &run->gather[r];
		for (i = 0; i < c->n; i++)
			cands_push(g, c->item[i], c->score[i]);
	}
}

static void give_chunk(void *arg, const struct pool_task *t)
{
	struct selrun *run = arg;
	struct kchunk ch;
	size_t q;

	grid_chunk(&run->g, (size_t)t->seq / run->parts, &ch);
	ch.slot = t->slot;
	ch.scores = NULL;
	if (run->parts > 1) {
		gather_part(run, &run->slot[t->slot], ch.q1 - ch.q0);
		if ((size_t)t->seq % run->parts != run->parts - 1)
			return;
		for (q = ch.q0; q < ch.q1; q++) {
			struct cands *g = &run->gather[q - ch.q0];
			g->tau = run->cfg->minscore;
			answer(run, &ch, q, g, &run->tk);
			g->n = 0;
		}
	}
	run->cfg->emit(run->cfg->ctx, &ch);
}

void kernel_run_select(const struct kernel *kern, int nthreads, size_t folds,
		       const struct kselect *cfg)
{
	struct selrun run = { .cfg = cfg };
	struct pool_job pj = { take_chunk, work_chunk, give_chunk, &run };
	size_t esz = (size_t)kern->type, qb = 2 * GRID_MR_ALL, q;
	int s, nslots;

	/* chunks of 48 queries, or 24 when that gives each thread more */
	if (kern->nq / folds < qb * (size_t)(nthreads > 1 ? nthreads : 1))
		qb = GRID_MR_ALL;
	grid_init(&run.g, kern, folds, qb);
	run.bi = BLOCK_BYTES / (qb * esz);
	/* few queries: every thread on a part of each chunk's items */
	run.parts = 1;
	if (nthreads > 1 && run.g.nchunks < (size_t)nthreads) {
		size_t nb = (kern->ni / folds + run.bi - 1) / run.bi;
		run.parts = (size_t)nthreads < nb ? (size_t)nthreads : nb;
		if (run.parts < 1)
			run.parts = 1;
	}
	if ((size_t)nthreads > run.g.nchunks * run.parts)
		nthreads = run.g.nchunks ? (int)(run.g.nchunks * run.parts) : 1;
	nslots = pool_nslots(nthreads);
	run.slot = xcalloc((size_t)nslots, sizeof *run.slot);
	for (s = 0; s < nslots; s++) {
		run.slot[s].block = xmalloc(qb * run.bi * esz);
		run.slot[s].off = xmalloc(run.bi * sizeof *run.slot[s].off);
		run.slot[s].kept = xmalloc(run.bi * esz);
		run.slot[s].c = xcalloc(qb, sizeof *run.slot[s].c);
	}
	run.gather = xcalloc(qb, sizeof *run.gather);
	pool_run(&pj, nthreads);
	for (q = 0; q < qb; q++) {
		for (s = 0; s < nslots; s++) {
			free(run.slot[s].c[q].item);
			free(run.slot[s].c[q].score);
		}
		free(run.gather[q].item);
		free(run.gather[q].score);
	}
	for (s = 0; s < nslots; s++) {
		free(run.slot[s].c);
		free(run.slot[s].block);
		kqrows_free(&run.slot[s].qr);
		free(run.slot[s].off);
		free(run.slot[s].kept);
		topk_free(&run.slot[s].tk);
	}
	topk_free(&run.tk);
	free(run.gather);
	free(run.slot);
}
