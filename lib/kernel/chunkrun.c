/* kernel_run and kernel_run_noscores (kernel.h): the chunks of a job on
 * the pool's threads, each chunk's scores into the buffer of its slot. */
#include <stdlib.h>
#include "util/err.h"
#include "util/pool.h"
#include "kernel/grid.h"

struct run {
	struct grid g;
	kchunk_fn work, emit;
	void *ctx;
	void **slotscores;	/* per slot: the chunk's scores, or NULL */
};

/* task t is chunk t->seq: its queries, its items and its slot */
static void chunk_of(const struct run *job, const struct pool_task *t,
		     struct kchunk *c)
{
	grid_chunk(&job->g, (size_t)t->seq, c);
	c->slot = t->slot;
	c->scores = job->slotscores[t->slot];
}

static int take_chunk(void *arg, const struct pool_task *t)
{
	const struct run *job = arg;
	return (size_t)t->seq < job->g.nchunks;
}

static void work_chunk(void *arg, const struct pool_task *t)
{
	struct run *job = arg;
	struct kchunk c;

	chunk_of(job, t, &c);
	if (job->slotscores[t->slot])
		kernel_block(job->g.kern, c.q0, c.q1, c.i0, c.i1,
			     job->slotscores[t->slot]);
	job->work(job->ctx, &c);
}

static void give_chunk(void *arg, const struct pool_task *t)
{
	struct run *job = arg;
	struct kchunk c;

	chunk_of(job, t, &c);
	job->emit(job->ctx, &c);
}

static void run(const struct kernel *kern, int nthreads, size_t folds,
		kchunk_fn work, kchunk_fn emit, void *ctx, int scores)
{
	struct run job = { .work = work, .emit = emit, .ctx = ctx };
	struct pool_job pj = { take_chunk, work_chunk, give_chunk, &job };
	size_t per = kern->ni / folds * (size_t)kern->type;
	/* chunks of about 4 MiB of scores; without scores, of 240 queries */
	size_t qb = scores ? grid_chunk_queries(kern, folds, 4u << 20) :
		10 * GRID_MR_ALL;
	int i, nslots;

	grid_init(&job.g, kern, folds, qb);
	if ((size_t)nthreads > job.g.nchunks)
		nthreads = job.g.nchunks ? (int)job.g.nchunks : 1;
	nslots = pool_nslots(nthreads);
	job.slotscores = xcalloc((size_t)nslots, sizeof *job.slotscores);
	for (i = 0; scores && i < nslots; i++)
		job.slotscores[i] = xmalloc(qb * per);
	pool_run(&pj, nthreads);
	for (i = 0; i < nslots; i++)
		free(job.slotscores[i]);
	free(job.slotscores);
}

void kernel_run(const struct kernel *kern, int nthreads, size_t folds,
		kchunk_fn work, kchunk_fn emit, void *ctx)
{
	run(kern, nthreads, folds, work, emit, ctx, 1);
}

void kernel_run_noscores(const struct kernel *kern, int nthreads, size_t folds,
			 kchunk_fn work, kchunk_fn emit, void *ctx)
{
	run(kern, nthreads, folds, work, emit, ctx, 0);
}
