/* Worker threads that keep the input's order: tasks 0, 1, 2, ... are
 * taken one at a time in order, done on the workers, each in a slot (a
 * buffer of the caller's, one of pool_nslots), and handed back to the
 * calling thread in task order, so that the output of any number of
 * threads is that of one. A slot is reused once its task is handed back:
 * memory stays bounded by the slots. */
#ifndef RK_POOL_H
#define RK_POOL_H

struct pool_task {
	long seq;		/* 0, 1, 2, ... in input order */
	int slot;		/* 0 .. pool_nslots(nthreads)-1 */
	int worker;		/* 0 .. nthreads-1 (work only) */
};

struct pool_job {
	/* under the pool's lock, in task order: prepares task t->seq in
	 * t->slot (reading input, say); 0 when there is no such task */
	int (*take)(void *ctx, const struct pool_task *t);
	/* on a worker, without the lock */
	void (*work)(void *ctx, const struct pool_task *t);
	/* on the calling thread, in task order; NULL when the work leaves
	 * nothing to hand back */
	void (*give)(void *ctx, const struct pool_task *t);
	void *ctx;
};

/* the online CPUs, 1 to 256 */
int pool_ncpu(void);
/* a program's default number of threads: the online CPUs, at most cap
 * (0: no cap) */
int pool_default_jobs(int cap);
/* the slots of nthreads workers: room for each to work while the calling
 * thread takes results */
int pool_nslots(int nthreads);
/* runs the job to its end; nthreads <= 1 runs it in the calling thread */
void pool_run(const struct pool_job *job, int nthreads);
/* the same, an error of the job (give's, or one its callbacks raise on
 * the calling thread) caught into *err rather than raised: 1 then, 0
 * when the job ran to its end. The caller frees what the job used, then
 * raises it (err_raise): nothing is left to a jump past its frees. */
struct errtrap;
int pool_run_caught(const struct pool_job *job, int nthreads,
		    struct errtrap *err);

#endif
