/* hitrate: rank stream to the cut-off measures of the article: hit@K (the
 * "R@K" of retrieval papers), recall@K, P@K, MRR, MedR and MeanR, and
 * MRR@K on request. */
#include <math.h>
#include "measure/counts.h"
#include "measure/cutoff.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "measure/gallery.h"
#include "util/optlist.h"

static const char usage_line[] =
	"hitrate [-fq] [-k LIST] [-m LIST] [-T MODE] [-p N] [--empty miss|skip|error] "
	"[--medr median|vsepp] [--rsum] [--chance] [--folds N] [--gallery-size G] [--explain QUERY ...] [--quiet] [--names rankkit|trec] [--format stream|table] [RANKS ...]";

struct ctx {
	int medr_vsepp;		/* --medr vsepp */
};

static double v_hit(const struct mcall *c)
{
	return cut_hit(c->q, c->K, c->mode);
}

static double v_recall(const struct mcall *c)
{
	return cut_found(c->q, c->K, c->mode) / (double)c->q->m;
}

static double v_prec(const struct mcall *c)
{
	return cut_found(c->q, c->K, c->mode) / (double)c->K;
}

static double v_rr(const struct mcall *c)
{
	/* K is 0 in the whole-list column MRR: no cut-off */
	return cut_rr(c->q, c->K, c->mode);
}

/* the rsum of image-text papers, one direction: hit@1 + hit@5 + hit@10,
 * at those K whatever -k says */
static double v_rsum(const struct mcall *c)
{
	return cut_hit(c->q, 1, c->mode) + cut_hit(c->q, 5, c->mode) +
		cut_hit(c->q, 10, c->mode);
}

static double v_first(const struct mcall *c)
{
	return cut_first(c->q, c->mode);
}

/* the same at gallery size G (gallery.h) */
static double g_hit(const struct mcall *c)
{
	return gal_hit(c->q, c->G, c->K, c->mode);
}

static double g_recall(const struct mcall *c)
{
	return gal_found(c->q, c->G, c->K, c->mode) / (double)c->q->m;
}

static double g_prec(const struct mcall *c)
{
	return gal_found(c->q, c->G, c->K, c->mode) / (double)c->K;
}

static double g_rr(const struct mcall *c)
{
	return gal_rr(c->q, c->G, c->K, c->mode);
}

static double g_rsum(const struct mcall *c)
{
	return gal_hit(c->q, c->G, 1, c->mode) + gal_hit(c->q, c->G, 5, c->mode)
		+ gal_hit(c->q, c->G, 10, c->mode);
}

static double g_first(const struct mcall *c)
{
	return gal_first(c->q, c->G, c->mode);
}

static double medr_finish(double v, const void *ctx)
{
	const struct ctx *x = ctx;
	/* VSE++ prints floor(median(r - 1)) + 1 */
	return x->medr_vsepp ? floor(v - 1) + 1 : v;
}

static const struct mdef defs[] = {
	{ .name = "hit", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_hit, .gvalue = g_hit, .chance = 1,
	  .explain = explain_hit, .trec = "success" },
	{ .name = "recall", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_recall, .gvalue = g_recall, .chance = 1,
	  .explain = explain_recall, .trec = "recall" },
	{ .name = "P", .cutoff = 1, .rate = 1, .kind = MK_MEAN,
	  .value = v_prec, .gvalue = g_prec, .chance = 1,
	  .explain = explain_prec, .trec = "P" },
	{ .name = "MRR", .rate = 1, .kind = MK_MEAN, .value = v_rr,
	  .gvalue = g_rr, .explain = explain_rr, .trec = "recip_rank" },
	/* MRR@K (MS MARCO's MRR@10) only when -m names it */
	{ .name = "MRR", .cutoff = 1, .rate = 1, .kind = MK_MEAN, .value = v_rr,
	  .gvalue = g_rr, .chance = 1, .on_request = 1 },
	{ .name = "MedR", .kind = MK_MEDIAN, .needs_rel = 1,
	  .value = v_first, .finish = medr_finish, .rank = 1,
	  .explain = explain_first },
	{ .name = "MeanR", .kind = MK_MEAN, .needs_rel = 1, .value = v_first,
	  .gvalue = g_first, .rank = 1, .explain = explain_first },
	/* trec_eval's counts and the run's tag, only when -m names them */
	{ .name = "num_q", .kind = MK_SUM, .value = count_query,
	  .integer = 1, .summary_only = 1, .with_empty = 1,
	  .on_request = 1, .trec = "num_q" },
	{ .name = "num_ret", .kind = MK_SUM, .value = count_retrieved,
	  .integer = 1, .with_empty = 1, .on_request = 1, .trec = "num_ret" },
	{ .name = "num_rel", .kind = MK_SUM, .value = count_relevant,
	  .integer = 1, .with_empty = 1, .on_request = 1, .trec = "num_rel" },
	{ .name = "num_rel_ret", .kind = MK_SUM,
	  .value = count_relevant_retrieved, .integer = 1, .with_empty = 1,
	  .on_request = 1, .trec = "num_rel_ret" },
	{ .name = "runid", .kind = MK_RUN, .value = count_none,
	  .summary_only = 1, .on_request = 1, .trec = "runid" },
	/* a sum of three rates, printed in their units: percent up to 300 */
	{ .name = "rsum", .rate = 1, .kind = MK_MEAN, .value = v_rsum,
	  .gvalue = g_rsum, .on_request = 1, .depth = 10 },
};

static const char *const medr_names[] = { "median", "vsepp", NULL };
static const int medr_values[] = { 0, 1 };

static const long default_K[] = { 1, 5, 10 };

static struct ctx ctx;
static const struct choiceopt choices[] = {
	{ "medr", medr_names, medr_values, &ctx.medr_vsepp },
	{ 0 },
};
static const struct measureflag flags[] = {
	{ .name = "rsum", .measure = "rsum" },
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
	"                          num_q, num_ret, num_rel, num_rel_ret, runid, rsum\n",
	.own_help =
	"      --medr RULE         median (default) or vsepp: floor(median(r-1))+1\n"
	"      --rsum              also rsum = hit@1 + hit@5 + hit@10 (0 to 300%)\n",
	MEASUREPROG_TABLES(defs, default_K),
	.choices = choices,
	.flags = flags,
	.ctx = &ctx,
};

int main(int argc, char **argv)
{
	driver_main(argc, argv, &prog);
}
