/* Random draws 0 .. n-1 of a seeded experiment (bootstrap resamples,
 * sign-flip permutations) on the ordered worker pool of util/pool.h.
 * Draw d gets the random stream of the seed jumped d times (rng_jump), so
 * what it draws depends on d alone, never on the thread count or on
 * which worker runs it: the output is the same bytes for every -j. */
#ifndef RK_DRAWS_H
#define RK_DRAWS_H
#include <stdint.h>
#include "util/rng.h"

struct draws {
	long n;			/* the draws */
	uint64_t seed;
	/* draw d with its own stream r, on worker `worker` of draws_workers
	 * (for the caller's scratch memory, one per worker) */
	void (*draw)(void *ctx, struct rng *r, long d, int worker);
	void *ctx;
};

/* the workers that draws_run uses for nthreads threads (at least 1) */
int draws_workers(int nthreads);
void draws_run(const struct draws *job, int nthreads);

#endif
