/* rankof: scores and relevance to the tie-aware rank stream. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rank/embrank.h"
#include "measure/singleshotrun.h"
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/optable.h"
#include "util/out.h"
#include "util/pool.h"
#include "util/samefile.h"
#include "util/stdinonce.h"
#include "rank/fingerprint.h"
#include "rank/matrixrank.h"
#include "rank/rankcount.h"
#include "rank/rankmerge.h"
#include "rank/ranker.h"
#include "rank/scorerank.h"
#include "stream/archive.h"
#include "stream/stream.h"

/* the largest count an option takes: 10^12, or LONG_MAX where a long is
 * 32 bits */
#define COUNT_MAX (LONG_MAX / 1000000 < 1000000 ? LONG_MAX : 1000000000000L)

static const char usage_line[] =
	"rankof (-r QRELS | -l LABELS | --query-labels F --item-labels F) "
	"[-cux] [-g G | --protocol easy|medium|hard] [--judged] [--junk same-camera] [--junk-label L] [--folds N] "
	"[--unlabeled-irrelevant] "
	"[--break input|id] [-M N] [-j N] [--shard I/N] [--explain QUERY ...] "
	"[--single-shot LIST [-p N]] "
	"[RUN ... | -e [-m METRIC] "
	"[--query-ids F] [--item-ids F] [--items A:B] [--packed-bits [--bits N]] "
	"QUERIES ITEMS ...]\n"
	"       rankof (-r QRELS | --truth GT --knn K [--truth-distances GD] "
	"[--tolerance T | --epsilon E]) [--run-distances D] MATRIX\n"
	"       rankof --merge RANKS ...";

enum { O_QLAB = OPT_OWN, O_ILAB, O_QCAM, O_ICAM, O_JUNK, O_JUNKLABEL, O_FOLDS, O_BREAK,
	O_QIDS, O_IIDS, O_ITEMS, O_SHARD, O_MERGE, O_UNLAB, O_EXPLAIN, O_JUDGED,
	O_DEPTH, O_LOWER, O_KEEPSELF, O_PART, O_FP, O_EXPECTFP, O_PACKED, O_BITS,
	O_RUNDIST, O_TRUTH, O_TRUTHDIST, O_KNN, O_TOL, O_EPS, O_QVEC, O_BVEC,
	O_ALLOWEMPTY, O_PROTOCOL, O_SINGLE };

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
	{ "query-cameras", O_QCAM, 1,
	  "      --query-cameras F    the queries' cameras: a 1-D .npy integer array or one\n"
	  "                           per line, in --query-labels' order\n" },
	{ "item-cameras", O_ICAM, 1,
	  "      --item-cameras F     the items' cameras, in --item-labels' (or -l's) order\n" },
	{ "truth", O_TRUTH, 1,
	  "      --truth GT           ANN ground truth (.npy, .ivecs, .ibin: row i the true\n"
	  "                           neighbours of query i, nearest first) as relevance\n" },
	{ "knn", O_KNN, 1,
	  "      --knn K              with --truth: a query's first K true neighbours are relevant\n" },
	{ "truth-distances", O_TRUTHDIST, 1,
	  "      --truth-distances GD the true neighbours' distances (.npy, .fvecs, .fbin)\n" },
	{ "tolerance", O_TOL, 1,
	  "      --tolerance T        also relevant: later neighbours at distance <= d_K + T\n" },
	{ "epsilon", O_EPS, 1,
	  "      --epsilon E          also relevant: later neighbours at distance <= (1 + E) d_K\n" },
	{ "query-vectors", O_QVEC, 1,
	  "      --query-vectors Q    with --truth and a result matrix: the queries' vectors\n" },
	{ "base-vectors", O_BVEC, 1,
	  "      --base-vectors B     and the base's: a returned item's distance recomputed,\n"
	  "                           relevant within the threshold past the truth's depth\n" },
	{ "run-distances", O_RUNDIST, 1,
	  "      --run-distances D    a result matrix's distances (.npy, .fvecs, .fbin): the\n"
	  "                           scores, lowest first, equal ones tied\n" },
	{ "min-grade", 'g', 1,
	  "  -g, --min-grade G        relevant when grade >= G (default 1)\n" },
	{ "protocol", O_PROTOCOL, 1,
	  "      --protocol P         -r holds revisitop's lists (grade easy, hard or junk):\n"
	  "                           easy, medium or hard, the others' items removed\n" },
	{ "judged", O_JUDGED, 0,
	  "      --judged             (qrels) every judged item gets a line with its kind:\n"
	  "                           the rank stream's version 2 (bpref, infAP)\n" },
	{ "all-queries", 'c', 0,
	  "  -c, --all-queries        also qrels queries that the run lacks\n" },
	{ "keep-unjudged", 'u', 0,
	  "  -u, --keep-unjudged      run queries absent from the qrels stay, without relevant items\n" },
	{ "exclude-self", 'x', 0,
	  "  -x, --exclude-self       an item with the query's id leaves its gallery\n" },
	{ "keep-self", O_KEEPSELF, 0,
	  "      --keep-self          one file against itself keeps each query's own row\n"
	  "                           (refused without -x or this)\n" },
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
	{ "depth", O_DEPTH, 1,
	  "      --depth N            the run was cut after each query's N best (a TREC run's\n"
	  "                           1000): said in the rank stream (rankkit(7))\n" },
	{ "lower-is-better", O_LOWER, 0,
	  "      --lower-is-better    the scores are distances: the lowest ranks first\n" },
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
	{ "packed-bits", O_PACKED, 0,
	  "      --packed-bits        with -e: the files are binary codes packed by np.packbits\n"
	  "                           (uint8, the first bit the most significant), as 0/1 codes\n" },
	{ "bits", O_BITS, 1,
	  "      --bits N             with --packed-bits: each code's bits (default 8 per byte)\n" },
	{ "shard", O_SHARD, 1,
	  "      --shard I/N          only the queries at positions I, I+N, I+2N, ... (from 0)\n" },
	{ "part", O_PART, 1,
	  "      --part I/N           the input is part I of N of a run's queries (a Hadoop\n"
	  "                           partition): said in the rank stream for the readers\n" },
	{ "allow-empty", O_ALLOWEMPTY, 0,
	  "      --allow-empty        an input of no bytes is a run of no queries (a reducer's\n"
	  "                           empty partition), not an error\n" },
	{ "merge", O_MERGE, 0,
	  "      --merge              add up the rank streams of gallery shards (--items), or\n"
	  "                           join those of query shards (--shard, --part)\n" },
	{ "fingerprint", O_FP, 0,
	  "      --fingerprint        print the shards' fingerprint of these inputs and options\n"
	  "                           (rankkit(7)) and exit\n" },
	{ "expect-fingerprint", O_EXPECTFP, 1,
	  "      --expect-fingerprint HEX  a shard's inputs and options must give HEX\n" },
	{ "explain", O_EXPLAIN, 1,
	  "      --explain QUERY      why each relevant item of QUERY got its rank, on stderr\n"
	  "                           (all: every query)\n" },
	{ "single-shot", O_SINGLE, 1,
	  "      --single-shot LIST   (labels) CUHK03's single-shot CMC at the cut-offs LIST:\n"
	  "                           hit@K:single-shot, the expectation over the draws of\n"
	  "                           one gallery item per identity, as a measure stream\n" },
	{ "precision", 'p', 1,
	  "  -p, --precision N        with --single-shot: N decimals of the percentages (2)\n" },
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
	long depth;		/* --depth, 0: not said */
	long part, nparts;	/* --part I/N, nparts 0: none */
	int lower, keep_self;	/* --lower-is-better, --keep-self */
	int allow_empty;	/* --allow-empty */
	int print_fp;		/* --fingerprint */
	const char *expect_fp;	/* --expect-fingerprint */
	/* a result matrix and its ground truth (rankof(1), "ANN results") */
	const char *run_dist, *truth, *truth_dist, *qvec, *bvec;
	long knn;		/* --knn, 0: not given */
	double tol, eps;	/* --tolerance, --epsilon; < 0: not given */
	long *single;		/* --single-shot's cut-offs (NULL: none) */
	size_t nsingle;
	int decimals;		/* -p, -1: not given */
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

static void parse_part(struct opts *o, const char *arg)
{
	parse_pair("--part", arg, '/', &o->part, &o->nparts);
	if (o->part >= o->nparts)
		usage_error(NULL, "--part: '%s' is not I/N with 0 <= I < N",
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

/* a number >= 0 of --tolerance or --epsilon */
static double nonnegative(const char *opt, const char *arg)
{
	double v = arg_double(opt, arg);

	if (!(v >= 0 && v < 1e300))
		usage_error(NULL, "%s: '%s' is not a number >= 0", opt, arg);
	return v;
}

/* an option of result matrices and ground truth; 0 for another */
static int take_ann(struct opts *o, int key, const char *arg)
{
	switch (key) {
	case O_RUNDIST: o->run_dist = arg; break;
	case O_TRUTH: o->truth = arg; break;
	case O_QVEC: o->qvec = arg; break;
	case O_BVEC: o->bvec = arg; break;
	case O_TRUTHDIST: o->truth_dist = arg; break;
	case O_KNN: o->knn = arg_long("--knn", arg, 1, 1L << 30); break;
	case O_TOL: o->tol = nonnegative("--tolerance", arg); break;
	case O_EPS: o->eps = nonnegative("--epsilon", arg); break;
	default:
		return 0;
	}
	return 1;
}

/* --single-shot's options; 0 for another */
static int take_single(struct opts *o, int key, const char *arg)
{
	if (key == 'p') {
		o->decimals = (int)arg_long("-p", arg, 0, 17);
		return 1;
	}
	if (key != O_SINGLE)
		return 0;
	free(o->single);
	parse_cutoffs("--single-shot", arg, &o->single, &o->nsingle, 0, NULL,
		      NULL);
	return 1;
}

/* one option (optable.h's take) */
static int take(void *ctx, int key, const char *arg)
{
	struct opts *o = ctx;
	struct relsrc *rel = o->rel;
	static const char *const junks[] = { "same-camera", NULL };
	static const char *const breaknames[] = { "input", "id", NULL };
	static const int breaks[] = { BREAK_INPUT, BREAK_ID };
	static const char *const protonames[] = { "easy", "medium", "hard",
						  NULL };
	static const int protos[] = { PROTO_EASY, PROTO_MEDIUM, PROTO_HARD };

	switch (key) {
	case 'r': o->qrels = arg; break;
	case 'l': o->labels = arg; break;
	case O_QLAB: o->qlab = arg; break;
	case O_ILAB: o->ilab = arg; break;
	case O_QCAM: rel->qcams = arg; break;
	case O_ICAM: rel->icams = arg; break;
	case 'g':
		rel->min_grade = arg_long("-g", arg, 0, 1000000000L);
		break;
	case 'c': o->all = 1; break;
	case 'M':
		o->maxret = arg_long("-M", arg, 1, COUNT_MAX);
		break;
	case 'u': rel->keep_unjudged = 1; break;
	case O_JUDGED: rel->judged = 1; break;
	case O_PROTOCOL:
		rel->protocol = protos[parse_choice("--protocol", arg,
						    protonames, NULL)];
		break;
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
	case O_PACKED: o->embopt = 1; o->eo.packed = 1; break;
	case O_BITS:
		o->eo.bits = (size_t)arg_long("--bits", arg, 1, COUNT_MAX);
		break;
	case O_SHARD: parse_shard(o, arg); break;
	case O_MERGE: o->merge = 1; break;
	case O_PART: parse_part(o, arg); break;
	case O_DEPTH:
		o->depth = arg_long("--depth", arg, 1, COUNT_MAX);
		break;
	case O_LOWER: o->lower = 1; break;
	case O_KEEPSELF: o->keep_self = 1; break;
	case O_ALLOWEMPTY: o->allow_empty = 1; break;
	case O_FP: o->print_fp = 1; break;
	case O_EXPECTFP: o->expect_fp = arg; break;
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
		return take_ann(o, key, arg) || take_single(o, key, arg);
	}
	return 1;
}

/* a result matrix, its distances and its ground truth (rankof(1), "ANN
 * results"); file[0] is the run when there is one */
static int is_matrix_run(char **file, int nfiles)
{
	return nfiles == 1 && matrixfile_is(file[0]);
}

static void check_matrix_options(const struct opts *o, int nfiles)
{
	if (o->truth && !o->knn)
		usage_error(NULL, "--truth needs --knn K: the first K true "
			    "neighbours are each query's relevant items");
	if (!o->truth && (o->knn || o->truth_dist || o->tol >= 0 ||
			  o->eps >= 0))
		usage_error(NULL, "--knn, --truth-distances, --tolerance and "
			    "--epsilon need --truth");
	if (o->tol >= 0 && o->eps >= 0)
		usage_error(NULL, "--tolerance and --epsilon do not go together");
	if ((o->qvec != NULL) != (o->bvec != NULL))
		usage_error(NULL, "--query-vectors and --base-vectors go together");
	if (o->qvec && (!o->truth || (o->tol < 0 && o->eps < 0)))
		usage_error(NULL, "--query-vectors and --base-vectors need "
			    "--truth with --tolerance or --epsilon");
	if (o->truth && (o->emb || o->rel->judged))
		usage_error(NULL, "--truth needs a result matrix or score "
			    "streams, without -e and --judged");
	if (o->run_dist && (o->emb || nfiles != 1))
		usage_error(NULL, "--run-distances needs one result matrix "
			    "(RUN as .npy, .ivecs or .ibin)");
	if (o->run_dist && o->lower)
		usage_error(NULL, "--run-distances ranks the lowest first "
			    "already: no --lower-is-better");
}

/* --single-shot needs labels (identities) and each query's whole gallery
 * in score streams or runs, and writes no rank stream */
static void check_single_shot(const struct opts *o, const struct relsrc *rel)
{
	if (o->decimals >= 0 && !o->single)
		usage_error(NULL, "-p needs --single-shot");
	if (!o->single)
		return;
	if (!o->labels && !o->qlab)
		usage_error(NULL, "--single-shot needs labels: -l, or "
			    "--query-labels and --item-labels (the identities)");
	if (o->emb || rel->folds || o->maxret || o->depth || o->eo.nshards ||
	    o->nparts || o->nexplain || rel->unlabeled_ok || o->run_dist ||
	    o->print_fp || o->expect_fp)
		usage_error(NULL, "--single-shot needs every candidate of each "
			    "query from score streams or runs: without -e, "
			    "--folds, -M, --depth, --shard, --part, --explain, "
			    "--unlabeled-irrelevant and the fingerprints");
	if (o->brk != BREAK_NONE)
		usage_error(NULL, "--single-shot takes ties in the expected mode "
			    "(every order of a drawn gallery's ties alike): no "
			    "--break");
}

static void check_options(const struct opts *o, const struct relsrc *rel,
			  int nfiles)
{
	if (o->merge) {
		if (o->qrels || o->labels || o->qlab || o->ilab || o->emb ||
		    rel->judged || o->eo.nshards || o->maxret || o->nexplain ||
		    o->depth || o->lower || o->keep_self || o->nparts ||
		    o->print_fp || o->expect_fp || o->allow_empty || o->truth ||
		    o->run_dist || rel->qcams || rel->icams)
			usage_error(NULL, "--merge takes rank streams only");
		if (nfiles < 1)
			usage_error(NULL, "--merge needs the shards' rank streams");
		return;
	}
	if (!!o->qrels + !!o->labels + !!(o->qlab || o->ilab) + !!o->truth != 1)
		usage_error(NULL, "give one relevance source: -r, -l, --query-labels with --item-labels, or --truth");
	check_matrix_options(o, nfiles);
	if ((o->qlab != NULL) != (o->ilab != NULL))
		usage_error(NULL, "--query-labels and --item-labels go together");
	if ((rel->qcams || rel->icams) && !o->labels && !o->qlab)
		usage_error(NULL, "--query-cameras and --item-cameras need labels");
	if (o->qlab && !rel->qcams != !rel->icams)
		usage_error(NULL, "--query-cameras and --item-cameras go together "
			    "with --query-labels and --item-labels");
	if (o->labels && rel->qcams)
		usage_error(NULL, "-l's one file is the queries' and the items': "
			    "its cameras are --item-cameras alone");
	if (o->qrels && (rel->junk_samecam || o->junk_label || rel->folds ||
			 rel->unlabeled_ok))
		usage_error(NULL, "--junk, --junk-label, --folds and "
			    "--unlabeled-irrelevant need labels");
	if (o->emb && nfiles < 2)
		usage_error(NULL, "-e needs QUERIES and ITEMS (one file, or "
			    "several as one gallery)");
	if (o->maxret && o->emb)
		usage_error(NULL, "-M needs score streams or runs (with -e, "
			    "simmat -k keeps each query's best K)");
	if (o->embopt && !o->emb)
		usage_error(NULL, "-m, --items, --query-ids, --item-ids and "
			    "--packed-bits need -e");
	if (o->eo.bits && !o->eo.packed)
		usage_error(NULL, "--bits needs --packed-bits");
	if (o->eo.packed && nfiles > 2)
		usage_error(NULL, "--packed-bits reads one items file");
	if (o->all && !o->qrels)
		usage_error(NULL, "-c needs qrels");
	if (rel->keep_unjudged && !o->qrels)
		usage_error(NULL, "-u needs qrels");
	if (rel->protocol && (!o->qrels || rel->judged || rel->min_grade != 1))
		usage_error(NULL, "--protocol needs -r (revisitop's lists), "
			    "without --judged and -g");
	if (rel->judged && (!o->qrels || o->emb || o->nexplain))
		usage_error(NULL, "--judged needs qrels and score streams or "
			    "runs, without -e and --explain");
	if (o->all && o->eo.nshards)
		usage_error(NULL, "-c and --shard do not go together");
	if (o->eo.items && o->brk != BREAK_NONE)
		usage_error(NULL, "--items and --break do not go together");
	if (o->emb && (o->depth || o->lower))
		usage_error(NULL, "--depth and --lower-is-better need score "
			    "streams or runs (with -e, -m l2 ranks by distance)");
	if (o->nparts && o->eo.nshards)
		usage_error(NULL, "--part and --shard do not go together "
			    "(--shard says its part)");
	if (o->allow_empty && o->emb)
		usage_error(NULL, "--allow-empty needs score streams or runs");
	if (o->keep_self && rel->exclude_self)
		usage_error(NULL, "--keep-self and -x do not go together");
	check_single_shot(o, rel);
}

/* the fingerprint of a shard of this run (rankkit(7), "Fingerprints"):
 * the query file and its id file whole, the items file's and its id
 * file's heads (-e), or the runs' heads; the kind of relevance, not its
 * files (a shard may be given labels cut to its rows); the options that
 * change ranks, not those that choose the shard */
static uint64_t shard_fingerprint(const struct opts *o,
				  const struct relsrc *rel, char **file,
				  int nfiles)
{
	struct fpsource src = { .whole = { o->eo.qids } };
	char text[512];
	int i;

	if (o->emb) {
		src.whole[1] = file[0];
		src.head[0] = file[1];
		src.head[1] = o->eo.iids;
		src.more = (const char *const *)file + 2;
		src.nmore = (size_t)nfiles - 2;
	} else
		for (i = 0; i < nfiles && i < 8; i++)
			src.head[i] = file[i];
	snprintf(text, sizeof text, "relevance %s; "
		 "metric %d; exclude-self %d; keep-self %d; "
		 "junk same-camera %d; junk-label %s; folds %ld; min-grade %ld; "
		 "judged %d; break %d; "
		 "lower-is-better %d; max-retrieved %ld; all-queries %d",
		 o->truth ? "truth" : o->qrels ? "qrels" : o->labels ? "labels" :
		 "query and item labels",
		 o->emb ? (int)o->eo.metric : -1, rel->exclude_self,
		 o->keep_self, rel->junk_samecam,
		 o->junk_label ? o->junk_label : "", rel->folds, rel->min_grade,
		 rel->judged, o->brk, o->lower, o->maxret,
		 o->all);
	if (o->eo.packed)	/* said only when given: the others' stay */
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "; packed-bits %zu", o->eo.bits);
	if (rel->protocol)	/* likewise */
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "; protocol %d", rel->protocol);
	src.options = text;
	return fingerprint_run(&src);
}

/* --fingerprint, --expect-fingerprint, and the fingerprint line of a
 * shard (--items, --shard) */
static void fingerprint(const struct opts *o, const struct relsrc *rel,
			char **file, int nfiles, struct facts *f)
{
	uint64_t fp;
	char hex[20];

	if (!o->print_fp && !o->expect_fp && !o->eo.items && !o->eo.nshards)
		return;
	fp = shard_fingerprint(o, rel, file, nfiles);
	snprintf(hex, sizeof hex, "%016" PRIx64, fp);
	if (o->print_fp) {
		printf("%s\n", hex);
		out_finish();
	}
	if (o->expect_fp && strcmp(o->expect_fp, hex) != 0)
		die(EXIT_DATA, "--expect-fingerprint %s: these inputs and options "
		    "give %s: this task is not of the launcher's run (another "
		    "query file, gallery, relevance or option)", o->expect_fp,
		    hex);
	if (o->eo.items || o->eo.nshards) {
		f->has_fingerprint = 1;
		f->fingerprint = fp;
	}
}

/* rankof's own header lines (rankkit(7)): the depth of -M and --depth,
 * the folds, the part of --shard or --part */
static void own_facts(const struct opts *o, const struct relsrc *rel,
		      struct facts *f)
{
	memset(f, 0, sizeof *f);
	f->depth = o->maxret;
	if (o->depth && (!f->depth || o->depth < f->depth))
		f->depth = o->depth;
	f->folds = rel->folds > 1 ? rel->folds : 0;
	if (o->eo.nshards) {
		f->part = o->eo.shard;
		f->nparts = o->eo.nshards;
	} else if (o->nparts) {
		f->part = o->part;
		f->nparts = o->nparts;
	}
}

/* whether path is one of the n files (the queries among the items) */
static int same_file_among(const char *path, char **files, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (same_file(path, files[i]))
			return 1;
	return 0;
}

/* standard input named once among the files given to options and the
 * operands (none: the run is read from standard input) */
static void check_stdin(const struct opts *o, char **files, int nfiles)
{
	const char *const named[] = { o->qrels, o->labels, o->qlab, o->ilab,
				      o->eo.qids, o->eo.iids, o->rel->qcams,
				      o->rel->icams };

	stdin_once(stdin_uses(named, sizeof named / sizeof named[0]) +
		   (nfiles ? stdin_uses((const char *const *)files,
					(size_t)nfiles) : 1));
}

/* --truth's relevance: the ground truth and its distances (its own, in a
 * big-ann ground-truth file, or --truth-distances) */
static void load_truth(const struct opts *o, struct relsrc *rel,
		       const struct matrixrun *mr)
{
	double *rundist = NULL;
	struct matrixfile gt, gd = { 0 };
	const double *dist = NULL;
	long passed;

	matrixfile_read(&gt, o->truth, 1);
	if (o->truth_dist) {
		matrixfile_read(&gd, o->truth_dist, 0);
		if (gd.rows != gt.rows || gd.cols != gt.cols)
			die_at(o->truth_dist, 0, "shape (%zu, %zu), the truth "
			       "%s has (%zu, %zu)", gd.rows, gd.cols, o->truth,
			       gt.rows, gt.cols);
		dist = gd.val;
	} else if (gt.val)
		dist = gt.val;
	if ((o->tol >= 0 || o->eps >= 0) && !dist)
		usage_error(NULL, "--tolerance and --epsilon need the true "
			    "distances: --truth-distances GD");
	if (o->qvec && !mr)
		usage_error(NULL, "--query-vectors and --base-vectors need a "
			    "result matrix (RUN as .npy, .ivecs or .ibin)");
	if (o->qvec)
		rundist = matrixrank_distances(mr, o->qvec, o->bvec);
	passed = rel_load_truth(rel, &gt, dist, (size_t)o->knn, o->tol,
				o->eps, mr ? &mr->ids : NULL, rundist);
	free(rundist);
	if (passed)
		note("%ld of %zu queries: the threshold passes the last true "
		     "neighbour in %s: items past it within the threshold "
		     "count as not relevant (a deeper truth file, or simmat "
		     "-k, gives them)", passed, gt.rows, o->truth);
	matrixfile_free(&gt);
	matrixfile_free(&gd);
}

/* The header, once the inputs are read and checked (rankof(1): a
 * validation error writes no line); a failure while ranking comes after
 * it, so that the stream is visibly truncated downstream. */
static void write_header(void *ctx)
{
	const struct opts *o = ctx;

	stream_write_header(o->single ? HDR_MEASURE :
			    o->rel->judged || o->eo.items ? HDR_RANK2 :
			    HDR_RANK);
	out_flush();
}

/* the ranker of these options */
static void start_ranker(struct opts *o, struct relsrc *rel,
			 struct ranker *rk)
{
	ranker_init(rk, rel, o->brk, o->all);
	rk->v2 = rel->judged;
	rk->maxret = o->maxret;
	rk->sign = o->lower ? -1 : 1;
	rk->keep_self = o->keep_self;
	rk->allow_empty = o->allow_empty;
	own_facts(o, rel, &rk->own);
	ranker_explain(rk, o->explain, o->nexplain);
	if (o->eo.nshards) {
		rk->shard = o->eo.shard;
		rk->nshards = o->eo.nshards;
	}
}

/* --single-shot: the ranker's queries to ss (singleshotrun.h) */
static void start_single_shot(const struct opts *o, struct singleshot *ss,
			      struct ranker *rk, int matrix)
{
	if (matrix)
		usage_error(NULL, "--single-shot needs score streams or runs: "
			    "a result matrix is cut at its columns");
	singleshot_init(ss, o->single, o->nsingle,
			o->decimals < 0 ? 2 : o->decimals);
	singleshot_attach(ss, rk);
}

/* a result matrix through the ranker, its columns the run's depth */
static void rank_matrix(struct opts *o, struct ranker *rk,
			struct matrixrun *mr)
{
	if (!rk->own.depth || (long)mr->ids.cols < rk->own.depth)
		rk->own.depth = (long)mr->ids.cols;
	write_header(o);
	ranker_write_facts(rk);
	matrixrank_run(rk, mr);
	matrixfile_free(&mr->ids);
	matrixfile_free(&mr->dist);
}

int main(int argc, char **argv)
{
	struct relsrc rel = { .min_grade = 1 };
	struct opts o = { .rel = &rel, .jobs = pool_default_jobs(4),
			  .brk = BREAK_NONE, .eo = { .metric = MET_DOT },
			  .tol = -1, .eps = -1, .decimals = -1 };
	struct optable t = { .name = "rankof", .usage = usage_line,
			     .defs = opts, .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = &o };
	struct ranker rk;
	struct singleshot ss;
	struct matrixrun mr;
	int first = optable_parse(&t, argc, argv), i, matrix;

	check_options(&o, &rel, argc - first);
	check_stdin(&o, argv + first, argc - first);
	if (o.emb && !rel.exclude_self && !o.keep_self &&
	    same_file_among(argv[first], argv + first + 1, argc - first - 1))
		usage_error(NULL, "QUERIES and ITEMS are one file: each query "
			    "would find itself at rank 1; give -x to leave it "
			    "out, or --keep-self if that is meant");

	if (o.merge) {
		rankmerge_run(rankmerge_open(argv + first, argc - first));
		out_finish();
	}
	rel.item_rows = o.eo.items;	/* a gallery shard's labels */
	rel.item_lo = o.eo.ibeg;
	rel.item_hi = o.eo.iend;
	rel.junk_name = o.junk_label;
	matrix = !o.merge && !o.emb && is_matrix_run(argv + first, argc - first);
	if (matrix)
		matrixrank_open(&mr, argv[first], o.run_dist);
	if (o.truth)
		load_truth(&o, &rel, matrix ? &mr : NULL);
	else if (o.qrels)
		rel_load_qrels(&rel, o.qrels);
	else
		rel_load_labels(&rel, o.qlab, o.labels ? o.labels : o.ilab);
	if (o.junk_label)
		rel_set_junk_label(&rel, o.junk_label);
	/* --explain first says which items the folds drop, then the refusal */
	if (!o.nexplain)
		rel_refuse_fold_order(&rel);

	start_ranker(&o, &rel, &rk);
	if (o.single)
		start_single_shot(&o, &ss, &rk, matrix);
	fingerprint(&o, &rel, argv + first, argc - first, &rk.own);
	if (o.emb) {
		o.eo.folds = rel.folds > 0 ? (size_t)rel.folds : 1;
		o.eo.nthreads = o.jobs;
		o.eo.header = write_header;
		o.eo.header_ctx = &o;
		embrank_run(&rk, argv[first],
			    (const char *const *)argv + first + 1,
			    (size_t)(argc - first - 1), &o.eo);
	} else if (matrix) {
		rank_matrix(&o, &rk, &mr);
	} else {
		if (o.run_dist)
			usage_error(NULL, "--run-distances needs one result "
				    "matrix (RUN as .npy, .ivecs or .ibin)");
		for (i = first; i < argc; i++)	/* before any output */
			archive_refuse_file(argv[i]);
		write_header(&o);
		if (!o.single)	/* a measure stream states none */
			ranker_write_facts(&rk);	/* -e: after its items line */
		if (first == argc)
			scorerank_run(&rk, "-", o.jobs);
		for (i = first; i < argc; i++)
			scorerank_run(&rk, argv[i], o.jobs);
	}
	ranker_finish(&rk);
	if (o.single)
		singleshot_finish(&ss);
	rel_refuse_fold_order(&rel);
	stream_write_end();
	out_finish();
}
