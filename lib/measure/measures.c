/* The table of measures (measures.h): each measure's value at the whole
 * gallery and at gallery size G, its names, parameters, direction, home,
 * manual section and --explain, one row each, grouped by home program. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "measure/counts.h"
#include "measure/cutoff.h"
#include "measure/direction.h"
#include "measure/expectedrr.h"
#include "measure/explain.h"
#include "measure/gallery.h"
#include "measure/judged.h"
#include "measure/listmeasure.h"
#include "measure/measures.h"
#include "measure/rbp.h"
#include "measure/revisitop.h"

/* the context of a call: the program's options (measurectx) */
static const struct measurectx *ctx_of(const struct mcall *c)
{
	return c->ctx;
}

/* hitrate's measures: cutoff.c at the whole gallery, gallery.c at G */
static double v_hit(const struct mcall *c)
{
	return cut_hit(c->q, c->K, c->mode);
}

static double v_recall(const struct mcall *c)
{
	return cut_found(c->q, c->K, c->mode) / (double)c->q->m;
}

static double v_prec(const struct mcall *c)
{
	return cut_found(c->q, c->K, c->mode) / (double)c->K;
}

static double v_rr(const struct mcall *c)
{
	/* K is 0 in the whole-list column MRR: no cut-off */
	return cut_rr(c->q, c->K, c->mode);
}

/* the rsum of image-text papers, one direction: hit@1 + hit@5 + hit@10,
 * at those K whatever -k says */
static double v_rsum(const struct mcall *c)
{
	return cut_hit(c->q, 1, c->mode) + cut_hit(c->q, 5, c->mode) +
		cut_hit(c->q, 10, c->mode);
}

/* BEIR's capped recall: the relevant items found over min(K, m) */
static double v_rcap(const struct mcall *c)
{
	return cut_found(c->q, c->K, c->mode) /
	    (double)(c->K < (long)c->q->m ? c->K : (long)c->q->m);
}

/* revisitop's mP@K (revisitop.c) */
static double v_mpk(const struct mcall *c)
{
	return revisitop_mpk(c->q, c->K, c->mode);
}

static double v_judged(const struct mcall *c)
{
	return judged_at(c->q, c->K, c->mode);
}

static double v_first(const struct mcall *c)
{
	return cut_first(c->q, c->mode);
}

static double g_hit(const struct mcall *c)
{
	return gal_hit(c->q, c->G, c->K, c->mode);
}

static double g_recall(const struct mcall *c)
{
	return gal_found(c->q, c->G, c->K, c->mode) / (double)c->q->m;
}

static double g_prec(const struct mcall *c)
{
	return gal_found(c->q, c->G, c->K, c->mode) / (double)c->K;
}

static double g_rcap(const struct mcall *c)
{
	return gal_found(c->q, c->G, c->K, c->mode) /
	    (double)(c->K < (long)c->q->m ? c->K : (long)c->q->m);
}

static double g_rr(const struct mcall *c)
{
	return gal_rr(c->q, c->G, c->K, c->mode);
}

static double g_rsum(const struct mcall *c)
{
	return gal_hit(c->q, c->G, 1, c->mode) + gal_hit(c->q, c->G, 5, c->mode)
		+ gal_hit(c->q, c->G, 10, c->mode);
}

static double g_first(const struct mcall *c)
{
	return gal_first(c->q, c->G, c->mode);
}

static double medr_finish(double v, const void *ctx)
{
	const struct measurectx *x = ctx;
	/* VSE++ prints floor(median(r - 1)) + 1 */
	return x->medr_vsepp ? floor(v - 1) + 1 : v;
}

/* mapr's measures: listmeasure.c and judged.c at the whole gallery; at G
 * sums of precisions over their divisors, which the sub-galleries leave
 * fixed */
static double v_rprec(const struct mcall *c)
{
	return list_rprec(c->q, c->mode);
}

static double v_mapr(const struct mcall *c)
{
	return list_mapr(c->q, c->mode);
}

static double v_ap(const struct mcall *c)
{
	if (ctx_of(c)->aparea == APAREA_TRAPEZOID)
		return revisitop_ap(c->q, c->mode);
	return list_ap(c->q, c->mode);
}

static double v_apk(const struct mcall *c)
{
	return list_apk(c->q, c->K, c->mode, ctx_of(c)->apdiv);
}

static double v_inp(const struct mcall *c)
{
	return list_inp(c->q, c->mode);
}

static double v_bpref(const struct mcall *c)
{
	return judged_bpref(c->q, c->mode);
}

static double g_rprec(const struct mcall *c)
{
	return gal_found(c->q, c->G, (long)c->q->m, c->mode) / (double)c->q->m;
}

static double g_mapr(const struct mcall *c)
{
	return gal_apsum(c->q, c->G, (long)c->q->m, c->mode) / (double)c->q->m;
}

static double g_ap(const struct mcall *c)
{
	return gal_apsum(c->q, c->G, 0, c->mode) / (double)c->q->m;
}

static double g_apk(const struct mcall *c)
{
	int div = ctx_of(c)->apdiv;
	double d = (double)c->q->m;

	if (div == APDIV_FOUND)
		return gal_apk_found(c->q, c->G, c->K, c->mode);
	if (div == APDIV_MIN && c->K < (long)c->q->m)
		d = (double)c->K;
	return gal_apsum(c->q, c->G, c->K, c->mode) / d;
}

static double g_inp(const struct mcall *c)
{
	return (double)c->q->m * gal_lastrr(c->q, c->G, c->mode);
}

static void e_ap(const struct mcall *c, const char *name)
{
	if (ctx_of(c)->aparea == APAREA_TRAPEZOID)
		explain_trapezoid_ap(c, name);
	else
		explain_wholeap(c, name);
}

static void e_apk(const struct mcall *c, const char *name)
{
	explain_ap(c, name, ctx_of(c)->apdiv);
}

/* ndcg's measure; the whole list has K = 0, which list_ndcg reads as no
 * cut-off. At G the ideal DCG is the same in every sub-gallery, which
 * keeps the m relevant items. */
static double v_ndcg(const struct mcall *c)
{
	const struct gainmap *map = ctx_of(c)->gains;

	if (map)
		gainmap_check_judged(map, c->q);
	return list_ndcg(c->q, c->K, c->mode, ctx_of(c)->gain, map);
}

static double g_ndcg(const struct mcall *c)
{
	int gain = ctx_of(c)->gain;
	const struct gainmap *map = ctx_of(c)->gains;
	double ideal = list_idcg(c->q, c->K, gain, map);

	if (map)
		gainmap_check_judged(map, c->q);
	return ideal > 0 ? gal_dcg(c->q, c->G, c->K, c->mode, gain, map) /
	    ideal : 0;
}

static void e_ndcg(const struct mcall *c, const char *name)
{
	explain_ndcg(c, name, ctx_of(c)->gain, ctx_of(c)->gains);
}

/* ndcg's user models: ERR@K (err.c) and RBP with its residual (rbp.c) */
static double v_err(const struct mcall *c)
{
	return err_at(c->q, c->K, c->mode, (long)ctx_of(c)->max_grade);
}

static double v_sdcg(const struct mcall *c)
{
	return list_sdcg(c->q, c->K, c->mode, (long)ctx_of(c)->max_grade);
}

static double v_rbp(const struct mcall *c)
{
	return rbp_base(c->q, c->mode, ctx_of(c)->persistence);
}

static double v_rbp_resid(const struct mcall *c)
{
	return rbp_resid(c->q, c->mode, ctx_of(c)->persistence);
}

static void e_err(const struct mcall *c, const char *name)
{
	explain_err(c, name, (long)ctx_of(c)->max_grade);
}

static void e_sdcg(const struct mcall *c, const char *name)
{
	explain_sdcg(c, name, (long)ctx_of(c)->max_grade);
}

static void e_rbp(const struct mcall *c, const char *name)
{
	explain_rbp(c, name, ctx_of(c)->persistence);
}

static void e_rbp_resid(const struct mcall *c, const char *name)
{
	explain_rbp_resid(c, name, ctx_of(c)->persistence);
}

/* The measures at full rank R of a query with one relevant item, which
 * --sampled-negatives estimates (sampled.h; Krichene and Rendle, KDD
 * 2020): hit@K [R <= K] (recall@K with one relevant item), the
 * reciprocal rank 1/R (cut at K), nDCG 1/log2(R + 1) (cut at K): the one
 * relevant item's gain over its ideal gain at rank 1, whatever its grade
 * and the gain rule. K = 0: no cut-off. */
static double f_hit(long R, long K)
{
	return R <= K;
}

static double f_rr(long R, long K)
{
	return K == 0 || R <= K ? 1.0 / (double)R : 0;
}

static double f_ndcg(long R, long K)
{
	return K == 0 || R <= K ? 1.0 / log2((double)R + 1) : 0;
}

/* The rows, grouped by home program, each group in the order of its
 * program's default columns and -m's "known:" list. A grade of 1 or more
 * counts as relevant in every measure (the rank stream's m); nDCG weighs
 * the grades themselves. A row whose params name --min-grade changes with
 * that bar; with an ir_measures name, it takes ir_measures' rel= too
 * (irmnames.c). */
static const struct mdef table[] = {
	{ .name = "hit", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .full = f_hit, .value = v_hit, .gvalue = g_hit, .chance = 1,
	  .explain = explain_hit, .trec = "success", .irm = "Success",
	  .params = "K; -T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "recall", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_recall, .gvalue = g_recall, .chance = 1,
	  .explain = explain_recall, .trec = "recall", .irm = "R",
	  .params = "K; -T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "P", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_prec, .gvalue = g_prec, .chance = 1,
	  .explain = explain_prec, .trec = "P", .irm = "P",
	  .params = "K; -T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "MRR", .rate = 1, .kind = MK_MEAN, .full = f_rr,
	  .value = v_rr,
	  .gvalue = g_rr, .explain = explain_rr, .trec = "recip_rank",
	  .irm = "RR", .params = "-T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "hitrate", .manual = "hitrate.1 Measures" },
	/* MRR@K (MS MARCO's MRR@10) only when -m names it */
	{ .name = "MRR", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .full = f_rr, .value = v_rr,
	  .gvalue = g_rr, .chance = 1, .on_request = 1, .irm = "RR",
	  .params = "K; -T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "MedR", .kind = MK_MEDIAN, .needs_rel = 1,
	  .value = v_first, .finish = medr_finish, .rank = 1,
	  .explain = explain_first, .params = "-T, --medr, --min-grade",
	  .dir = BETTER_LOWER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "MeanR", .kind = MK_MEAN, .needs_rel = 1, .value = v_first,
	  .gvalue = g_first, .rank = 1, .explain = explain_first,
	  .params = "-T, --min-grade", .dir = BETTER_LOWER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	/* trec_eval's counts and the run's tag, only when -m names them */
	{ .name = "num_q", .kind = MK_SUM, .value = count_query,
	  .integer = 1, .summary_only = 1, .with_empty = 1,
	  .on_request = 1, .trec = "num_q", .irm = "NumQ",
	  .params = "--empty", .dir = BETTER_NEITHER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "num_ret", .kind = MK_SUM, .value = count_retrieved,
	  .integer = 1, .with_empty = 1, .on_request = 1, .trec = "num_ret",
	  .irm = "NumRet", .dir = BETTER_NEITHER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "num_rel", .kind = MK_SUM, .value = count_relevant,
	  .integer = 1, .with_empty = 1, .on_request = 1, .trec = "num_rel",
	  .irm = "NumRel", .params = "--min-grade", .dir = BETTER_NEITHER,
	  .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "num_rel_ret", .kind = MK_SUM,
	  .value = count_relevant_retrieved, .integer = 1, .with_empty = 1,
	  .on_request = 1, .trec = "num_rel_ret", .irm = "NumRelRet",
	  .params = "--min-grade", .dir = BETTER_NEITHER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "runid", .kind = MK_RUN, .value = count_none,
	  .summary_only = 1, .on_request = 1, .trec = "runid",
	  .dir = BETTER_NEITHER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	/* a sum of three rates, printed in their units: percent up to 300 */
	{ .name = "rsum", .rate = 1, .kind = MK_MEAN, .value = v_rsum,
	  .gvalue = g_rsum, .on_request = 1, .depth = 10,
	  .params = "-T, --min-grade",
	  .dir = BETTER_HIGHER, .home = "hitrate", .ask = "hitrate --rsum",
	  .manual = "hitrate.1 Measures" },
	/* R_cap@K and Judged@K only when -m names them */
	{ .name = "R_cap", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_rcap, .gvalue = g_rcap, .chance = 1, .on_request = 1,
	  .params = "K; -T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	{ .name = "Judged", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_judged, .with_empty = 1, .on_request = 1, .irm = "Judged",
	  .params = "K; -T; the judged items (rank stream version 2)",
	  .dir = BETTER_NEITHER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },
	/* revisitop's mP@K (the revisited Oxford and Paris), on request */
	{ .name = "mP", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_mpk, .explain = explain_mpk, .on_request = 1,
	  .params = "K; -T, --min-grade",
	  .dir = BETTER_HIGHER, .home = "hitrate",
	  .manual = "hitrate.1 Measures" },

	{ .name = "Rprec", .rate = 1, .kind = MK_MEAN, .value = v_rprec,
	  .gvalue = g_rprec, .explain = explain_rprec, .trec = "Rprec",
	  .irm = "Rprec", .params = "-T, --min-grade", .dir = BETTER_HIGHER,
	  .home = "mapr", .manual = "mapr.1 Measures" },
	{ .name = "MAP@R", .rate = 1, .kind = MK_MEAN, .value = v_mapr,
	  .gvalue = g_mapr, .explain = explain_mapr, .params = "-T, --min-grade",
	  .dir = BETTER_HIGHER, .home = "mapr", .manual = "mapr.1 Measures" },
	/* the whole-list AP is "AP", the cut-off one "AP@K" */
	{ .name = "AP", .rate = 1, .kind = MK_MEAN, .value = v_ap,
	  .gvalue = g_ap, .explain = e_ap, .trec = "map",
	  .irm = "AP", .params = "-T, --ap-area, --min-grade",
	  .dir = BETTER_HIGHER,
	  .home = "mapr",
	  .manual = "mapr.1 Measures" },
	{ .name = "AP", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_apk, .gvalue = g_apk, .chance = 1,
	  .explain = e_apk, .trec = "map_cut", .irm = "AP",
	  .params = "K; -T, --ap-divisor, --min-grade", .dir = BETTER_HIGHER,
	  .home = "mapr", .manual = "mapr.1 Measures" },
	{ .name = "mINP", .rate = 1, .kind = MK_MEAN, .value = v_inp,
	  .gvalue = g_inp, .explain = explain_inp, .params = "-T, --min-grade",
	  .dir = BETTER_HIGHER, .home = "mapr", .manual = "mapr.1 Measures" },
	{ .name = "bpref", .rate = 1, .kind = MK_MEAN, .value = v_bpref,
	  .on_request = 1, .trec = "bpref", .irm = "Bpref",
	  .params = "-T, --min-grade; the judged items (rank stream version 2)",
	  .dir = BETTER_HIGHER, .home = "mapr", .manual = "mapr.1 Measures" },

	/* "nDCG@K" is the cut-off measure, "nDCG" the whole list */
	{ .name = "nDCG", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .full = f_ndcg, .value = v_ndcg, .gvalue = g_ndcg, .chance = 1,
	  .explain = e_ndcg, .trec = "ndcg_cut", .irm = "nDCG",
	  .params = "K; -T, --gain; the grades", .dir = BETTER_HIGHER,
	  .home = "ndcg", .manual = "ndcg.1 Measures" },
	{ .name = "nDCG", .rate = 1, .kind = MK_MEAN, .full = f_ndcg,
	  .value = v_ndcg,
	  .gvalue = g_ndcg, .explain = e_ndcg, .trec = "ndcg", .irm = "nDCG",
	  .params = "-T, --gain; the grades", .dir = BETTER_HIGHER,
	  .home = "ndcg", .manual = "ndcg.1 Measures" },
	/* ERR@K, SDCG@K, RBP and RBP_resid only when -m names them */
	{ .name = "ERR", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_err, .chance = 1, .explain = e_err, .on_request = 1,
	  .irm = "ERR",
	  .params = "K; -T, --max-grade; the grades", .dir = BETTER_HIGHER,
	  .home = "ndcg", .manual = "ndcg.1 Measures" },
	{ .name = "SDCG", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_sdcg, .chance = 1, .explain = e_sdcg, .on_request = 1,
	  .irm = "SDCG",
	  .params = "K; -T, --max-grade; the grades", .dir = BETTER_HIGHER,
	  .home = "ndcg", .manual = "ndcg.1 Measures" },
	{ .name = "RBP", .rate = 1, .kind = MK_MEAN, .value = v_rbp,
	  .explain = e_rbp, .on_request = 1, .trec = "rbp", .irm = "RBP",
	  .params = "-T, --persistence", .dir = BETTER_HIGHER,
	  .home = "ndcg", .manual = "ndcg.1 Measures" },
	{ .name = "RBP_resid", .rate = 1, .kind = MK_MEAN,
	  .value = v_rbp_resid, .explain = e_rbp_resid, .on_request = 1,
	  .trec = "rbp_resid",
	  .params = "-T, --persistence; the judged items (rank stream "
	  "version 2)", .dir = BETTER_NEITHER, .home = "ndcg",
	  .manual = "ndcg.1 Measures" },

	/* the curve of hit@K at every K, which cmc prints as hit@K rows */
	{ .name = "CMC", .rate = 1, .params = "-T", .dir = BETTER_HIGHER,
	  .home = "cmc", .ask = "cmc", .manual = "cmc.1 DESCRIPTION" },

	/* treceval's measures that do not improve upwards (its others do) */
	{ .name = "relstring", .trec = "relstring", .kind = MK_RUN,
	  .dir = BETTER_NEITHER, .home = "treceval",
	  .manual = "treceval.1 MEASURES" },
	{ .name = "num_nonrel_judged_ret", .trec = "num_nonrel_judged_ret",
	  .kind = MK_SUM, .integer = 1, .dir = BETTER_NEITHER,
	  .home = "treceval", .manual = "treceval.1 MEASURES" },
};

enum { NROWS = sizeof table / sizeof table[0] };

const struct mdef *measures_all(size_t *n)
{
	*n = NROWS;
	return table;
}

const struct mdef *measures_of(const char *prog, size_t *n)
{
	size_t i = 0, j;

	while (i < NROWS && strcmp(table[i].home, prog) != 0)
		i++;
	for (j = i; j < NROWS && strcmp(table[j].home, prog) == 0; j++)
		;
	*n = j - i;
	return table + i;
}

/* s (len bytes) is the string t */
static int is(const char *s, size_t len, const char *t)
{
	return t && strlen(t) == len && memcmp(s, t, len) == 0;
}

const struct mdef *measure_find(struct slice name)
{
	/* the name before its chance mark or gallery size, and before its
	 * cut-off (MAP@R is a whole name) */
	size_t end = 0, stem = 0, i, us, irm;
	int cut, depth = 0;

	/* a ':' in ir_measures' parameters (gains={2:3}) is theirs */
	while (end < name.n && (depth > 0 || (name.p[end] != ':' &&
	    name.p[end] != '/'))) {
		depth += name.p[end] == '(';
		depth -= name.p[end] == ')' && depth > 0;
		end++;
	}
	for (i = 0; i < NROWS; i++)
		if (!table[i].cutoff && is(name.p, end, table[i].name))
			return &table[i];
	while (stem < end && name.p[stem] != '@')
		stem++;
	cut = stem < end;
	for (i = 0; i < NROWS; i++)
		if (table[i].cutoff == cut && is(name.p, stem, table[i].name))
			return &table[i];
	/* trec_eval's: the whole name, or a cut-off's stem before "_K" */
	for (i = 0; i < NROWS; i++)
		if (!table[i].cutoff && is(name.p, stem, table[i].trec))
			return &table[i];
	/* ir_measures': the name before its parameters and "@K" */
	for (irm = 0; irm < end && name.p[irm] != '(' && name.p[irm] != '@';)
		irm++;
	for (i = 0; i < NROWS; i++)
		if (table[i].cutoff == cut && is(name.p, irm, table[i].irm))
			return &table[i];
	for (us = stem; us > 0 && name.p[us - 1] >= '0' && name.p[us - 1] <= '9';)
		us--;
	if (us == stem || us < 2 || name.p[us - 1] != '_')
		return NULL;
	for (i = 0; i < NROWS; i++)
		if (table[i].cutoff && is(name.p, us - 1, table[i].trec))
			return &table[i];
	return NULL;
}

void measure_ask(char *buf, size_t size, const struct mdef *m)
{
	if (m->ask)
		snprintf(buf, size, "%s", m->ask);
	else
		snprintf(buf, size, "%s -m %s", m->home, m->name);
}
