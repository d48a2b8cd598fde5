/* ndcg: normalized discounted cumulative gain, cut at K and over the whole
 * list, from the rank stream in three tie modes (lib/fullrank.c). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "fullrank.h"
#include "metric.h"
#include "out.h"

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

static const struct option longopts[] = {
	METRIC_LONGOPTS,
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

/* a random ordering of the gallery: one tie group of all n candidates */
static double c_ndcgk(const struct rquery *q, long K, void *c)
{
	struct rquery r = *q;
	struct tgroup g = { 0, q->n, q->nret, 0, 0 };

	r.g = &g;
	r.ng = q->nret > 0;
	return fr_ndcg(&r, K, TIE_EXP, ((struct ctx *)c)->gain);
}

/* -m names: "nDCG@K" is the cut-off measure, "nDCG" the whole list; the
 * table is built here in the order -m gives (see mapr.c) */
static const struct {
	const char *sel;
	struct mdef d;
} measures[] = {
	{ "nDCG@K", { "nDCG", 1, 1, MK_MEAN, 0, v_ndcgk, c_ndcgk, NULL } },
	{ "nDCG", { "nDCG", 0, 1, MK_MEAN, 0, v_ndcg, NULL, NULL } },
};
#define NMEASURES (sizeof measures / sizeof measures[0])

int main(int argc, char **argv)
{
	static long default_K[] = { 5, 10, 20 };
	struct metricopts o;
	struct ctx ctx = { GAIN_LINEAR };
	struct mdef defs[64];
	size_t ndefs = 0, i, j;
	int c;

	rk_setprog(argv[0]);
	rk_usage = usage_line;
	opterr = 0;
	metric_defaults(&o);
	while ((c = getopt_long(argc, argv, ":" METRIC_SHORTOPTS, longopts,
				NULL)) != -1) {
		if (metric_option(&o, c, optarg, usage_line))
			continue;
		switch (c) {
		case O_GAIN:
			if (strcmp(optarg, "linear") == 0)
				ctx.gain = GAIN_LINEAR;
			else if (strcmp(optarg, "exp") == 0)
				ctx.gain = GAIN_EXP;
			else
				usage_error(usage_line,
					    "--gain: '%s' is not linear or exp",
					    optarg);
			break;
		case 'h':
			printf("usage: %s\n%s", usage_line, help);
			out_finish();
		case 'V':
			printf("ndcg (rankkit) %s\n", RK_VERSION);
			out_finish();
		default:
			opt_error(argv, c);
		}
	}
	if (!o.K) {
		o.K = default_K;
		o.nK = sizeof default_K / sizeof default_K[0];
	}
	for (i = 0; i < (o.sel ? o.nsel : NMEASURES); i++) {
		for (j = 0; o.sel && j < NMEASURES; j++)
			if (strcmp(o.sel[i], measures[j].sel) == 0)
				break;
		if (j == NMEASURES)
			usage_error(usage_line,
				    "-m: unknown measure '%s' (known: nDCG@K, nDCG)",
				    o.sel[i]);
		if (ndefs < sizeof defs / sizeof defs[0])
			defs[ndefs++] = measures[o.sel ? j : i].d;
	}
	if (o.sel) {	/* parse_names: one copy of the text, then the array */
		free(o.sel[0]);
		free(o.sel);
	}
	o.sel = NULL;
	o.nsel = 0;
	o.ctx = &ctx;
	metric_run(&o, defs, ndefs, argv + optind, argc - optind, usage_line);
}
