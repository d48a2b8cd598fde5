/* ERR@K in the three tie modes (err.h).
 *
 * The stop chance of an item of grade g is r = (2^g - 1) / 2^gmax, as
 * gdeval.pl computes it (gmax = 4 there), written 2^(g-gmax) - 2^-gmax so
 * that no grade up to 1023 overflows; y = 1 - r is the chance of going on
 * past it, 1 for an item that is not relevant.
 *
 * Fixed orders. Optimistic: a group's relevant items take its first
 * positions, highest grade first; pessimistic: its last ones, lowest grade
 * first. Both are the extremes: swapping neighbours at p, p+1 with r1 > r2
 * changes ERR by (r1 - r2)(1/p - 1/(p+1)) > 0 when r1 comes first, and
 * moving a relevant item up past one that is not relevant raises it.
 *
 * Expected value over the orders of every tie group. Write the prefix
 * product P_i = prod_{j<=i} y_j (P_0 = 1). ERR = sum_i (P_{i-1} - P_i)/i,
 * since r_i P_{i-1} = P_{i-1} - P_i. Everything above a group is fixed,
 * and the product over a whole group does not depend on its order, so
 * the product D of every y above group (a, t) is a constant of the group,
 * and the group adds
 *
 *   D sum_{i=1..u} (F(i-1) - F(i)) / (a+i),   u = min(t, K-a),
 *
 * F(i) the mean over the group's orders of the product of y over its
 * first i positions. In a uniform order the first i positions hold a
 * uniform i-subset of the group's t items, so F(i) is the mean of the
 * product over the i-subsets of the multiset of y: e_i / C(t, i), e_i the
 * elementary symmetric polynomial. Only F(0 .. u) is needed.
 *
 * The group's items fall into classes of equal y: one per distinct grade
 * among its s relevant items (they come highest grade first, so a class
 * is a run) and one of the t - s items that are not relevant (y = 1).
 * Let E_j be the mean product over the j-subsets of the items of the
 * classes taken so far (n items). Adding a class of c items of value y,
 * a j-subset of the n + c takes i of the class with hypergeometric
 * probability P(i) = C(c, i) C(n, j-i) / C(n+c, j), and its other j - i
 * items form a uniform subset of the n:
 *
 *   E'_j = sum_i P(i) y^i E_{j-i},   j <= min(u, n + c).
 *
 * Every step is a mean of numbers in [0, 1] (nothing overflows, at any t
 * or s), taken by hypergeom.c's walk from the mode, which stops where the
 * tails carry less than 2^-59 of the probability: about 20 standard
 * deviations of i, at most sqrt(j)/2 each, so a class costs O(u^1.5) at
 * worst and O(u) when it is small or holds nearly every item (the items
 * that are not relevant, in a large group). That is O(d u^1.5) for d
 * distinct grades, besides the O(s) pass over the items: the sizes t and
 * s of the group enter only as numbers. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/minmax.h"
#include "measure/expectedrr.h"
#include "measure/hypergeom.h"
#include "measure/ties.h"

/* the chance y = 1 - r of going on past relevant item it */
static double go_on(const struct rquery *q, const struct relitem *it,
		    long gmax)
{
	if (it->grade > gmax)
		die_at(q->file, it->line, "query '%s': grade %ld is above "
		       "ERR's maximum grade %ld (--max-grade)", q->id,
		       it->grade, gmax);
	if (it->grade <= 0)
		return 1;
	return 1 - (ldexp(1.0, (int)(it->grade - gmax)) -
		    ldexp(1.0, (int)-gmax));
}

double err_stop(const struct rquery *q, const struct relitem *it, long gmax)
{
	return 1 - go_on(q, it, gmax);
}

/* ERR@K when every group's order is fixed by the mode */
static double err_fixed(const struct rquery *q, long K, int mode, long gmax)
{
	double sum = 0, decay = 1, y;
	size_t k, j, idx;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];

		for (j = 0; j < g->s; j++) {
			/* the j-th relevant item in position order */
			long p = mode == TIE_OPT ? g->a + 1 + (long)j :
			    g->a + g->t - (long)g->s + 1 + (long)j;

			if (p > K)
				return sum;
			idx = mode == TIE_OPT ? j : g->s - 1 - j;
			y = go_on(q, &q->rel[g->first + idx], gmax);
			sum += decay * (1 - y) / (double)p;
			decay *= y;
		}
	}
	return sum;
}

/* the term y^i E[j - i] of the formula at the top, for hyp_mean */
struct classterm {
	const double *E;
	double y;
	long j;
};

static double class_term(long i, const void *ctx)
{
	const struct classterm *ct = ctx;

	return pow(ct->y, (double)i) * ct->E[ct->j - i];
}

/* E (E[0 .. jmax], over n items) with a class of c items of value y
 * added: the formula at the top, each E'_j an expectation over the
 * hypergeometric count i, whose negligible tails hyp_mean leaves out
 * (O(1 + its standard deviation) terms); dies on one too long to walk */
static void add_class(const struct rquery *q, double *E, long n, long c,
		      double y, long jmax)
{
	struct classterm ct = { E, y, 0 };
	long top = lmin(jmax, n + c);

	/* from the top down: E'_j reads E_{j-i} for i >= 0 only */
	for (ct.j = top; ct.j >= 0; ct.j--) {
		E[ct.j] = hyp_mean(n + c, c, ct.j,
				   (struct hypfn){ class_term, &ct });
		if (isnan(E[ct.j]))
			die_at(q->file, q->line, "query '%s': ERR@K over a tie "
			       "group of %ld items with %ld within K is too "
			       "long a sum (-T optimistic or pessimistic, or "
			       "rankof --break, order the group)", q->id,
			       n + c, jmax);
	}
}

/* the expected sum over group g of (F(i-1) - F(i)) / (a+i), i <= u;
 * *all gets the product of y over the whole group */
static double group_exp(const struct rquery *q, const struct tgroup *g,
			long u, long gmax, double *all, double *E)
{
	long n = 0, c, i;
	double y, sum = 0;
	size_t j = 0, k;

	*all = 1;
	E[0] = 1;
	while (j < g->s) {
		const struct relitem *it = &q->rel[g->first + j];

		y = go_on(q, it, gmax);
		for (k = j; k < g->s &&
		     q->rel[g->first + k].grade == it->grade; k++)
			;
		c = (long)(k - j);
		add_class(q, E, n, c, y, u);
		*all *= pow(y, (double)c);
		n += c;
		j = k;
	}
	if (g->t > n)
		add_class(q, E, n, g->t - n, 1, u);
	for (i = 1; i <= u; i++)
		sum += (E[i - 1] - E[i]) / (double)(g->a + i);
	return sum;
}

double err_group(const struct rquery *q, const struct tgroup *g, long K,
		 long gmax, double *all)
{
	long u = lmin(g->t, K - g->a);
	double *E, sum;

	*all = 1;
	if (u <= 0)
		return 0;
	E = xmalloc(((size_t)u + 1) * sizeof *E);
	sum = group_exp(q, g, u, gmax, all, E);
	free(E);
	return sum;
}

double err_at(const struct rquery *q, long K, int mode, long gmax)
{
	double sum = 0, decay = 1, all, *E;
	long u, umax = 0;
	size_t k;

	if (K <= 0)
		K = q->n > 0 ? q->n : 1;
	if (mode != TIE_EXP)
		return err_fixed(q, K, mode, gmax);
	for (k = 0; k < q->ng && q->g[k].a < K; k++)
		umax = lmax(umax, lmin(q->g[k].t, K - q->g[k].a));
	E = xmalloc(((size_t)umax + 1) * sizeof *E);
	for (k = 0; k < q->ng && q->g[k].a < K; k++) {
		const struct tgroup *g = &q->g[k];

		u = lmin(g->t, K - g->a);
		sum += decay * group_exp(q, g, u, gmax, &all, E);
		decay *= all;
	}
	free(E);
	return sum;
}
