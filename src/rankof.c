/* rankof: scores and relevance to the tie-aware rank stream. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "rank/embrank.h"
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/helpversion.h"
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

static const char help[] =
	"Reads score streams (query item score) or TREC runs (query Q0 item rank score tag)\n"
	"and writes the rank stream: query item grade rank ties n.\n"
	"  -r, --qrels FILE         relevance as query item grade, or query 0 item grade\n"
	"  -l, --labels FILE        id label [camera], for queries and items alike\n"
	"      --query-labels FILE  labels of the queries (with --item-labels)\n"
	"      --item-labels FILE   labels of the items\n"
	"  -g, --min-grade G        relevant when grade >= G (default 1)\n"
	"      --judged             (qrels) every judged item gets a line with its kind:\n"
	"                           the rank stream's version 2 (bpref, infAP)\n"
	"  -c, --all-queries        also qrels queries that the run lacks\n"
	"  -u, --keep-unjudged      run queries absent from the qrels stay, without relevant items\n"
	"  -x, --exclude-self       an item with the query's id leaves its gallery\n"
	"      --junk same-camera   items of the query's label and camera leave its gallery\n"
	"      --junk-label L       items labelled L leave every gallery\n"
	"      --folds N            (labels) N equal consecutive folds of queries and items\n"
	"      --unlabeled-irrelevant  (labels) items without a label are never relevant\n"
	"                           candidates instead of an error\n"
	"      --break input|id     break ties by input order or by item id descending\n"
	"  -M, --max-retrieved N    each query's first N candidates only (tie order as --break)\n"
	"  -j, --jobs N             parser threads (default: online CPUs, at most 4)\n"
	"  -e, --embeddings         score QUERIES against ITEMS (embedding files) as simmat does\n"
	"  -m, --metric M           with -e: dot (default), cos, l2 or hamming\n"
	"      --query-ids FILE     with -e: names of the query rows\n"
	"      --item-ids FILE      with -e: names of the item rows\n"
	"      --items A:B          with -e: item rows A to B-1 only (a gallery shard)\n"
	"      --shard I/N          only the queries at positions I, I+N, I+2N, ... (from 0)\n"
	"      --merge              add up the rank streams of gallery shards (--items)\n"
	"      --explain QUERY      why each relevant item of QUERY got its rank, on stderr\n"
	"                           (all: every query)\n"
	"  -h, --help               this help\n"
	"      --version            version\n";

enum {
	O_QLAB = 256, O_ILAB, O_JUNK, O_JUNKLABEL, O_FOLDS, O_BREAK, O_VERSION,
	O_QIDS, O_IIDS, O_ITEMS, O_SHARD, O_MERGE, O_UNLAB, O_EXPLAIN, O_JUDGED
};

static const struct option longopts[] = {
	{ "qrels", required_argument, 0, 'r' },
	{ "labels", required_argument, 0, 'l' },
	{ "query-labels", required_argument, 0, O_QLAB },
	{ "item-labels", required_argument, 0, O_ILAB },
	{ "min-grade", required_argument, 0, 'g' },
	{ "judged", no_argument, 0, O_JUDGED },
	{ "all-queries", no_argument, 0, 'c' },
	{ "keep-unjudged", no_argument, 0, 'u' },
	{ "exclude-self", no_argument, 0, 'x' },
	{ "junk", required_argument, 0, O_JUNK },
	{ "junk-label", required_argument, 0, O_JUNKLABEL },
	{ "folds", required_argument, 0, O_FOLDS },
	{ "unlabeled-irrelevant", no_argument, 0, O_UNLAB },
	{ "break", required_argument, 0, O_BREAK },
	{ "max-retrieved", required_argument, 0, 'M' },
	{ "jobs", required_argument, 0, 'j' },
	{ "embeddings", no_argument, 0, 'e' },
	{ "metric", required_argument, 0, 'm' },
	{ "query-ids", required_argument, 0, O_QIDS },
	{ "item-ids", required_argument, 0, O_IIDS },
	{ "items", required_argument, 0, O_ITEMS },
	{ "shard", required_argument, 0, O_SHARD },
	{ "merge", no_argument, 0, O_MERGE },
	{ "explain", required_argument, 0, O_EXPLAIN },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
	{ 0, 0, 0, 0 }
};

/* worker threads: the online CPUs, at most 4 (reading stays sequential,
 * so more gain nothing) */
static int default_jobs(void)
{
	int n = pool_ncpu();
	return n > 4 ? 4 : n;
}

struct opts {
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

static void parse_option(struct opts *o, struct relsrc *rel, int c,
			 char **argv)
{
	static const char *const junks[] = { "same-camera", NULL };
	static const char *const breaknames[] = { "input", "id", NULL };
	static const int breaks[] = { BREAK_INPUT, BREAK_ID };

	switch (c) {
	case 'r': o->qrels = optarg; break;
	case 'l': o->labels = optarg; break;
	case O_QLAB: o->qlab = optarg; break;
	case O_ILAB: o->ilab = optarg; break;
	case 'g':
		rel->min_grade = arg_long("-g", optarg, 0, 1000000000L);
		break;
	case 'c': o->all = 1; break;
	case 'M':
		o->maxret = arg_long("-M", optarg, 1, 1000000000000L);
		break;
	case 'u': rel->keep_unjudged = 1; break;
	case O_JUDGED: rel->judged = 1; break;
	case 'e': o->emb = 1; break;
	case 'm':
		o->embopt = 1;
		if (metric_parse(optarg) < 0)
			usage_error(NULL, "-m: '%s' is not dot, cos, l2 or hamming",
				    optarg);
		o->eo.metric = (enum metric)metric_parse(optarg);
		break;
	case O_QIDS: o->embopt = 1; o->eo.qids = optarg; break;
	case O_IIDS: o->embopt = 1; o->eo.iids = optarg; break;
	case O_ITEMS: parse_items(o, optarg); break;
	case O_SHARD: parse_shard(o, optarg); break;
	case O_MERGE: o->merge = 1; break;
	case O_EXPLAIN:
		o->explain = xrealloc(o->explain,
				      (o->nexplain + 1) * sizeof *o->explain);
		o->explain[o->nexplain++] = optarg;
		break;
	case 'j':
		o->jobs = (int)arg_long("-j", optarg, 1, 256);
		break;
	case 'x': rel->exclude_self = 1; break;
	case O_JUNK:
		parse_choice("--junk", optarg, junks, NULL);
		rel->junk_samecam = 1;
		break;
	case O_JUNKLABEL: o->junk_label = optarg; break;
	case O_FOLDS:
		rel->folds = arg_long("--folds", optarg, 1, 1000000000L);
		break;
	case O_UNLAB: rel->unlabeled_ok = 1; break;
	case O_BREAK:
		o->brk = breaks[parse_choice("--break", optarg, breaknames, NULL)];
		break;
	case 'h':
		show_help(usage_line, help);
	case O_VERSION:
		show_version("rankof");
	default:
		opt_error(argv, c);
	}
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
	struct opts o = { .jobs = default_jobs(), .brk = BREAK_NONE,
			  .eo = { .metric = MET_DOT } };
	struct relsrc rel;
	struct ranker rk;
	int c, i;

	set_progname(argv[0]);
	prog_usage = usage_line;
	opterr = 0;
	memset(&rel, 0, sizeof rel);
	rel.min_grade = 1;
	while ((c = getopt_long(argc, argv, ":r:l:g:cuxj:em:M:h", longopts,
				NULL)) != -1)
		parse_option(&o, &rel, c, argv);
	check_options(&o, &rel, argc - optind);

	/* the header goes out first: if loading fails, the stream is
	 * visibly truncated downstream */
	stream_write_header(rel.judged || o.eo.items ? HDR_RANK2 : HDR_RANK);
	out_flush();
	if (o.merge) {
		rankmerge_run(argv + optind, argc - optind);
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
		embrank_run(&rk, argv[optind], argv[optind + 1], &o.eo);
	} else if (optind == argc)
		scorerank_run(&rk, "-", o.jobs);
	for (i = optind; !o.emb && i < argc; i++)
		scorerank_run(&rk, argv[i], o.jobs);
	ranker_finish(&rk);
	stream_write_end();
	out_finish();
}
