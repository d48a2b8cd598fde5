/* The gain measures of trec_eval, position by position (trecgain.h). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/msort.h"
#include "trec/trecfields.h"
#include "trec/trecgain.h"

/* one grade's gain and its judged documents */
struct gainent {
	long level;
	double gain;
	long count;
};

struct gains {
	struct gainent *e;
	size_t n;
};

int trec_gain_level(const char *name, long *level)
{
	const char *s = name;

	if (*s == '-' || *s == '+')
		s++;
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	*level = trec_atol((struct slice){ name, strlen(name) });
	return 1;
}

/* trec_eval's comparison of gains: their difference as an int, as x86's
 * conversion makes it (INT_MIN when it does not fit) */
static int cmp_gain(const void *pa, const void *pb)
{
	double d = ((const struct gainent *)pa)->gain -
		   ((const struct gainent *)pb)->gain;

	if (!(d > (double)INT_MIN - 1 && d < (double)INT_MAX + 1))
		return INT_MIN;
	return (int)d;
}

/* the table: the parameters' levels in their order, then every grade
 * 0 .. nlevels-1 without one (gain = grade), sorted by gain */
static void gains_make(struct gains *g, const struct trectopic *t,
		       const struct trecasked *a)
{
	size_t i, j, np;
	long lev;

	g->e = xmalloc((a->npair + (size_t)t->nlevels + 1) * sizeof *g->e);
	g->n = 0;
	for (i = 0; i < a->npair; i++)
		if (trec_gain_level(a->pair[i].name, &lev)) {
			g->e[g->n].level = lev;
			g->e[g->n].gain = a->pair[i].value;
			g->e[g->n++].count = 0;
		}
	/* a grade takes the first parameter's entry of its level (the
	 * grades' own entries are all of lower levels) */
	for (np = g->n, lev = 0; lev < t->nlevels; lev++) {
		for (j = 0; j < np && g->e[j].level != lev; j++)
			;
		if (j < np) {
			g->e[j].count = t->levels[lev];
			continue;
		}
		g->e[g->n].level = lev;
		g->e[g->n].gain = (double)lev;
		g->e[g->n++].count = t->levels[lev];
	}
	msort(g->e, g->n, sizeof *g->e, cmp_gain);
}

static double gain_of(const struct gains *g, long level)
{
	size_t i;
	for (i = 0; i < g->n; i++)
		if (g->e[i].level == level)
			return g->e[i].gain;
	return 0.0;
}

/* the ideal ranking, one position at a time: the judged documents from
 * the table's top down, a gain of 0 once they are used up */
struct ideal {
	const struct gains *g;
	long cur, at;
	double gain;
};

static void ideal_init(struct ideal *id, const struct gains *g)
{
	id->g = g;
	id->cur = (long)g->n - 1;
	id->at = 0;
	id->gain = id->cur >= 0 ? g->e[id->cur].gain : 0.0;
}

static double ideal_next(struct ideal *id)
{
	id->at++;
	while (id->cur >= 0 && id->at > id->g->e[id->cur].count) {
		id->at = 1;
		id->cur--;
		id->gain = id->cur >= 0 ? id->g->e[id->cur].gain : 0.0;
	}
	return id->gain;
}

/* the retrieved documents with a gain, walked position by position */
struct walk {
	const struct trectopic *t;
	const struct gains *g;
	size_t j;
};

/* the gain of the document at position i (walked in increasing order) */
static double gain_at(struct walk *w, long i)
{
	if (w->j < w->t->nc && w->t->cpos[w->j] == i)
		return gain_of(w->g, w->t->cgrade[w->j++]);
	return 0.0;
}

static double disc(long i)
{
	return log2((double)(i + 2));
}

/* DCG of the ranking and of the ideal ranking */
static void dcg_pair(const struct trectopic *t, const struct trecasked *a,
		     double *res, double *ideal)
{
	struct gains g;
	struct ideal id;
	double x;
	size_t j;
	long i;

	gains_make(&g, t, a);
	*res = *ideal = 0.0;
	for (j = 0; j < t->nc; j++)
		if ((x = gain_of(&g, t->cgrade[j])) != 0)
			*res += x / disc(t->cpos[j]);
	ideal_init(&id, &g);
	for (i = 0; id.gain > 0.0; i++)
		if ((x = ideal_next(&id)) > 0.0)
			*ideal += x / disc(i);
	free(g.e);
}

void trec_dcg(const struct trectopic *t, const struct trecasked *a,
	      double *v)
{
	double ideal;
	dcg_pair(t, a, &v[0], &ideal);
}

void trec_ideal_dcg(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	double res;
	dcg_pair(t, a, &res, &v[0]);
}

void trec_ndcg(const struct trectopic *t, const struct trecasked *a,
	       double *v)
{
	double res, ideal;

	dcg_pair(t, a, &res, &ideal);
	if (ideal > 0.0)
		v[0] = res / ideal;
}

/* ndcg_rel: nDCG at each relevant (gain > 0) document, averaged over the
 * documents of the ideal ranking, those not retrieved at the list's end */
void trec_ndcg_rel(const struct trectopic *t, const struct trecasked *a,
		   double *v)
{
	struct gains g;
	struct ideal id;
	struct walk w = { t, &g, 0 };
	double res = 0, ideal = 0, sum = 0, rg, x;
	long i, nrel = 0, nrelret = 0;

	gains_make(&g, t, a);
	ideal_init(&id, &g);
	for (i = 0; i < t->n && id.gain > 0.0; i++) {
		if ((rg = gain_at(&w, i)) != 0)
			res += rg / disc(i);
		if ((x = ideal_next(&id)) > 0.0) {
			nrel++;
			ideal += x / disc(i);
		}
		if (rg > 0)
			sum += res / ideal, nrelret++;
	}
	for (; w.j < t->nc; w.j++) {
		if ((rg = gain_of(&g, t->cgrade[w.j])) != 0)
			res += rg / disc(t->cpos[w.j]);
		if (rg > 0)
			sum += res / ideal, nrelret++;
	}
	for (; id.gain > 0.0; i++)
		if ((x = ideal_next(&id)) > 0.0) {
			nrel++;
			ideal += x / disc(i);
		}
	sum += ((double)(nrel - nrelret)) * res / ideal;
	if (sum > 0.0)
		v[0] = sum / (double)nrel;
	free(g.e);
}

/* Rndcg's running sum: nDCG so far where the ideal gain changes */
struct rndcg {
	double res, ideal, sum, old;
	long changes;
};

static void rndcg_step(struct rndcg *r, double x)
{
	if (r->old != x) {
		if (r->ideal > 0.0) {
			r->sum += r->res / r->ideal;
			r->changes++;
		}
		r->old = x;
	}
}

/* Rndcg: nDCG averaged over the ranks where the ideal gain changes */
void trec_Rndcg(const struct trectopic *t, const struct trecasked *a,
		double *v)
{
	struct gains g;
	struct ideal id;
	struct walk w = { t, &g, 0 };
	struct rndcg r = { 0, 0, 0, 0, 0 };
	double rg, x;
	long i;

	if (t->rq.m == 0)
		return;
	gains_make(&g, t, a);
	ideal_init(&id, &g);
	r.old = id.gain;
	for (i = 0; i < t->n && id.gain > 0.0; i++) {
		rg = gain_at(&w, i);
		rndcg_step(&r, x = ideal_next(&id));
		if (rg != 0)
			r.res += rg / disc(i);
		if (x > 0.0)
			r.ideal += x / disc(i);
	}
	if (i < t->n) {
		for (; w.j < t->nc; w.j++)
			if ((rg = gain_of(&g, t->cgrade[w.j])) != 0)
				r.res += rg / disc(t->cpos[w.j]);
		if (r.ideal > 0.0) {
			r.sum += r.res / r.ideal;
			r.changes++;
		}
	}
	for (; id.gain > 0.0; i++) {
		rndcg_step(&r, x = ideal_next(&id));
		if (x > 0.0)
			r.ideal += x / disc(i);
	}
	v[0] = r.sum / (double)r.changes;
	free(g.e);
}

/* G: gain over a cost that grows with each document's ideal gain (at
 * least 1), normalised by the ideal ranking's total gain */
void trec_G(const struct trectopic *t, const struct trecasked *a, double *v)
{
	struct gains g;
	struct ideal id;
	struct walk w = { t, &g, 0 };
	double res_g = 0, sum_res = 0, sum_ideal = 0, cost = 0, rg, x;
	const double min_cost = 1.0;
	long i;

	gains_make(&g, t, a);
	ideal_init(&id, &g);
	for (i = 0; i < t->n && id.gain > 0.0; i++) {
		sum_res += (rg = gain_at(&w, i));
		if ((x = ideal_next(&id)) > 0.0)
			sum_ideal += x;
		cost += x >= min_cost ? x : min_cost;
		if (rg != 0)
			res_g += rg / log2(2 + cost - sum_res);
	}
	for (; i < t->n; i++) {
		sum_res += (rg = gain_at(&w, i));
		cost += min_cost;
		if (rg != 0)
			res_g += rg / log2(2 + cost - sum_res);
	}
	while (id.gain > 0.0)
		if ((x = ideal_next(&id)) > 0.0)
			sum_ideal += x;
	if (sum_ideal > 0.0)
		v[0] = res_g / sum_ideal;
	free(g.e);
}

/* ndcg_cut: the grade is the gain (positive grades), the ideal takes the
 * judged documents by grade; each cut-off K is DCG over the first K
 * positions over the ideal's */
void trec_ndcg_cut(const struct trectopic *t, const struct trecasked *a,
		   double *v)
{
	const long *K = a->lcut;
	size_t k = a->ncut, ci = 0, j, sweep = trec_sweep(K, k);
	double sum = 0, ideal = 0;
	long cur = t->nlevels - 1, cnt = 0, i;

	for (j = 0; j < t->nc; j++) {
		for (; ci < sweep && K[ci] <= t->cpos[j]; ci++)
			v[ci] = sum;
		if (t->cgrade[j] > 0)
			sum += (double)t->cgrade[j] / disc(t->cpos[j]);
	}
	for (; ci < k; ci++)
		v[ci] = sum;
	if (cur < 0)	/* no grade >= 0 judged: no ideal */
		return;
	for (i = 0, ci = 0;; i++) {
		cnt++;
		while (cur > 0 && cnt > t->levels[cur])
			cur--, cnt = 1;
		if (cur == 0)
			break;
		if (i == K[ci]) {
			if (ideal > 0.0)
				v[ci] /= ideal;
			if (++ci == k)
				return;
		}
		ideal += (double)cur / disc(i);
	}
	for (; ci < k; ci++)
		if (ideal > 0.0)
			v[ci] /= ideal;
}

/* rbp: gains brought into [0, 1] when one is outside (from a minimum and
 * maximum that start at 0: trec_eval leaves them unset, and its build
 * finds 0 there), each weighted by p^(rank-1), p from the parameter p */
void trec_rbp(const struct trectopic *t, const struct trecasked *a,
	      double *v)
{
	struct gains g;
	double p = 0.9, lo = 0, hi = 0, sum = 0, cur = 1.0, x;
	size_t i, j = 0;
	long pos;

	for (i = 0; i < a->npair; i++)
		if (strcmp(a->pair[i].name, "p") == 0)
			p = a->pair[i].value;
	gains_make(&g, t, a);
	for (i = 0; i < g.n; i++) {
		if (g.e[i].gain < lo)
			lo = g.e[i].gain;
		if (g.e[i].gain > hi)
			hi = g.e[i].gain;
	}
	if (lo < 0 || hi > 1)
		for (i = 0; i < g.n; i++)
			g.e[i].gain = (g.e[i].gain - lo) / (hi - lo);
	for (pos = 0; pos < t->n && j < t->nc; pos++) {
		if (t->cpos[j] == pos &&
		    (x = gain_of(&g, t->cgrade[j++])) != 0)
			sum += x * cur;
		cur = cur * p;
	}
	v[0] = (1.0 - p) * sum;
	free(g.e);
}
