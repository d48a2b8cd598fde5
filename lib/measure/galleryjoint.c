/* AP@K over the relevant items found, at gallery size G (gallery.h): the
 * one measure offered at G whose expectation needs the joint law of
 * several tie groups' counts.
 *
 * AP@K/found = S / F, S the sum of precisions at the relevant positions
 * p <= K, F the relevant items found there: a ratio of two sums over
 * groups, and the expectation of a ratio is not the ratio of the
 * expectations. Both depend on how many others are kept in each stretch
 * above each group, and those counts are multivariate hypergeometric, but
 * drawn in rank order they form a Markov chain: of the first U others (in
 * rank order) x are kept, and of the next D, given x, the kept number is
 * hypergeometric (N - U, D, g - x). Stretches come in the order: D_1 (the
 * others above group 1), B_1 (tied with it), D_2 (between groups 1 and
 * 2), B_2, ...
 *
 * The pass over groups keeps, for each x (others kept so far, while the
 * next group can still reach the top K: c + x < K, c the relevant items
 * above it), the probability P[x] of the state and E[S; state] in S[x].
 * Where the chain leaves the top K (the next group starts at or past K),
 * F is fixed, c, and E[S; state] / c adds to the result; in a group that
 * straddles K, F = c + the items of the group inside it (random in the
 * expected mode: X ~ hypergeometric(t', s, u) as in listmeasure.c), and
 * each outcome adds its E[S; outcome] / F. A group inside the top K adds
 * its share of S (ap_term in the expected mode, the fixed positions
 * otherwise) and the chain goes on; after the last group F = m.
 *
 * Cost: at most K states and groups with c < K, each a walk of the kept
 * count (hypergeom.c), so O(min(m, K) K walk) per query. The error: the
 * walks' (2^-58 of probability, rounding (8 S + 2) u), summed over the
 * states, each a probability times a value in [0, 1]. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/minmax.h"
#include "measure/gallery.h"
#include "measure/hypergeom.h"
#include "measure/listmeasure.h"

/* the group (a', t' = s + y, s) with c above, cut at K (a' < K): its
 * share of S and the items it has inside the top K, in a fixed order */
static double fixed_share(long a, long y, long s, long c, long K, int mode,
			  long *found)
{
	double sum = 0;
	long j, p;

	*found = 0;
	for (j = 0; j < s; j++) {
		p = mode == TIE_OPT ? a + 1 + j : a + y + 1 + j;
		if (p <= K) {
			sum += (double)(c + j + 1) / (double)p;
			(*found)++;
		}
	}
	return sum;
}

/* the expected mode's straddling group: E[(S0 P + T) / (c + X)] summed
 * over X ~ hypergeometric(t, s, u), P the state's probability and S0 its
 * E[S; state] */
static double straddle_exp(long a, long t, long s, long c, long u,
			   double prob, double s0, double *tmp)
{
	double r = 0;
	long x;

	hyp_pmf(t, s, u, s, tmp);
	for (x = 0; x <= s; x++)
		if (tmp[x] > 0 && c + x > 0)
			r += tmp[x] * (s0 + prob * list_ap_share(a, u, x,
			    (double)c, u)) / (double)(c + x);
	return r;
}

struct chain {
	long K, N, g;
	int mode;
	double *P, *S, *P2, *S2, *pj;	/* K + 1 entries each; pj K + 1 */
	double *tmp;			/* s + 1 for the largest group */
	double result;
};

/* the kept count of the next D others, seen U already, c relevant above
 * the next group: P, S move on; what leaves the top K ends at F = c */
static void step_stretch(struct chain *ch, long U, long D, long c)
{
	long x, j, lim = ch->K - c - 1;	/* the largest x still inside */
	double out;

	for (x = 0; x <= ch->K; x++)
		ch->P2[x] = ch->S2[x] = 0;
	for (x = 0; x <= ch->K; x++) {
		if (ch->P[x] == 0)
			continue;
		if (x > lim) {	/* the last group ended the top K */
			ch->result += ch->S[x] / (double)c;
			continue;
		}
		out = hyp_pmf(ch->N - U, D, ch->g - x, lim - x, ch->pj);
		for (j = 0; j <= lim - x; j++) {
			ch->P2[x + j] += ch->P[x] * ch->pj[j];
			ch->S2[x + j] += ch->S[x] * ch->pj[j];
		}
		if (c > 0)
			ch->result += ch->S[x] * out / (double)c;
	}
	for (x = 0; x <= ch->K; x++) {
		ch->P[x] = ch->P2[x];
		ch->S[x] = ch->S2[x];
	}
}

/* the group and the state it is reached in: its place, a' = c + x */
struct gstate {
	struct chain *ch;
	long a, s, c, u;	/* u = K - a' >= 1: its positions inside */
	double mean;		/* E[S | state] */
	long ymax;		/* the largest y that keeps the group inside */
};

/* E[S / F | state, y] for a y that takes the group past K: F fixed at
 * c + the items inside it */
static double past_value(long y, const void *ctx)
{
	const struct gstate *st = ctx;
	long found;
	double share;

	if (y <= st->ymax)
		return 0;
	if (st->ch->mode == TIE_EXP)
		return straddle_exp(st->a, st->s + y, st->s, st->c, st->u,
				    1, st->mean, st->ch->tmp);
	share = fixed_share(st->a, y, st->s, st->c, st->ch->K, st->ch->mode,
			    &found);
	return st->c + found > 0 ?
	    (st->mean + share) / (double)(st->c + found) : 0;
}

/* group g (s relevant, B others tied) after U others seen, c relevant
 * above it: inside the top K the chain goes on, past it F is fixed */
static void step_group(struct chain *ch, long U, long B, long s, long c)
{
	long x, y, lim = ch->K - c - 1;
	struct gstate st = { ch, 0, s, c, 0, 0, 0 };
	double share;

	for (x = 0; x <= ch->K; x++)
		ch->P2[x] = ch->S2[x] = 0;
	for (x = 0; x <= lim; x++) {
		if (ch->P[x] == 0)
			continue;
		st.a = c + x;
		st.u = ch->K - st.a;
		st.mean = ch->S[x] / ch->P[x];
		st.ymax = lmin(B, st.u - s);	/* a' + s + y <= K */
		if (st.ymax >= 0) {
			hyp_pmf(ch->N - U, B, ch->g - x, st.ymax, ch->pj);
			for (y = 0; y <= st.ymax; y++) {
				long f;

				share = ch->mode == TIE_EXP ? list_ap_share(st.a,
				    s + y, s, (double)c, s + y) : fixed_share(
				    st.a, y, s, c, ch->K, ch->mode, &f);
				ch->P2[x + y] += ch->P[x] * ch->pj[y];
				ch->S2[x + y] += (ch->S[x] + ch->P[x] * share) *
				    ch->pj[y];
			}
		}
		ch->result += ch->P[x] * hyp_mean(ch->N - U, B, ch->g - x,
		    (struct hypfn){ past_value, &st });
	}
	for (x = 0; x <= ch->K; x++) {
		ch->P[x] = ch->P2[x];
		ch->S[x] = ch->S2[x];
	}
}

double gal_apk_found(const struct rquery *q, long G, long K, int mode)
{
	struct chain ch = { .K = K, .N = q->n - (long)q->m,
			     .g = G - (long)q->m, .mode = mode };
	long U = 0, c = 0, smax = 1, x;
	size_t k;

	if (gallery_replacing())
		die_at(q->file, q->line, "query '%s': --gallery-draws with: "
		       "AP@K over the items found has no expectation with "
		       "replacement here (--ap-divisor m or min has)", q->id);
	if (K <= 0 || K >= G)	/* every item is inside: F = m */
		return gal_apsum(q, G, K, mode) / (double)q->m;
	for (k = 0; k < q->ng; k++)
		smax = lmax(smax, (long)q->g[k].s);
	ch.P = xcalloc((size_t)K + 1, 5 * sizeof *ch.P);
	ch.S = ch.P + K + 1;
	ch.P2 = ch.S + K + 1;
	ch.S2 = ch.P2 + K + 1;
	ch.pj = ch.S2 + K + 1;
	ch.tmp = xmalloc((size_t)(smax + 1) * sizeof *ch.tmp);
	ch.P[0] = 1;
	for (k = 0; k < q->ng && c < K; k++) {
		const struct tgroup *g = &q->g[k];
		long D = g->a - c - U, B = g->t - (long)g->s;

		step_stretch(&ch, U, D, c);
		U += D;
		step_group(&ch, U, B, (long)g->s, c);
		U += B;
		c += (long)g->s;
	}
	for (x = 0; x <= K; x++)	/* every group inside: F = m */
		ch.result += ch.S[x] / (double)c;
	free(ch.tmp);
	free(ch.P);
	if (isnan(ch.result))
		gallery_too_long(q, G);
	return ch.result;
}
