/* rankof: scores and relevance to the tie-aware rank stream. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "rank/embrank.h"
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/out.h"
#include "rank/rankcount.h"
#include "rank/ranker.h"
#include "rank/scorerank.h"
#include "stream/stream.h"

static const char usage_line[] =
	"rankof (-r QRELS | -l LABELS | --query-labels F --item-labels F) "
	"[-cux] [-g G] [--junk same-camera] [--junk-label L] [--folds N] "
	"[--break input|id] [-j N] [RUN ... | -e [-m METRIC] "
	"[--query-ids F] [--item-ids F] QUERIES ITEMS]";

static const char help[] =
	"Reads score streams (query item score) or TREC runs (query Q0 item rank score tag)\n"
	"and writes the rank stream: query item grade rank ties n.\n"
	"  -r, --qrels FILE         relevance as query item grade, or query 0 item grade\n"
	"  -l, --labels FILE        id label [camera], for queries and items alike\n"
	"      --query-labels FILE  labels of the queries (with --item-labels)\n"
	"      --item-labels FILE   labels of the items\n"
	"  -g, --min-grade G        relevant when grade >= G (default 1)\n"
	"  -c, --all-queries        also qrels queries that the run lacks\n"
	"  -u, --keep-unjudged      run queries absent from the qrels stay, without relevant items\n"
	"  -x, --exclude-self       an item with the query's id leaves its gallery\n"
	"      --junk same-camera   items of the query's label and camera leave its gallery\n"
	"      --junk-label L       items labelled L leave every gallery\n"
	"      --folds N            (labels) N equal consecutive folds of queries and items\n"
	"      --break input|id     break ties by input order or by item id descending\n"
	"  -j, --jobs N             parser threads (default: online CPUs, at most 4)\n"
	"  -e, --embeddings         score QUERIES against ITEMS (embedding files) as simmat does\n"
	"  -m, --metric M           with -e: dot (default), cos, l2 or hamming\n"
	"      --query-ids FILE     with -e: names of the query rows\n"
	"      --item-ids FILE      with -e: names of the item rows\n"
	"  -h, --help               this help\n"
	"      --version            version\n";

enum { O_QLAB = 256, O_ILAB, O_JUNK, O_JUNKLABEL, O_FOLDS, O_BREAK, O_VERSION, O_QIDS, O_IIDS };

static const struct option longopts[] = {
	{ "qrels", required_argument, 0, 'r' },
	{ "labels", required_argument, 0, 'l' },
	{ "query-labels", required_argument, 0, O_QLAB },
	{ "item-labels", required_argument, 0, O_ILAB },
	{ "min-grade", required_argument, 0, 'g' },
	{ "all-queries", no_argument, 0, 'c' },
	{ "keep-unjudged", no_argument, 0, 'u' },
	{ "exclude-self", no_argument, 0, 'x' },
	{ "junk", required_argument, 0, O_JUNK },
	{ "junk-label", required_argument, 0, O_JUNKLABEL },
	{ "folds", required_argument, 0, O_FOLDS },
	{ "break", required_argument, 0, O_BREAK },
	{ "jobs", required_argument, 0, 'j' },
	{ "embeddings", no_argument, 0, 'e' },
	{ "metric", required_argument, 0, 'm' },
	{ "query-ids", required_argument, 0, O_QIDS },
	{ "item-ids", required_argument, 0, O_IIDS },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
	{ 0, 0, 0, 0 }
};

/* worker threads: the online CPUs, at most 4 (reading stays sequential,
 * so more gain nothing) */
static int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 4 ? 4 : (int)n;
}

int main(int argc, char **argv)
{
	static const char *const junks[] = { "same-camera", NULL };
	static const char *const breaknames[] = { "input", "id", NULL };
	static const int breaks[] = { BREAK_INPUT, BREAK_ID };
	const char *qrels = NULL, *labels = NULL, *qlab = NULL, *ilab = NULL;
	const char *junk_label = NULL;
	struct relsrc rel;
	struct ranker K;
	struct embrank_opts eo = { MET_DOT, 1, 0, NULL, NULL };
	int emb = 0, embopt = 0;
	int c, brk = BREAK_NONE, all = 0, i, jobs = default_jobs();

	rk_setprog(argv[0]);
	rk_usage = usage_line;
	opterr = 0;
	memset(&rel, 0, sizeof rel);
	rel.min_grade = 1;
	while ((c = getopt_long(argc, argv, ":r:l:g:cuxj:em:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': qrels = optarg; break;
		case 'l': labels = optarg; break;
		case O_QLAB: qlab = optarg; break;
		case O_ILAB: ilab = optarg; break;
		case 'g':
			rel.min_grade = arg_long("-g", optarg, 0, 1000000000L);
			break;
		case 'c': all = 1; break;
		case 'u': rel.keep_unjudged = 1; break;
		case 'e': emb = 1; break;
		case 'm':
			embopt = 1;
			if (metric_parse(optarg) < 0)
				usage_error(NULL, "-m: '%s' is not dot, cos, l2 or hamming",
					    optarg);
			eo.metric = (enum metric)metric_parse(optarg);
			break;
		case O_QIDS: embopt = 1; eo.qids = optarg; break;
		case O_IIDS: embopt = 1; eo.iids = optarg; break;
		case 'j':
			jobs = (int)arg_long("-j", optarg, 1, 256);
			break;
		case 'x': rel.exclude_self = 1; break;
		case O_JUNK:
			parse_choice("--junk", optarg, junks, NULL);
			rel.junk_samecam = 1;
			break;
		case O_JUNKLABEL: junk_label = optarg; break;
		case O_FOLDS:
			rel.folds = arg_long("--folds", optarg, 1, 1000000000L);
			break;
		case O_BREAK:
			brk = breaks[parse_choice("--break", optarg, breaknames, NULL)];
			break;
		case 'h':
			printf("usage: %s\n%s", usage_line, help);
			out_finish();
		case O_VERSION:
			printf("rankof (rankkit) %s\n", RK_VERSION);
			out_finish();
		default:
			opt_error(argv, c);
		}
	}
	if (!!qrels + !!labels + !!(qlab || ilab) != 1)
		usage_error(NULL, "give one relevance source: -r, -l, or --query-labels with --item-labels");
	if ((qlab != NULL) != (ilab != NULL))
		usage_error(NULL, "--query-labels and --item-labels go together");
	if (qrels && (rel.junk_samecam || junk_label || rel.folds))
		usage_error(NULL, "--junk, --junk-label and --folds need labels");
	if (emb && argc - optind != 2)
		usage_error(NULL, "-e needs two files, QUERIES and ITEMS");
	if (embopt && !emb)
		usage_error(NULL, "-m, --query-ids and --item-ids need -e");
	if (all && !qrels)
		usage_error(NULL, "-c needs qrels");
	if (rel.keep_unjudged && !qrels)
		usage_error(NULL, "-u needs qrels");

	/* the header goes out first: if loading fails, the stream is
	 * visibly truncated downstream */
	stream_write_header(HDR_RANK);
	out_flush();
	if (qrels)
		rel_load_qrels(&rel, qrels);
	else
		rel_load_labels(&rel, qlab, labels ? labels : ilab);
	if (junk_label)
		rel_set_junk_label(&rel, junk_label);

	ranker_init(&K, &rel, brk, all);
	if (emb) {
		eo.folds = rel.folds > 0 ? (size_t)rel.folds : 1;
		eo.nthreads = jobs;
		embrank_run(&K, argv[optind], argv[optind + 1], &eo);
	} else if (optind == argc)
		scorerank_run(&K, "-", jobs);
	for (i = optind; !emb && i < argc; i++)
		scorerank_run(&K, argv[i], jobs);
	ranker_finish(&K);
	stream_write_end();
	out_finish();
}
