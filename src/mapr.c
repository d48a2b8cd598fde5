/* mapr: R-precision, MAP@R, average precision (whole list and cut at K)
 * and mINP from the rank stream, in three tie modes (lib/measure/listmeasure.c). */
#include "measure/judged.h"
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "measure/gallery.h"
#include "measure/trecnames.h"
#include "util/err.h"
#include "util/optlist.h"

static const char usage_line[] =
	"mapr [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] "
	"[--folds N] [--chance] [--gallery-size G] [--ap-divisor m|min|found] [--explain QUERY ...] [--quiet] [--names rankkit|trec] [--format stream|table] [RANKS ...]";

struct ctx {
	int div;	/* enum apdiv */
};

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
	return list_ap(c->q, c->mode);
}

static double v_apk(const struct mcall *c)
{
	const struct ctx *x = c->ctx;
	return list_apk(c->q, c->K, c->mode, x->div);
}

static double v_inp(const struct mcall *c)
{
	return list_inp(c->q, c->mode);
}

static double v_bpref(const struct mcall *c)
{
	return judged_bpref(c->q, c->mode);
}

/* the same at gallery size G (gallery.h): sums of precisions over their
 * divisors, which the sub-galleries leave fixed */
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
	const struct ctx *x = c->ctx;
	double d = (double)c->q->m;

	if (x->div == APDIV_FOUND)
		return gal_apk_found(c->q, c->G, c->K, c->mode);
	if (x->div == APDIV_MIN && c->K < (long)c->q->m)
		d = (double)c->K;
	return gal_apsum(c->q, c->G, c->K, c->mode) / d;
}

static double g_inp(const struct mcall *c)
{
	return (double)c->q->m * gal_lastrr(c->q, c->G, c->mode);
}

static void e_apk(const struct mcall *c, const char *name)
{
	const struct ctx *x = c->ctx;
	explain_ap(c, name, x->div);
}

/* -m names: the whole-list AP is "AP", the cut-off one "AP@K"; the driver
 * matches -m against the table's names, so the table is built here in the
 * order -m gives */
static const struct mdef defs[] = {
	{ .name = "Rprec", .rate = 1, .kind = MK_MEAN, .value = v_rprec, .gvalue = g_rprec,
	  .explain = explain_rprec, .trec = "Rprec" },
	{ .name = "MAP@R", .rate = 1, .kind = MK_MEAN, .value = v_mapr, .gvalue = g_mapr,
	  .explain = explain_mapr },
	{ .name = "AP", .rate = 1, .kind = MK_MEAN, .value = v_ap, .gvalue = g_ap,
	  .explain = explain_wholeap, .trec = "map" },
	{ .name = "AP", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_apk, .gvalue = g_apk, .chance = 1,
	  .explain = e_apk, .trec = "map_cut" },
	{ .name = "mINP", .rate = 1, .kind = MK_MEAN, .value = v_inp, .gvalue = g_inp,
	  .explain = explain_inp },
	{ .name = "bpref", .rate = 1, .kind = MK_MEAN, .value = v_bpref,
	  .on_request = 1, .trec = "bpref" },
};

static const char *const ap_divisor_names[] = { "m", "min", "found", NULL };
static const int ap_divisor_values[] = { APDIV_M, APDIV_MIN, APDIV_FOUND };

/* trec_eval's map_cut divides by m */
static void check(const struct measureopts *o, const void *ctx)
{
	const struct ctx *x = ctx;

	if (o->common.names == NAMES_TREC && x->div != APDIV_M)
		usage_error(usage_line, "--names trec: trec_eval's map_cut "
			    "divides by m (--ap-divisor m)");
}

static const long default_K[] = { 10, 100 };

static struct ctx ctx;
static const struct choiceopt choices[] = {
	{ "ap-divisor", ap_divisor_names, ap_divisor_values, &ctx.div },
	{ 0 },
};
static const struct measureprog prog = {
	.name = "mapr",
	.usage = usage_line,
	.about =
	"Reads rank streams (query item grade rank ties n) and writes the measure stream\n"
	"(measure query value): Rprec, MAP@R, AP, AP@K for each cut-off, mINP; bpref\n"
	"from the rank stream's version 2 (rankof --judged).\n",
	.measures = "of Rprec, MAP@R, AP, AP@K, mINP (default all), bpref\n",
	.own_help =
	"      --ap-divisor D      AP@K divided by m (default), min(m, K), or the\n"
	"                          relevant items found in the top K (found)\n",
	MEASUREPROG_TABLES(defs, default_K),
	.choices = choices,
	.ctx = &ctx,
	.check = check,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
