/* rankof: scores and relevance to the tie-aware rank stream. */
#include <stdio.h>
#include <string.h>
#include "rank/embrank.h"
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/optable.h"
#include "util/out.h"
#include "util/pool.h"
#include "rank/rankcount.h"
#include "rank/rankmerge.h"
#include "rank/ranker.h"
#include "rank/scorerank.h"
#include "stream/stream.h"

static const char usage_line[] =
	"rankof (-r QRELS | -l LABELS | --query-labels F --item-labels F) "
	"[-cux] [-g G] [--judged] [--junk same-camera] [--junk-label L] [--folds N] "
	"[--unlabeled-irrelevant] "
	"[--break input|id] [-M N] [-j N] [--shard I/N] [--explain QUERY ...] "
	"[RUN ... | -e [-m METRIC] "
	"[--query-ids F] [--item-ids F] [--items A:B] QUERIES ITEMS]\n"
	"       rankof --merge RANKS ...";

enum { O_QLAB = OPT_OWN, O_ILAB, O_JUNK, O_JUNKLABEL, O_FOLDS, O_BREAK,
	O_QIDS, O_IIDS, O_ITEMS, O_SHARD, O_MERGE, O_UNLAB, O_EXPLAIN, O_JUDGED };

/* the options and --help in its order */
static const struct optdef opts[] = {
	{ NULL, 0, 0,
	  "Reads score streams (query item score) or TREC runs (query Q0 item rank score tag)\n"
	  "and writes the rank stream: query item grade rank ties n.\n" },
	{ "qrels", 'r', 1,
	  "  -r, --qrels FILE         relevance as query item grade, or query 0 item grade\n" },
	{ "labels", 'l', 1,
	  "  -l, --labels FILE        id label [camera], for queries and items alike\n" },
	{ "query-labels", O_QLAB, 1,
	  "      --query-labels FILE  labels of the queries (with --item-labels)\n" },
	{ "item-labels", O_ILAB, 1,
	  "      --item-labels FILE   labels of the items\n" },
	{ "min-grade", 'g', 1,
	  "  -g, --min-grade G        relevant when grade >= G (default 1)\n" },
	{ "judged", O_JUDGED, 0,
	  "      --judged             (qrels) every judged item gets a line with its kind:\n"
	  "                           the rank stream's version 2 (bpref, infAP)\n" },
	{ "all-queries", 'c', 0,
	  "  -c, --all-queries        also qrels queries that the run lacks\n" },
	{ "keep-unjudged", 'u', 0,
	  "  -u, --keep-unjudged      run queries absent from the qrels stay, without relevant items\n" },
	{ "exclude-self", 'x', 0,
	  "  -x, --exclude-self       an item with the query's id leaves its gallery\n" },
	{ "junk", O_JUNK, 1,
	  "      --junk same-camera   items of the query's label and camera leave its gallery\n" },
	{ "junk-label", O_JUNKLABEL, 1,
	  "      --junk-label L       items labelled L leave every gallery\n" },
	{ "folds", O_FOLDS, 1,
	  "      --folds N            (labels) N equal consecutive folds of queries and items\n" },
	{ "unlabeled-irrelevant", O_UNLAB, 0,
	  "      --unlabeled-irrelevant  (labels) items without a label are never relevant\n"
	  "                           candidates instead of an error\n" },
	{ "break", O_BREAK, 1,
	  "      --break input|id     break ties by input order or by item id descending\n" },
	{ "max-retrieved", 'M', 1,
	  "  -M, --max-retrieved N    each query's first N candidates only (tie order as --break)\n" },
	OPTDEF_JOBS("  -j, --jobs N             parser threads (default: online CPUs, at most 4)\n"),
	{ "embeddings", 'e', 0,
	  "  -e, --embeddings         score QUERIES against ITEMS (embedding files) as simmat does\n" },
	{ "metric", 'm', 1,
	  "  -m, --metric M           with -e: dot (default), cos, l2 or hamming\n" },
	{ "query-ids", O_QIDS, 1,
	  "      --query-ids FILE     with -e: names of the query rows\n" },
	{ "item-ids", O_IIDS, 1,
	  "      --item-ids FILE      with -e: names of the item rows\n" },
	{ "items", O_ITEMS, 1,
	  "      --items A:B          with -e: item rows A to B-1 only (a gallery shard)\n" },
	{ "shard", O_SHARD, 1,
	  "      --shard I/N          only the queries at positions I, I+N, I+2N, ... (from 0)\n" },
	{ "merge", O_MERGE, 0,
	  "      --merge              add up the rank streams of gallery shards (--items)\n" },
	{ "explain", O_EXPLAIN, 1,
	  "      --explain QUERY      why each relevant item of QUERY got its rank, on stderr\n"
	  "                           (all: every query)\n" },
	{ "help", OPT_HELP, 0,
	  "  -h, --help               this help\n" },
	{ "version", OPT_VERSION, 0,
	  "      --version            version\n" },
};

struct opts {
	struct relsrc *rel;
	const char *qrels, *labels, *qlab, *ilab, *junk_label;
	int emb, embopt, brk, all, jobs, merge;
	long maxret;		/* -M, 0: every candidate */
	const char **explain;	/* --explain's queries */
	size_t nexplain;
	struct embrank_opts eo;
};

/* "A<sep>B" of two integers >= 0 into *a and *b, or a usage error */
static void parse_pair(const char *opt, const char *text, char sep,
		       long *a, long *b)
{
	const char *m = strchr(text, sep);
	struct slice x = { text, m ? (size_t)(m - text) : 0 };
	struct slice y = { m ? m + 1 : text, m ? strlen(m + 1) : 0 };

	if (!m || parse_long(x, a) != NUM_OK || parse_long(y, b) != NUM_OK ||
	    *a < 0 || *b < 0)
		usage_error(NULL, "%s: '%s' is not two integers %c-separated",
			    opt, text, sep);
}

static void parse_shard(struct opts *o, const char *arg)
{
	parse_pair("--shard", arg, '/', &o->eo.shard, &o->eo.nshards);
	if (o->eo.shard >= o->eo.nshards)
		usage_error(NULL, "--shard: '%s' is not I/N with 0 <= I < N",
			    arg);
}

static void parse_items(struct opts *o, const char *arg)
{
	long a, b;

	parse_pair("--items", arg, ':', &a, &b);
	if (a > b)
		usage_error(NULL, "--items: '%s' is not A:B with A <= B", arg);
	o->eo.items = 1;
	o->eo.ibeg = (size_t)a;
	o->eo.iend = (size_t)b;
	o->embopt = 1;
}

/* one option (optable.h's take) */
static int take(void *ctx, int key, const char *arg)
{
	struct opts *o = ctx;
	struct relsrc *rel = o->rel;
	static const char *const junks[] = { "same-camera", NULL };
	static const char *const breaknames[] = { "input", "id", NULL };
	static const int breaks[] = { BREAK_INPUT, BREAK_ID };

	switch (key) {
	case 'r': o->qrels = arg; break;
	case 'l': o->labels = arg; break;
	case O_QLAB: o->qlab = arg; break;
	case O_ILAB: o->ilab = arg; break;
	case 'g':
		rel->min_grade = arg_long("-g", arg, 0, 1000000000L);
		break;
	case 'c': o->all = 1; break;
	case 'M':
		o->maxret = arg_long("-M", arg, 1, 1000000000000L);
		break;
	case 'u': rel->keep_unjudged = 1; break;
	case O_JUDGED: rel->judged = 1; break;
	case 'e': o->emb = 1; break;
	case 'm':
		o->embopt = 1;
		if (metric_parse(arg) < 0)
			usage_error(NULL, "-m: '%s' is not dot, cos, l2 or hamming",
				    arg);
		o->eo.metric = (enum metric)metric_parse(arg);
		break;
	case O_QIDS: o->embopt = 1; o->eo.qids = arg; break;
	case O_IIDS: o->embopt = 1; o->eo.iids = arg; break;
	case O_ITEMS: parse_items(o, arg); break;
	case O_SHARD: parse_shard(o, arg); break;
	case O_MERGE: o->merge = 1; break;
	case O_EXPLAIN:
		o->explain = xrealloc(o->explain,
				      (o->nexplain + 1) * sizeof *o->explain);
		o->explain[o->nexplain++] = arg;
		break;
	case 'j': o->jobs = jobs_arg(arg); break;
	case 'x': rel->exclude_self = 1; break;
	case O_JUNK:
		parse_choice("--junk", arg, junks, NULL);
		rel->junk_samecam = 1;
		break;
	case O_JUNKLABEL: o->junk_label = arg; break;
	case O_FOLDS:
		rel->folds = arg_long("--folds", arg, 1, 1000000000L);
		break;
	case O_UNLAB: rel->unlabeled_ok = 1; break;
	case O_BREAK:
		o->brk = breaks[parse_choice("--break", arg, breaknames, NULL)];
		break;
	default:
		return 0;
	}
	return 1;
}

static void check_options(const struct opts *o, const struct relsrc *rel,
			  int nfiles)
{
	if (o->merge) {
		if (o->qrels || o->labels || o->qlab || o->ilab || o->emb ||
		    rel->judged ||
		    o->eo.nshards || o->maxret || o->nexplain)
			usage_error(NULL, "--merge takes rank streams only");
		if (nfiles < 1)
			usage_error(NULL, "--merge needs the shards' rank streams");
		return;
	}
	if (!!o->qrels + !!o->labels + !!(o->qlab || o->ilab) != 1)
		usage_error(NULL, "give one relevance source: -r, -l, or --query-labels with --item-labels");
	if ((o->qlab != NULL) != (o->ilab != NULL))
		usage_error(NULL, "--query-labels and --item-labels go together");
	if (o->qrels && (rel->junk_samecam || o->junk_label || rel->folds ||
			 rel->unlabeled_ok))
		usage_error(NULL, "--junk, --junk-label, --folds and "
			    "--unlabeled-irrelevant need labels");
	if (o->emb && nfiles != 2)
		usage_error(NULL, "-e needs two files, QUERIES and ITEMS");
	if (o->maxret && o->emb)
		usage_error(NULL, "-M needs score streams or runs (with -e, "
			    "simmat -k keeps each query's best K)");
	if (o->embopt && !o->emb)
		usage_error(NULL, "-m, --items, --query-ids and --item-ids need -e");
	if (o->all && !o->qrels)
		usage_error(NULL, "-c needs qrels");
	if (rel->keep_unjudged && !o->qrels)
		usage_error(NULL, "-u needs qrels");
	if (rel->judged && (!o->qrels || o->emb || o->nexplain))
		usage_error(NULL, "--judged needs qrels and score streams or "
			    "runs, without -e and --explain");
	if (o->all && o->eo.nshards)
		usage_error(NULL, "-c and --shard do not go together");
	if (o->eo.items && o->brk != BREAK_NONE)
		usage_error(NULL, "--items and --break do not go together");
}

int main(int argc, char **argv)
{
	struct relsrc rel = { .min_grade = 1 };
	struct opts o = { .rel = &rel, .jobs = pool_default_jobs(4),
			  .brk = BREAK_NONE, .eo = { .metric = MET_DOT } };
	struct optable t = { .name = "rankof", .usage = usage_line,
			     .defs = opts, .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = &o };
	struct ranker rk;
	int first = optable_parse(&t, argc, argv), i;

	check_options(&o, &rel, argc - first);

	/* the header goes out first: if loading fails, the stream is
	 * visibly truncated downstream */
	stream_write_header(rel.judged || o.eo.items ? HDR_RANK2 : HDR_RANK);
	out_flush();
	if (o.merge) {
		rankmerge_run(argv + first, argc - first);
		stream_write_end();
		out_finish();
	}
	rel.item_rows = o.eo.items;	/* a gallery shard's labels */
	rel.item_lo = o.eo.ibeg;
	rel.item_hi = o.eo.iend;
	rel.junk_name = o.junk_label;
	if (o.qrels)
		rel_load_qrels(&rel, o.qrels);
	else
		rel_load_labels(&rel, o.qlab, o.labels ? o.labels : o.ilab);
	if (o.junk_label)
		rel_set_junk_label(&rel, o.junk_label);
	/* --explain first says which items the folds drop, then the refusal */
	if (!o.nexplain)
		rel_refuse_fold_order(&rel);

	ranker_init(&rk, &rel, o.brk, o.all);
	rk.v2 = rel.judged;
	rk.maxret = o.maxret;
	ranker_explain(&rk, o.explain, o.nexplain);
	if (o.eo.nshards) {
		rk.shard = o.eo.shard;
		rk.nshards = o.eo.nshards;
	}
	if (o.emb) {
		o.eo.folds = rel.folds > 0 ? (size_t)rel.folds : 1;
		o.eo.nthreads = o.jobs;
		embrank_run(&rk, argv[first], argv[first + 1], &o.eo);
	} else if (first == argc)
		scorerank_run(&rk, "-", o.jobs);
	for (i = first; !o.emb && i < argc; i++)
		scorerank_run(&rk, argv[i], o.jobs);
	ranker_finish(&rk);
	rel_refuse_fold_order(&rel);
	stream_write_end();
	out_finish();
}
