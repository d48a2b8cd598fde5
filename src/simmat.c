/* simmat: embeddings to the score stream (query item score). */
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "stream/embed.h"
#include "util/err.h"
#include "util/fmtscore.h"
#include "kernel/kernel.h"
#include "util/num.h"
#include "util/out.h"
#include "stream/stream.h"
#include "util/strmap.h"
#include "kernel/topk.h"

static const char usage_line[] =
	"simmat [-x] [-m dot|cos|l2|hamming] [-k K] [-t S] [--folds N] "
	"[-j N] [--query-ids FILE] [--item-ids FILE] QUERIES ITEMS";

static const char help[] =
	"Scores every query row against every item row and writes the score stream:\n"
	"query item score. QUERIES and ITEMS are .npy (2-D <f4 or <f8), .fvecs,\n"
	".bvecs, .ivecs or text (id v1 v2 ... vD per line).\n"
	"  -m, --metric M          dot (default), cos, l2 (minus the Euclidean distance),\n"
	"                          hamming (minus the Hamming distance of 0/1 or -1/+1 codes)\n"
	"  -k, --top K             each query's K best items, and all items tied with the K-th\n"
	"  -t, --min-score S       only scores >= S\n"
	"  -x, --exclude-self      skip the item whose id is the query's id\n"
	"      --folds N           N equal consecutive blocks of queries and of items;\n"
	"                          a query meets the items of its own block only\n"
	"  -j, --jobs N            threads (default: the online CPUs)\n"
	"      --query-ids FILE    names of the query rows, one per line\n"
	"      --item-ids FILE     names of the item rows, one per line\n"
	"  -h, --help              this help\n"
	"      --version           version\n";

enum { O_FOLDS = 256, O_QIDS, O_IIDS, O_VERSION };

static const struct option longopts[] = {
	{ "metric", required_argument, 0, 'm' },
	{ "top", required_argument, 0, 'k' },
	{ "min-score", required_argument, 0, 't' },
	{ "exclude-self", no_argument, 0, 'x' },
	{ "folds", required_argument, 0, O_FOLDS },
	{ "jobs", required_argument, 0, 'j' },
	{ "query-ids", required_argument, 0, O_QIDS },
	{ "item-ids", required_argument, 0, O_IIDS },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
	{ 0, 0, 0, 0 }
};

struct slotbuf {
	char *p;
	size_t n, cap;
	struct topk_scratch tk;
};

struct job {
	struct embed Q, I;
	struct kernel K;
	long topk;		/* 0: all */
	int have_min;
	double minscore;
	size_t *self;		/* -x: per query, its item's row or SIZE_MAX */
	size_t maxiid;		/* longest item id */
	struct slotbuf *sb;
	/* progress */
	int tty, shown;
	struct timespec t0;
	size_t done;
};

static double since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* the lines of one query into b: items i0 .. i1-1 of row (in item order)
 * whose score passes thr (all when thr is -inf), except row `self` */
#define WRITE_LINES(TYPE, FMT)						\
	do {								\
		const TYPE *row = S;					\
		for (i = i0; i < i1; i++) {				\
			TYPE v = row[i - i0];				\
			struct slice id;				\
			if (i == self || !((double)v >= thr))		\
				continue;				\
			id = embed_id(&J->I, i);			\
			memcpy(o, qid.p, qid.n);			\
			o += qid.n;					\
			*o++ = '\t';					\
			memcpy(o, id.p, id.n);				\
			o += id.n;					\
			*o++ = '\t';					\
			o += FMT(o, v);					\
			*o++ = '\n';					\
		}							\
	} while (0)

static void work(void *ctx, int slot, size_t q0, size_t q1, size_t i0,
		 size_t i1, const void *scores)
{
	struct job *J = ctx;
	struct slotbuf *b = &J->sb[slot];
	size_t q, i, n = i1 - i0, esz = (size_t)J->K.type;

	b->n = 0;
	for (q = q0; q < q1; q++) {
		const void *S = (const char *)scores + (q - q0) * n * esz;
		struct slice qid = embed_id(&J->Q, q);
		size_t self = J->self ? J->self[q] : SIZE_MAX;
		double thr = J->have_min ? J->minscore : -INFINITY;
		char *o;

		if (self != SIZE_MAX && (self < i0 || self >= i1))
			self = SIZE_MAX;
		if (J->topk) {
			double kth = topk_threshold(&b->tk, S, J->K.type, n,
						    self == SIZE_MAX ? SIZE_MAX :
						    self - i0, (size_t)J->topk);
			if (kth > thr)
				thr = kth;
		}
		xgrow((void **)&b->p, &b->cap,
		      b->n + n * (qid.n + J->maxiid + FMTSCORE_MAX + 3), 1);
		o = b->p + b->n;
		if (J->K.type == EMB_F32)
			WRITE_LINES(float, fmt_float);
		else
			WRITE_LINES(double, fmt_double);
		b->n = (size_t)(o - b->p);
	}
}

static void emit(void *ctx, int slot, size_t q0, size_t q1, size_t i0,
		 size_t i1, const void *S)
{
	struct job *J = ctx;

	out_bytes(J->sb[slot].p, J->sb[slot].n);
	J->done += q1 - q0;
	if (J->tty && since(&J->t0) > 2) {
		fprintf(stderr, "\r%s: %zu of %zu queries", progname, J->done,
			J->Q.rows);
		J->shown = 1;
	}
}

int main(int argc, char **argv)
{
	struct job J;
	const char *qids = NULL, *iids = NULL;
	int metric = MET_DOT, nthreads = 0, c, slots, s;
	long folds = 1;
	size_t i;

	rk_setprog(argv[0]);
	memset(&J, 0, sizeof J);
	while ((c = getopt_long(argc, argv, "m:k:t:xj:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'm':
			metric = metric_parse(optarg);
			if (metric < 0)
				usage_error(usage_line, "-m: '%s' is not dot, cos, "
					    "l2 or hamming", optarg);
			break;
		case 'k':
			J.topk = arg_long("-k", optarg, 1, LONG_MAX);
			break;
		case 't':
			J.have_min = 1;
			J.minscore = arg_double("-t", optarg);
			if (isnan(J.minscore))
				usage_error(usage_line, "-t: NaN is not a score");
			break;
		case 'x':
			J.self = (size_t *)1;	/* set below */
			break;
		case 'j':
			nthreads = (int)arg_long("-j", optarg, 1, 256);
			break;
		case O_FOLDS:
			folds = arg_long("--folds", optarg, 1, LONG_MAX);
			break;
		case O_QIDS:
			qids = optarg;
			break;
		case O_IIDS:
			iids = optarg;
			break;
		case 'h':
			printf("usage: %s\n%s", usage_line, help);
			return 0;
		case O_VERSION:
			printf("simmat (rankkit) %s\n", RK_VERSION);
			return 0;
		default:
			usage_error(usage_line, "unknown option");
		}
	}
	if (argc - optind != 2)
		usage_error(usage_line, "expected two files, QUERIES and ITEMS");

	embed_read(&J.Q, argv[optind]);
	embed_read(&J.I, argv[optind + 1]);
	if (qids)
		embed_read_ids(&J.Q, qids);
	if (iids)
		embed_read_ids(&J.I, iids);
	embed_check_unique(&J.Q);
	embed_check_unique(&J.I);
	if (J.Q.rows % (size_t)folds)
		die(EXIT_DATA, "%zu queries do not split into %ld equal folds",
		    J.Q.rows, folds);
	if (J.I.rows % (size_t)folds)
		die(EXIT_DATA, "%zu items do not split into %ld equal folds",
		    J.I.rows, folds);
	kernel_init(&J.K, (enum metric)metric, &J.Q, &J.I);

	if (J.self) {
		struct strmap m;
		strmap_init(&m);
		for (i = 0; i < J.I.rows; i++) {
			int created;
			strmap_put(&m, embed_id(&J.I, i), &created);
		}
		J.self = xmalloc(J.Q.rows * sizeof *J.self);
		for (i = 0; i < J.Q.rows; i++)
			J.self[i] = strmap_get(&m, embed_id(&J.Q, i));
		strmap_free(&m);
	}
	for (i = 0; i < J.I.rows; i++)
		if (J.I.idlen[i] > J.maxiid)
			J.maxiid = J.I.idlen[i];

	if (nthreads == 0)
		nthreads = kernel_ncpu();
	slots = kernel_nslots(nthreads);
	J.sb = xcalloc((size_t)slots, sizeof *J.sb);
	J.tty = isatty(2);
	clock_gettime(CLOCK_MONOTONIC, &J.t0);

	stream_write_header(HDR_SCORE);
	kernel_run(&J.K, nthreads, (size_t)folds, work, emit, &J);
	stream_write_end();
	if (J.shown)
		fprintf(stderr, "\r%s: %zu of %zu queries, %.1f s\n", progname,
			J.done, J.Q.rows, since(&J.t0));
	for (s = 0; s < slots; s++) {
		free(J.sb[s].p);
		topk_free(&J.sb[s].tk);
	}
	free(J.sb);
	free(J.self);
	kernel_free(&J.K);
	embed_free(&J.Q);
	embed_free(&J.I);
	out_finish();
}
