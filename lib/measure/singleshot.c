/* The single-shot CMC of one query, exactly, without drawing.
 *
 * The protocol (torchreid's eval_cuhk03, in
 * https://github.com/KaiyangZhou/deep-person-reid/blob/master/torchreid/metrics/rank.py;
 * Li et al., "DeepReID", CVPR 2014, for CUHK03's single-shot setting): after the
 * query's junk has left its gallery, one item of each identity is drawn,
 * uniformly and independently, and hit@K is whether the query's own
 * identity's drawn item (the one relevant item of the drawn gallery)
 * ranks in the first K. torchreid averages 10 seeded draws; the value
 * here is the expectation over every draw, the limit of that average.
 *
 * Derivation. Call x the drawn relevant item, uniform over the query's
 * positives S_p. Given x, another identity j's drawn item is above x
 * (a strictly higher score) with chance a_j = |{y in S_j: s_y > s_x}| /
 * |S_j|, tied with it with chance t_j = |{y in S_j: s_y = s_x}| / |S_j|,
 * below it with chance b_j = 1 - a_j - t_j, independently over j. With A
 * identities above and T tied, x's position is A + 1 + U, U uniform on
 * 0 .. T (every order of the T + 1 tied items equally likely, rankkit's
 * expected mode), so
 *
 *   P(hit@K | x) = sum over a < K, t of P(A = a, T = t) min(K - a, t + 1) / (t + 1)
 *
 * and hit@K = the mean over x in S_p. (A, T) is a two-dimensional
 * Poisson-binomial variable: its law comes from P(A = 0, T = 0) = 1 by
 * one step per identity j,
 *
 *   P'(a, t) = b_j P(a, t) + a_j P(a - 1, t) + t_j P(a, t - 1),
 *
 * kept for a < min(kmax, m) only (mass that reaches a >= K never counts
 * at K <= kmax, and A <= m - 1). An identity whose items all score below
 * x changes nothing and is passed over; one whose items all score above
 * it adds 1 to A; one without a tie with x steps in a alone. So a
 * positive costs O(m log + min(kmax, m) (m + D^2)), D the identities
 * tied with it, and the positives of one score are computed once. Every
 * term is a sum of products of numbers in [0, 1]: the rounding error is
 * a few units of 1e-16 per step, far below any printed digit. */
#include <stdlib.h>
#include <string.h>
#include "measure/singleshot.h"
#include "util/err.h"

/* how many of the n scores (highest first) are above v, and tied with it */
static void count_around(const double *s, size_t n, double v, size_t *above,
			 size_t *tied)
{
	size_t lo = 0, hi = n, mid, gt;

	while (lo < hi) {	/* the first score <= v */
		mid = lo + (hi - lo) / 2;
		if (s[mid] > v)
			lo = mid + 1;
		else
			hi = mid;
	}
	gt = lo;
	hi = n;
	while (lo < hi) {	/* the first score < v */
		mid = lo + (hi - lo) / 2;
		if (s[mid] >= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	*above = gt;
	*tied = lo - gt;
}

/* one step of an identity without a tie: above with chance q, on row t */
static void step_above(double *row, size_t na, double q, double stay)
{
	size_t a;

	for (a = na - 1; a > 0; a--)
		row[a] = row[a] * stay + row[a - 1] * q;
	row[0] *= stay;
}

/* one step of an identity tied with x, rows 0 .. nt + 1 (row nt + 1,
 * zero before, the first to reach it); in place, each (a, t) before the
 * (a - 1, t) and (a, t - 1) it reads */
static void step_tied(double *p, size_t na, size_t nt, double q, double r,
		      double stay)
{
	size_t a, t;

	for (t = nt + 2; t-- > 0;)
		for (a = na; a-- > 0;) {
			double v = p[t * na + a] * stay;
			if (a > 0)
				v += p[t * na + a - 1] * q;
			if (t > 0)
				v += p[(t - 1) * na + a] * r;
			p[t * na + a] = v;
		}
}

/* the chances of the identities for positive score v into w->q (above,
 * tied, their sizes as a third number), the sure ones counted in *shift;
 * returns the number of identities kept, tied ones last in *ntied */
static size_t identity_chances(const struct ssgallery *g, double v,
			       struct ssscratch *w, size_t *shift,
			       size_t *ntied)
{
	size_t j, k = 0, nt = 0, above, tied, n;

	xgrow((void **)&w->q, &w->qcap, 3 * g->m, sizeof *w->q);
	*shift = 0;
	for (j = 0; j < g->m; j++) {
		if (j == g->pos)
			continue;
		n = g->beg[j + 1] - g->beg[j];
		count_around(g->score + g->beg[j], n, v, &above, &tied);
		if (above == n)
			++*shift;
		else if (above || tied) {
			w->q[3 * k] = (double)above;
			w->q[3 * k + 1] = (double)tied;
			w->q[3 * k + 2] = (double)n;
			k++;
			nt += tied > 0;
		}
	}
	*ntied = nt;
	return k;
}

/* the tied identities after the others, keeping each group's order */
static void tied_last(double *q, size_t k)
{
	size_t i, o = 0;
	double *tmp = xmalloc(3 * k * sizeof *tmp);

	for (i = 0; i < k; i++)
		if (q[3 * i + 1] == 0)
			memcpy(tmp + 3 * o++, q + 3 * i, 3 * sizeof *q);
	for (i = 0; i < k; i++)
		if (q[3 * i + 1] != 0)
			memcpy(tmp + 3 * o++, q + 3 * i, 3 * sizeof *q);
	memcpy(q, tmp, 3 * k * sizeof *q);
	free(tmp);
}

/* P(hit@K | x) for each K, x of score v, added times weight into hit */
static void hits_given(const struct ssgallery *g, double v, const long *K,
		       size_t nK, size_t na, struct ssscratch *w,
		       double weight, double *hit)
{
	size_t shift, D, k = identity_chances(g, v, w, &shift, &D), i, a, t,
	       nt = 0;

	if (shift >= na)
		return;		/* x below the cut-off in every draw */
	tied_last(w->q, k);
	xgrow((void **)&w->p, &w->pcap, na * (D + 1), sizeof *w->p);
	memset(w->p, 0, na * (D + 1) * sizeof *w->p);
	w->p[shift] = 1;
	for (i = 0; i < k; i++) {
		double up = w->q[3 * i], tie = w->q[3 * i + 1],
		       n = w->q[3 * i + 2];
		if (tie == 0) {
			step_above(w->p, na, up / n, (n - up) / n);
		} else {
			step_tied(w->p, na, nt, up / n, tie / n,
				  (n - up - tie) / n);
			nt++;
		}
	}
	for (i = 0; i < nK; i++) {
		double s = 0;
		for (t = 0; t <= D; t++)
			for (a = 0; a < na && (long)a < K[i]; a++) {
				double kk = (double)(K[i] - (long)a);
				double f = kk < (double)(t + 1) ?
					   kk / (double)(t + 1) : 1;
				s += w->p[t * na + a] * f;
			}
		hit[i] += weight * s;
	}
}

void singleshot_hits(const struct ssgallery *g, const long *K, size_t nK,
		     long kmax, struct ssscratch *w, double *hit)
{
	const double *s = g->score + g->beg[g->pos];
	size_t np = g->beg[g->pos + 1] - g->beg[g->pos], i, j;
	size_t na = (size_t)kmax < g->m ? (size_t)kmax : g->m;

	for (i = 0; i < nK; i++)
		hit[i] = 0;
	for (i = 0; i < np; i = j) {	/* positives of one score at once */
		for (j = i + 1; j < np && s[j] == s[i]; j++)
			;
		hits_given(g, s[i], K, nK, na, w, (double)(j - i) / (double)np,
			   hit);
	}
	for (i = 0; i < nK; i++)
		if (hit[i] > 1)	/* 1 + a rounding unit: a sure hit */
			hit[i] = 1;
}

void ssscratch_free(struct ssscratch *w)
{
	free(w->p);
	free(w->q);
	memset(w, 0, sizeof *w);
}
