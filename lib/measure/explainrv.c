/* --explain for revisitop's measures (revisitop.h): the trapezoidal AP as
 * its two sums, mP@K as its cut k = min(K, L) and count. */
#include <string.h>
#include "util/err.h"
#include "measure/column.h"
#include "measure/cutoff.h"
#include "measure/explain.h"
#include "measure/listmeasure.h"
#include "measure/revisitop.h"

void explain_trapezoid_ap(const struct mcall *c, const char *name)
{
	const struct rquery *q = c->q;
	int w = (int)strlen(name);
	double s, b;

	tell("  %s = (1/m) sum over relevant positions p of (P@(p-1) + P@p)/2,\n"
	    "  %*s   P@0 = 1 (revisitop's trapezoids) = (S + B) / 2m\n", name,
	    w, "");
	if (q->m == 0 || q->nret == 0) {
		tell("  %*s = 0: no relevant item retrieved\n", w, "");
		return;
	}
	s = list_ap(q, c->mode) * (double)q->m;
	b = revisitop_before(q, c->mode);
	tell("  %*s   S = sum of P@p = %.10g, B = sum of P@(p-1) = %.10g\n",
	    w, "", s, b);
	tell("  %*s = (%.10g + %.10g) / (2*%zu) = %.10g\n", w, "", s, b, q->m,
	    revisitop_ap(q, c->mode));
}

void explain_mpk(const struct mcall *c, const char *name)
{
	const struct rquery *q = c->q;
	const struct tgroup *g;
	int w = (int)strlen(name);
	long L;

	tell("  %s = h(k)/k, k = min(K, L), L the position of the last relevant "
	    "item\n", name);
	if (q->m == 0 || q->nret == 0 || q->ng == 0) {
		tell("  %*s = 0: no relevant item retrieved\n", w, "");
		return;
	}
	g = &q->g[q->ng - 1];
	if (c->mode == TIE_EXP && g->t > 1 && g->a < c->K) {
		tell("  %*s   the last group a = %ld, t = %ld, s = %zu: the mean "
		    "over its orders\n  %*s = %.10g\n", w, "", g->a, g->t,
		    g->s, w, "", revisitop_mpk(q, c->K, c->mode));
		return;
	}
	L = c->mode == TIE_PESS ? g->a + g->t : g->a + (long)g->s;
	if (L <= c->K)
		tell("  %*s = %zu/%ld: L = %ld <= K, every one retrieved in the "
		    "top L = %.10g\n", w, "", q->nret, L, L,
		    (double)q->nret / (double)L);
	else
		tell("  %*s = h(K)/K = %.10g/%ld: L > K = %.10g\n", w, "",
		    cut_found(q, c->K, c->mode), c->K,
		    cut_found(q, c->K, c->mode) / (double)c->K);
}
