/* The runs side by side, a query at a time. Each run has read the first
 * line of its next query ahead; the query fused next is the one every
 * run holds next, or, when they differ (a query missing from some run),
 * the first of them in byte order: the order of LC_ALL=C sort -b -s
 * -k1,1, so that sorted runs always fuse. A query that a run holds after
 * it was fused (lines apart, or runs in orders that disagree) is an
 * error, never a second fusion of it. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/idset.h"
#include "util/out.h"
#include "util/pool.h"
#include "fuse/fusejobs.h"
#include "fuse/fusepass.h"

static const char order_hint[] =
	"every run must hold each query's lines together and list the "
	"queries in one order: LC_ALL=C sort -b -s -k1,1 each run";

/* the query fused next (inside a run's buffer), or n 0 at the end; a
 * query fused before dies */
static struct slice next_query(const struct fuser *f,
			       const struct idset *done)
{
	struct slice q = { NULL, 0 };
	size_t r;

	for (r = 0; r < f->nruns; r++) {
		const struct runread *rr = &f->runs[r];
		if (!rr->more)
			continue;
		if (idset_has(done, rr->next))
			die_at(rr->path, rr->next_line,
			       "query '%.*s' again after other queries: %s",
			       (int)rr->next.n, rr->next.p, order_hint);
		if (!q.p || slice_cmp(rr->next, q) < 0)
			q = rr->next;
	}
	return q;
}

/* the pass's state between queries */
struct pass {
	struct fuser *f;
	const char *const *paths;
	int require_all;
	struct idset done;
	unsigned char *has;	/* per run: it holds the query taken */
	long *lacks, nq;
	char *qbuf;		/* the query taken's id */
	size_t qcap;
	struct slice q;
	struct fusejobs jobs;
	int read_failed;	/* -j: reading stopped at an error */
};

/* the next query taken from the runs that hold it into *q and p->has;
 * 0 at the end */
static int take_query(struct pass *p)
{
	struct fuser *f = p->f;
	struct slice q = next_query(f, &p->done);
	size_t r, k;

	if (!q.p)
		return 0;
	/* the id outlives the runs' reading ahead */
	xgrow((void **)&p->qbuf, &p->qcap, q.n + 1, 1);
	memcpy(p->qbuf, q.p, q.n);
	q.p = p->qbuf;
	for (r = 0; r < f->nruns; r++)
		p->has[r] = f->runs[r].more && slice_eq(f->runs[r].next, q);
	for (r = 0; r < f->nruns && p->require_all; r++) {
		if (p->has[r])
			continue;
		for (k = 0; !p->has[k]; k++)
			;
		die_at(p->paths[r], 0, "lacks query '%.*s' of %s "
		       "(--require-all)", (int)q.n, q.p, p->paths[k]);
	}
	for (r = 0; r < f->nruns; r++) {
		if (p->has[r])
			runread_take(&f->runs[r]);
		else
			p->lacks[r]++;
	}
	idset_add(&p->done, q);
	p->nq++;
	p->q = q;
	return 1;
}

/* the pool's steps (-j): a query taken and copied into its slot, fused on
 * a worker, written in order */
static int pool_take(void *ctx, const struct pool_task *t)
{
	struct pass *p = ctx;
	struct errtrap err, *outer = err_trap;
	int more = 0;

	if (p->read_failed)
		return 0;
	/* an error of the input waits its turn, after the queries before
	 * it: the output of any -j is that of one thread */
	err_trap = &err;
	if (setjmp(err.jb) == 0) {
		if ((more = take_query(p)) != 0)
			fusejobs_fill(&p->jobs, t->slot, p->q, p->has);
	} else {
		fusejobs_fail(&p->jobs, t->slot, &err);
		p->read_failed = more = 1;
	}
	err_trap = outer;
	return more;
}

static void pool_work(void *ctx, const struct pool_task *t)
{
	struct pass *p = ctx;
	fusejobs_work(&p->jobs, t->slot, t->worker);
}

static void pool_give(void *ctx, const struct pool_task *t)
{
	struct pass *p = ctx;
	fusejobs_give(&p->jobs, t->slot);
}

void fusepass_run(struct fuser *f, const char *const *paths,
		  int require_all, int nthreads)
{
	struct pass p = { .f = f, .paths = paths, .require_all = require_all };
	size_t r, k;

	p.has = xcalloc(f->nruns, 1);
	p.lacks = xcalloc(f->nruns, sizeof *p.lacks);
	f->runs = xcalloc(f->nruns, sizeof *f->runs);
	for (r = 0; r < f->nruns; r++) {
		runread_open(&f->runs[r], paths[r]);
		if (!f->runs[r].st.seen_any)
			die_at(paths[r], 0, "empty input: no scores (did the "
			       "program upstream fail?)");
	}
	idset_init(&p.done);
	fuser_init(f);
	if (!f->trec && !f->keep)
		stream_write_header(HDR_SCORE);
	if (nthreads > 1) {
		struct pool_job job = { pool_take, pool_work, pool_give, &p };
		fusejobs_init(&p.jobs, f, nthreads);
		pool_run(&job, nthreads);
		fusejobs_free(&p.jobs);
	} else
		while (take_query(&p))
			fuser_query(f, p.q, p.has);
	if (!f->trec && !f->keep)
		stream_write_end();
	out_flush();
	for (r = 0; r < f->nruns; r++) {
		if (p.lacks[r])
			note("%s: lacks %ld of the %ld queries: they fuse "
			     "from the other runs", paths[r], p.lacks[r], p.nq);
		runread_close(&f->runs[r]);
	}
	for (k = 0; k < f->nexplain; k++)
		if (!f->explained[k])
			tell_note("--explain %s: the input has no such query",
				  f->explain[k]);
	fuser_free(f);
	idset_free(&p.done);
	free(f->runs);
	free(p.has);
	free(p.lacks);
	free(p.qbuf);
}
