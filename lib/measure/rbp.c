/* RBP and its residual in the three tie modes (rbp.h).
 *
 * Both are sums over positions of weights w(i) = (1 - p) p^(i-1), whose
 * sum over positions a+1 .. a+k is p^a - p^(a+k) = p^a (1 - p^k). A tie
 * group at positions a+1 .. a+t holding s relevant items adds:
 *   optimistic  (its first s positions):   p^a (1 - p^s)
 *   pessimistic (its last s positions):    p^(a+t-s) (1 - p^s)
 *   expected    (each item at each position with chance 1/t):
 *                                          s p^a (1 - p^t) / t.
 *
 * The residual. The weights of all positions 1 .. n sum to 1 - p^n, so
 *   residual = p^n + sum over unjudged positions of w(i)
 *            = 1 - sum over judged positions of w(i),
 * and a group holding j judged items (relevant or judged not relevant)
 * adds the terms above with s = j to that sum. In the fixed orders a
 * group's relevant items come first (optimistic) or last (pessimistic),
 * as in every measure, with its other judged items next to them: the
 * optimistic order puts the judged items first (the smallest residual),
 * the pessimistic one last (the largest). trec_eval's rbp_resid is this
 * sum in trec_eval's order, except that it prints 0 for a topic without
 * unjudged documents retrieved, where p^n is left (treceval(1)). */
#include <math.h>
#include "measure/judged.h"
#include "measure/rbp.h"
#include "measure/ties.h"

/* p^k for k >= 0 (0^0 = 1) */
static double power(double p, long k)
{
	return pow(p, (double)k);
}

/* 1 - p^k, accurate for p near 1 */
static double one_minus_power(double p, long k)
{
	return p == 0 ? (k > 0) : -expm1((double)k * log(p));
}

/* the weights of j of the positions a+1 .. a+t as the mode places them */
double rbp_group_weight(long a, long t, long j, int mode, double p)
{
	if (j == 0)
		return 0;
	if (mode == TIE_OPT)
		return power(p, a) * one_minus_power(p, j);
	if (mode == TIE_PESS)
		return power(p, a + t - j) * one_minus_power(p, j);
	return (double)j * power(p, a) * one_minus_power(p, t) / (double)t;
}

double rbp_base(const struct rquery *q, int mode, double p)
{
	double sum = 0;
	size_t k;

	for (k = 0; k < q->ng; k++)
		sum += rbp_group_weight(q->g[k].a, q->g[k].t, (long)q->g[k].s,
				    mode, p);
	return sum;
}

double rbp_resid(const struct rquery *q, int mode, double p)
{
	struct jgcursor c = { 0, 0 };
	struct jgroup g;
	double judged = 0;

	rquery_need_v2(q, "RBP_resid");
	while (judged_group_next(q, &c, &g))
		judged += rbp_group_weight(g.a, g.t, g.rel + g.nonrel, mode, p);
	return 1 - judged;
}
