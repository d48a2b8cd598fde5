/* kernel_run_pieces (kernel.h): simmat's output in pieces of bounded size.
 *
 * The pool's tasks are of two kinds, taken in one ordered sequence: the
 * scores of a chunk, computed into a score buffer, and a piece of the
 * output (queries, or one query's item range) whose text the caller makes
 * on a worker and writes in order. A chunk's buffer is free again once
 * its last piece is handed back. The chunks take buffers in chunk order.
 * While the chunk of the next piece is being computed, the next chunk is
 * computed ahead if a buffer is free at once, so that every thread has
 * work when the text is short (-k). Only the chunk of the next piece,
 * taken after every piece of the chunks before it, may wait for a buffer:
 * it waits for those pieces, which are taken and wait for nothing later,
 * so the wait ends.
 *
 * With pass_only (simmat -t alone) a chunk is scored in blocks of items
 * small enough to stay in the cache, and each block's scores that reach
 * the bound are kept per row (struct kpassed) while the block is there:
 * the scores whole never go to memory and back. A row's kept scores and
 * their offsets go where its scores whole would go; a chunk with a row
 * that outgrows that room (more than half its items pass in float32, two
 * thirds in float64) is scored again whole: such a row prints a line for
 * every other score, which costs far more than its kernel. */
#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include "util/err.h"
#include "util/pool.h"
#include "kernel/grid.h"

enum { TASK_SCORES, TASK_PIECE };

/* pass_only: the items of a block, about 192 KiB of scores */
enum { PASS_BLOCK_BYTES = 192 << 10 };

struct scorebuf {
	void *scores;		/* the chunk's rows of scores */
	struct kpassed *passed;	/* pass_only: per row, the scores kept, in
				 * the memory of its row of scores */
	int sparse;		/* the chunk is in passed, not in scores */
	void *block;		/* pass_only: a block's scores */
	size_t *lines;		/* per row: its lines (ready) */
	long chunk;		/* the chunk it holds; -1: free */
	int ready;		/* its scores and lines are there */
};

struct ptask {			/* the task in a pool slot */
	int kind;
	int buf;		/* TASK_SCORES: its buffer; -1: not yet */
	size_t chunk;
	size_t q0, q1, i0, i1;	/* TASK_PIECE: the piece */
	int last;		/* the last piece of its chunk */
};

struct pieces {
	struct grid g;
	const struct kpieces *cfg;
	size_t nq;		/* queries in all folds */
	struct scorebuf *buf;
	int nbuf;
	size_t bi;		/* pass_only: items per block */
	struct ptask *task;	/* per slot */
	size_t next_chunk;	/* the next chunk to compute */
	size_t next_claim;	/* the next chunk to take a buffer */
	size_t cq, coff;	/* the output so far: up to query cq, its item
				 * coff of the fold's */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

/* the buffer holding chunk n, or a free one (want: -1), or -1 */
static int buf_find(const struct pieces *p, long want)
{
	int b;

	for (b = 0; b < p->nbuf; b++)
		if (p->buf[b].chunk == want)
			return b;
	return -1;
}

/* the next piece of output, of chunk n (sb: its buffer, or NULL before
 * it has one): whole queries while their lines (before the scores are
 * there: their items) stay within the piece size, or one query's items in
 * ranges of that size */
static void task_piece(struct pieces *p, size_t n, const struct scorebuf *sb,
		       struct ptask *tk)
{
	size_t lim = p->cfg->piece_lines, nitems, sum, w;
	int ready = sb && sb->ready;
	struct kchunk c;

	grid_chunk(&p->g, n, &c);
	nitems = c.i1 - c.i0;
	tk->kind = TASK_PIECE;
	tk->chunk = n;
	tk->q0 = p->cq;
	w = ready ? sb->lines[p->cq - c.q0] : nitems;
	if (p->coff > 0 || w > lim) {
		/* one query's items */
		tk->q1 = p->cq + 1;
		tk->i0 = c.i0 + p->coff;
		tk->i1 = nitems - p->coff > lim ? tk->i0 + lim : c.i1;
		p->coff = tk->i1 - c.i0;
		if (tk->i1 == c.i1) {
			p->coff = 0;
			p->cq++;
		}
	} else {
		for (sum = w, tk->q1 = p->cq + 1; tk->q1 < c.q1; tk->q1++) {
			w = ready ? sb->lines[tk->q1 - c.q0] : nitems;
			if (sum + w > lim)
				break;
			sum += w;
		}
		tk->i0 = c.i0;
		tk->i1 = c.i1;
		p->cq = tk->q1;
	}
	tk->last = p->cq == c.q1;
}

/* a buffer for the chunk tk computes, if it is the next to take one and
 * one is free; else tk->buf = -1 */
static void claim_buf(struct pieces *p, struct ptask *tk)
{
	int b = p->next_claim == tk->chunk ? buf_find(p, -1) : -1;

	tk->buf = b;
	if (b < 0)
		return;
	p->buf[b].chunk = (long)tk->chunk;
	p->buf[b].ready = 0;
	p->next_claim++;
}

static int take_piece(void *arg, const struct pool_task *t)
{
	struct pieces *p = arg;
	struct ptask *tk = &p->task[t->slot];
	size_t n;
	int b;

	if (p->cq >= p->nq)
		return 0;
	n = grid_chunk_of_query(&p->g, p->cq);
	pthread_mutex_lock(&p->mu);
	b = buf_find(p, (long)n);
	tk->kind = TASK_SCORES;
	tk->chunk = p->next_chunk;
	if (p->next_chunk == n) {
		claim_buf(p, tk);
		p->next_chunk++;
	} else if (b >= 0 && !p->buf[b].ready &&
		   p->next_chunk < p->g.nchunks &&
		   (claim_buf(p, tk), tk->buf >= 0)) {
		p->next_chunk++;
	} else {
		task_piece(p, n, b < 0 ? NULL : &p->buf[b], tk);
	}
	pthread_mutex_unlock(&p->mu);
	return 1;
}

/* the piece of task tk as the caller sees it, its chunk in buffer b */
static void piece_of(const struct pieces *p, const struct ptask *tk, int slot,
		     int b, struct kpiece *pc)
{
	grid_chunk(&p->g, tk->chunk, &pc->chunk);
	pc->chunk.slot = b;
	pc->chunk.scores = p->buf[b].sparse ? NULL : p->buf[b].scores;
	pc->chunk.passed = p->buf[b].sparse ? p->buf[b].passed : NULL;
	pc->lines = p->buf[b].lines;
	pc->slot = slot;
	pc->q0 = tk->q0;
	pc->q1 = tk->q1;
	pc->i0 = tk->i0;
	pc->i1 = tk->i1;
}

/* pass_only: chunk c's scores that reach the bound, block by block, into
 * sb->passed; each row's in the memory of its scores whole (the offsets
 * first, then the scores); 0 when a row's outgrow it, or when offsets
 * would not fit 32 bits */
static int pass_scores(const struct pieces *p, struct scorebuf *sb,
		       const struct kchunk *c)
{
	const struct kernel *kern = p->g.kern;
	size_t nq = c->q1 - c->q0, n = c->i1 - c->i0, esz = (size_t)kern->type;
	/* an even number, so that the scores after the offsets are aligned */
	size_t cap = n * esz / (sizeof(uint32_t) + esz) / 2 * 2;
	size_t r, ib;
	struct kqrows qr = { 0 };	/* the chunk's queries, packed once */

	if (n > UINT32_MAX)
		return 0;
	for (r = 0; r < nq; r++) {
		struct kpassed *ps = &sb->passed[r];
		ps->n = 0;
		ps->off = (uint32_t *)((char *)sb->scores + r * n * esz);
		ps->score = ps->off + cap;
	}
	for (ib = c->i0; ib < c->i1; ib += p->bi) {
		size_t bn = c->i1 - ib > p->bi ? p->bi : c->i1 - ib;
		size_t at = ib - c->i0;

		kernel_block_rows(kern, &qr, c->q0, c->q1, ib, ib + bn,
				  sb->block);
		for (r = 0; r < nq; r++) {
			const void *row = (const char *)sb->block + r * bn * esz;
			struct kpassed *ps = &sb->passed[r];
			ps->n = kernel_pass_row(kern, row, bn, p->cfg->minscore,
						at, ps->off, ps->score, ps->n,
						cap);
			if (ps->n > cap) {
				kqrows_free(&qr);
				return 0;
			}
		}
	}
	kqrows_free(&qr);
	return 1;
}

/* a chunk's scores: its buffer (taken in chunk order), the kernel, ready */
static void work_scores(struct pieces *p, struct ptask *tk)
{
	struct scorebuf *sb;
	struct kchunk c;
	int b;

	pthread_mutex_lock(&p->mu);
	while (tk->buf < 0) {
		claim_buf(p, tk);
		if (tk->buf < 0)
			pthread_cond_wait(&p->cv, &p->mu);
	}
	b = tk->buf;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	grid_chunk(&p->g, tk->chunk, &c);
	c.slot = b;
	sb = &p->buf[b];
	sb->sparse = p->cfg->pass_only && pass_scores(p, sb, &c);
	if (sb->sparse)
		c.passed = sb->passed;
	else
		kernel_block(p->g.kern, c.q0, c.q1, c.i0, c.i1, sb->scores);
	c.scores = sb->sparse ? NULL : sb->scores;
	p->cfg->ready(p->cfg->ctx, &c, p->buf[b].lines);
	pthread_mutex_lock(&p->mu);
	p->buf[b].ready = 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

/* the buffer of chunk n once its scores are there */
static int ready_buf(struct pieces *p, size_t n)
{
	int b;

	pthread_mutex_lock(&p->mu);
	while ((b = buf_find(p, (long)n)) < 0 || !p->buf[b].ready)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	return b;
}

static void work_piece(void *arg, const struct pool_task *t)
{
	struct pieces *p = arg;
	struct ptask *tk = &p->task[t->slot];
	struct kpiece pc;

	if (tk->kind == TASK_SCORES) {
		work_scores(p, tk);
		return;
	}
	piece_of(p, tk, t->slot, ready_buf(p, tk->chunk), &pc);
	p->cfg->work(p->cfg->ctx, &pc);
}

static void give_piece(void *arg, const struct pool_task *t)
{
	struct pieces *p = arg;
	const struct ptask *tk = &p->task[t->slot];
	struct kpiece pc;
	int b;

	if (tk->kind == TASK_SCORES)
		return;
	b = ready_buf(p, tk->chunk);
	piece_of(p, tk, t->slot, b, &pc);
	p->cfg->emit(p->cfg->ctx, &pc);
	if (tk->last) {
		pthread_mutex_lock(&p->mu);
		p->buf[b].chunk = -1;
		p->buf[b].ready = 0;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

void kernel_run_pieces(const struct kernel *kern, int nthreads, size_t folds,
		       const struct kpieces *cfg)
{
	struct pieces p = { .cfg = cfg };
	struct pool_job pj = { take_piece, work_piece, give_piece, &p };
	size_t row = kern->ni / folds * (size_t)kern->type;
	/* chunks of about 1 MiB of scores */
	size_t qb = grid_chunk_queries(kern, folds, 1u << 20);
	int b;

	grid_init(&p.g, kern, folds, qb);
	p.nq = p.g.qf * folds;
	/* blocks of whole 64-item tiles where they fit */
	p.bi = PASS_BLOCK_BYTES / (qb * (size_t)kern->type);
	p.bi = p.bi > 64 ? p.bi / 64 * 64 : p.bi ? p.bi : 1;
	p.nbuf = nthreads > 1 ? nthreads : 1;
	p.buf = xcalloc((size_t)p.nbuf, sizeof *p.buf);
	p.task = xcalloc((size_t)pool_nslots(nthreads), sizeof *p.task);
	for (b = 0; b < p.nbuf; b++) {
		p.buf[b].scores = xmalloc(qb * row + 1);
		if (cfg->pass_only) {
			p.buf[b].passed = xcalloc(qb, sizeof *p.buf[b].passed);
			p.buf[b].block = xmalloc(qb * p.bi * (size_t)kern->type);
		}
		p.buf[b].lines = xmalloc(qb * sizeof *p.buf[b].lines);
		p.buf[b].chunk = -1;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	pool_run(&pj, nthreads);
	pthread_cond_destroy(&p.cv);
	pthread_mutex_destroy(&p.mu);
	for (b = 0; b < p.nbuf; b++) {
		free(p.buf[b].passed);
		free(p.buf[b].block);
		free(p.buf[b].scores);
		free(p.buf[b].lines);
	}
	free(p.buf);
	free(p.task);
}
