/* The curve of curve.h. In the optimistic mode a query's hit@K is 1 from
 * K = a + 1 on, in the pessimistic one from a + t - s + 1: both curves are
 * counts of the groups whose step is at most K, over the queries. In the
 * expected mode hit@K is 1 from a + t on and cut_hit's fraction for
 * a < K < a + t; the fractions of the groups that cover K go into an exact
 * sum, a group's value times its count added exactly (as two products of
 * doubles, each split by fma into its rounded value and its error), so the
 * sum is the one that adding every query's value would give, and the mean
 * the same bits. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/cutoff.h"
#include "measure/curve.h"
#include "measure/exactsum.h"

void curve_init(struct curve *cv)
{
	memset(cv, 0, sizeof *cv);
	strmap_init(&cv->index);
}

void curve_free(struct curve *cv)
{
	strmap_free(&cv->index);
	free(cv->g);
	free(cv->by_start);
	free(cv->by_pess);
	free(cv->by_end);
	free(cv->active);
	memset(cv, 0, sizeof *cv);
}

void curve_add_group(struct curve *cv, long a, long t, long s)
{
	long key[3] = { a, t, s };
	struct slice k = { (const char *)key, sizeof key };
	size_t i;
	int created;

	cv->count++;
	if (t == 0)
		return;
	i = strmap_put(&cv->index, k, &created);
	if (created) {
		xgrow((void **)&cv->g, &cv->cap, i + 1, sizeof *cv->g);
		cv->g[i] = (struct cgroup){ a, t, s, 0 };
		cv->ng = i + 1;
		cv->sorted = 0;
	}
	cv->g[i].count++;
}

void curve_add(struct curve *cv, const struct rquery *q)
{
	if (q->m == 0 || q->ng == 0)
		curve_add_group(cv, 0, 0, 0);
	else
		curve_add_group(cv, q->g[0].a, q->g[0].t, (long)q->g[0].s);
}

/* where a group's hit@K becomes 1: optimistic, pessimistic, every mode */
static long step_start(const struct cgroup *g) { return g->a + 1; }
static long step_pess(const struct cgroup *g) { return g->a + g->t - g->s + 1; }
static long step_end(const struct cgroup *g) { return g->a + g->t; }

/* qsort has no context: the groups and the step being sorted by */
static const struct cgroup *sort_g;
static long (*sort_step)(const struct cgroup *);

static int by_step(const void *x, const void *y)
{
	long a = sort_step(&sort_g[*(const size_t *)x]);
	long b = sort_step(&sort_g[*(const size_t *)y]);
	return (a > b) - (a < b);
}

static size_t *sorted_by(const struct curve *cv,
			 long (*step)(const struct cgroup *))
{
	size_t *o = xmalloc((cv->ng + 1) * sizeof *o), i;

	for (i = 0; i < cv->ng; i++)
		o[i] = i;
	sort_g = cv->g;
	sort_step = step;
	qsort(o, cv->ng, sizeof *o, by_step);
	return o;
}

/* the cursor back before K = 1, the orders made when groups came since */
static void rewind_cursor(struct curve *cv)
{
	if (!cv->sorted) {
		free(cv->by_start);
		free(cv->by_pess);
		free(cv->by_end);
		free(cv->active);
		cv->by_start = sorted_by(cv, step_start);
		cv->by_pess = sorted_by(cv, step_pess);
		cv->by_end = sorted_by(cv, step_end);
		cv->active = xmalloc((cv->ng + 1) * sizeof *cv->active);
		cv->sorted = 1;
	}
	cv->at = 0;
	cv->nstart = cv->npess = cv->nend = 0;
	cv->started = cv->pessed = cv->ended = 0;
	cv->nactive = 0;
}

/* the cursor on to K: the groups whose steps are at most K counted, the
 * groups with a < K < a + t (ties to evaluate) in active[] */
static void advance(struct curve *cv, long K)
{
	size_t i, kept = 0;

	if (!cv->sorted || K < cv->at)
		rewind_cursor(cv);
	while (cv->nstart < cv->ng &&
	       step_start(&cv->g[cv->by_start[cv->nstart]]) <= K) {
		const struct cgroup *g = &cv->g[cv->by_start[cv->nstart++]];
		cv->started += g->count;
		if (step_end(g) > K)
			cv->active[cv->nactive++] = (size_t)(g - cv->g);
	}
	while (cv->npess < cv->ng &&
	       step_pess(&cv->g[cv->by_pess[cv->npess]]) <= K)
		cv->pessed += cv->g[cv->by_pess[cv->npess++]].count;
	while (cv->nend < cv->ng &&
	       step_end(&cv->g[cv->by_end[cv->nend]]) <= K)
		cv->ended += cv->g[cv->by_end[cv->nend++]].count;
	for (i = 0; i < cv->nactive; i++)
		if (step_end(&cv->g[cv->active[i]]) > K)
			cv->active[kept++] = cv->active[i];
	cv->nactive = kept;
	cv->at = K;
}

/* v times c into x, exactly: c in halves below 2^32 (each a double), each
 * product as its rounded value and its error, fma(v, h, -p) */
static void add_times(struct exactsum *x, double v, long c)
{
	double half[2] = { (double)((int64_t)c >> 32) * 4294967296.0,
			   (double)((int64_t)c & 0xffffffff) };
	int i;

	for (i = 0; i < 2; i++) {
		double p = v * half[i];
		if (half[i] == 0)
			continue;
		exactsum_add(x, p);
		exactsum_add(x, fma(v, half[i], -p));
	}
}

double curve_value(struct curve *cv, long K, int mode)
{
	struct exactsum x;
	size_t i;

	if (cv->count == 0)
		return NAN;
	advance(cv, K);
	if (mode == TIE_OPT)
		return (double)cv->started / (double)cv->count;
	if (mode == TIE_PESS)
		return (double)cv->pessed / (double)cv->count;
	/* no tie covers K: the exact sum is the count of ones itself */
	if (cv->nactive == 0)
		return (double)cv->ended / (double)cv->count;
	exactsum_init(&x);
	for (i = 0; i < cv->nactive; i++) {
		const struct cgroup *g = &cv->g[cv->active[i]];
		add_times(&x, prob_any(g->t, g->s, K - g->a), g->count);
	}
	exactsum_add(&x, (double)cv->ended);
	return exactsum_value(&x) / (double)cv->count;
}

void curve_steps(const struct curve *cv, long **steps, size_t *n,
		 size_t *cap)
{
	size_t i;

	xgrow((void **)steps, cap, *n + 2 * cv->ng + 1, sizeof **steps);
	for (i = 0; i < cv->ng; i++) {
		(*steps)[(*n)++] = step_start(&cv->g[i]);
		(*steps)[(*n)++] = step_pess(&cv->g[i]);
	}
}
