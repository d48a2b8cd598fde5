/* The grid search of fuse --optimize. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/num.h"
#include "util/out.h"
#include "measure/direction.h"
#include "measure/measures.h"
#include "fuse/fuseopt.h"

/* weight vectors tried at most: the grid's size, C(N + R - 1, R - 1) */
enum { MAX_GRID = 1000000 };

void fuseopt_init(struct fuseopt *o, const char *measure, double step,
		  const char *qrels)
{
	const char *at = strchr(measure, '@');
	struct slice name = { measure, strlen(measure) };
	double n = 1 / step;

	memset(o, 0, sizeof *o);
	o->name = measure;
	o->m = measure_find(name);
	if (!o->m || o->m->kind != MK_MEAN ||
	    measure_direction(name) != BETTER_HIGHER)
		usage_error(NULL, "--optimize: '%s' is not a measure whose mean "
			    "improves upward (hit@10, MRR, MAP@R, ndcg@10, ...)",
			    measure);
	if (o->m->cutoff) {
		struct slice k = { at ? at + 1 : "", at ? strlen(at + 1) : 0 };
		if (parse_long(k, &o->K) != NUM_OK || o->K < 1)
			usage_error(NULL, "--optimize: '%s': a cut-off of 1 "
				    "or more after the @", measure);
	}
	if (!(step > 0 && step <= 1) || fabs(n - floor(n + 0.5)) > 1e-9 ||
	    n > 1000)
		usage_error(NULL, "--step: %g is not 1/N for a whole N from 1 "
			    "to 1000", step);
	o->steps = (long)floor(n + 0.5);
	o->rel.min_grade = 1;
	rel_load_qrels(&o->rel, qrels);
}

void fuseopt_keep(void *ctx, const struct fuser *f, struct slice q, size_t u)
{
	struct fuseopt *o = ctx;
	size_t R = f->nruns, i, e, nlost = 0, mrel = 0;
	struct trainq *t;

	if (!rel_query(&o->rel, q, &o->rq, f->runs[0].path, 0))
		return;
	for (i = 0; i < o->rq.n; i++)
		mrel += o->rq.grade[i] >= o->rel.min_grade;
	if (mrel == 0)
		return;
	xgrow((void **)&o->q, &o->qcap, o->nq + 1, sizeof *o->q);
	t = &o->q[o->nq++];
	t->u = u;
	t->mrel = mrel;
	t->held = xmalloc(u * R);
	t->val = xmalloc(u * R * sizeof *t->val);
	t->rank = xmalloc(u * R * sizeof *t->rank);
	t->grade = xmalloc((u ? u : 1) * sizeof *t->grade);
	t->lost = xmalloc(mrel * sizeof *t->lost);
	memcpy(t->held, f->held, u * R);
	memcpy(t->val, f->val, u * R * sizeof *t->val);
	memcpy(t->rank, f->rank, u * R * sizeof *t->rank);
	for (e = 0; e < u; e++)
		t->grade[e] = -1;
	for (i = 0; i < o->rq.n; i++) {
		if (o->rq.grade[i] < o->rel.min_grade)
			continue;
		e = strmap_get(&f->cand, o->rq.item[i]);
		if (e == STRMAP_ABSENT)
			t->lost[nlost++] = o->rq.grade[i];
		else
			t->grade[e] = o->rq.grade[i];
	}
}

/* a relevant item's place: its rank, ties and grade (rankstream.h's) */
static int cmp_rel(const void *a, const void *b)
{
	const struct relitem *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->grade < y->grade) - (x->grade > y->grade);
}

/* the training query t fused with weights w, as the rank stream would
 * give it to a measure: its relevant items' ranks and ties, tie groups */
static void make_rquery(const struct trainq *t, const struct fuser *f,
			const double *w, struct rquery *rq, double *fused,
			double *tmp)
{
	struct fusecomb c = f->comb;
	size_t R = f->nruns, e, j, n = 0;

	c.w = w;
	for (e = 0; e < t->u; e++)
		fused[e] = fusecomb_score(&c, t->val + e * R, t->rank + e * R,
					  t->held + e * R, R, tmp);
	xgrow((void **)&rq->rel, &rq->relcap, t->mrel, sizeof *rq->rel);
	xgrow((void **)&rq->g, &rq->gcap, t->mrel, sizeof *rq->g);
	for (e = 0; e < t->u; e++) {
		long above = 0, same = 0;
		if (t->grade[e] < 0)
			continue;
		for (j = 0; j < t->u; j++) {
			above += fused[j] > fused[e];
			same += fused[j] == fused[e];
		}
		rq->rel[n++] = (struct relitem){ t->grade[e], above + 1,
						 same - 1, 0, 'r' };
	}
	qsort(rq->rel, n, sizeof *rq->rel, cmp_rel);
	rq->nret = n;
	for (j = 0; n < t->mrel; n++, j++)
		rq->rel[n] = (struct relitem){ t->lost[j], -1, -1, 0, 'r' };
	rq->n = (long)t->u;
	rq->m = t->mrel;
	rq->ng = 0;
	for (j = 0; j < rq->nret; j++) {
		const struct relitem *r = &rq->rel[j];
		if (rq->ng && rq->g[rq->ng - 1].a == r->rank - 1) {
			rq->g[rq->ng - 1].s++;
			continue;
		}
		rq->g[rq->ng++] = (struct tgroup){ r->rank - 1, r->ties + 1, 1,
						   j };
	}
}

/* the mean of the measure over the training queries at weights w */
static double mean_at(const struct fuseopt *o, const struct fuser *f,
		      const double *w, struct rquery *rq, double **fused,
		      size_t *fcap, double *tmp)
{
	static const struct measurectx defaults;
	double sum = 0;
	size_t i, n = 0;

	for (i = 0; i < o->nq; i++) {
		const struct trainq *t = &o->q[i];
		xgrow((void **)fused, fcap, t->u ? t->u : 1, sizeof **fused);
		make_rquery(t, f, w, rq, *fused, tmp);
		struct mcall c = { rq, o->K, TIE_EXP, &defaults, 0 };
		double v = o->m->value(&c);
		if (v == v)
			sum += v, n++;
	}
	return n ? sum / (double)n : 0;
}

/* the next composition of N into R parts after k (the first part
 * largest first: N,0,..,0 to 0,..,0,N); 0 after the last */
static int next_weights(long *k, size_t R)
{
	size_t i;
	long rest;

	/* the last part that is not the last one and is above 0 */
	for (i = R - 1; i-- > 0;)
		if (k[i] > 0)
			break;
	if (i == (size_t)-1)
		return 0;
	rest = k[R - 1];
	k[R - 1] = 0;
	k[i]--;
	k[i + 1] = rest + 1;
	return 1;
}

void fuseopt_search(struct fuseopt *o, const struct fuser *f)
{
	size_t R = f->nruns, r, grid = 1;
	long *k = xcalloc(R, sizeof *k), *best = xcalloc(R, sizeof *best);
	double *w = xmalloc(R * sizeof *w), *tmp = xmalloc(R * sizeof *tmp);
	double *fused = NULL, top = -INFINITY;
	size_t fcap = 0;
	struct rquery rq;
	char num[FMTSCORE_MAX];

	for (r = 1; r < R; r++) {
		grid = grid * ((size_t)o->steps + r) / r;
		if (grid > MAX_GRID)
			usage_error(NULL, "--optimize: more than %d weight "
				    "vectors for %zu runs at --step 1/%ld: a "
				    "larger step", MAX_GRID, R, o->steps);
	}
	if (o->nq == 0)
		die(EXIT_DATA, "--optimize: no query of the runs has a "
		    "relevant item in the qrels");
	memset(&rq, 0, sizeof rq);
	k[0] = o->steps;
	do {
		for (r = 0; r < R; r++)
			w[r] = (double)k[r] / (double)o->steps;
		double v = mean_at(o, f, w, &rq, &fused, &fcap, tmp);
		if (v > top) {
			top = v;
			memcpy(best, k, R * sizeof *k);
		}
	} while (next_weights(k, R));
	out_str("# weights\t");
	for (r = 0; r < R; r++) {
		fmt_double(num, (double)best[r] / (double)o->steps);
		if (r)
			out_char(',');
		out_str(num);
	}
	out_char('\t');
	out_str(o->name);
	out_char('\t');
	fmt_double(num, top);
	out_str(num);
	out_char('\n');
	note("--optimize: %zu weight vectors tried on %zu training queries",
	     grid, o->nq);
	free(rq.rel);
	free(rq.g);
	free(fused);
	free(k);
	free(best);
	free(w);
	free(tmp);
}
