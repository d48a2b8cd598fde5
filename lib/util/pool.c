/* The ordered worker pool (see pool.h). A worker takes the next task only
 * when that task's slot is free, so at most nslots tasks are out at once;
 * the calling thread waits for the task it must hand back next, not for
 * whichever finishes first. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/err.h"
#include "util/pool.h"

enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE };

struct pool {
	const struct pool_job *job;
	pthread_mutex_t mu;
	pthread_cond_t cv_free, cv_done;
	int nslots;
	int *state;		/* per slot */
	long *seq;		/* per slot: its task */
	long next;		/* the next task to take */
	int end;		/* take found no task `next` */
};

struct worker {
	struct pool *pool;
	int index;
	pthread_t tid;
};

int pool_ncpu(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

int pool_default_jobs(int cap)
{
	int n = pool_ncpu();
	return cap > 0 && n > cap ? cap : n;
}

int pool_nslots(int nthreads)
{
	return nthreads <= 1 ? 1 : 2 * nthreads;
}

static void *worker_main(void *arg)
{
	struct worker *wk = arg;
	struct pool *pool = wk->pool;
	struct pool_task t;

	t.worker = wk->index;
	pthread_mutex_lock(&pool->mu);
	for (;;) {
		t.seq = pool->next;
		t.slot = (int)(t.seq % pool->nslots);
		if (pool->end)
			break;
		if (pool->state[t.slot] != SLOT_FREE) {
			pthread_cond_wait(&pool->cv_free, &pool->mu);
			continue;
		}
		if (!pool->job->take(pool->job->ctx, &t)) {
			pool->end = 1;
			pthread_cond_broadcast(&pool->cv_free);
			pthread_cond_broadcast(&pool->cv_done);
			break;
		}
		pool->next++;
		pool->state[t.slot] = SLOT_BUSY;
		pool->seq[t.slot] = t.seq;
		pthread_mutex_unlock(&pool->mu);
		pool->job->work(pool->job->ctx, &t);
		pthread_mutex_lock(&pool->mu);
		pool->state[t.slot] = SLOT_DONE;
		pthread_cond_broadcast(&pool->cv_done);
	}
	pthread_mutex_unlock(&pool->mu);
	return NULL;
}

/* hands the tasks back in order until there are no more */
static void give_in_order(struct pool *pool)
{
	struct pool_task t = { 0, 0, -1 };
	int ready;

	for (;; t.seq++) {
		t.slot = (int)(t.seq % pool->nslots);
		pthread_mutex_lock(&pool->mu);
		while (!(ready = pool->state[t.slot] == SLOT_DONE &&
			 pool->seq[t.slot] == t.seq) &&
		       !(pool->end && t.seq >= pool->next))
			pthread_cond_wait(&pool->cv_done, &pool->mu);
		pthread_mutex_unlock(&pool->mu);
		if (!ready)
			return;
		if (pool->job->give)
			pool->job->give(pool->job->ctx, &t);
		pthread_mutex_lock(&pool->mu);
		pool->state[t.slot] = SLOT_FREE;
		pthread_cond_broadcast(&pool->cv_free);
		pthread_mutex_unlock(&pool->mu);
	}
}

/* Hands the tasks back; 0 when all went, 1 when give raised an error
 * under the caller's own trap (err.h): the error is then in *err, and the
 * workers are still to be stopped. Without a trap an error exits the
 * process, workers and all. */
static int give_trapped(struct pool *pool, struct errtrap *err)
{
	struct errtrap *outer = err_trap;

	if (!outer) {
		give_in_order(pool);
		return 0;
	}
	err_trap = err;
	if (setjmp(err->jb) == 0) {
		give_in_order(pool);
		err_trap = outer;
		return 0;
	}
	err_trap = outer;
	pthread_mutex_lock(&pool->mu);
	pool->end = 1;
	pthread_cond_broadcast(&pool->cv_free);
	pthread_mutex_unlock(&pool->mu);
	return 1;
}

/* An error on the calling thread reaches its trap only once the workers
 * have stopped: they use the caller's stack (the pool, the job's context),
 * which the jump to the trap gives back. */
void pool_run(const struct pool_job *job, int nthreads)
{
	struct errtrap err;
	int failed;
	struct pool pool = { .job = job };
	struct pool_task t = { 0, 0, 0 };
	struct worker *wk;
	int i;

	if (nthreads <= 1) {
		for (; job->take(job->ctx, &t); t.seq++) {
			job->work(job->ctx, &t);
			if (job->give)
				job->give(job->ctx, &t);
		}
		return;
	}
	pool.nslots = pool_nslots(nthreads);
	pool.state = xcalloc((size_t)pool.nslots, sizeof *pool.state);
	pool.seq = xcalloc((size_t)pool.nslots, sizeof *pool.seq);
	pthread_mutex_init(&pool.mu, NULL);
	pthread_cond_init(&pool.cv_free, NULL);
	pthread_cond_init(&pool.cv_done, NULL);
	wk = xcalloc((size_t)nthreads, sizeof *wk);
	for (i = 0; i < nthreads; i++) {
		wk[i].pool = &pool;
		wk[i].index = i;
		if (pthread_create(&wk[i].tid, NULL, worker_main, &wk[i]) != 0)
			die(EXIT_DATA, "cannot start a thread");
	}
	failed = give_trapped(&pool, &err);
	for (i = 0; i < nthreads; i++)
		pthread_join(wk[i].tid, NULL);
	free(wk);
	free(pool.state);
	free(pool.seq);
	pthread_mutex_destroy(&pool.mu);
	pthread_cond_destroy(&pool.cv_free);
	pthread_cond_destroy(&pool.cv_done);
	if (failed) {
		err_trap->status = err.status;
		err_trap->file = err.file;
		err_trap->line = err.line;
		memcpy(err_trap->msg, err.msg, sizeof err.msg);
		longjmp(err_trap->jb, 1);
	}
}

int pool_run_caught(const struct pool_job *job, int nthreads,
		    struct errtrap *err)
{
	struct errtrap *outer = err_trap;
	volatile int failed = 0;

	err_trap = err;
	if (setjmp(err->jb) == 0)
		pool_run(job, nthreads);
	else
		failed = 1;
	err_trap = outer;
	return failed;
}
