/* Threads for parallel_run (see parallel.h). A thread that cannot be
 * started leaves its share to the caller's thread, so the work is done
 * either way. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "util/err.h"
#include "util/parallel.h"

struct job {
	void (*fn)(void *ctx, int w, int nw);
	void *ctx;
	int w, nw;
};

static void *start(void *arg)
{
	struct job *j = arg;
	j->fn(j->ctx, j->w, j->nw);
	return NULL;
}

void parallel_run(int nw, void (*fn)(void *ctx, int w, int nw), void *ctx)
{
	if (nw < 1)
		nw = 1;
	pthread_t *tid = xcalloc((size_t)nw, sizeof *tid);
	struct job *job = xcalloc((size_t)nw, sizeof *job);
	char *started = xcalloc((size_t)nw, 1);
	for (int w = 1; w < nw; w++) {
		job[w] = (struct job){ .fn = fn, .ctx = ctx, .w = w, .nw = nw };
		started[w] = pthread_create(&tid[w], NULL, start, &job[w]) == 0;
	}
	fn(ctx, 0, nw);
	for (int w = 1; w < nw; w++) {
		if (started[w])
			pthread_join(tid[w], NULL);
		else
			fn(ctx, w, nw);
	}
	free(started);
	free(job);
	free(tid);
}

void parallel_block(long n, int w, int nw, long *first, long *end)
{
	*first = (long)((long long)n * w / nw);
	*end = (long)((long long)n * (w + 1) / nw);
}

int parallel_default(int most)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > most ? most : (int)n;
}
