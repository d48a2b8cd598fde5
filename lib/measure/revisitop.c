/* revisitop's trapezoidal AP and mP@K in the three tie modes
 * (revisitop.h). A group occupies positions a+1 .. a+t, s of them
 * relevant, c relevant items above it (listmeasure.c's notation).
 *
 * Trapezoidal AP = (1/2) AP + (1/2m) B, AP the usual one (list_ap, whose
 * expectation listmeasure.c derives) and B the sum, over the relevant
 * items, of the precision at the position just above each: (i-1)/(p-1),
 * 1 when p = 1 (revisitop's j/r_j with 0-based j and r_j, 1 when r_j = 0).
 * B is the sum over positions p of [p+1 holds a relevant item] R(p)/p,
 * R(p) the relevant items in the first p. For the group, p = a+u with
 * u = 0 .. t-1 (position u+1 of the group is the relevant one): with
 * probability s/t it is relevant, and then the other s-1 fill the other
 * t-1 positions at random, so that E[R(p)] = c + u(s-1)/(t-1), and the
 * group's expected share of B is
 *
 *   (s/t) sum_{u=0..t-1} (c + u(s-1)/(t-1)) / (a+u).
 *
 * With D = sum_{u=0..t-1} 1/(a+u) = H(a+t-1) - H(a-1) (a >= 1) and
 * u/(a+u) = 1 - a/(a+u): (s/t) [c D + (s-1)/(t-1) (t - a D)]; c/a when
 * t = 1. When a = 0, c = 0, the term u = 0 is 1 (revisitop's 0/0) and
 * the others (s-1)/(t-1) each: s^2/t in all. O(1) a group.
 *
 * mP@K. Only the last group holding a relevant item sets L = a + M, M the
 * largest of s positions drawn from 1..t, P(M = x) = C(x-1, s-1)/C(t, s);
 * nret = c + s. If a + t <= K, L <= K in every order: mP@K = nret/L, and
 * E = nret E[1/(a+M)] (last_rr). If a >= K, L > K in every order: mP@K is
 * P@K, E = E[h(K)]/K (cut_found). Otherwise, with u = K - a (0 < u < t):
 * for M = x <= u, nret/(a+x); for x > u, the top K holds the c items above
 * and, of the group's, those among its first u positions, where the other
 * s-1 fall with mean (s-1)u/(x-1): (c + (s-1)u/(x-1))/K. Summed over x > u
 * by the identities sum_{x>u} P(M = x) = 1 - C(u, s)/C(t, s) and
 * sum_{x>u} C(x-1, s-1)/(x-1) = (C(t-1, s-1) - C(u-1, s-1))/(s-1):
 *
 *   (1/K) [ c (1 - C(u, s)/C(t, s)) + u (s/t) (1 - C(u-1, s-1)/C(t-1, s-1)) ]
 *
 * (each ratio a none_in_top, O(s)), and over x <= u term by term: O(K),
 * or (s = 1, P(M = x) = 1/t) in O(1) by harmonic numbers. Past
 * MPK_TERMS terms, the rest of the sum, at most P(M <= x)/(a+s) with
 * P(M <= x) = P(M = x) x/s, must be negligible, or the query is refused
 * naming rankof --break: K cuts a tie group of more positions than a
 * measure should sum one by one. */
#include "util/err.h"
#include "measure/cutoff.h"
#include "measure/listmeasure.h"
#include "measure/revisitop.h"
#include "measure/tiesum.h"

/* B for a fixed order: the s relevant items of a group lead it
 * (optimistic) or end it (pessimistic) */
static double before_fixed(const struct rquery *q, int mode)
{
	double sum = 0;
	long cnt = 0, first, p;
	size_t k;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];

		first = mode == TIE_OPT ? g->a + 1 : g->a + g->t - (long)g->s + 1;
		for (p = first; p < first + (long)g->s; p++, cnt++)
			sum += p == 1 ? 1 : (double)cnt / (double)(p - 1);
	}
	return sum;
}

/* a group's expected share of B: top of file */
static double before_term(long a, long t, long s, double c)
{
	double harm;

	if (a == 0)
		return (double)s * (double)s / (double)t;
	if (t == 1)
		return c / (double)a;
	harm = harmonic_diff(a - 1, t);
	return (double)s / (double)t * (c * harm + (double)(s - 1) /
	    (double)(t - 1) * ((double)t - (double)a * harm));
}

double revisitop_before(const struct rquery *q, int mode)
{
	double b = 0, c = 0;
	size_t k;

	if (mode != TIE_EXP)
		return before_fixed(q, mode);
	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];
		b += before_term(g->a, g->t, (long)g->s, c);
		c += (double)g->s;
	}
	return b;
}

double revisitop_ap(const struct rquery *q, int mode)
{
	if (q->m == 0 || q->nret == 0)
		return 0;
	return list_ap(q, mode) / 2 + revisitop_before(q, mode) /
	    (2 * (double)q->m);
}

/* terms of the sum over x <= u before its rest must be negligible */
#define MPK_TERMS (1L << 22)

/* E[mP@K] of q when its last group (a, t, s) straddles K: top of file */
static double mpk_straddle(const struct rquery *q, long a, long t, long s,
			   double c, long K)
{
	double nret = c + (double)s, w, low = 0, high;
	long u = K - a, x;

	high = c * (1 - none_in_top(t, s, t - u)) + (double)u * (double)s /
	    (double)t * (1 - none_in_top(t - 1, s - 1, t - u));
	/* P(M = u), then down by P(M = x-1) = P(M = x) (x-s)/(x-1) */
	w = (double)s / (double)t * none_in_top(t - 1, s - 1, t - u);
	if (s == 1)
		return nret * harmonic_diff(a, u) / (double)t + high / (double)K;
	for (x = u; x >= s && w > 0; x--) {
		if (u - x == MPK_TERMS) {
			if (w * (double)x / (double)s / (double)(a + s) >
			    0x1p-60 * low)
				die_at(q->file, q->line, "query '%s': mP@%ld cuts "
				       "a tie group of %ld positions holding %ld "
				       "relevant items, too many orders to sum (rankof "
				       "--break id breaks the ties)", q->id, K, t, s);
			break;
		}
		low += w / (double)(a + x);
		if (x > s)
			w *= (double)(x - s) / (double)(x - 1);
	}
	return nret * low + high / (double)K;
}

double revisitop_mpk(const struct rquery *q, long K, int mode)
{
	const struct tgroup *g;
	double nret = (double)q->nret, c;
	long last;

	if (q->m == 0 || q->nret == 0 || q->ng == 0)
		return 0;
	g = &q->g[q->ng - 1];
	c = nret - (double)g->s;
	if (mode != TIE_EXP) {
		last = mode == TIE_OPT ? g->a + (long)g->s : g->a + g->t;
		return last <= K ? nret / (double)last
		    : cut_found(q, K, mode) / (double)K;
	}
	if (g->a + g->t <= K)
		return nret * last_rr(g->a, g->t, (long)g->s);
	if (g->a >= K)
		return cut_found(q, K, mode) / (double)K;
	return mpk_straddle(q, g->a, g->t, (long)g->s, c, K);
}
