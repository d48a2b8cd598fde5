/* --explain for ndcg's user models (explain.h): ERR@K, RBP and RBP's
 * residual, each sum shown term by term as err.c and rbp.c add it, so
 * that the last "= value" is the value the program prints. */
#include "measure/column.h"
#include "measure/expectedrr.h"
#include "measure/explain.h"
#include "measure/explaintext.h"
#include "util/err.h"
#include "measure/judged.h"
#include "measure/rbp.h"
#include "measure/ties.h"

void explain_err(const struct mcall *c, const char *name, long gmax)
{
	const struct rquery *q = c->q;
	struct explainterms terms = { .len = 0 };
	double sum = 0, decay = 1, all, r, share;
	size_t k, j;
	long p;

	tell("  %s = sum over positions i <= %ld of (r_i/i) times the product "
	    "of 1 - r\n", name, c->K);
	tell("  above i, r = (2^g - 1)/2^%ld for a relevant item, 0 for the "
	    "others\n", gmax);
	if (c->mode == TIE_EXP)
		tell("  a tie group adds D (its product above) times the sum over "
		    "i of\n  (F(i-1) - F(i))/(a+i), F(i) the mean product over "
		    "its first i positions\n");
	for (k = 0; k < q->ng && q->g[k].a < c->K; k++) {
		const struct tgroup *g = &q->g[k];

		if (c->mode == TIE_EXP) {
			share = err_group(q, g, c->K, gmax, &all);
			sum += decay * share;
			explain_term(&terms, "%.6g*%.6g", decay, share);
			decay *= all;
			continue;
		}
		for (j = 0; j < g->s; j++) {
			/* the j-th relevant item in position order */
			p = c->mode == TIE_OPT ? g->a + 1 + (long)j :
			    g->a + g->t - (long)g->s + 1 + (long)j;
			if (p > c->K)
				break;
			r = err_stop(q, &q->rel[g->first + (c->mode == TIE_OPT ?
			    j : g->s - 1 - j)], gmax);
			sum += decay * r / (double)p;
			explain_term(&terms, "%.6g*%.6g/%ld", decay, r, p);
			decay *= 1 - r;
		}
	}
	tell("  %s = %s = %.10g\n", name, explain_terms_text(&terms), sum);
}

void explain_rbp(const struct mcall *c, const char *name, double p)
{
	const struct rquery *q = c->q;
	struct explainterms terms = { .len = 0 };
	double sum = 0, w;
	size_t k;

	tell("  %s = (1 - p) sum of p^(i-1) over the relevant positions i, "
	    "p = %.6g;\n  a group's share: %s\n", name, p,
	    c->mode == TIE_OPT ? "p^a (1 - p^s)" : c->mode == TIE_PESS ?
	    "p^(a+t-s) (1 - p^s)" : "s p^a (1 - p^t) / t");
	for (k = 0; k < q->ng; k++) {
		w = rbp_group_weight(q->g[k].a, q->g[k].t, (long)q->g[k].s,
				     c->mode, p);
		sum += w;
		explain_term(&terms, "%.6g", w);
	}
	tell("  %s = %s = %.10g\n", name, explain_terms_text(&terms), sum);
}

void explain_rbp_resid(const struct mcall *c, const char *name, double p)
{
	struct explainterms terms = { .len = 0 };
	struct jgcursor cur = { 0, 0 };
	struct jgroup g;
	double judged = 0, w;

	rquery_need_v2(c->q, "RBP_resid");
	tell("  %s = 1 - (1 - p) sum of p^(i-1) over the judged positions "
	    "i,\n  p = %.6g (p^n and the unjudged positions' weights); "
	    "each group's judged share:\n", name, p);
	while (judged_group_next(c->q, &cur, &g)) {
		w = rbp_group_weight(g.a, g.t, g.rel + g.nonrel, c->mode, p);
		judged += w;
		explain_term(&terms, "%.6g", w);
	}
	tell("  %s = 1 - (%s) = %.10g\n", name, explain_terms_text(&terms),
	    1 - judged);
}
