/* hitrate: rank stream to the cut-off measures of the article: hit@K (the
 * "R@K" of retrieval papers), recall@K, P@K, MRR, MedR and MeanR. */
#include <getopt.h>
#include <math.h>
#include "measure/cutoff.h"
#include "util/err.h"
#include "measure/driver.h"
#include "util/optlist.h"

static const char usage_line[] =
	"hitrate [-fq] [-k LIST] [-m LIST] [-T MODE] [-p N] [--empty miss|skip|error] "
	"[--medr median|vsepp] [--chance] [--folds N] [RANKS ...]";

static const char help[] =
	"Reads rank streams and writes hit@K, recall@K, P@K, MRR, MedR, MeanR.\n"
	"  -k, --cutoffs LIST      cut-offs (default 1,5,10)\n"
	"  -m, --measures LIST     of hit@K, recall@K, P@K, MRR, MedR, MeanR (default all;\n"
	"                          hit, recall and P also name the cut-off measures)\n"
	"  -T, --ties MODE         expected (default), optimistic or pessimistic\n"
	"      --empty POLICY      queries without relevant items: miss (default), skip, error\n"
	"      --medr RULE         median (default) or vsepp: floor(median(r-1))+1\n"
	"      --chance            also each cut-off measure for a random ranking\n"
	"      --folds N           N equal consecutive folds of queries; all = their mean\n"
	"  -q, --per-query         per-query rows too\n"
	"  -f, --fractions         fractions instead of percent\n"
	"  -p, --precision N       decimals (default 2, or 4 with -f)\n"
	"  -h, --help              this help\n"
	"      --version           version\n";

static int medr_vsepp;

static double v_hit(const struct rquery *q, long K, int mode, void *ctx)
{
	return cut_hit(q, K, mode);
}

static double v_recall(const struct rquery *q, long K, int mode, void *ctx)
{
	return cut_found(q, K, mode) / (double)q->m;
}

static double v_prec(const struct rquery *q, long K, int mode, void *ctx)
{
	return cut_found(q, K, mode) / (double)K;
}

static double v_rr(const struct rquery *q, long K, int mode, void *ctx)
{
	return cut_rr(q, mode);
}

static double v_first(const struct rquery *q, long K, int mode, void *ctx)
{
	return cut_first(q, mode);
}

static double medr_finish(double v, void *ctx)
{
	/* VSE++ prints floor(median(r - 1)) + 1 */
	return medr_vsepp ? floor(v - 1) + 1 : v;
}

static const struct mdef defs[] = {
	{ "hit", 1, 1, MK_MEAN, 0, v_hit, 1, NULL },
	{ "recall", 1, 1, MK_MEAN, 0, v_recall, 1, NULL },
	{ "P", 1, 1, MK_MEAN, 0, v_prec, 1, NULL },
	{ "MRR", 0, 1, MK_MEAN, 0, v_rr, 0, NULL },
	{ "MedR", 0, 0, MK_MEDIAN, 1, v_first, 0, medr_finish },
	{ "MeanR", 0, 0, MK_MEAN, 1, v_first, 0, NULL },
};

enum { O_MEDR = 256 };

static const struct option own_opts[] = {
	{ "medr", required_argument, 0, O_MEDR },
	{ 0, 0, 0, 0 }
};

static void own_option(int c, const char *arg, void *ctx)
{
	static const char *const rules[] = { "median", "vsepp", NULL };
	medr_vsepp = parse_choice("--medr", arg, rules, usage_line) == 1;
}

static const long default_K[] = { 1, 5, 10 };

int main(int argc, char **argv)
{
	static const struct measureprog prog = {
		"hitrate", usage_line, help, defs, sizeof defs / sizeof defs[0],
		default_K, sizeof default_K / sizeof default_K[0],
		own_opts, own_option, NULL
	};
	driver_main(argc, argv, &prog);
}
