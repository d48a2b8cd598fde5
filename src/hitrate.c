/* hitrate: rank stream to the cut-off measures of the article: hit@K (the
 * "R@K" of retrieval papers), recall@K, P@K, MRR, MedR and MeanR, and
 * MRR@K on request; the measures are the rows of lib/measure/measures.c
 * whose home is hitrate. */
#include "measure/driver.h"
#include "util/optlist.h"

static const char usage_line[] =
	"hitrate [-fq] [-k LIST] [-m LIST] [-T MODE] [-p N] [--empty miss|skip|error] [--judged-only] [--min-grade G] "
	"[--medr median|vsepp] [--rsum] [--chance] [--folds N] [--group-by FILE [--group-mean macro|micro]] [--gallery-size G] [--sampled-negatives M --full-size N [--bv-gamma G]] [--explain QUERY ...] [--quiet] [--names rankkit|trec|irm] [--format stream|table|jsonl|csv] [RANKS ...]";

static const char *const medr_names[] = { "median", "vsepp", NULL };
static const int medr_values[] = { 0, 1 };

static const long default_K[] = { 1, 5, 10 };

static struct measurectx ctx;
static const struct choiceopt choices[] = {
	{ "medr", medr_names, medr_values, &ctx.medr_vsepp },
	{ 0 },
};
static const struct measureflag flags[] = {
	{ .name = "rsum", .measure = "rsum" },
	{ 0 },
};
static const struct numberopt numbers[] = {
	MEASUREPROG_MIN_GRADE(ctx),
	{ 0 },
};
static const struct measureprog prog = {
	.name = "hitrate",
	.usage = usage_line,
	.about = "Reads rank streams and writes hit@K, recall@K, P@K, MRR, MedR, MeanR.\n",
	.measures =
	"of hit@K, recall@K, P@K, MRR, MedR, MeanR (default all;\n"
	"                          hit, recall and P also name the cut-off measures),\n"
	"                          MRR@K (the reciprocal rank cut at K); on request\n"
	"                          num_q, num_ret, num_rel, num_rel_ret, runid, rsum,\n"
	"                          R_cap@K, Judged@K (rankof --judged)\n",
	.own_help =
	"      --medr RULE         median (default) or vsepp: floor(median(r-1))+1\n"
	"      --rsum              also rsum = hit@1 + hit@5 + hit@10 (0 to 300%)\n"
	MEASUREPROG_MIN_GRADE_HELP,
	MEASUREPROG_CUTOFFS(default_K),
	.choices = choices,
	.numbers = numbers,
	.flags = flags,
	.ctx = &ctx,
	.sampled = 1,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
