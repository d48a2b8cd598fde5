/* --explain (explain.h). Every number shown is computed here from the
 * terms shown, in the order the measure functions add them (cutoff.c,
 * listmeasure.c), so the last "= value" of a measure is the value the
 * program prints for the query. A sum of many terms shows its first ones
 * and the count of the rest, so that every line stays within 80 columns. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/column.h"
#include "measure/cutoff.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "measure/explaintext.h"
#include "measure/listmeasure.h"
#include "measure/ties.h"
#include "measure/tiesum.h"

enum { SHOWN = 12 };

static const char *mode_name(int mode)
{
	return tiemode_name[mode];
}

void explain_query(const struct rquery *q, int mode)
{
	size_t i, k;

	tell("query %s: n = %ld candidates, m = %zu relevant, %zu retrieved, "
	    "ties %s\n", q->id, q->n, q->m, q->nret, mode_name(mode));
	if (q->m == 0) {
		tell("  no relevant item: it counts as --empty says\n");
		return;
	}
	tell("  relevant  grade   rank   ties  tie group: a      t      s  "
	    "positions\n");
	for (i = 0; i < q->m && i < SHOWN; i++) {
		const struct relitem *r = &q->rel[i];
		if (i >= q->nret) {
			tell("  %8zu %6ld      -      -  not retrieved\n", i + 1,
			    r->grade);
			continue;
		}
		for (k = 0; k + 1 < q->ng && q->g[k + 1].first <= i; k++)
			;
		tell("  %8zu %6ld %6ld %6ld  %12ld %6ld %6zu  %ld..%ld\n", i + 1,
		    r->grade, r->rank, r->ties, q->g[k].a, q->g[k].t, q->g[k].s,
		    q->g[k].a + 1, q->g[k].a + q->g[k].t);
	}
	if (q->m > SHOWN)
		tell("  ... and %zu more relevant items\n", q->m - SHOWN);
}

/* the first relevant rank r of a fixed mode, with its formula */
static long fixed_first(const struct tgroup *g, int mode, const char **how)
{
	if (mode == TIE_OPT) {
		*how = "a + 1";
		return g->a + 1;
	}
	*how = "a + t - s + 1";
	return g->a + g->t - (long)g->s + 1;
}

void explain_hit(const struct mcall *c, const char *name)
{
	const struct rquery *q = c->q;
	long K = c->K;
	int mode = c->mode;
	const struct tgroup *g = q->g;
	double miss;
	long k;
	const char *how;

	if (q->ng == 0) {
		tell("  %s = 0: no relevant item retrieved = 0\n", name);
		return;
	}
	if (mode != TIE_EXP || g->t == 1) {
		long r = fixed_first(g, mode == TIE_EXP ? TIE_OPT : mode, &how);
		tell("  %s = [r <= K], r = %s = %ld: [%ld <= %ld] = %d\n", name,
		    how, r, r, K, r <= K);
		return;
	}
	if (K <= g->a) {
		tell("  %s = 0: K = %ld <= a = %ld = 0\n", name, K, g->a);
		return;
	}
	if (K >= g->a + g->t) {
		tell("  %s = 1: K = %ld >= a + t = %ld = 1\n", name, K,
		    g->a + g->t);
		return;
	}
	k = K - g->a;
	miss = none_in_top(g->t, (long)g->s, k);
	tell("  %s = 1 - C(t-s, K-a)/C(t, K-a) = 1 - C(%ld, %ld)/C(%ld, %ld)\n",
	    name, g->t - (long)g->s, k, g->t, k);
	tell("  %*s = 1 - %.6g = %.10g\n", (int)strlen(name), "", miss, 1 - miss);
}

/* h(K), its group terms shown on one line; returns it */
static double explain_found(const struct rquery *q, long K, int mode)
{
	struct explainterms terms = { .len = 0 };
	double h = 0;
	size_t k;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];
		long in = K - g->a < 0 ? 0 : K - g->a > g->t ? g->t : K - g->a;
		long s = (long)g->s;
		double x;
		if (in == 0)
			break;
		if (mode == TIE_OPT)
			x = (double)(in < s ? in : s);
		else if (mode == TIE_PESS)
			x = (double)(in - (g->t - s) < 0 ? 0 : in - (g->t - s) > s ?
				     s : in - (g->t - s));
		else
			x = in == g->t ? (double)s : (double)s * (double)in / (double)g->t;
		if (mode == TIE_EXP && in < g->t)
			explain_term(&terms, "%ld*%ld/%ld", s, in, g->t);
		else
			explain_term(&terms, "%g", x);
		h += x;
	}
	tell("  h(%ld) = %s = %.10g\n", K, explain_terms_text(&terms), h);
	return h;
}

void explain_recall(const struct mcall *c, const char *name)
{
	double h = explain_found(c->q, c->K, c->mode);
	tell("  %s = h(K)/m = %.10g/%zu = %.10g\n", name, h, c->q->m,
	    h / (double)c->q->m);
}

void explain_prec(const struct mcall *c, const char *name)
{
	double h = explain_found(c->q, c->K, c->mode);
	tell("  %s = h(K)/K = %.10g/%ld = %.10g\n", name, h, c->K,
	    h / (double)c->K);
}

void explain_rr(const struct mcall *c, const char *name)
{
	const struct rquery *q = c->q;
	int mode = c->mode;
	const struct tgroup *g = q->g;
	struct explainterms terms = { .len = 0 };
	const char *how;
	double p, rr;
	long j, t, s;

	if (q->ng == 0) {
		tell("  %s = 0: no relevant item retrieved = 0\n", name);
		return;
	}
	if (mode != TIE_EXP) {
		long r = fixed_first(g, mode, &how);
		tell("  %s = 1/r, r = %s = %ld: 1/%ld = %.10g\n", name, how, r, r,
		    1 / (double)r);
		return;
	}
	t = g->t;
	s = (long)g->s;
	/* P(first relevant at a + j) = C(t-j, s-1)/C(t, s), from P(1) = s/t
	 * by the ratio (t-j-s+1)/(t-j); the first terms shown, the sum from
	 * first_rr as cut_rr takes it */
	p = (double)s / (double)t;
	for (j = 1; j <= t - s + 1 && j <= SHOWN; j++) {
		explain_term(&terms, "%.4g/%ld", p, g->a + j);
		if (j < t)
			p *= (double)(t - j - s + 1) / (double)(t - j);
	}
	terms.n = (size_t)(t - s + 1);	/* every term counted */
	if (t - s + 1 > SHOWN && !terms.cut)
		terms.cut = SHOWN + 1;
	rr = first_rr(g->a, t, s, LONG_MAX - g->a);
	tell("  %s = sum for j = 1..t-s+1 of C(t-j, s-1)/C(t, s)/(a+j)\n", name);
	tell("  %*s = %s\n", (int)strlen(name), "", explain_terms_text(&terms));
	tell("  %*s = %.10g\n", (int)strlen(name), "", rr);
}

void explain_first(const struct mcall *c, const char *name)
{
	const struct rquery *q = c->q;
	int mode = c->mode;
	const struct tgroup *g = q->g;
	const char *how;

	if (q->ng == 0) {
		tell("  %s: r has no value (no relevant item retrieved): left out\n",
		    name);
		return;
	}
	if (mode != TIE_EXP) {
		long r = fixed_first(g, mode, &how);
		tell("  %s: r = %s = %ld\n", name, how, r);
		return;
	}
	/* t+1 as unsigned: t may be LONG_MAX */
	tell("  %s: r = a + (t+1)/(s+1) = %ld + %lu/%zu = %.10g\n", name, g->a,
	    (unsigned long)g->t + 1, g->s + 1,
	    (double)g->a + ((double)g->t + 1) / ((double)g->s + 1));
}

void explain_rprec(const struct mcall *c, const char *name)
{
	double h = explain_found(c->q, (long)c->q->m, c->mode);
	tell("  %s = h(m)/m = %.10g/%zu = %.10g\n", name, h, c->q->m,
	    h / (double)c->q->m);
}

/* the sum of precisions at relevant positions p <= K of a fixed order:
 * the c-th relevant item at position p adds c/p */
static double ap_sum_fixed(const struct rquery *q, long K, int mode,
			   long *found)
{
	struct explainterms terms = { .len = 0 };
	double sum = 0;
	long cnt = 0;
	size_t k, j;

	*found = 0;
	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];
		for (j = 0; j < g->s; j++) {
			long p = mode == TIE_OPT ? g->a + 1 + (long)j :
				g->a + g->t - (long)g->s + 1 + (long)j;
			cnt++;
			if (p <= K) {
				sum += (double)cnt / (double)p;
				explain_term(&terms, "%ld/%ld", cnt, p);
				(*found)++;
			}
		}
	}
	tell("  sum of c/p = %s = %.10g\n", explain_terms_text(&terms), sum);
	return sum;
}

/* the expected sum: each group's share T = (s/t)[(c+1)D + (s-1)/(t-1)
 * (u - (a+1)D)], D = sum for i = 1..u of 1/(a+i), u its positions <= K */
static double ap_sum_exp(const struct rquery *q, long K)
{
	double sum = 0, c = 0;
	size_t k;

	tell("  share of a group: T = (s/t)[(c+1)D + (s-1)/(t-1) (u - (a+1)D)],\n"
	    "  D = sum for i = 1..u of 1/(a+i), u = min(t, K-a), c relevant "
	    "above it\n");
	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];
		long u = g->t < K - g->a ? g->t : K - g->a, s = (long)g->s;
		double x, D = 0;
		if (g->a >= K)
			break;
		if (g->t == 1) {
			x = (c + 1) / (double)(g->a + 1);
		} else {
			D = harmonic_diff(g->a, u);
			x = (double)s / (double)g->t * ((c + 1) * D +
			    (double)(s - 1) / (double)(g->t - 1) *
			    ((double)u - (double)(g->a + 1) * D));
		}
		if (k < SHOWN && g->t == 1)
			tell("  a=%ld t=1 s=1 c=%g: T = (c+1)/(a+1) = %.10g\n",
			    g->a, c, x);
		else if (k < SHOWN)
			tell("  a=%ld t=%ld s=%ld c=%g u=%ld D=%.6g: T = %.10g\n",
			    g->a, g->t, s, c, u, D, x);
		sum += x;
		c += (double)s;
	}
	if (q->ng > SHOWN)
		tell("  ... %zu groups in all\n", q->ng);
	tell("  sum of T = %.10g\n", sum);
	return sum;
}

void explain_ap(const struct mcall *c, const char *name, int div)
{
	const struct rquery *q = c->q;
	long K = c->K;
	int mode = c->mode;
	long bound = K > 0 ? K : LONG_MAX, found = 0;
	double sum, d = (double)q->m;
	const char *dname = "m";

	tell("  %s = (1/d) sum over relevant positions p%s of P@p\n", name,
	    K > 0 ? " <= K" : "");
	if (mode == TIE_EXP && div == APDIV_FOUND) {
		tell("  %*s   d = the relevant items found in the top K; the mean "
		    "of the ratio\n  %*s   over the orders of the group cut by K "
		    "(not a ratio of means)\n", (int)strlen(name), "",
		    (int)strlen(name), "");
		tell("  %*s = %.10g\n", (int)strlen(name), "",
		    list_apk(q, K, mode, div));
		return;
	}
	sum = mode == TIE_EXP ? ap_sum_exp(q, bound) :
		ap_sum_fixed(q, bound, mode, &found);
	if (div == APDIV_MIN && K > 0 && (double)K < d) {
		d = (double)K;
		dname = "min(m, K)";
	} else if (div == APDIV_FOUND) {
		d = (double)found;
		dname = "found";
	}
	if (d == 0) {
		tell("  %*s = 0: d = %s = 0\n", (int)strlen(name), "", dname);
		return;
	}
	tell("  %*s = %.10g/d, d = %s = %g: %.10g\n", (int)strlen(name), "",
	    sum, dname, d, sum / d);
}

void explain_inp(const struct mcall *c, const char *name)
{
	const struct rquery *q = c->q;
	int mode = c->mode;
	const struct tgroup *g;
	long a, t, s;
	double e;

	if (q->nret == 0 || q->ng == 0) {
		tell("  %s = 0: no relevant item retrieved = 0\n", name);
		return;
	}
	g = &q->g[q->ng - 1];
	a = g->a, t = g->t, s = (long)g->s;
	tell("  %s = (retrieved relevant)/(position of the last one),\n"
	    "  the last group a = %ld, t = %ld, s = %ld\n", name, a, t, s);
	if (mode == TIE_OPT) {
		tell("  %*s = %zu/(a+s) = %zu/%ld = %.10g\n", (int)strlen(name), "",
		    q->nret, q->nret, a + s, (double)q->nret * (1 / (double)(a + s)));
		return;
	}
	if (mode == TIE_PESS || s == t) {
		tell("  %*s = %zu/(a+t) = %zu/%ld = %.10g\n", (int)strlen(name), "",
		    q->nret, q->nret, a + t, (double)q->nret * (1 / (double)(a + t)));
		return;
	}
	if (s == 1) {
		e = harmonic_diff(a, t) / (double)t;
		tell("  %*s = %zu * (1/t) sum for j = 1..t of 1/(a+j) = %zu * %.6g "
		    "= %.10g\n", (int)strlen(name), "", q->nret, q->nret, e,
		    (double)q->nret * e);
		return;
	}
	e = last_rr(a, t, s);
	tell("  %*s = %zu * sum for j = s..t of C(j-1, s-1)/C(t, s)/(a+j)\n",
	    (int)strlen(name), "", q->nret);
	tell("  %*s = %zu * %.6g = %.10g\n", (int)strlen(name), "", q->nret, e,
	    (double)q->nret * e);
}

static double discount(long p)
{
	return 1 / log2(1 + (double)p);
}

/* the DCG cut at K (K <= 0: the whole list) with the gains gs, its terms
 * shown */
static double explain_dcg(const struct rquery *q, long K, int mode,
			  struct gains gs)
{
	struct explainterms terms = { .len = 0 };
	double dcg = 0, *ord = mode == TIE_EXP ? NULL :
	    list_gain_order(q, &gs);
	long bound = K > 0 ? K : LONG_MAX;
	size_t k, j;

	for (k = 0; k < q->ng; k++) {
		const struct tgroup *g = &q->g[k];
		double G = 0, d;
		if (g->a >= bound)
			break;
		if (mode != TIE_EXP) {
			for (j = 0; j < g->s; j++) {
				long p = mode == TIE_OPT ? g->a + 1 + (long)j :
					g->a + g->t - (long)j;
				double gj = ord ? ord[g->first + j] :
				    list_gain(&gs, q->rel[g->first + j].grade);
				if (p > bound)
					continue;
				dcg += gj * discount(p);
				explain_term(&terms, "%g/log2(%ld)", gj, p + 1);
			}
			continue;
		}
		for (j = 0; j < g->s; j++)
			G += list_gain(&gs, q->rel[g->first + j].grade);
		d = discount_sum(g->a, g->t < bound - g->a ? g->t : bound - g->a);
		dcg += G / (double)g->t * d;
		if (g->t == 1)
			explain_term(&terms, "%g/log2(%ld)", G, g->a + 2);
		else
			explain_term(&terms, "(%g/%ld)*%.4g", G, g->t, d);
	}
	tell("  DCG = %s = %.10g\n", explain_terms_text(&terms), dcg);
	free(ord);
	return dcg;
}

void explain_ndcg(const struct mcall *c, const char *name, int gain,
		  const struct gainmap *map)
{
	const struct rquery *q = c->q;
	long K = c->K;
	int mode = c->mode;
	double dcg, ideal = list_idcg(q, K, gain, map);
	struct gains gs;

	tell("  %s = DCG/IDCG; a position p discounts its gain by 1/log2(p+1)%s\n",
	    name, mode == TIE_EXP ? ";" : "");
	if (mode == TIE_EXP)
		tell("  a tie group adds (G/t)(sum of its discounts up to K), G "
		    "the sum of its gains\n");
	gs = list_gains(q, gain, map);
	if (map)
		tell("  a grade's gain is --gains' (its own value when not "
		    "listed)\n");
	if (gs.shift)
		tell("  every gain 2^g - 1 is taken times 2^-%ld (the largest "
		    "grade), in DCG and IDCG alike\n", gs.shift);
	dcg = explain_dcg(q, K, mode, gs);
	tell("  IDCG = the DCG of all m relevant items by %s = %.10g\n",
	    map ? "gain, those above 0" : "grade", ideal);
	tell("  %s = %.10g/%.10g = %.10g\n", name, dcg, ideal,
	    ideal > 0 ? dcg / ideal : 0);
}

void explain_sdcg(const struct mcall *c, const char *name, long top)
{
	struct gains gs = { GAIN_SCALED, 0, top, NULL };
	double dcg, norm = discount_sum(0, c->K);

	tell("  %s = DCG@%ld / (the DCG of %ld items of grade %ld);\n  a "
	    "grade g gains min(g, %ld)/%ld\n", name, c->K, c->K, top, top,
	    top);
	if (c->mode == TIE_EXP)
		tell("  a tie group adds (G/t)(sum of its discounts up to K), G "
		    "the sum of its gains\n");
	dcg = explain_dcg(c->q, c->K, c->mode, gs);
	tell("  %s = %.10g/%.10g = %.10g\n", name, dcg, norm, dcg / norm);
}

void explain_curve(const struct rquery *q, long maxK, int mode)
{
	const struct tgroup *g = q->g;
	const char *how;
	char name[32];
	long K, shown = 0;

	if (q->ng == 0) {
		tell("  hit@K = 0 at every K: no relevant item retrieved\n");
		return;
	}
	if (mode != TIE_EXP || g->t == 1) {
		long r = fixed_first(g, mode == TIE_EXP ? TIE_OPT : mode, &how);
		tell("  hit@K = [r <= K], r = %s = %ld: 0 for K < %ld, 1 from K = %ld\n",
		    how, r, r, r);
		return;
	}
	tell("  hit@K = 0 for K <= a = %ld, 1 for K >= a + t = %ld, between:\n",
	    g->a, g->a + g->t);
	for (K = g->a + 1; K < g->a + g->t && K <= maxK; K++) {
		if (shown++ == SHOWN) {
			tell("  ... up to hit@%ld\n", g->a + g->t - 1);
			break;
		}
		struct mcall c = { .q = q, .K = K, .mode = mode };
		snprintf(name, sizeof name, "hit@%ld", K);
		explain_hit(&c, name);
	}
}

void explain_mapr(const struct mcall *c, const char *name)
{
	struct mcall r = *c;
	r.K = (long)c->q->m;
	explain_ap(&r, name, APDIV_M);
}

void explain_wholeap(const struct mcall *c, const char *name)
{
	struct mcall r = *c;
	r.K = 0;
	explain_ap(&r, name, APDIV_M);
}

int explain_wanted(const char *const *names, size_t n, const char *id,
		   unsigned char *seen)
{
	size_t i;
	int want = 0;
	for (i = 0; i < n; i++)
		if (strcmp(names[i], "all") == 0 || strcmp(names[i], id) == 0) {
			want = 1;
			if (seen)
				seen[i] = 1;
		}
	return want;
}

void explain_missing(const char *const *names, size_t n,
		     const unsigned char *seen, const char *who)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!seen[i] && strcmp(names[i], "all") != 0)
			tell_note("%s%s--explain %s: the input has no such query",
				  who ? who : "", who ? ": " : "", names[i]);
}

void explain_record(const struct driver *d, const struct qrecord *rec)
{
	struct mcall c = { .q = rec->q, .mode = d->opt.common.mode,
			   .ctx = d->prog->ctx };
	size_t i;

	explain_query(rec->q, d->opt.common.mode);
	if (rec->q->m == 0)
		return;
	for (i = 0; i < d->ncol; i++) {
		const struct column *col = &d->col[i];
		if (col->chance || !col->def->explain)
			continue;
		c.K = col->K;
		col->def->explain(&c, col->name);
	}
}
