/* Cut-off measures from tie groups. A group of t positions after a
 * candidates holds s relevant items; every order of its members is equally
 * likely under TIE_EXP (McSherry & Najork, ECIR 2008), the relevant ones
 * come first under TIE_OPT and last under TIE_PESS. Groups never overlap,
 * so everything above a group is fixed and expectations add up. */
#include <limits.h>
#include <math.h>
#include "measure/cutoff.h"
#include "measure/tiesum.h"

static long clampl(long v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

double prob_any(long t, long s, long k)
{
	return 1 - none_in_top(t, s, k);
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
		return (double)g->a + ((double)g->t + 1) / ((double)g->s + 1);
	}
}

double cut_rr(const struct rquery *q, long K, int mode)
{
	const struct tgroup *g;
	double first;

	if (q->ng == 0)
		return 0;
	if (K <= 0)
		K = LONG_MAX;
	if (mode != TIE_EXP) {
		first = cut_first(q, mode);
		return first <= (double)K ? 1 / first : 0;
	}
	/* sum over j = 1..t-s+1 of C(t-j, s-1)/C(t, s)/(a+j), positions
	 * past K counting 0: first_rr, O(1) or O(s) (tiesum.c) */
	g = &q->g[0];
	return first_rr(g->a, g->t, (long)g->s, K - g->a);
}
