/* Cut-off measures from tie groups. A group of t positions after a
 * candidates holds s relevant items; every order of its members is equally
 * likely under TIE_EXP (McSherry & Najork, ECIR 2008), the relevant ones
 * come first under TIE_OPT and last under TIE_PESS. Groups never overlap,
 * so everything above a group is fixed and expectations add up. */
#include <limits.h>
#include <math.h>
#include "measure/cutoff.h"

static long clampl(long v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

double prob_any(long t, long s, long k)
{
	/* 1 - C(t-s, k)/C(t, k) = 1 - prod_{i<k} (t-s-i)/(t-i) */
	double miss = 1;
	long i;
	if (k <= 0 || s <= 0)
		return 0;
	if (k > t - s)
		return 1;
	for (i = 0; i < k; i++)
		miss *= (double)(t - s - i) / (double)(t - i);
	return 1 - miss;
}

double cut_found(const struct rquery *q, long K, int mode)
{
	double h = 0;
	size_t j;

	for (j = 0; j < q->ng; j++) {
		const struct tgroup *g = &q->g[j];
		long in = clampl(K - g->a, 0, g->t);	/* positions inside */
		long s = (long)g->s;
		if (in == 0)
			break;
		switch (mode) {
		case TIE_OPT:
			h += (double)(in < s ? in : s);
			break;
		case TIE_PESS:
			h += (double)clampl(in - (g->t - s), 0, s);
			break;
		default:
			h += in == g->t ? (double)s : (double)s * (double)in / (double)g->t;
		}
	}
	return h;
}

double cut_hit(const struct rquery *q, long K, int mode)
{
	const struct tgroup *g;
	if (q->ng == 0)
		return 0;
	g = &q->g[0];
	switch (mode) {
	case TIE_OPT:
		return g->a + 1 <= K;
	case TIE_PESS:
		return g->a + g->t - (long)g->s + 1 <= K;
	default:
		return prob_any(g->t, (long)g->s, clampl(K - g->a, 0, g->t));
	}
}

double cut_first(const struct rquery *q, int mode)
{
	const struct tgroup *g;
	if (q->ng == 0)
		return NAN;
	g = &q->g[0];
	switch (mode) {
	case TIE_OPT:
		return (double)(g->a + 1);
	case TIE_PESS:
		return (double)(g->a + g->t - (long)g->s + 1);
	default:
		return (double)g->a + (double)(g->t + 1) / (double)(g->s + 1);
	}
}

double cut_rr(const struct rquery *q, long K, int mode)
{
	const struct tgroup *g;
	long j, t, s;
	double p, rr = 0, first;

	if (q->ng == 0)
		return 0;
	if (K <= 0)
		K = LONG_MAX;
	if (mode != TIE_EXP) {
		first = cut_first(q, mode);
		return first <= (double)K ? 1 / first : 0;
	}
	g = &q->g[0];
	t = g->t;
	s = (long)g->s;
	/* P(first relevant at j) = C(t-j, s-1)/C(t, s), by the ratio
	 * P(j+1)/P(j) = (t-j-s+1)/(t-j) from P(1) = s/t; positions past K
	 * count 0 */
	p = (double)s / (double)t;
	for (j = 1; j <= t - s + 1 && g->a + j <= K; j++) {
		rr += p / (double)(g->a + j);
		if (j < t)
			p *= (double)(t - j - s + 1) / (double)(t - j);
	}
	return rr;
}
