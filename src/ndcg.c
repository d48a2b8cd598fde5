/* ndcg: normalized discounted cumulative gain, cut at K and over the whole
 * list, from the rank stream in three tie modes (lib/measure/listmeasure.c). */
#include <getopt.h>
#include "util/err.h"
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "util/optlist.h"

static const char usage_line[] =
	"ndcg [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] "
	"[--folds N] [--chance] [--gain linear|exp] [RANKS ...]";

static const char help[] =
	"Reads rank streams (query item grade rank ties n) and writes the measure stream\n"
	"(measure query value): nDCG@K for each cut-off, and nDCG over the whole list.\n"
	"  -k, --cutoffs LIST       cut-offs (default 5,10,20)\n"
	"  -m, --measures LIST      of nDCG@K, nDCG (default both)\n"
	"  -T, --ties MODE          expected (default), optimistic or pessimistic\n"
	"      --empty POLICY       queries without relevant items: miss (0, default),\n"
	"                           skip or error\n"
	"      --folds N            N equal consecutive folds, all = mean over folds\n"
	"      --chance             nDCG@K of a random ordering of each query's gallery\n"
	"      --gain G             gain of a grade: linear (the grade, default) or\n"
	"                           exp (2^grade - 1)\n"
	"  -q, --per-query          per-query rows first\n"
	"  -f, --fractions          fractions instead of percentages\n"
	"  -p, --precision N        decimals (default 2, or 4 with -f)\n"
	"  -h, --help               this help\n"
	"      --version            version\n";

enum { O_GAIN = 256 };

static const struct option own_opts[] = {
	{ "gain", required_argument, 0, O_GAIN },
	{ 0, 0, 0, 0 }
};

struct ctx {
	int gain;	/* enum gainkind */
};

static double v_ndcgk(const struct rquery *q, long K, int mode, void *c)
{
	return fr_ndcg(q, K, mode, ((struct ctx *)c)->gain);
}

static double v_ndcg(const struct rquery *q, long K, int mode, void *c)
{
	return fr_ndcg(q, 0, mode, ((struct ctx *)c)->gain);
}

/* -m names: "nDCG@K" is the cut-off measure, "nDCG" the whole list; the
 * table is built here in the order -m gives (see mapr.c) */
static const struct mdef defs[] = {
	{ "nDCG", 1, 1, MK_MEAN, 0, v_ndcgk, 1, NULL },
	{ "nDCG", 0, 1, MK_MEAN, 0, v_ndcg, 0, NULL },
};

static void own_option(int c, const char *arg, void *ctx)
{
	static const char *const names[] = { "linear", "exp", NULL };
	static const int value[] = { GAIN_LINEAR, GAIN_EXP };
	((struct ctx *)ctx)->gain = value[parse_choice("--gain", arg, names,
						   usage_line)];
}

static const long default_K[] = { 5, 10, 20 };

int main(int argc, char **argv)
{
	static struct ctx ctx;
	static const struct measureprog prog = {
		"ndcg", usage_line, help, defs, sizeof defs / sizeof defs[0],
		default_K, sizeof default_K / sizeof default_K[0],
		own_opts, own_option, &ctx
	};
	driver_main(argc, argv, &prog);
}
