/* Draws on the pool (see draws.h). A task is a block of consecutive
 * draws; the pool takes tasks in order under its lock, so the streams'
 * starting states are made there by jumping once per draw, each jump done
 * once in all (a worker that jumped from the seed to its own first draw
 * would repeat the others' jumps). */
#include <stdlib.h>
#include "util/err.h"
#include "util/pool.h"
#include "stats/draws.h"

enum { DRAWS_PER_TASK = 64 };

struct drawing {
	const struct draws *job;
	struct rng next;	/* the stream of the next draw to hand out */
	struct rng *start;	/* per slot: its task's first stream */
};

static int take_block(void *arg, const struct pool_task *t)
{
	struct drawing *dr = arg;
	long first = t->seq * DRAWS_PER_TASK;
	if (first >= dr->job->n)
		return 0;
	dr->start[t->slot] = dr->next;
	for (long d = first; d < first + DRAWS_PER_TASK && d < dr->job->n; d++)
		rng_jump(&dr->next);
	return 1;
}

static void work_block(void *arg, const struct pool_task *t)
{
	const struct drawing *dr = arg;
	const struct draws *job = dr->job;
	struct rng start = dr->start[t->slot], r;
	long first = t->seq * DRAWS_PER_TASK;
	for (long d = first; d < first + DRAWS_PER_TASK && d < job->n; d++) {
		r = start;
		job->draw(job->ctx, &r, d, t->worker);
		rng_jump(&start);
	}
}

int draws_workers(int nthreads)
{
	return nthreads < 1 ? 1 : nthreads;
}

void draws_run(const struct draws *job, int nthreads)
{
	struct drawing dr = { .job = job };
	struct pool_job pj = {
		/* each draw writes its own results: nothing to hand back */
		.take = take_block, .work = work_block, .give = NULL, .ctx = &dr,
	};
	dr.start = xcalloc((size_t)pool_nslots(nthreads), sizeof *dr.start);
	rng_seed(&dr.next, job->seed);
	pool_run(&pj, nthreads);
	free(dr.start);
}
