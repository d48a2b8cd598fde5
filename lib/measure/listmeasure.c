/* Full-list measures of one query in the three tie modes (listmeasure.h).
 *
 * A query's retrieved relevant items come in tie groups (rankstream.h): the
 * group occupies positions a+1 .. a+t, s of them relevant, and c relevant
 * items lie above it. Every item above a group is fixed (it ranks strictly
 * higher), so c is an exact count in every mode, and the orders of distinct
 * groups are independent: the expected value of a sum over groups is the
 * sum of the groups' expected terms (McSherry & Najork, "Computing
 * information retrieval performance measures efficiently in the presence of
 * tied scores", ECIR 2008; rankkit(7), "Ties").
 *
 * Optimistic: the s relevant items take positions a+1 .. a+s, highest grade
 * first (rel[first+j] at a+1+j). Pessimistic: they take a+t-s+1 .. a+t,
 * lowest grade first (rel[first+j] at a+t-j). In DCG under a gain map
 * (ndcg --gains), which may give a higher grade a lower gain, "highest"
 * is the highest gain (list_gain_order), so that the two stay the best
 * and the worst orders. Expected: the mean over the
 * t! orders of the group, in closed form:
 *
 * Average precision. One relevant item of the group lands on position a+i
 * with probability 1/t; given that, each of the other s-1 lands on each of
 * the other t-1 positions with equal probability, so the expected number
 * of them above it is (s-1)(i-1)/(t-1). Its expected precision is therefore
 * (c + 1 + (s-1)(i-1)/(t-1)) / (a+i), and the group's share of the sum of
 * precisions, counting only the first u positions (u = t without cut-off,
 * u = min(t, K-a) at cut-off K), is
 *
 *   T = (s/t) sum_{i=1..u} (c + 1 + (s-1)(i-1)/(t-1)) / (a+i).
 *
 * With (i-1)/(a+i) = 1 - (a+1)/(a+i) and D = sum_{i=1..u} 1/(a+i)
 * = H(a+u) - H(a) (H the harmonic numbers):
 *
 *   T = (s/t) [ (c+1) D + (s-1)/(t-1) (u - (a+1) D) ],   T = s(c+1)/(a+1)
 *   when t = 1 (then s = 1 and u = 1).
 *
 * D comes from harmonic_diff (tiesum.c) in O(1), so AP, AP@K and MAP@R
 * cost O(groups).
 *
 * DCG. Every position of the group holds each of its relevant items with
 * probability 1/t, so a position's expected gain is G/t (G the sum of the
 * group's gains), and the group's expected DCG is (G/t) times the sum of the
 * discounts 1/log2(1+p) of its positions p inside the cut-off: discount_sum,
 * O(1) by Euler-Maclaurin (tiesum.c).
 *
 * Gains. 2^grade - 1 overflows from grade 1024 on, and a sum of such gains
 * earlier; DCG and IDCG are sums of the same query's gains, so when its
 * largest grade gmax passes GAIN_SHIFT_FROM both take every gain times
 * 2^-gmax, 2^(g-gmax) - 2^-gmax, and their ratio is the same number. The
 * scaled gains are at most 1, and the best one, 1 - 2^-gmax, is the first
 * term of IDCG: nothing overflows and IDCG is never 0.
 *
 * INP. Only the last group holding a relevant item matters: the last
 * relevant item sits at a + X, X the largest of s positions drawn from
 * 1..t, and E[1/(a+X)] is last_rr: O(1), or O(s) (tiesum.c).
 *
 * AP@K over the relevant items found (torchmetrics' divisor) is a ratio; its
 * expectation is not the ratio of expectations. Only a group straddling K
 * (a < K < a+t) makes the count random: X of its s items fall in the first
 * u = K-a positions, X hypergeometric (t, s, u). Given X = x, those x items
 * are a uniformly drawn x-subset of the u positions, so the group's
 * conditional share is the term T above with (t, s) = (u, x), and, the
 * groups above being independent of it,
 *
 *   E = sum_x P(X = x) (S + T(a, u, x, c, u)) / (c + x),
 *
 * S the expected share of the groups above, terms with c + x = 0 counting 0.
 * O(groups + s). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/minmax.h"
#include "measure/cutoff.h"
#include "measure/listmeasure.h"
#include "measure/tiesum.h"

/* position of the j-th relevant item (0-based, grade order) of group g */
static long fixed_pos(const struct tgroup *g, size_t j, int mode)
{
	return mode == TIE_OPT ? g->a + 1 + (long)j : g->a + g->t - (long)j;
}

/* the cut-off as a position bound: K <= 0 means none */
static long bound(long K)
{
	return K > 0 ? K : LONG_MAX;
}

double list_rprec(const struct rquery *q, int mode)
{
	if (q->m == 0)
		return 0;
	return cut_found(q, (long)q->m, mode) / (double)q->m;
}

/* expected share T of a group (a, t, s) with c relevant items above it,
 * counting its first u positions (1 <= u <= t): see the top of the file */
static double ap_term(long a, long t, long s, double c, long u)
{
	double harm;	/* D of the formula */

	if (s == 0 || u <= 0)
		return 0;
	if (t == 1)
		return (c + 1) / (double)(a + 1);
	harm = harmonic_diff(a, u);
	return (double)s / (double)t * ((c + 1) * harm + (double)(s - 1)
	    / (double)(t - 1) * ((double)u - (double)(a + 1) * harm));
}

double list_ap_share(long a, long t, long s, double c, long u)
{
	return ap_term(a, t, s, c, u);
}

/* sum of precisions at relevant positions <= K and the relevant items found
 * there, for a fixed order (optimistic or pessimistic) */
static double ap_sum_fixed(const struct rquery *q, long K, int mode,
			   double *found)
{
	double sum = 0;
	long cnt = 0, f = 0;
	size_t k, j;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];

		for (j = 0; j < g->s; j++) {
			/* the j-th item in position order */
			long p = mode == TIE_OPT ? g->a + 1 + (long)j
			    : g->a + g->t - (long)g->s + 1 + (long)j;

			cnt++;
			if (p <= K) {
				sum += (double)cnt / (double)p;
				f++;
			}
		}
	}
	*found = (double)f;
	return sum;
}

/* expected sum of precisions at relevant positions <= K */
static double ap_sum_exp(const struct rquery *q, long K)
{
	double sum = 0, c = 0;
	size_t k;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];

		if (g->a >= K)
			break;
		sum += ap_term(g->a, g->t, (long)g->s, c, lmin(g->t, K - g->a));
		c += (double)g->s;
	}
	return sum;
}

/* expected AP@K over the relevant items found in the top K: top of file */
static double apk_found_exp(const struct rquery *q, long K)
{
	double above = 0, c = 0, num, wsum, w;	/* above: S of the formula */
	long a, t, s, u, lo, hi, mode, x;
	size_t k;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];

		if (g->a >= K)
			break;
		if (g->a + g->t <= K) {
			above += ap_term(g->a, g->t, (long)g->s, c, g->t);
			c += (double)g->s;
			continue;
		}
		/* the group straddles K: X ~ hypergeometric(t, s, u) */
		a = g->a, t = g->t, s = (long)g->s, u = K - a;
		lo = lmax(0, u - (t - s));
		hi = lmin(s, u);
		mode = (long)floor(((double)u + 1) * ((double)s + 1)
		    / ((double)t + 2));
		mode = lmin(hi, lmax(lo, mode));
		/* unnormalised weights, 1 at the mode, by the ratio
		 * P(x+1)/P(x) = (s-x)(u-x) / ((x+1)(t-s-u+x+1)) */
		num = 0;
		wsum = 0;
		for (w = 1, x = mode; x <= hi; x++) {
			if (c + (double)x > 0)
				num += w * (above + ap_term(a, u, x, c, u))
				    / (c + (double)x);
			wsum += w;
			if (x < hi)
				w *= (double)(s - x) * (double)(u - x)
				    / ((double)(x + 1)
				    * (double)(t - s - u + x + 1));
			if (w < 1e-20 * wsum)
				break;
		}
		for (w = 1, x = mode; x > lo; x--) {
			w *= (double)x * (double)(t - s - u + x)
			    / ((double)(s - x + 1) * (double)(u - x + 1));
			if (c + (double)(x - 1) > 0)
				num += w * (above + ap_term(a, u, x - 1, c, u))
				    / (c + (double)(x - 1));
			wsum += w;
			if (w < 1e-20 * wsum)
				break;
		}
		return num / wsum;
	}
	return c > 0 ? above / c : 0;
}

double list_apk(const struct rquery *q, long K, int mode, int div)
{
	double sum, found, d;

	if (q->m == 0)
		return 0;
	K = bound(K);
	if (mode == TIE_EXP) {
		if (div == APDIV_FOUND)
			return apk_found_exp(q, K);
		sum = ap_sum_exp(q, K);
	} else {
		sum = ap_sum_fixed(q, K, mode, &found);
		if (div == APDIV_FOUND)
			return found > 0 ? sum / found : 0;
	}
	d = (double)q->m;
	if (div == APDIV_MIN && (double)K < d)
		d = (double)K;
	return sum / d;
}

double list_ap(const struct rquery *q, int mode)
{
	return list_apk(q, 0, mode, APDIV_M);
}

double list_mapr(const struct rquery *q, int mode)
{
	if (q->m == 0)
		return 0;
	return list_apk(q, (long)q->m, mode, APDIV_M);
}

double list_inp(const struct rquery *q, int mode)
{
	const struct tgroup *g;
	double e;

	if (q->nret == 0 || q->ng == 0)
		return 0;
	g = &q->g[q->ng - 1];
	if (mode == TIE_OPT)
		e = 1 / (double)(g->a + (long)g->s);
	else if (mode == TIE_PESS)
		e = 1 / (double)(g->a + g->t);
	else
		e = last_rr(g->a, g->t, (long)g->s);
	return (double)q->nret * e;
}

/* exp gains are scaled by 2^-gmax from this largest grade on: m gains of
 * at most 2^960 each sum to less than 2^1023 */
#define GAIN_SHIFT_FROM 961

struct gains list_gains(const struct rquery *q, int gain,
			const struct gainmap *map)
{
	struct gains gs = { gain, 0, 0, map };
	long gmax = LONG_MIN;
	size_t i;

	if (gain != GAIN_EXP)
		return gs;
	for (i = 0; i < q->m; i++)
		gmax = lmax(gmax, q->rel[i].grade);
	if (gmax >= GAIN_SHIFT_FROM)
		gs.shift = gmax;
	return gs;
}

double list_gain(const struct gains *gs, long grade)
{
	if (gs->map)
		return gainmap_gain(gs->map, grade);
	if (gs->kind == GAIN_SCALED)
		return (double)lmax(0, lmin(grade, gs->top)) / (double)gs->top;
	if (gs->kind != GAIN_EXP)
		return (double)grade;
	if (gs->shift == 0)
		return ldexp(1.0, (int)lmax(-1100, lmin(grade, 1100))) - 1;
	/* 2^(grade - shift) - 2^-shift; grade - shift < -1100 is 0 (and
	 * never computed: grade may be LONG_MIN) */
	return ldexp(1.0, grade < gs->shift - 1100 ? -1100 :
		     (int)(grade - gs->shift)) -
	    ldexp(1.0, (int)lmax(-1100, -gs->shift));
}

static double discount(long p)
{
	return 1 / log2(1 + (double)p);
}

static int gain_desc(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a < b) - (a > b);
}

double *list_gain_order(const struct rquery *q, const struct gains *gs)
{
	double *v;
	size_t k, j;

	if (!gs->map || q->nret == 0)
		return NULL;
	v = xmalloc(q->nret * sizeof *v);
	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];
		for (j = 0; j < g->s; j++)
			v[g->first + j] = list_gain(gs, q->rel[g->first +
			    j].grade);
		qsort(v + g->first, g->s, sizeof *v, gain_desc);
	}
	return v;
}

/* DCG of the list cut at K (K <= 0: the whole list), the gains gs */
static double list_dcg(const struct rquery *q, long K, int mode,
		       struct gains gs)
{
	double dcg = 0, gsum, *ord = mode == TIE_EXP ? NULL :
	    list_gain_order(q, &gs);
	size_t k, j;

	K = bound(K);
	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];

		if (g->a >= K)
			break;
		if (mode != TIE_EXP) {
			for (j = 0; j < g->s; j++) {
				long p = fixed_pos(g, j, mode);

				if (p <= K)
					dcg += (ord ? ord[g->first + j] :
					    list_gain(&gs, q->rel[g->first +
					    j].grade)) * discount(p);
			}
			continue;
		}
		gsum = 0;
		for (j = 0; j < g->s; j++)
			gsum += list_gain(&gs, q->rel[g->first + j].grade);
		dcg += gsum / (double)g->t *
		    discount_sum(g->a, lmin(g->t, K - g->a));
	}
	free(ord);
	return dcg;
}

double list_idcg(const struct rquery *q, long K, int gain,
		 const struct gainmap *map)
{
	struct gains gs = list_gains(q, gain, map);
	double *gv, idcg = 0;
	size_t i, n = 0;

	if (q->m == 0)
		return 0;
	/* by gain, highest first: by grade but under a map, which need not
	 * keep the grades' order */
	gv = xmalloc(q->m * sizeof *gv);
	for (i = 0; i < q->m; i++)
		if ((gv[n] = list_gain(&gs, q->rel[i].grade)) > 0 || !map)
			n++;
	qsort(gv, n, sizeof *gv, gain_desc);
	if (K > 0 && (size_t)K < n)
		n = (size_t)K;
	for (i = 0; i < n; i++)
		idcg += gv[i] * discount((long)i + 1);
	free(gv);
	return idcg;
}

double list_ndcg(const struct rquery *q, long K, int mode, int gain,
		 const struct gainmap *map)
{
	double ideal;

	if (q->m == 0)
		return 0;
	ideal = list_idcg(q, K, gain, map);
	return ideal > 0 ? list_dcg(q, K, mode, list_gains(q, gain, map)) /
	    ideal : 0;
}

double list_sdcg(const struct rquery *q, long K, int mode, long top)
{
	struct gains gs = { GAIN_SCALED, 0, top, NULL };

	return list_dcg(q, K, mode, gs) / discount_sum(0, K);
}
