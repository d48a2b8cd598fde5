/* treceval's input files split a chunk at a time (trecscan.h). */
#include <stdlib.h>
#include <string.h>
#include "util/pool.h"
#include "util/strmap.h"
#include "trec/trecscan.h"

enum { ST_INPUT = 2, NF = 6 };

void *trecchunk_add(struct trecchunk *c, size_t size)
{
	if (c->n == c->cap)
		xgrow(&c->rec, &c->cap, c->n + 1, size);
	return (char *)c->rec + c->n++ * size;
}

void trecchunk_raise(const struct trecchunk *c, long base)
{
	if (c->failed)
		die_status_at(c->err.status, c->err.file, c->err.line > 0 ?
			      base + c->err.line : 0, "%s", c->err.msg);
}

/* the end of the chunk of f that starts at byte beg: just after the
 * first newline at or after size bytes, or byte to */
static size_t cut(const struct trecfile *f, size_t beg, size_t to,
		  size_t size)
{
	const char *nl;

	if (to - beg <= size)
		return to;
	nl = memchr(f->p + beg + size, '\n', to - beg - size);
	return nl ? (size_t)(nl - f->p) + 1 : to;
}

/* The chunk of f from byte beg (before to) copied into c->buf: about size
 * bytes, to just after the first newline at or after size bytes, and 64
 * bytes after that (trec_line's), a longer window read when a line is
 * longer; its end, or 0 when the file cannot be copied (c untouched but
 * for its buffer) */
static size_t copy_cut(const struct trecfile *f, struct trecchunk *c,
		       size_t beg, size_t to, size_t size)
{
	size_t want = to - beg <= size ? to - beg : size + 4096, ask;
	const char *nl;

	for (;;) {
		if (want > to - beg)
			want = to - beg;
		ask = f->n - beg - want > 64 ? want + 64 : f->n - beg;
		if (ask + 1 > c->bufcap)
			xgrow((void **)&c->buf, &c->bufcap, ask + 1, 1);
		if (!trecfile_copy(f, c->buf, beg, ask))
			return 0;
		if (to - beg <= size)
			return to;
		nl = memchr(c->buf + size, '\n', want - size);
		if (nl)
			return beg + (size_t)(nl - c->buf) + 1;
		if (want == to - beg)
			return to;
		want *= 2;	/* a line longer than the window */
	}
}

/* the pool's job: the chunks, one per slot, and the next one's byte */
struct chunks {
	const struct trecchunks *job;
	struct trecchunk *c;
	size_t at;
	size_t ahead;		/* the file's pages are mapped to here */
};

/* AHEAD: the bytes of the file mapped at once before its chunks */
enum { AHEAD = 2 << 20 };

static int take(void *ctx, const struct pool_task *t)
{
	struct chunks *k = ctx;
	struct trecchunk *c = &k->c[t->slot];

	if (k->at >= k->job->to || (k->job->stop &&
	    atomic_load_explicit(k->job->stop, memory_order_relaxed)))
		return 0;
	c->beg = k->at;
	if (k->job->copy &&
	    (c->end = copy_cut(k->job->f, c, k->at, k->job->to,
			       k->job->size)) != 0) {
		c->at = c->buf;
		k->at = c->end;
		return 1;
	}
	if (k->at + k->job->size >= k->ahead) {
		size_t to = k->at + AHEAD < k->job->to ? k->at + AHEAD :
			    k->job->to;
		trecfile_ahead(k->job->f, k->at, to);
		k->ahead = to;
	}
	c->at = k->job->f->p + c->beg;
	c->end = k->at = cut(k->job->f, k->at, k->job->to, k->job->size);
	return 1;
}

/* the chunk's records; an error raised by its scan (trec_line's, or
 * xgrow's) lands in c->err: a worker's errors are the calling thread's
 * to raise, in their turn */
static void work(void *ctx, const struct pool_task *t)
{
	struct chunks *k = ctx;
	struct trecchunk *c = &k->c[t->slot];
	struct errtrap *outer = err_trap;

	c->n = 0;
	c->lines = 0;
	c->ordered = 1;
	c->mark = (size_t)-1;
	c->failed = 0;
	err_trap = &c->err;
	if (setjmp(c->err.jb) == 0)
		k->job->scan(k->job->f, c);
	else
		c->failed = 1;
	err_trap = outer;
}

static void give(void *ctx, const struct pool_task *t)
{
	struct chunks *k = ctx;

	k->job->give(k->job->ctx, &k->c[t->slot]);
}

/* An error of the calling thread (give's) stops the workers before it is
 * raised (pool_run, under this trap): the program never exits with a
 * thread splitting a chunk, and the slots are freed first. */
void trecchunks_run(const struct trecchunks *job, int nthreads)
{
	int i, nslots = pool_nslots(nthreads);
	struct chunks k = { job, xcalloc((size_t)nslots, sizeof *k.c),
			    job->from, job->from };
	struct pool_job pj = { take, work, give, &k };
	struct errtrap err;
	int failed = pool_run_caught(&pj, nthreads, &err);

	for (i = 0; i < nslots; i++) {
		free(k.c[i].rec);
		free(k.c[i].buf);
	}
	free(k.c);
	if (failed)
		err_raise(&err);
}

void trecrun_scan(const struct trecfile *f, struct trecchunk *c)
{
	const char *p = c->at, *e = c->at + (c->end - c->beg);
	/* a line of the chunk before the file's fast has its 64 bytes
	 * where the chunk's are (copy_cut) */
	const char *fast = f->fast >= c->end ? e :
			   f->fast > c->beg ? c->at + (f->fast - c->beg) : p;
	const char *ls;
	struct trecscanline *x;
	struct slice fl[NF], prev = { NULL, 0 };
	size_t nf;

	while (p < e) {
		ls = p;
		nf = trec_line(&p, e, fast, fl, NF, f->path, &c->lines,
			       ST_INPUT);
		if (nf == 0 || fl[0].p[0] == '#')
			continue;
		if (nf < NF)
			die_status_at(ST_INPUT, f->path, c->lines, "expected 6 "
				      "fields or more (topic iteration document "
				      "rank score run), found %zu", nf);
		x = trecchunk_add(c, sizeof *x);
		x->id = fl[0];
		x->doc = fl[2];
		x->score = fl[4];
		x->tag = fl[5];
		x->beg = c->beg + (size_t)(ls - c->at);
		x->end = c->beg + (size_t)(p - c->at);
		x->h = prev.p && trec_same_id(prev, fl[0]) ? 0 :
		       hash_bytes(fl[0].p, fl[0].n);
		prev = fl[0];
	}
}
