/* fuse: two or more runs (score streams or TREC runs) to one, by a rank
 * fusion method over normalised scores, a query at a time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optable.h"
#include "util/optlist.h"
#include "util/out.h"
#include "util/stdinonce.h"
#include "fuse/fuseopt.h"
#include "fuse/fusepass.h"

static const char usage_line[] =
	"fuse [-m METHOD] [-n NORM] [-w W1,W2,...] [-k K] "
	"[--lower-is-better I,J,...] [--require-all] "
	"[--format stream|trec] [--tag TAG] [--explain QUERY ...] "
	"[--optimize MEASURE --qrels FILE [--step S]] [-j N] RUN RUN ...";

enum { O_FORMAT = OPT_OWN, O_TAG, O_REQUIRE, O_EXPLAIN, O_OPTIMIZE, O_QRELS,
       O_STEP, O_LOWER };

static const struct optdef opts[] = {
	{ NULL, 0, 0,
	  "Reads two or more runs, score streams (query item score) or TREC runs\n"
	  "(query Q0 item rank score tag), and writes their fusion as a score stream.\n" },
	{ "method", 'm', 1,
	  "  -m, --method M           combsum, combmnz, combmax, combmin, combmed, combanz,\n"
	  "                           wsum (with -w), rrf (default) or isr\n" },
	{ "norm", 'n', 1,
	  "  -n, --norm N             each run's scores of a query first: none (default),\n"
	  "                           minmax, zscore, sum, rank or borda (not rrf, isr)\n" },
	{ "weights", 'w', 1,
	  "  -w, --weights LIST       one weight >= 0 per run, in their order (every method\n"
	  "                           but combmax, combmin and combmed)\n" },
	{ "rrf-k", 'k', 1,
	  "  -k, --rrf-k K            rrf's k in sum 1/(k + rank) (default 60)\n" },
	{ "lower-is-better", O_LOWER, 1,
	  "      --lower-is-better LIST\n"
	  "                           the runs whose scores are distances, by number\n"
	  "                           from 1 (1,3): negated, the lowest first\n" },
	{ "require-all", O_REQUIRE, 0,
	  "      --require-all        a query missing from a run is an error\n" },
	{ "format", O_FORMAT, 1,
	  "      --format F           stream (default) or trec: query Q0 item rank score tag\n" },
	{ "tag", O_TAG, 1,
	  "      --tag TAG            the TREC run's tag (default fuse)\n" },
	{ "explain", O_EXPLAIN, 1,
	  "      --explain QUERY      how each fused score of QUERY is made, on stderr\n" },
	{ "optimize", O_OPTIMIZE, 1,
	  "      --optimize MEASURE   print the weights (a grid of sums 1) that maximise\n"
	  "                           MEASURE's mean on the queries of --qrels, and exit\n" },
	{ "qrels", O_QRELS, 1,
	  "      --qrels FILE         with --optimize: query item grade, or query 0 item grade\n" },
	{ "step", O_STEP, 1,
	  "      --step S             with --optimize: the grid's step, 1/N (default 0.1)\n" },
	OPTDEF_JOBS("  -j, --jobs N             queries fused on N threads, the same bytes (default\n"
		    "                           1; not with --explain or --optimize)\n"),
	{ "help", OPT_HELP, 0,
	  "  -h, --help               this help\n" },
	{ "version", OPT_VERSION, 0,
	  "      --version            version\n" },
};

struct opts {
	struct fuser f;
	const char *weights, *tag;
	const char *lower;	/* --lower-is-better's list */
	const char *optimize, *qrels, *step;
	int require_all, rrf_k_given, norm_given;
	int jobs;		/* -j */
	const char **explain;
	size_t nexplain;
};

static int take(void *ctx, int key, const char *arg)
{
	static const char *const formats[] = { "stream", "trec", NULL };
	struct opts *o = ctx;

	switch (key) {
	case 'm':
		o->f.comb.method = (enum fusemethod)parse_choice(
			"--method", arg, fusemethod_names, NULL);
		break;
	case 'n':
		o->f.norm = (enum fusenorm)parse_choice("--norm", arg,
							fusenorm_names, NULL);
		o->norm_given = o->f.norm != NORM_NONE;
		break;
	case 'w': o->weights = arg; break;
	case 'k':
		o->f.comb.rrf_k = arg_double("--rrf-k", arg);
		if (!(o->f.comb.rrf_k >= 0) || !isfinite(o->f.comb.rrf_k))
			usage_error(NULL, "--rrf-k: '%s' is not a number >= 0",
				    arg);
		o->rrf_k_given = 1;
		break;
	case O_LOWER: o->lower = arg; break;
	case O_REQUIRE: o->require_all = 1; break;
	case O_FORMAT:
		o->f.trec = parse_choice("--format", arg, formats, NULL);
		break;
	case O_TAG: o->tag = arg; break;
	case O_OPTIMIZE: o->optimize = arg; break;
	case O_QRELS: o->qrels = arg; break;
	case O_STEP: o->step = arg; break;
	case 'j': o->jobs = jobs_arg(arg); break;
	case O_EXPLAIN:
		o->explain = xrealloc(o->explain,
				      (o->nexplain + 1) * sizeof *o->explain);
		o->explain[o->nexplain++] = arg;
		break;
	default:
		return 0;
	}
	return 1;
}

/* --weights: one finite number >= 0 per run */
static double *parse_weights(const char *text, size_t nruns)
{
	char **item;
	size_t n, i;
	double *w;

	parse_names("--weights", text, &item, &n, NULL);
	if (n != nruns)
		usage_error(NULL, "--weights: %zu weights for %zu runs", n,
			    nruns);
	w = xmalloc(n * sizeof *w);
	for (i = 0; i < n; i++) {
		w[i] = arg_double("--weights", item[i]);
		if (!(w[i] >= 0) || !isfinite(w[i]))
			usage_error(NULL, "--weights: '%s' is not a number >= 0",
				    item[i]);
	}
	free(item[0]);
	free(item);
	return w;
}

/* --lower-is-better: run numbers from 1 to nruns, to one flag per run */
static unsigned char *parse_lower(const char *text, size_t nruns)
{
	long *v;
	size_t n, i;
	unsigned char *lower = xcalloc(nruns, 1);

	parse_cutoffs("--lower-is-better", text, &v, &n, 0, NULL, NULL);
	for (i = 0; i < n; i++) {
		if ((size_t)v[i] > nruns)
			usage_error(NULL, "--lower-is-better: '%ld' is not a "
				    "run's number (1 to %zu, in the order of "
				    "the runs)", v[i], nruns);
		lower[v[i] - 1] = 1;
	}
	free(v);
	return lower;
}

/* the options that do not go together, by name */
static void check_options(struct opts *o, size_t nruns)
{
	const char *m = fusemethod_names[o->f.comb.method];

	if (nruns < 2)
		usage_error(NULL, "two or more runs to fuse, %zu given", nruns);
	if (o->weights && !fusemethod_weighted(o->f.comb.method))
		usage_error(NULL, "--weights: %s picks one run's value and "
			    "takes no weights", m);
	if (!o->weights && !o->optimize && o->f.comb.method == FUSE_WSUM)
		usage_error(NULL, "wsum needs --weights (combsum is wsum with "
			    "every weight 1)");
	if (o->norm_given && fusemethod_ranked(o->f.comb.method))
		usage_error(NULL, "--norm %s: %s reads the ranks of the runs' "
			    "own scores, which no normalisation changes",
			    fusenorm_names[o->f.norm], m);
	if (o->rrf_k_given && o->f.comb.method != FUSE_RRF)
		usage_error(NULL, "--rrf-k: %s has no k (rrf's)", m);
	if (o->optimize && !o->qrels)
		usage_error(NULL, "--optimize needs --qrels");
	if (o->optimize && o->weights)
		usage_error(NULL, "--optimize finds the weights: no --weights");
	if (o->optimize && !fusemethod_weighted(o->f.comb.method))
		usage_error(NULL, "--optimize: %s takes no weights", m);
	if (!o->optimize && (o->qrels || o->step))
		usage_error(NULL, "--%s: only with --optimize",
			    o->qrels ? "qrels" : "step");
	if (o->jobs > 1 && (o->nexplain || o->optimize))
		usage_error(NULL, "-j: --%s works a query at a time: not with -j",
			    o->nexplain ? "explain" : "optimize");
	if (o->tag && !o->f.trec)
		usage_error(NULL, "--tag: only with --format trec");
	if (o->tag && (!*o->tag || strpbrk(o->tag, " \t\n\r")))
		usage_error(NULL, "--tag: '%s' is not one word", o->tag);
}

int main(int argc, char **argv)
{
	struct opts o = { .f = { .comb = { .method = FUSE_RRF, .rrf_k = 60 },
				 .norm = NORM_NONE } };
	struct optable t = { .name = "fuse", .usage = usage_line,
			     .defs = opts, .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = &o };
	int first = optable_parse(&t, argc, argv);
	size_t nruns = (size_t)(argc - first);

	check_options(&o, nruns);
	stdin_once(stdin_uses((const char *const *)argv + first, nruns) +
		   stdin_uses(&o.qrels, 1));
	o.f.nruns = nruns;
	o.f.tag = o.tag ? o.tag : "fuse";
	o.f.explain = o.explain;
	o.f.nexplain = o.nexplain;
	if (o.weights)
		o.f.comb.w = parse_weights(o.weights, nruns);
	if (o.lower)
		o.f.lower = parse_lower(o.lower, nruns);
	if (o.optimize) {
		struct fuseopt opt;
		fuseopt_init(&opt, o.optimize, o.step ?
			     arg_double("--step", o.step) : 0.1, o.qrels);
		o.f.keep = fuseopt_keep;
		o.f.keep_ctx = &opt;
		fusepass_run(&o.f, (const char *const *)argv + first,
			     o.require_all, 1);
		fuseopt_search(&opt, &o.f);
		out_finish();
	}
	fusepass_run(&o.f, (const char *const *)argv + first, o.require_all,
		     o.jobs);
	out_finish();
}
