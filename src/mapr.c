/* mapr: R-precision, MAP@R, average precision (whole list and cut at K)
 * and mINP from the rank stream, in three tie modes (lib/measure/listmeasure.c);
 * the measures are the rows of lib/measure/measures.c whose home is mapr. */
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "measure/trecnames.h"
#include "util/err.h"
#include "util/optlist.h"

static const char usage_line[] =
	"mapr [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] [--judged-only] [--min-grade G] "
	"[--folds N] [--group-by FILE [--group-mean macro|micro]] [--chance] [--gallery-size G] [--ap-divisor m|min|found] [--ap-area step|trapezoid] [--explain QUERY ...] [--quiet] [--names rankkit|trec|irm] [--format stream|table|jsonl|csv] [RANKS ...]";

static const char *const ap_divisor_names[] = { "m", "min", "found", NULL };
static const int ap_divisor_values[] = { APDIV_M, APDIV_MIN, APDIV_FOUND };
static const char *const ap_area_names[] = { "step", "trapezoid", NULL };
static const int ap_area_values[] = { APAREA_STEP, APAREA_TRAPEZOID };

/* trec_eval's map_cut (ir_measures' AP@K) divides by m; their AP and the
 * values at G are the step AP's */
static void check(const struct measureopts *o, const void *ctx)
{
	const struct measurectx *x = ctx;

	if (x->aparea == APAREA_TRAPEZOID && (o->common.names != NAMES_RANKKIT ||
	    o->gallery))
		usage_error(usage_line, "--ap-area trapezoid (revisitop's AP) "
			    "has no %s", o->common.names != NAMES_RANKKIT ?
			    "trec_eval or ir_measures name (--names rankkit)" :
			    "value at --gallery-size");

	if (o->common.names != NAMES_RANKKIT && x->apdiv != APDIV_M)
		usage_error(usage_line, "--names %s: %s divides by m "
			    "(--ap-divisor m)", o->common.names == NAMES_TREC ?
			    "trec" : "irm", o->common.names == NAMES_TREC ?
			    "trec_eval's map_cut" : "ir_measures' AP@K");
}

static const long default_K[] = { 10, 100 };

static struct measurectx ctx;
static const struct choiceopt choices[] = {
	{ "ap-divisor", ap_divisor_names, ap_divisor_values, &ctx.apdiv },
	{ "ap-area", ap_area_names, ap_area_values, &ctx.aparea },
	{ 0 },
};
static const struct numberopt numbers[] = {
	MEASUREPROG_MIN_GRADE(ctx),
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
	"                          relevant items found in the top K (found)\n"
	"      --ap-area A         AP as the sum of precisions (step, default) or\n"
	"                          revisitop's trapezoids (trapezoid)\n"
	MEASUREPROG_MIN_GRADE_HELP,
	MEASUREPROG_CUTOFFS(default_K),
	.choices = choices,
	.numbers = numbers,
	.ctx = &ctx,
	.check = check,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
