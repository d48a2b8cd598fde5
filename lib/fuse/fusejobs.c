/* fuse -j N's slots and workers (fusejobs.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/out.h"
#include "util/pool.h"
#include "fuse/fusejobs.h"

/* one run's lines of the query, copied: item bytes, scores, lines */
struct runcopy {
	size_t n, cap;
	struct slice *item;
	double *score;
	long *line;
	char *text;
	size_t textcap;
};

struct fuseslot {
	char *q;		/* the query's id */
	size_t qn, qcap;
	unsigned char *has;
	struct runcopy *copy;	/* per run */
	struct runread *view;	/* per run: the copy as fuser_query reads it */
	struct membuf out;
	struct errtrap err;
	int failed;		/* err holds the query's error */
};

void fusejobs_init(struct fusejobs *j, const struct fuser *f, int nthreads)
{
	int ns = pool_nslots(nthreads);
	size_t R = f->nruns;

	j->f = f;
	j->nthreads = nthreads;
	j->slot = xcalloc((size_t)ns, sizeof *j->slot);
	for (int s = 0; s < ns; s++) {
		j->slot[s].has = xcalloc(R, 1);
		j->slot[s].copy = xcalloc(R, sizeof *j->slot[s].copy);
		j->slot[s].view = xcalloc(R, sizeof *j->slot[s].view);
		for (size_t r = 0; r < R; r++)
			j->slot[s].view[r].path = f->runs[r].path;
	}
	j->worker = xcalloc((size_t)nthreads, sizeof *j->worker);
	for (int w = 0; w < nthreads; w++) {
		struct fuser *fw = &j->worker[w];	/* zeroed by xcalloc */
		fw->comb = f->comb;	/* the options; scratch of its own */
		fw->norm = f->norm;
		fw->trec = f->trec;
		fw->tag = f->tag;
		fw->nruns = f->nruns;
		fw->lower = f->lower;
		fuser_init(&j->worker[w]);
	}
}

void fusejobs_free(struct fusejobs *j)
{
	int ns = pool_nslots(j->nthreads);
	for (int s = 0; s < ns; s++) {
		struct fuseslot *sl = &j->slot[s];
		for (size_t r = 0; r < j->f->nruns; r++) {
			free(sl->copy[r].item);
			free(sl->copy[r].score);
			free(sl->copy[r].line);
			free(sl->copy[r].text);
		}
		free(sl->copy);
		free(sl->view);
		free(sl->has);
		free(sl->q);
		free(sl->out.p);
	}
	for (int w = 0; w < j->nthreads; w++)
		fuser_free(&j->worker[w]);
	free(j->slot);
	free(j->worker);
}

/* run rr's query into c, its items' bytes in c's own text */
static void copy_run(struct runcopy *c, const struct runread *rr)
{
	size_t bytes = 0, at = 0, i;

	for (i = 0; i < rr->n; i++)
		bytes += rr->item[i].n;
	xgrow((void **)&c->text, &c->textcap, bytes + 1, 1);
	if (rr->n > c->cap) {
		size_t cap = c->cap;
		xgrow((void **)&c->item, &cap, rr->n, sizeof *c->item);
		cap = c->cap;
		xgrow((void **)&c->score, &cap, rr->n, sizeof *c->score);
		xgrow((void **)&c->line, &c->cap, rr->n, sizeof *c->line);
	}
	for (i = 0; i < rr->n; i++) {
		memcpy(c->text + at, rr->item[i].p, rr->item[i].n);
		c->item[i] = (struct slice){ c->text + at, rr->item[i].n };
		at += rr->item[i].n;
	}
	memcpy(c->score, rr->score, rr->n * sizeof *c->score);
	memcpy(c->line, rr->line, rr->n * sizeof *c->line);
	c->n = rr->n;
}

void fusejobs_fill(struct fusejobs *j, int s, struct slice q,
		   const unsigned char *has)
{
	struct fuseslot *sl = &j->slot[s];

	xgrow((void **)&sl->q, &sl->qcap, q.n + 1, 1);
	memcpy(sl->q, q.p, q.n);
	sl->qn = q.n;
	memcpy(sl->has, has, j->f->nruns);
	sl->failed = 0;
	for (size_t r = 0; r < j->f->nruns; r++) {
		struct runread *v = &sl->view[r];
		if (!has[r])
			continue;
		copy_run(&sl->copy[r], &j->f->runs[r]);
		v->n = sl->copy[r].n;
		v->item = sl->copy[r].item;
		v->score = sl->copy[r].score;
		v->line = sl->copy[r].line;
	}
}

void fusejobs_work(struct fusejobs *j, int s, int w)
{
	struct fuseslot *sl = &j->slot[s];
	struct fuser *f = &j->worker[w];
	struct errtrap *outer = err_trap;

	sl->out.n = 0;
	if (sl->failed == 2)	/* reading it failed: nothing to fuse */
		return;
	sl->failed = 0;
	f->runs = sl->view;
	out_capture(&sl->out);
	err_trap = &sl->err;
	if (setjmp(sl->err.jb) == 0)
		fuser_query(f, (struct slice){ sl->q, sl->qn }, sl->has);
	else
		sl->failed = 1;
	err_trap = outer;
	out_capture(NULL);
}

void fusejobs_fail(struct fusejobs *j, int s, const struct errtrap *err)
{
	struct fuseslot *sl = &j->slot[s];
	sl->err = *err;
	sl->failed = 2;
}

void fusejobs_give(struct fusejobs *j, int s)
{
	struct fuseslot *sl = &j->slot[s];

	if (sl->failed)
		err_raise(&sl->err);
	out_bytes(sl->out.p, sl->out.n);
}
