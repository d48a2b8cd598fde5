/* Work split over threads: fn(ctx, w, nw) runs once for every w in
 * [0, nw), on nw threads (w = 0 on the caller's), and parallel_run
 * returns when all have. What a worker does must not depend on nw for
 * the output to be the same bytes for every thread count: the workers of
 * lib/stats give every resample its own random stream. */
#ifndef RK_PARALLEL_H
#define RK_PARALLEL_H

void parallel_run(int nw, void (*fn)(void *ctx, int w, int nw), void *ctx);

/* the first and one past the last of n items that worker w of nw takes:
 * contiguous blocks whose sizes differ by at most one */
void parallel_block(long n, int w, int nw, long *first, long *end);

/* the online processors, at least 1 and at most most */
int parallel_default(int most);

#endif
