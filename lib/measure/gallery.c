/* Measures of one query at gallery size G (gallery.h).
 *
 * Model. A query has n candidates, m of them relevant, all retrieved; a
 * sub-gallery of G keeps the m relevant ones and G - m of the N = n - m
 * others, every choice of those equally likely (C(N, g) choices, g = G -
 * m). Candidates keep their scores, so a candidate above another stays
 * above it and candidates that tie stay tied; the tie mode applies to the
 * sub-gallery as it does to any ranking: optimistic and pessimistic put
 * the relevant items of a tie first or last among the candidates left in
 * it, expected takes the mean over the orders of those candidates. This
 * samples candidates one by one; protocols that sample in groups (COCO's
 * 1K folds draw images, so an image's five captions leave together) are
 * another model.
 *
 * With replacement (--gallery-draws with; the recommender systems'
 * sampled negatives, Krichene and Rendle, KDD 2020) the G - m
 * others are g independent uniform draws from the N, a candidate drawn
 * twice counted twice (a copy ties with itself). Every count below is
 * then binomial where it is hypergeometric here: X ~ binomial(g, A/N), Y
 * | X = x ~ binomial(g - x, B/(N - A)), X + Y ~ binomial(g, (A+B)/N); the
 * same terms, the same walks (drawn_mean), the same tail bound (it is the
 * binomial's), and G may pass n. AP@K over the items found, which needs
 * the joint law of several groups (galleryjoint.c), is not offered so.
 *
 * Tie groups. The query's relevant items come in tie groups (rankstream.h):
 * group k holds positions a+1 .. a+t, s of them relevant, with c relevant
 * items above it (in earlier groups). So A = a - c non-relevant candidates
 * rank strictly above it and B = t - s tie with it. In the sub-gallery X
 * of the A and Y of the B are left; the group becomes a group of the same
 * kind with
 *
 *   a' = c + X,   t' = s + Y,   s and c unchanged,
 *
 * and the counts of kept non-relevant candidates in the stretches between
 * groups are multivariate hypergeometric. One group's pair has the law
 *
 *   X ~ hypergeometric(N, A, g),   Y | X = x ~ hypergeometric(N-A, B, g-x)
 *
 * (draw the g kept ones in two steps: how many among the A, then how many
 * of the rest among the B).
 *
 * Expectations. Today's formulas (cutoff.c, listmeasure.c, tiesum.c) give
 * a measure of a query from its groups, in each tie mode, already averaged
 * over the orders of every group in the expected mode. Each measure here is
 * a sum over groups of a term that depends on the group's (a', t') and on
 * fixed numbers (s, c, grades, K) only:
 *
 *   hit@K, MRR, MRR@K, first rank: the first group only (c = 0);
 *   h(K) (recall@K, P@K, R-precision): each group's relevant items in the
 *     top K;
 *   sum of P@p (AP, AP@K, MAP@R): each group's share, ap_term of
 *     listmeasure.c in the expected mode, sum over its items j of
 *     (c+j+1)/p_j otherwise;
 *   DCG, DCG@K (nDCG, the ideal DCG unchanged: the m relevant items stay);
 *   1/last position (mINP): the last group only.
 *
 * By linearity the expectation of the sum is the sum of the terms'
 * expectations, and each needs only the law of its own group's pair (X, Y)
 * above: E[term] = sum_x sum_y P(x) P(y | x) term(c + x, s + y), by
 * drawn_mean2 (hypergeom.c). None of these needs the joint law of two
 * groups' counts. AP@K over the relevant items found (a ratio of two
 * sums over groups) does: galleryjoint.c computes it from the chain of
 * those counts. The median rank over queries is a median, not a mean, of
 * ranks, and is not offered at G. The first rank is linear in X and Y, so
 * its expectation is closed:
 *
 *   E[X] = A g / N, E[Y] = B g / N,
 *   rank = 1 + X (optimistic), 1 + X + Y (pessimistic),
 *          X + (s + Y + 1)/(s + 1) (expected).
 *
 * Equivalence of the tie semantics. In the expected mode, averaging over
 * the orders of the kept candidates of a group is the same as averaging
 * over the orders of the whole group and then keeping a sub-gallery: a
 * uniform order of t candidates restricted to a subset drawn independently
 * of it is a uniform order of the subset. So the value does not depend on
 * whether ties are broken before or after the sampling.
 *
 * Bounded by the request. The optimistic terms depend on X alone and the
 * pessimistic ones on X + Y alone (hit_f ... lastrr_f: a' = c + x, and
 * the pessimistic places c + x + y + 1 + j), and X + Y is itself
 * hypergeometric(N, A + B, g): drawing the g kept among the A + B in one
 * step. So those modes walk one count. A cut-off term is 0 once
 * c + X >= K; Chernoff's lower tail, P(X <= mu - t) <= exp(-t^2/(2 mu)),
 * mu = g A / N, holds for X since sampling without replacement is at
 * least as concentrated as with it (Hoeffding 1963, theorem 4: E[phi(X)]
 * <= E[phi(binomial)] for convex phi). So where (mu - K + c + 1)^2 >=
 * 85 mu, P(c + X < K) < e^-42 < 2^-60 and the term's mean is 0 to within
 * 2^-60 of its largest value (1 for hit, s for h(K), s for the AP share,
 * the group's gains for DCG): no walk at all. Else mu - K is at most
 * about sqrt(85 mu), so mu = O(K) and the walk over X, about 20
 * standard deviations (at most 20 sqrt(mu)), is O(sqrt K) long: in the
 * optimistic and pessimistic modes a cut-off measure costs time bounded by
 * K whatever G and n. The expected mode walks Y too, over the kept members
 * of the group's tie, which no cut shortens. The whole-list terms (MRR,
 * AP, nDCG, mINP) have no cut at all. A walk longer than 2^22 terms
 * (hypergeom.c) is refused, naming the query (gallery_too_long).
 *
 * Cost and error. A group costs one term per pair (x, y) the walks of
 * hyp_mean visit: O(min(A, g) + 1) values of x, times O(min(B, g) + 1) of
 * y when B > 0, each walk about 40 standard deviations long in practice
 * (a standard deviation is at most sqrt(g)/2), so O(min(r, sqrt G))
 * per relevant item without ties. hit@K and h(K) walk as far as MRR: a
 * term past K is 0, but the weights are relative to the mode and their
 * sum is needed. Each term costs O(1)
 * (O(s) for the first relevant rank in a tie, and for the optimistic and
 * pessimistic AP and DCG of a group of s items). The neglected probability
 * is below 2^-58, the rounding below (8 S + 2) u relative for S steps of a
 * walk (hypergeom.c), and the terms carry the error bounds of tiesum.c. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/minmax.h"
#include "measure/cutoff.h"
#include "measure/gallery.h"
#include "measure/hypergeom.h"
#include "measure/tiesum.h"

/* --gallery-draws with: the G - m others drawn with replacement */
static int with_replacement;

void gallery_draws(int replace)
{
	with_replacement = replace;
}

int gallery_replacing(void)
{
	return with_replacement;
}

const char *gallery_check(const struct rquery *q, long G)
{
	if (q->nret < q->m)
		return "a relevant item has no rank ('-'): a ranking cut "
		    "short cannot say where it stands in a sub-gallery";
	if (with_replacement && G > (long)q->m && q->n == (long)q->m)
		return "the query has no other candidate to draw";
	if (G > q->n && !with_replacement)
		return "the gallery size is larger than the query's candidates";
	if (G < (long)q->m)
		return "the gallery size is smaller than the query's relevant "
		    "items, which every sub-gallery keeps";
	return NULL;
}

void gallery_too_long(const struct rquery *q, long G)
{
	die_at(q->file, q->line, "query '%s': --gallery-size %ld: its "
	       "expectation needs more than 2^22 terms here (a whole-list "
	       "measure, or K beyond the first relevant item's usual place, "
	       "over a wide spread of kept candidates): no bounded method",
	       q->id, G);
}

/* one group's term, handed to drawn_mean2 */
struct term {
	const struct rquery *q;
	const struct tgroup *g;
	long c;			/* relevant items above the group */
	long K;			/* cut-off; LONG_MAX: none */
	int mode;
	const struct gains *gs;	/* DCG only */
	const double *ord;	/* DCG under a gain map: list_gain_order */
};

/* a term of one count: the optimistic terms depend on x alone, the
 * pessimistic ones on x + y alone (the group's items all come after the
 * kept tied ones), so either is f(z, 0) of one hypergeometric count */
struct single {
	double (*f)(long x, long y, const void *ctx);
	const struct term *tm;
};

static double single_f(long z, const void *ctx)
{
	const struct single *sg = ctx;

	return sg->f(z, 0, sg->tm);
}

/* the group's expected term over its pair (X, Y); q has N = n - m
 * non-relevant candidates of which g = G - m are kept. Optimistic: over X
 * ~ hypergeometric(N, A, g); pessimistic: over X + Y ~ hypergeometric(N,
 * A + B, g) (the g drawn in one step, how many among the A + B); expected:
 * over the pair. A cut-off term is 0 once c + X >= K; where the bound on
 * the lower tail says P(c + X < K) <= e^-42 (< 2^-60), the term's mean is
 * 0 to within that share of its largest value (gallery_negligible). */
static double group_mean(const struct term *tm, long G,
			 double (*f)(long x, long y, const void *ctx))
{
	const struct rquery *q = tm->q;
	long N = q->n - (long)q->m, g = G - (long)q->m;
	long A = tm->g->a - tm->c, B = tm->g->t - (long)tm->g->s;
	struct single sg = { f, tm };
	double v;

	if (tm->K != LONG_MAX && hyp_below_negligible(N, A, g, tm->K - tm->c))
		return 0;
	if (tm->mode == TIE_EXP)
		v = drawn_mean2(with_replacement, N, A, B, g, f, tm);
	else
		v = drawn_mean(with_replacement, N,
			       tm->mode == TIE_OPT ? A : A + B, g,
			       (struct hypfn){ single_f, &sg });
	if (isnan(v))
		gallery_too_long(q, G);
	return v;
}

static long cut(long K)
{
	return K > 0 ? K : LONG_MAX;
}

static double hit_f(long x, long y, const void *ctx)
{
	const struct term *tm = ctx;
	long s = (long)tm->g->s;

	switch (tm->mode) {
	case TIE_OPT:
		return x + 1 <= tm->K;
	case TIE_PESS:
		return x + y + 1 <= tm->K;
	default:
		return prob_any(s + y, s, clampl(tm->K - x, 0, s + y));
	}
}

double gal_hit(const struct rquery *q, long G, long K, int mode)
{
	struct term tm = { q, &q->g[0], 0, cut(K), mode, 0, NULL };

	return group_mean(&tm, G, hit_f);
}

static double found_f(long x, long y, const void *ctx)
{
	const struct term *tm = ctx;
	long s = (long)tm->g->s, t = s + y;
	long in = clampl(tm->K - (tm->c + x), 0, t);	/* positions inside */

	switch (tm->mode) {
	case TIE_OPT:
		return (double)lmin(in, s);
	case TIE_PESS:
		return (double)clampl(in - y, 0, s);
	default:
		return in == t ? (double)s : (double)s * (double)in / (double)t;
	}
}

/* the sum over groups of a group's expected term */
static double groups_sum(const struct term *proto, long G,
			 double (*f)(long x, long y, const void *ctx))
{
	const struct rquery *q = proto->q;
	struct term tm = *proto;
	double sum = 0;
	size_t k;

	tm.c = 0;
	for (k = 0; k < q->ng; k++) {
		tm.g = &q->g[k];
		if (tm.c >= tm.K)
			break;	/* every later position is past K */
		sum += group_mean(&tm, G, f);
		tm.c += (long)tm.g->s;
	}
	return sum;
}

double gal_found(const struct rquery *q, long G, long K, int mode)
{
	struct term tm = { q, NULL, 0, cut(K), mode, 0, NULL };

	return groups_sum(&tm, G, found_f);
}

static double rr_f(long x, long y, const void *ctx)
{
	const struct term *tm = ctx;
	long s = (long)tm->g->s;
	double p;

	if (x >= tm->K)
		return 0;
	if (tm->mode == TIE_EXP)
		return first_rr(x, s + y, s, tm->K - x);
	p = (double)(tm->mode == TIE_OPT ? x + 1 : x + y + 1);
	return p <= (double)tm->K ? 1 / p : 0;
}

double gal_rr(const struct rquery *q, long G, long K, int mode)
{
	struct term tm = { q, &q->g[0], 0, cut(K), mode, 0, NULL };

	return group_mean(&tm, G, rr_f);
}

double gal_first(const struct rquery *q, long G, int mode)
{
	const struct tgroup *g = &q->g[0];
	long N = q->n - (long)q->m, keep = G - (long)q->m;
	double f = N > 0 ? (double)keep / (double)N : 0;
	double ex = (double)g->a * f, ey = (double)(g->t - (long)g->s) * f;

	switch (mode) {
	case TIE_OPT:
		return 1 + ex;
	case TIE_PESS:
		return 1 + ex + ey;
	default:
		return ex + ((double)g->s + ey + 1) / ((double)g->s + 1);
	}
}

/* the position of the group's j-th relevant item (0-based, grade order:
 * the highest grade first in the optimistic order, last in the
 * pessimistic one) when the group starts after a' and holds t' */
static long fixed_pos(long a, long t, long j, int mode)
{
	return mode == TIE_OPT ? a + 1 + j : a + t - j;
}

static double ap_f(long x, long y, const void *ctx)
{
	const struct term *tm = ctx;
	long s = (long)tm->g->s, t = s + y, a = tm->c + x, j, p;
	double sum = 0;

	if (a >= tm->K)
		return 0;
	if (tm->mode == TIE_EXP)
		return list_ap_share(a, t, s, (double)tm->c, lmin(t, tm->K - a));
	for (j = 0; j < s; j++) {
		/* the j-th item in position order holds precision
		 * (c + j + 1) / p */
		p = tm->mode == TIE_OPT ? a + 1 + j : a + t - s + 1 + j;
		if (p <= tm->K)
			sum += (double)(tm->c + j + 1) / (double)p;
	}
	return sum;
}

double gal_apsum(const struct rquery *q, long G, long K, int mode)
{
	struct term tm = { q, NULL, 0, cut(K), mode, 0, NULL };

	return groups_sum(&tm, G, ap_f);
}

static double dcg_f(long x, long y, const void *ctx)
{
	const struct term *tm = ctx;
	const struct tgroup *g = tm->g;
	long s = (long)g->s, t = s + y, a = tm->c + x, j, p;
	double sum = 0, gsum = 0;

	if (a >= tm->K)
		return 0;
	for (j = 0; j < s; j++) {
		double gain = tm->ord && tm->mode != TIE_EXP ?
		    tm->ord[g->first + (size_t)j] :
		    list_gain(tm->gs, tm->q->rel[g->first + (size_t)j].grade);
		if (tm->mode == TIE_EXP) {
			gsum += gain;
			continue;
		}
		p = fixed_pos(a, t, j, tm->mode);
		if (p <= tm->K)
			sum += gain / log2(1 + (double)p);
	}
	if (tm->mode == TIE_EXP)
		return gsum / (double)t * discount_sum(a, lmin(t, tm->K - a));
	return sum;
}

double gal_dcg(const struct rquery *q, long G, long K, int mode, int gain,
	       const struct gainmap *map)
{
	struct gains gs = list_gains(q, gain, map);
	double *ord = list_gain_order(q, &gs), v;
	struct term tm = { q, NULL, 0, cut(K), mode, &gs, ord };

	v = groups_sum(&tm, G, dcg_f);
	free(ord);
	return v;
}

static double lastrr_f(long x, long y, const void *ctx)
{
	const struct term *tm = ctx;
	long s = (long)tm->g->s, a = tm->c + x;

	switch (tm->mode) {
	case TIE_OPT:
		return 1 / (double)(a + s);
	case TIE_PESS:
		return 1 / (double)(a + s + y);
	default:
		return last_rr(a, s + y, s);
	}
}

double gal_lastrr(const struct rquery *q, long G, int mode)
{
	struct term tm = { q, &q->g[q->ng - 1], 0, LONG_MAX, mode, 0, NULL };

	tm.c = (long)q->m - (long)tm.g->s;
	return group_mean(&tm, G, lastrr_f);
}
