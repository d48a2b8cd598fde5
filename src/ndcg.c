/* ndcg: normalized discounted cumulative gain, cut at K and over the whole
 * list, from the rank stream in three tie modes (lib/measure/listmeasure.c). */
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "measure/gallery.h"
#include "measure/trecnames.h"
#include "util/err.h"
#include "util/optlist.h"

static const char usage_line[] =
	"ndcg [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] "
	"[--folds N] [--chance] [--gallery-size G] [--gain linear|exp] [--explain QUERY ...] [--quiet] [--names rankkit|trec] [--format stream|table] [RANKS ...]";

struct ctx {
	int gain;	/* enum gainkind */
};

/* the whole list has K = 0, which list_ndcg reads as no cut-off */
static double v_ndcg(const struct mcall *c)
{
	const struct ctx *x = c->ctx;
	return list_ndcg(c->q, c->K, c->mode, x->gain);
}

/* at gallery size G (gallery.h): the ideal DCG is the same in every
 * sub-gallery, which keeps the m relevant items */
static double g_ndcg(const struct mcall *c)
{
	const struct ctx *x = c->ctx;
	double ideal = list_idcg(c->q, c->K, x->gain);

	return ideal > 0 ? gal_dcg(c->q, c->G, c->K, c->mode, x->gain) / ideal : 0;
}

static void e_ndcg(const struct mcall *c, const char *name)
{
	const struct ctx *x = c->ctx;
	explain_ndcg(c, name, x->gain);
}

/* -m names: "nDCG@K" is the cut-off measure, "nDCG" the whole list; the
 * table is built here in the order -m gives (see mapr.c) */
static const struct mdef defs[] = {
	{ .name = "nDCG", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_ndcg, .gvalue = g_ndcg, .chance = 1,
	  .explain = e_ndcg, .trec = "ndcg_cut" },
	{ .name = "nDCG", .rate = 1, .kind = MK_MEAN, .value = v_ndcg,
	  .gvalue = g_ndcg,
	  .explain = e_ndcg, .trec = "ndcg" },
};

static const char *const gain_names[] = { "linear", "exp", NULL };
static const int gain_values[] = { GAIN_LINEAR, GAIN_EXP };

/* trec_eval's ndcg takes the grade as the gain */
static void check(const struct measureopts *o, const void *ctx)
{
	const struct ctx *x = ctx;

	if (o->common.names == NAMES_TREC && x->gain != GAIN_LINEAR)
		usage_error(usage_line, "--names trec: trec_eval's ndcg takes "
			    "the grade as the gain (--gain linear)");
}

static const long default_K[] = { 5, 10, 20 };

static struct ctx ctx;
static const struct choiceopt choices[] = {
	{ "gain", gain_names, gain_values, &ctx.gain },
	{ 0 },
};
static const struct measureprog prog = {
	.name = "ndcg",
	.usage = usage_line,
	.about =
	"Reads rank streams (query item grade rank ties n) and writes the measure stream\n"
	"(measure query value): nDCG@K for each cut-off, and nDCG over the whole list.\n",
	.measures = "of nDCG@K, nDCG (default both)\n",
	.own_help =
	"      --gain G            gain of a grade: linear (the grade, default) or\n"
	"                          exp (2^grade - 1)\n",
	MEASUREPROG_TABLES(defs, default_K),
	.choices = choices,
	.ctx = &ctx,
	.check = check,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
