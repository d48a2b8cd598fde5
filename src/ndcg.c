/* ndcg: normalized discounted cumulative gain, cut at K and over the whole
 * list, from the rank stream in three tie modes (lib/measure/listmeasure.c);
 * the measures are the rows of lib/measure/measures.c whose home is ndcg. */
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "measure/trecnames.h"
#include "util/err.h"
#include "util/optlist.h"

static const char usage_line[] =
	"ndcg [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] [--judged-only] "
	"[--folds N] [--group-by FILE [--group-mean macro|micro]] [--chance] [--gallery-size G] [--sampled-negatives M --full-size N [--bv-gamma G]] [--gain linear|exp] [--gains G:V,...] [--max-grade G] [--persistence P] [--explain QUERY ...] [--quiet] [--names rankkit|trec|irm] [--format stream|table|jsonl|csv] [RANKS ...]";

static const char *const gain_names[] = { "linear", "exp", NULL };
static const int gain_values[] = { GAIN_LINEAR, GAIN_EXP };

static struct measurectx ctx = { .max_grade = 4, .persistence = 0.8 };
static struct gainmap gains;

/* --gains G:V,...: nDCG's gain of each grade listed */
static void take_gains(const char *arg, const char *usage)
{
	char why[160];

	if (gainmap_parse(arg, &gains, why, sizeof why) < 0)
		usage_error(usage, "--gains: %s", why);
	ctx.gains = &gains;
}

/* trec_eval's and ir_measures' nDCG take the grade as the gain; under
 * trec_eval's names RBP's p is its 0.9 unless given (ir_measures' 0.8
 * otherwise) */
static void check(const struct measureopts *o, const void *given)
{
	(void)given;	/* the program's own ctx, which this sets */
	if (o->common.names != NAMES_RANKKIT && ctx.gain != GAIN_LINEAR)
		usage_error(usage_line, "--names %s: %s ndcg takes the grade "
			    "as the gain (--gain linear)",
			    o->common.names == NAMES_TREC ? "trec" : "irm",
			    o->common.names == NAMES_TREC ? "trec_eval's" :
			    "ir_measures'");
	if (ctx.gains && ctx.gain != GAIN_LINEAR)
		usage_error(usage_line, "--gains gives each grade its gain: "
			    "--gain exp would take 2^gain - 1");
	/* trec_eval's ndcg_cut takes no gains (treceval -m ndcg.G=V is its
	 * whole-list ndcg with them) */
	if (ctx.gains && o->common.names == NAMES_TREC)
		usage_error(usage_line, "--gains: trec_eval's ndcg_cut takes "
			    "the grades as gains (--names rankkit or irm)");
	if (o->common.names == NAMES_TREC && !ctx.persistence_given)
		ctx.persistence = 0.9;
}

static const long default_K[] = { 5, 10, 20 };

static const struct choiceopt choices[] = {
	{ "gain", gain_names, gain_values, &ctx.gain },
	{ 0 },
};
/* p < 1: at p = 1 every weight (1 - p) p^(i-1) is 0 */
static const struct numberopt numbers[] = {
	{ "max-grade", 1, 1023, "1 <= G <= 1023", 1, &ctx.max_grade, NULL },
	{ "persistence", 0, 0.9999999999999999, "0 <= P < 1", 0,
	  &ctx.persistence, &ctx.persistence_given },
	{ 0 },
};
static const struct textopt texts[] = {
	{ "gains", take_gains },
	{ 0 },
};
static const struct measureprog prog = {
	.name = "ndcg",
	.usage = usage_line,
	.about =
	"Reads rank streams (query item grade rank ties n) and writes the measure stream\n"
	"(measure query value): nDCG@K for each cut-off, and nDCG over the whole list.\n",
	.measures = "of nDCG@K, nDCG (default both); on request ERR@K,\n"
	"                          SDCG@K, RBP and RBP_resid\n",
	.own_help =
	"      --gain G            gain of a grade: linear (the grade, default) or\n"
	"                          exp (2^grade - 1)\n"
	"      --gains G:V,...     nDCG's gain V of grade G (0:0,1:1,2:3); a grade not\n"
	"                          listed gains its value (trec_eval's ndcg.G=V)\n"
	"      --max-grade G       the largest grade (default 4, gdeval's): ERR's\n"
	"                          r = (2^grade - 1) / 2^G, SDCG's gain grade / G\n"
	"      --persistence P     RBP's p, 0 <= P < 1 (default 0.8; 0.9 with\n"
	"                          --names trec)\n",
	MEASUREPROG_CUTOFFS(default_K),
	.choices = choices,
	.numbers = numbers,
	.texts = texts,
	.ctx = &ctx,
	.sampled = 1,
	.check = check,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
