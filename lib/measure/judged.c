/* bpref and Judged@K from the rank stream's version 2, and its tie groups
 * that hold judged items (judged.h). */
#include "util/minmax.h"
#include "measure/judged.h"
#include "measure/ties.h"

/* The expected min(J + X, R), X uniform on 0 .. u: the number of the
 * group's u judged non-relevant items that a relevant item of the group
 * comes after. In an order of the group drawn uniformly, the relevant
 * item and the u non-relevant ones are in each of their (u + 1)! relative
 * orders equally often, so its place among them is uniform on 0 .. u
 * (the other relevant items and the unjudged do not count in b). With
 * c = R - J > 0, the first k = min(u + 1, c) values of x give J + x and
 * the rest R:
 *     sum = k J + k (k - 1) / 2 + (u + 1 - k) R,   mean = sum / (u + 1).
 * J >= R gives R. */
static double mean_min(long J, long u, long R)
{
	double k;

	if (J >= R)
		return (double)R;
	k = (double)(u + 1 < R - J ? u + 1 : R - J);
	return (k * (double)J + k * (k - 1) / 2 +
		((double)u + 1 - k) * (double)R) / ((double)u + 1);
}

/* b for a relevant item of a group with J judged non-relevant items above
 * it and u within it, as the tie mode takes it: before every one of the
 * group's (optimistic), after (pessimistic), or the mean over orders;
 * returned as the mean of min(b, R) */
static double min_above(long J, long u, long R, int mode)
{
	long b = mode == TIE_OPT ? J : J + u;

	if (mode == TIE_EXP)
		return mean_min(J, u, R);
	return (double)(b < R ? b : R);
}

double judged_bpref(const struct rquery *q, int mode)
{
	long R = (long)q->m, N = 0, J = 0, u, D;
	size_t i, j = 0, gi;
	double sum = 0;

	rquery_need_v2(q, "bpref");
	for (i = 0; i < q->nj; i++)
		N += q->jud[i].kind == 'j';
	D = N < R ? N : R;
	/* each group: J the judged non-relevant above it, u within it; its
	 * s relevant items each add 1 - E[min(b, R)] / min(N, R) (1 when
	 * N = 0: no non-relevant item can come first) */
	for (gi = 0; gi < q->ng; gi++) {
		const struct tgroup *g = &q->g[gi];
		for (; j < q->nj && q->jud[j].rank >= 0 &&
		     q->jud[j].rank <= g->a; j++)
			J += q->jud[j].kind == 'j';
		for (u = 0, i = j; i < q->nj && q->jud[i].rank == g->a + 1; i++)
			u += q->jud[i].kind == 'j';
		if (D == 0)
			sum += (double)g->s;
		else
			sum += (double)g->s * (1 - min_above(J, u, R, mode) /
					       (double)D);
	}
	return sum / (double)R;
}

int judged_group_next(const struct rquery *q, struct jgcursor *c,
		      struct jgroup *g)
{
	/* the relevant items' groups (q->g) and the other judged items'
	 * (q->jud: by rank, those not retrieved last), merged by position */
	int from_rel;

	if (c->i < q->nj && q->jud[c->i].rank < 0)
		c->i = q->nj;
	if (c->k == q->ng && c->i == q->nj)
		return 0;
	from_rel = c->i == q->nj ||
	    (c->k < q->ng && q->g[c->k].a + 1 <= q->jud[c->i].rank);
	if (from_rel) {
		g->a = q->g[c->k].a;
		g->t = q->g[c->k].t;
		g->rel = (long)q->g[c->k].s;
		c->k++;
	} else {
		g->a = q->jud[c->i].rank - 1;
		g->t = q->jud[c->i].ties + 1;
		g->rel = 0;
	}
	g->nonrel = g->neg = 0;
	for (; c->i < q->nj && q->jud[c->i].rank == g->a + 1; c->i++) {
		g->nonrel += q->jud[c->i].kind == 'j';
		g->neg += q->jud[c->i].kind == 'u';
	}
	return 1;
}

/* Judged@K. A group straddling K (a < K < a + t) holds d judged items
 * among its t positions, u = K - a of them in the top K: optimistic, the
 * judged items first, min(d, u) of them; pessimistic, last, max(0, d -
 * (t - u)); expected, each of the d in the top K with chance u/t, d u / t.
 * A group wholly above K counts all d. */
double judged_at(const struct rquery *q, long K, int mode)
{
	struct jgcursor c = { 0, 0 };
	struct jgroup g;
	double seen = 0;
	long d, u;

	rquery_need_v2(q, "Judged@K");
	if (q->n <= 0)
		return 0;
	while (judged_group_next(q, &c, &g) && g.a < K) {
		d = g.rel + g.nonrel + g.neg;
		u = lmin(g.t, K - g.a);
		if (mode == TIE_OPT)
			seen += (double)lmin(d, u);
		else if (mode == TIE_PESS)
			seen += (double)lmax(0, d - (g.t - u));
		else
			seen += (double)d * (double)u / (double)g.t;
	}
	return seen / (double)lmin(K, q->n);
}
