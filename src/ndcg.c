/* ndcg: normalized discounted cumulative gain, cut at K and over the whole
 * list, from the rank stream in three tie modes (lib/measure/listmeasure.c);
 * the measures are the rows of lib/measure/measures.c whose home is ndcg. */
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "measure/trecnames.h"
#include "util/err.h"
#include "util/optlist.h"

static const char usage_line[] =
	"ndcg [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] "
	"[--folds N] [--chance] [--gallery-size G] [--gain linear|exp] [--explain QUERY ...] [--quiet] [--names rankkit|trec] [--format stream|table] [RANKS ...]";

static const char *const gain_names[] = { "linear", "exp", NULL };
static const int gain_values[] = { GAIN_LINEAR, GAIN_EXP };

/* trec_eval's ndcg takes the grade as the gain */
static void check(const struct measureopts *o, const void *ctx)
{
	const struct measurectx *x = ctx;

	if (o->common.names == NAMES_TREC && x->gain != GAIN_LINEAR)
		usage_error(usage_line, "--names trec: trec_eval's ndcg takes "
			    "the grade as the gain (--gain linear)");
}

static const long default_K[] = { 5, 10, 20 };

static struct measurectx ctx;
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
	MEASUREPROG_CUTOFFS(default_K),
	.choices = choices,
	.ctx = &ctx,
	.check = check,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
