/* trec_eval's table of measures and the values that need no gains
 * (trecmeas.h; the gain measures are in trecgain.c). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/counts.h"
#include "measure/cutoff.h"
#include "measure/listmeasure.h"
#include "trec/trecgain.h"
#include "trec/trecjudged.h"
#include "trec/trecmeas.h"

/* trec_eval's MIN_GEO_MEAN: gm_map's floor of a topic's AP */
#define MIN_GEO_MEAN .00001

static double found(const struct trectopic *t, long K)
{
	return cut_found(&t->rq, K, TIE_OPT);
}

static void v_num_q(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	(void)t, (void)a;
	v[0] = 1;
}

static void v_num_ret(const struct trectopic *t, const struct trecasked *a,
		      double *v)
{
	(void)a;
	v[0] = (double)t->n;
}

static void v_num_rel(const struct trectopic *t, const struct trecasked *a,
		      double *v)
{
	struct mcall c = { .q = &t->rq };
	(void)a;
	v[0] = count_relevant(&c);
}

static void v_num_rel_ret(const struct trectopic *t,
			  const struct trecasked *a, double *v)
{
	struct mcall c = { .q = &t->rq };
	(void)a;
	v[0] = count_relevant_retrieved(&c);
}

static void v_map(const struct trectopic *t, const struct trecasked *a,
		  double *v)
{
	(void)a;
	v[0] = list_ap(&t->rq, TIE_OPT);
}

/* the logarithm of AP, floored: the summary is exp of their mean */
static void v_gm_map(const struct trectopic *t, const struct trecasked *a,
		     double *v)
{
	double ap = list_ap(&t->rq, TIE_OPT);
	(void)a;
	v[0] = log(ap > MIN_GEO_MEAN ? ap : MIN_GEO_MEAN);
}

static void v_Rprec(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	(void)a;
	v[0] = list_rprec(&t->rq, TIE_OPT);
}

static void v_recip_rank(const struct trectopic *t,
			 const struct trecasked *a, double *v)
{
	(void)a;
	v[0] = cut_rr(&t->rq, 0, TIE_OPT);
}

size_t trec_sweep(const long *cut, size_t k)
{
	size_t i;
	for (i = 1; i < k && cut[i] > cut[i - 1]; i++)
		;
	return k ? i : 0;
}

/* cut-off i as the sweep takes it: itself, or the whole ranking */
static long eff(const struct trecasked *a, size_t i, size_t sweep)
{
	return i < sweep ? a->lcut[i] : LONG_MAX;
}

static void v_P(const struct trectopic *t, const struct trecasked *a,
		double *v)
{
	size_t i, s = trec_sweep(a->lcut, a->ncut);
	for (i = 0; i < a->ncut; i++)
		v[i] = found(t, eff(a, i, s)) / (double)a->lcut[i];
}

static void v_recall(const struct trectopic *t, const struct trecasked *a,
		     double *v)
{
	size_t i, s = trec_sweep(a->lcut, a->ncut);
	for (i = 0; t->rq.m && i < a->ncut; i++)
		v[i] = found(t, eff(a, i, s)) / (double)t->rq.m;
}

static void v_success(const struct trectopic *t, const struct trecasked *a,
		      double *v)
{
	size_t i, s = trec_sweep(a->lcut, a->ncut);
	for (i = 0; i < a->ncut; i++)
		v[i] = cut_hit(&t->rq, eff(a, i, s), TIE_OPT);
}

static void v_map_cut(const struct trectopic *t, const struct trecasked *a,
		      double *v)
{
	size_t i, s = trec_sweep(a->lcut, a->ncut);
	for (i = 0; t->rq.m && i < a->ncut; i++)
		v[i] = list_apk(&t->rq, eff(a, i, s), TIE_OPT, APDIV_M);
}

/* found(K) over the most that K documents can hold, min(K, num_rel) */
static void v_relative_P(const struct trectopic *t,
			 const struct trecasked *a, double *v)
{
	long m = (long)t->rq.m, K;
	size_t i, s = trec_sweep(a->lcut, a->ncut);

	for (i = 0; m && i < a->ncut; i++) {
		K = a->lcut[i];
		v[i] = found(t, eff(a, i, s)) / (double)(K > m ? m : K);
	}
}

/* trec_eval's interpolated precision at relevant counts cut[0 .. k-1],
 * each value handed to put(ctx, index, value) in trec_eval's order */
static void trec_iprec(const struct trectopic *t, const long *cut, size_t k,
		void (*put)(void *ctx, size_t i, double v), void *ctx)
{
	long r = (long)t->rq.nret, c = (long)k - 1, j;
	double precis = (double)r / (double)t->n, best = precis;

	/* from the last relevant document up: the best precision at or
	 * below each, reached at a relevant document's rank (between two
	 * of them precision only falls) */
	while (c >= 0 && cut[c] > r)
		c--;
	for (j = r - 1; j >= 0 && r > 0; j--) {
		precis = (double)r / (double)(t->rq.g[j].a + 1);
		if (best < precis)
			best = precis;
		while (c >= 0 && r == cut[c])
			put(ctx, (size_t)c--, best);
		r--;
	}
	while (c >= 0)
		put(ctx, (size_t)c--, best);
}

struct iprec_ctx {
	double *v;
	double sum;
};

static void put_value(void *ctx, size_t i, double v)
{
	((struct iprec_ctx *)ctx)->v[i] = v;
}

static void put_sum(void *ctx, size_t i, double v)
{
	(void)i;
	((struct iprec_ctx *)ctx)->sum += v;
}

/* recall levels as relevant counts, rounded (trec_eval 10's lround) */
static void recall_cuts(const struct trectopic *t, const struct trecasked *a,
			long *cut)
{
	size_t i;
	for (i = 0; i < a->ncut; i++)
		cut[i] = lround(a->dcut[i] * (double)t->rq.m);
}

/* the interpolated precisions at the asked recall levels, each to put */
static void iprec_at_recalls(const struct trectopic *t,
			     const struct trecasked *a,
			     void (*put)(void *ctx, size_t i, double v),
			     struct iprec_ctx *x)
{
	long small[16] = { 0 }, *cut = a->ncut > 16 ? xmalloc(a->ncut * sizeof *cut)
					    : small;

	recall_cuts(t, a, cut);
	trec_iprec(t, cut, a->ncut, put, x);
	if (cut != small)
		free(cut);
}

static void v_iprec(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	struct iprec_ctx x = { v, 0 };

	iprec_at_recalls(t, a, put_value, &x);
}

static void v_11pt(const struct trectopic *t, const struct trecasked *a,
		   double *v)
{
	struct iprec_ctx x = { v, 0 };

	iprec_at_recalls(t, a, put_sum, &x);
	v[0] = x.sum / (double)a->ncut;
}

/* precision at multiples of num_rel: (long)(x * num_rel + 0.9) documents */
static void v_Rprec_mult(const struct trectopic *t,
			 const struct trecasked *a, double *v)
{
	double nrr = (double)t->rq.nret, h;
	size_t i;
	long c;

	for (i = 0; i < a->ncut; i++) {
		c = (long)(a->dcut[i] * (double)t->rq.m + 0.9);
		if (c > t->n)
			v[i] = nrr / (double)c;
		else if (c >= 1 && (h = found(t, c)) > 0)
			v[i] = h / (double)c;
	}
}

static void v_utility(const struct trectopic *t, const struct trecasked *a,
		      double *v)
{
	const double *p = a->dcut;
	long nrr = (long)t->rq.nret, m = (long)t->rq.m;

	v[0] = p[0] * nrr + p[1] * (t->n - nrr) + p[2] * (m - nrr) +
	       p[3] * (t->ndocs + nrr - t->n - m);
}

static void v_binG(const struct trectopic *t, const struct trecasked *a,
		   double *v)
{
	double sum = 0;
	long r = 0;
	size_t j;

	(void)a;
	for (j = 0; j < t->rq.nret; j++) {
		r++;
		sum += 1.0 / log2((double)(3 + t->rq.g[j].a - r));
	}
	if (r)
		v[0] = sum / (double)t->rq.m;
}

static void v_set_P(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	(void)a;
	if (t->n)
		v[0] = (double)t->rq.nret / (double)t->n;
}

static void v_set_relative_P(const struct trectopic *t,
			     const struct trecasked *a, double *v)
{
	long m = (long)t->rq.m;
	(void)a;
	if (t->n && m)
		v[0] = (double)t->rq.nret / (double)(t->n < m ? t->n : m);
}

static void v_set_recall(const struct trectopic *t,
			 const struct trecasked *a, double *v)
{
	(void)a;
	if (t->rq.m)
		v[0] = (double)t->rq.nret / (double)t->rq.m;
}

static void v_set_map(const struct trectopic *t, const struct trecasked *a,
		      double *v)
{
	double nrr = (double)t->rq.nret;
	(void)a;
	if (t->n && t->rq.m)
		v[0] = (nrr * nrr) / ((double)t->n * (double)t->rq.m);
}

static void v_set_F(const struct trectopic *t, const struct trecasked *a,
		    double *v)
{
	double x = a->dcut[0], P, R;

	if (!t->rq.nret)
		return;
	P = (double)t->rq.nret / (double)t->n;
	R = (double)t->rq.nret / (double)t->rq.m;
	v[0] = (x + 1.0) * P * R / (x * P + R);
}

static void v_yaap(const struct trectopic *t, const struct trecasked *a,
		   double *v)
{
	double sum = 0;
	size_t j;

	(void)a;
	for (j = 0; j < t->rq.nret; j++)
		sum += (double)(j + 1) / (double)(t->rq.g[j].a + 1);
	v[0] = log((1.0 + sum) / (1.0 + (double)t->rq.m - sum));
}

static const long cuts9[] = { 5, 10, 15, 20, 30, 100, 200, 500, 1000 };
static const long cuts_success[] = { 1, 5, 10 };
static const long cuts_unj[] = { 5, 10, 20 };
static const double recall11[] = { 0, .1, .2, .3, .4, .5, .6, .7, .8, .9, 1 };
static const double rmult[] = { .2, .4, .6, .8, 1, 1.2, 1.4, 1.6, 1.8, 2 };
static const double utility4[] = { 1, -1, 0, 0 };
static const double relstring10[] = { 10 };
static const double beta1[] = { 1 };

#define CUTS(a) (a), NULL, sizeof(a) / sizeof(a)[0]
#define NUMS(a) NULL, (a), sizeof(a) / sizeof(a)[0]
/* name, params, summary, integer, per topic, support, gain, defaults,
 * value */
#define M(n, p, s, i, q, sup, g, def, f) { n, p, s, i, q, sup, g, def, f }
#define NODEF NULL, NULL, 0
#define DBL(n, f) M(n, TP_NONE, TS_MEAN, 0, 1, TM_OK, 0, NODEF, f)
#define PAIRS(n, f) M(n, TP_PAIRS, TS_MEAN, 0, 1, TM_OK, 1, NODEF, f)
#define NONREL(n, f) M(n, TP_NONE, TS_MEAN, 0, 1, TM_NONREL, 0, NODEF, f)
#define FMT(n, s) M(n, TP_NONE, TS_MEAN, 0, 1, s, 0, NODEF, NULL)

/* trec_eval 10.0's measures (its measures.c), in its order of printing */
const struct trecmeasure trec_measures[] = {
	M("runid", TP_NONE, TS_RUNID, 0, 0, TM_OK, 0, NODEF, NULL),
	M("num_q", TP_NONE, TS_NUMQ, 1, 0, TM_OK, 0, NODEF, v_num_q),
	M("num_ret", TP_NONE, TS_SUM, 1, 1, TM_OK, 0, NODEF, v_num_ret),
	M("num_rel", TP_NONE, TS_NUMREL, 1, 1, TM_OK, 0, NODEF, v_num_rel),
	M("num_rel_ret", TP_NONE, TS_SUM, 1, 1, TM_OK, 0, NODEF, v_num_rel_ret),
	DBL("map", v_map),
	M("gm_map", TP_NONE, TS_GEO, 0, 0, TM_OK, 0, NODEF, v_gm_map),
	DBL("Rprec", v_Rprec),
	NONREL("bpref", trec_bpref),
	DBL("recip_rank", v_recip_rank),
	M("iprec_at_recall", TP_DOUBLECUT, TS_MEAN, 0, 1, TM_OK, 0,
	  NUMS(recall11), v_iprec),
	M("P", TP_LONGCUT, TS_MEAN, 0, 1, TM_OK, 0, CUTS(cuts9), v_P),
	M("relstring", TP_DOUBLES, TS_TEXT, 0, 1, TM_NONREL, 0,
	  NUMS(relstring10), NULL),
	M("recall", TP_LONGCUT, TS_MEAN, 0, 1, TM_OK, 0, CUTS(cuts9), v_recall),
	NONREL("infAP", trec_infap),
	M("gm_bpref", TP_NONE, TS_GEO, 0, 0, TM_NONREL, 0, NODEF,
	  trec_gm_bpref),
	M("Rprec_mult", TP_DOUBLECUT, TS_MEAN, 0, 1, TM_OK, 0, NUMS(rmult),
	  v_Rprec_mult),
	M("utility", TP_DOUBLES, TS_MEAN, 0, 1, TM_OK, 0, NUMS(utility4),
	  v_utility),
	M("11pt_avg", TP_DOUBLES, TS_MEAN, 0, 1, TM_OK, 0, NUMS(recall11),
	  v_11pt),
	DBL("binG", v_binG),
	PAIRS("G", trec_G),
	PAIRS("dcg", trec_dcg),
	PAIRS("ideal_dcg", trec_ideal_dcg),
	PAIRS("ndcg", trec_ndcg),
	PAIRS("ndcg_rel", trec_ndcg_rel),
	PAIRS("Rndcg", trec_Rndcg),
	M("ndcg_cut", TP_LONGCUT, TS_MEAN, 0, 1, TM_OK, 1, CUTS(cuts9),
	  trec_ndcg_cut),
	M("map_cut", TP_LONGCUT, TS_MEAN, 0, 1, TM_OK, 0, CUTS(cuts9), v_map_cut),
	M("relative_P", TP_LONGCUT, TS_MEAN, 0, 1, TM_OK, 0, CUTS(cuts9),
	  v_relative_P),
	M("success", TP_LONGCUT, TS_MEAN, 0, 1, TM_OK, 0, CUTS(cuts_success),
	  v_success),
	DBL("set_P", v_set_P),
	DBL("set_relative_P", v_set_relative_P),
	DBL("set_recall", v_set_recall),
	DBL("set_map", v_set_map),
	M("set_F", TP_DOUBLES, TS_MEAN, 0, 1, TM_OK, 0, NUMS(beta1), v_set_F),
	M("num_nonrel_judged_ret", TP_NONE, TS_SUM, 1, 1, TM_NONREL, 0, NODEF,
	  trec_nonrel_judged_ret),
	FMT("prefs_num_prefs_poss", TM_PREFS),
	FMT("prefs_num_prefs_ful", TM_PREFS),
	FMT("prefs_num_prefs_ful_ret", TM_PREFS),
	FMT("prefs_simp", TM_PREFS),
	FMT("prefs_pair", TM_PREFS),
	FMT("prefs_avgjg", TM_PREFS),
	FMT("prefs_avgjg_Rnonrel", TM_PREFS),
	FMT("prefs_simp_ret", TM_PREFS),
	FMT("prefs_pair_ret", TM_PREFS),
	FMT("prefs_avgjg_ret", TM_PREFS),
	FMT("prefs_avgjg_Rnonrel_ret", TM_PREFS),
	FMT("prefs_simp_imp", TM_PREFS),
	FMT("prefs_pair_imp", TM_PREFS),
	FMT("prefs_avgjg_imp", TM_PREFS),
	FMT("map_avgjg", TM_JG),
	FMT("P_avgjg", TM_JG),
	FMT("Rprec_mult_avgjg", TM_JG),
	DBL("yaap", v_yaap),
	PAIRS("rbp", trec_rbp),
	M("rbp_resid", TP_PAIRS, TS_MEAN, 0, 1, TM_NONREL, 0, NODEF,
	  trec_rbp_resid),
	M("unj", TP_LONGCUT, TS_MEAN, 0, 1, TM_NONREL, 0, CUTS(cuts_unj),
	  trec_unj),
};
const size_t trec_nmeasures = sizeof trec_measures / sizeof trec_measures[0];

const struct trecmeasure *trec_measure(const char *name)
{
	size_t i;
	for (i = 0; i < trec_nmeasures; i++)
		if (strcmp(trec_measures[i].name, name) == 0)
			return &trec_measures[i];
	return NULL;
}

static const char *const official[] = {
	"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
	"Rprec", "bpref", "recip_rank", "iprec_at_recall", "P", NULL
};
static const char *const all_trec[] = {
	"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
	"Rprec", "bpref", "recip_rank", "iprec_at_recall", "P", "relstring",
	"recall", "unj", "rbp", "rbp_resid", "infAP", "gm_bpref", "utility",
	"11pt_avg", "ndcg", "relative_P", "Rprec_mult", "success", "map_cut",
	"ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G", "set_P", "set_recall",
	"set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret", NULL
};
static const char *const set[] = {
	"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility",
	"set_P", "set_recall", "set_relative_P", "set_map", "set_F", NULL
};
static const char *const all_prefs[] = {
	"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful",
	"prefs_num_prefs_ful_ret", "prefs_simp", "prefs_pair", "prefs_avgjg",
	"prefs_avgjg_Rnonrel", "prefs_simp_ret", "prefs_pair_ret",
	"prefs_avgjg_ret", "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp",
	"prefs_pair_imp", "prefs_avgjg_imp", NULL
};
static const char *const prefs[] = {
	"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful",
	"prefs_num_prefs_ful_ret", "prefs_simp", "prefs_pair", "prefs_avgjg",
	NULL
};
static const char *const qrels_jg[] = {
	"runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg", NULL
};

const char *const *trec_nickname(const char *name)
{
	static const struct {
		const char *name;
		const char *const *list;
	} nick[] = {
		{ "official", official }, { "set", set },
		{ "all_trec", all_trec }, { "all_prefs", all_prefs },
		{ "prefs", prefs }, { "qrels_jg", qrels_jg },
	};
	size_t i;

	for (i = 0; i < sizeof nick / sizeof nick[0]; i++)
		if (strcmp(nick[i].name, name) == 0)
			return nick[i].list;
	return NULL;
}
