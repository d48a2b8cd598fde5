/* trec_eval's measures of judged and unjudged documents (trecjudged.h). */
#include <limits.h>
#include <math.h>
#include <string.h>
#include "util/err.h"
#include "measure/judged.h"
#include "measure/ties.h"
#include "trec/trecjudged.h"

/* trec_eval's MIN_GEO_MEAN (gm_bpref's floor) and INFAP_EPSILON */
#define MIN_GEO_MEAN .00001
#define INFAP_EPSILON .00001

/* bpref with trec_eval's ties (none: its ranks are a total order) is
 * rankkit's optimistic bpref, the same sum in the same order; 0 for a
 * topic without relevant documents, which trec_eval does not divide */
static double bpref(const struct trectopic *t)
{
	return t->rq.m ? judged_bpref(&t->rq, TIE_OPT) : 0;
}

void trec_bpref(const struct trectopic *t, const struct trecasked *a,
		double *v)
{
	(void)a;
	v[0] = bpref(t);
}

void trec_gm_bpref(const struct trectopic *t, const struct trecasked *a,
		   double *v)
{
	double b = bpref(t);
	(void)a;
	v[0] = log(b > MIN_GEO_MEAN ? b : MIN_GEO_MEAN);
}

/* infAP (Yilmaz and Aslam, CIKM 2006) as trec_eval 10.0 computes it,
 * without sampling: over the judged documents retrieved, in rank order,
 * each relevant one at position j (from 0) adds 1 for j = 0, else
 *     1/(j+1) + (j/(j+1)) * (above / j) * ((r + eps) / (r + nr + 2 eps))
 * with r and nr the relevant and non-relevant judged documents above it,
 * above = r + nr + the documents judged below 0 above it (the pool's
 * unjudged), eps = INFAP_EPSILON; the sum is divided by num_rel. The
 * documents the qrels lack count in j only. */
void trec_infap(const struct trectopic *t, const struct trecasked *a,
		double *v)
{
	long r = 0, nr = 0, pu = 0, j;
	double sum = 0, fj;
	size_t i;

	(void)a;
	for (i = 0; i < t->na; i++) {
		if (t->agrade[i] < 0) {
			pu++;
			continue;
		}
		if (t->agrade[i] < t->level) {
			nr++;
			continue;
		}
		j = t->apos[i];
		if (j == 0) {
			sum += 1.0;
		} else {
			fj = (double)j;
			sum += 1.0 / (fj + 1.0) + (fj / (fj + 1.0)) *
			       ((double)(r + nr + pu) / fj) *
			       (((double)r + INFAP_EPSILON) /
				((double)(r + nr) + 2 * INFAP_EPSILON));
		}
		r++;
	}
	if (t->rq.m)
		sum /= (double)t->rq.m;
	v[0] = sum;
}

/* the judged documents of a grade >= 0 among the first K positions */
static long judged_above(const struct trectopic *t, long K, size_t *i,
			 long *count)
{
	while (*i < t->na && t->apos[*i] < K) {
		*count += t->agrade[*i] >= 0;
		(*i)++;
	}
	return *count;
}

/* unj_K: the unjudged among the first K documents over K; trec_eval's
 * sweep of cut-offs (trec_sweep) as P's */
void trec_unj(const struct trectopic *t, const struct trecasked *a,
	      double *v)
{
	size_t c, i = 0, s = trec_sweep(a->lcut, a->ncut);
	long K, count = 0, seen;

	for (c = 0; c < a->ncut; c++) {
		K = c < s ? a->lcut[c] : LONG_MAX;
		if (K > t->n)
			K = t->n;
		seen = judged_above(t, K, &i, &count);
		v[c] = (double)(K - seen) / (double)a->lcut[c];
	}
}

/* rbp_resid: with p^i the weight of position i (from 0, each the one
 * before times p, as trec_eval multiplies), p^n + (1 - p) times the
 * weights of the unjudged positions added in rank order; 0 when none is
 * unjudged */
void trec_rbp_resid(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	double p = 0.9, cur = 1.0, sum = 0;
	long pos, unj = 0;
	size_t i;

	for (i = 0; i < a->npair; i++)
		if (strcmp(a->pair[i].name, "p") == 0)
			p = a->pair[i].value;
	for (pos = 0, i = 0; pos < t->n; pos++) {
		while (i < t->na && t->apos[i] < pos)
			i++;
		if (i == t->na || t->apos[i] != pos || t->agrade[i] < 0) {
			unj++;
			sum += cur;
		}
		cur = cur * p;
	}
	if (unj)
		v[0] = cur + (1 - p) * sum;
}

void trec_nonrel_judged_ret(const struct trectopic *t,
			    const struct trecasked *a, double *v)
{
	long c = 0;
	size_t i;

	(void)a;
	for (i = 0; i < t->na; i++)
		c += t->agrade[i] >= 0 && t->agrade[i] < t->level;
	v[0] = (double)c;
}

size_t trec_relstring(const struct trectopic *t, const struct trecasked *a,
		      char **buf, size_t *cap)
{
	double x = a->dcut[0];
	long len, pos;
	size_t i = 0;

	/* trec_eval's (long) of the parameter, at most n, at least 0 */
	len = x >= (double)t->n ? t->n : x > 0 ? (long)x : 0;
	xgrow((void **)buf, cap, (size_t)len + 1, 1);
	for (pos = 0; pos < len; pos++) {
		while (i < t->na && t->apos[i] < pos)
			i++;
		if (i == t->na || t->apos[i] != pos)
			(*buf)[pos] = '-';
		else if (t->agrade[i] < 0)
			(*buf)[pos] = '.';
		else if (t->agrade[i] > 9)
			(*buf)[pos] = '>';
		else
			(*buf)[pos] = (char)('0' + t->agrade[i]);
	}
	(*buf)[len] = '\0';
	return (size_t)len;
}
