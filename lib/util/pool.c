/* The ordered worker pool (see pool.h). A worker takes the next task only
 * when that task's slot is free, so at most nslots tasks are out at once;
 * the calling thread waits for the task it must hand back next, not for
 * whichever finishes first. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "util/err.h"
#include "util/pool.h"

enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE };

struct pool {
	const struct pool_job *J;
	pthread_mutex_t mu;
	pthread_cond_t cv_free, cv_done;
	int nslots;
	int *state;		/* per slot */
	long *seq;		/* per slot: its task */
	long next;		/* the next task to take */
	int end;		/* take found no task `next` */
};

struct worker {
	struct pool *P;
	int index;
	pthread_t tid;
};

int pool_ncpu(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

int pool_nslots(int nthreads)
{
	return nthreads <= 1 ? 1 : 2 * nthreads;
}

static void *worker_main(void *arg)
{
	struct worker *W = arg;
	struct pool *P = W->P;
	struct pool_task t;

	t.worker = W->index;
	pthread_mutex_lock(&P->mu);
	for (;;) {
		t.seq = P->next;
		t.slot = (int)(t.seq % P->nslots);
		if (P->end)
			break;
		if (P->state[t.slot] != SLOT_FREE) {
			pthread_cond_wait(&P->cv_free, &P->mu);
			continue;
		}
		if (!P->J->take(P->J->ctx, &t)) {
			P->end = 1;
			pthread_cond_broadcast(&P->cv_free);
			pthread_cond_broadcast(&P->cv_done);
			break;
		}
		P->next++;
		P->state[t.slot] = SLOT_BUSY;
		P->seq[t.slot] = t.seq;
		pthread_mutex_unlock(&P->mu);
		P->J->work(P->J->ctx, &t);
		pthread_mutex_lock(&P->mu);
		P->state[t.slot] = SLOT_DONE;
		pthread_cond_broadcast(&P->cv_done);
	}
	pthread_mutex_unlock(&P->mu);
	return NULL;
}

/* hands the tasks back in order until there are no more */
static void give_in_order(struct pool *P)
{
	struct pool_task t = { 0, 0, -1 };
	int ready;

	for (;; t.seq++) {
		t.slot = (int)(t.seq % P->nslots);
		pthread_mutex_lock(&P->mu);
		while (!(ready = P->state[t.slot] == SLOT_DONE &&
			 P->seq[t.slot] == t.seq) &&
		       !(P->end && t.seq >= P->next))
			pthread_cond_wait(&P->cv_done, &P->mu);
		pthread_mutex_unlock(&P->mu);
		if (!ready)
			return;
		P->J->give(P->J->ctx, &t);
		pthread_mutex_lock(&P->mu);
		P->state[t.slot] = SLOT_FREE;
		pthread_cond_broadcast(&P->cv_free);
		pthread_mutex_unlock(&P->mu);
	}
}

void pool_run(const struct pool_job *J, int nthreads)
{
	struct pool P = { .J = J };
	struct pool_task t = { 0, 0, 0 };
	struct worker *W;
	int i;

	if (nthreads <= 1) {
		for (; J->take(J->ctx, &t); t.seq++) {
			J->work(J->ctx, &t);
			J->give(J->ctx, &t);
		}
		return;
	}
	P.nslots = pool_nslots(nthreads);
	P.state = xcalloc((size_t)P.nslots, sizeof *P.state);
	P.seq = xcalloc((size_t)P.nslots, sizeof *P.seq);
	pthread_mutex_init(&P.mu, NULL);
	pthread_cond_init(&P.cv_free, NULL);
	pthread_cond_init(&P.cv_done, NULL);
	W = xcalloc((size_t)nthreads, sizeof *W);
	for (i = 0; i < nthreads; i++) {
		W[i].P = &P;
		W[i].index = i;
		if (pthread_create(&W[i].tid, NULL, worker_main, &W[i]) != 0)
			die(EXIT_DATA, "cannot start a thread");
	}
	give_in_order(&P);
	for (i = 0; i < nthreads; i++)
		pthread_join(W[i].tid, NULL);
	free(W);
	free(P.state);
	free(P.seq);
	pthread_mutex_destroy(&P.mu);
	pthread_cond_destroy(&P.cv_free);
	pthread_cond_destroy(&P.cv_done);
}
