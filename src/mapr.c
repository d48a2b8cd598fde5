/* mapr: R-precision, MAP@R, average precision (whole list and cut at K)
 * and mINP from the rank stream, in three tie modes (lib/measure/listmeasure.c). */
#include <getopt.h>
#include "util/err.h"
#include "measure/listmeasure.h"
#include "measure/driver.h"
#include "util/optlist.h"

static const char usage_line[] =
	"mapr [-fq] [-k LIST] [-m LIST] [-p N] [-T MODE] [--empty POLICY] "
	"[--folds N] [--chance] [--ap-divisor m|min|found] [RANKS ...]";

static const char help[] =
	"Reads rank streams (query item grade rank ties n) and writes the measure stream\n"
	"(measure query value): Rprec, MAP@R, AP, AP@K for each cut-off, mINP.\n"
	"  -k, --cutoffs LIST       cut-offs of AP@K (default 10,100)\n"
	"  -m, --measures LIST      of Rprec, MAP@R, AP, AP@K, mINP (default all)\n"
	"  -T, --ties MODE          expected (default), optimistic or pessimistic\n"
	"      --empty POLICY       queries without relevant items: miss (0, default),\n"
	"                           skip or error\n"
	"      --folds N            N equal consecutive folds, all = mean over folds\n"
	"      --chance             AP@K of a random ordering of each query's gallery\n"
	"      --ap-divisor D       AP@K divided by m (default), min(m, K), or the\n"
	"                           relevant items found in the top K (found)\n"
	"  -q, --per-query          per-query rows first\n"
	"  -f, --fractions          fractions instead of percentages\n"
	"  -p, --precision N        decimals (default 2, or 4 with -f)\n"
	"  -h, --help               this help\n"
	"      --version            version\n";

enum { O_APDIV = 256 };

static const struct option own_opts[] = {
	{ "ap-divisor", required_argument, 0, O_APDIV },
	{ 0, 0, 0, 0 }
};

struct ctx {
	int div;	/* enum apdiv */
};

static double v_rprec(const struct rquery *q, long K, int mode, void *c)
{
	return fr_rprec(q, mode);
}

static double v_mapr(const struct rquery *q, long K, int mode, void *c)
{
	return fr_mapr(q, mode);
}

static double v_ap(const struct rquery *q, long K, int mode, void *c)
{
	return fr_ap(q, mode);
}

static double v_apk(const struct rquery *q, long K, int mode, void *c)
{
	return fr_apk(q, K, mode, ((struct ctx *)c)->div);
}

static double v_inp(const struct rquery *q, long K, int mode, void *c)
{
	return fr_inp(q, mode);
}

/* -m names: the whole-list AP is "AP", the cut-off one "AP@K"; driver.c
 * matches -m against the table's names, so the table is built here in the
 * order -m gives */
static const struct mdef defs[] = {
	{ "Rprec", 0, 1, MK_MEAN, 0, v_rprec, 0, NULL },
	{ "MAP@R", 0, 1, MK_MEAN, 0, v_mapr, 0, NULL },
	{ "AP", 0, 1, MK_MEAN, 0, v_ap, 0, NULL },
	{ "AP", 1, 1, MK_MEAN, 0, v_apk, 1, NULL },
	{ "mINP", 0, 1, MK_MEAN, 0, v_inp, 0, NULL },
};

static void own_option(int c, const char *arg, void *ctx)
{
	static const char *const names[] = { "m", "min", "found", NULL };
	static const int value[] = { APDIV_M, APDIV_MIN, APDIV_FOUND };
	((struct ctx *)ctx)->div = value[parse_choice("--ap-divisor", arg, names,
						   usage_line)];
}

static const long default_K[] = { 10, 100 };

int main(int argc, char **argv)
{
	static struct ctx ctx;
	static const struct measureprog prog = {
		"mapr", usage_line, help, defs, sizeof defs / sizeof defs[0],
		default_K, sizeof default_K / sizeof default_K[0],
		own_opts, own_option, &ctx
	};
	driver_main(argc, argv, &prog);
}
