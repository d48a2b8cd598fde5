/* simmat: embeddings to the score stream (query item score). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "stream/embed.h"
#include "stream/packedbits.h"
#include "util/err.h"
#include "util/fmtscore.h"
#include "kernel/kernel.h"
#include "util/num.h"
#include "util/optable.h"
#include "util/out.h"
#include "util/pool.h"
#include "stream/stream.h"
#include "util/strmap.h"
#include "util/samefile.h"
#include "util/stdinonce.h"
#include "util/atleast.h"
#include "kernel/topk.h"

static const char usage_line[] =
	"simmat [-x] [-m dot|cos|l2|hamming] [-k K] [-t S] [--folds N] "
	"[-j N] [--query-ids FILE] [--item-ids FILE] [--packed-bits [--bits N]] "
	"QUERIES ITEMS ...";

enum { O_FOLDS = OPT_OWN, O_QIDS, O_IIDS, O_PACKED, O_BITS };

/* the largest -k and --folds, as rankof's --folds: the same on 32-bit and
 * 64-bit machines, so the same messages */
#define COUNT_MAX 1000000000L

/* the options and --help in its order */
static const struct optdef opts[] = {
	{ NULL, 0, 0,
	  "Scores every query row against every item row and writes the score stream:\n"
	  "query item score. QUERIES and ITEMS are .npy (2-D float16/32/64, int8/16,\n"
	  "uint8/16 or bool, either byte order, C or Fortran order), .fvecs, .bvecs,\n"
	  ".ivecs or text (id v1 v2 ... vD per line).\n" },
	{ "metric", 'm', 1,
	  "  -m, --metric M          dot (default), cos, l2 (minus the Euclidean distance),\n"
	  "                          hamming (minus the Hamming distance of 0/1 or -1/+1 codes)\n" },
	{ "top", 'k', 1,
	  "  -k, --top K             each query's K best items, and all items tied with the K-th\n" },
	{ "min-score", 't', 1,
	  "  -t, --min-score S       only scores >= S\n" },
	{ "exclude-self", 'x', 0,
	  "  -x, --exclude-self      skip the item whose id is the query's id\n" },
	{ "folds", O_FOLDS, 1,
	  "      --folds N           N equal consecutive blocks of queries and of items;\n"
	  "                          a query meets the items of its own block only\n" },
	OPTDEF_JOBS("  -j, --jobs N            threads (default: the online CPUs)\n"),
	{ "query-ids", O_QIDS, 1,
	  "      --query-ids FILE    names of the query rows, one per line\n" },
	{ "item-ids", O_IIDS, 1,
	  "      --item-ids FILE     names of the item rows, one per line\n" },
	{ "packed-bits", O_PACKED, 0,
	  "      --packed-bits       the files are binary codes packed by np.packbits (uint8,\n"
	  "                          the first bit the most significant): scored as 0/1 codes\n" },
	{ "bits", O_BITS, 1,
	  "      --bits N            with --packed-bits: each code's bits (default 8 per byte)\n" },
	{ "help", OPT_HELP, 0,
	  "  -h, --help              this help\n" },
	{ "version", OPT_VERSION, 0,
	  "      --version           version\n" },
};

/* per pool slot: the text of a piece of output, and where it stops
 * short: at a score of +-inf, beyond the range (kernel.h), whose pair
 * the writer names (badq SIZE_MAX: none) */
struct slotbuf {
	char *p;
	size_t n, cap;
	size_t badq, badi;
};

/* per score buffer: each row's threshold, and -k's scratch */
struct rowbuf {
	double *thr;
	size_t cap;
	struct topk_scratch tk;
};

/* the lines of output at most, in a piece of text (about 45 bytes each
 * with short ids) */
enum { PIECE_LINES = 8192 };

struct job {
	struct embed qemb, iemb;
	struct kernel kern;
	long topk;		/* 0: all */
	int have_min;
	double minscore;
	int exclude_self;
	size_t *self;		/* -x: per query, its item's row or SIZE_MAX */
	size_t maxiid;		/* longest item id */
	struct slotbuf *sb;
	struct rowbuf *rb;
	/* progress */
	int tty, shown;
	struct timespec t0;
	size_t done;
};

/* what the options ask for besides the job's own fields */
struct opts {
	struct job *job;
	enum metric metric;
	int nthreads;		/* 0: the online CPUs */
	size_t folds;
	const char *qids, *iids;
	const char *min_text;	/* -t as given */
	int packed;		/* --packed-bits */
	long bits;		/* --bits (0: 8 per byte) */
};

static double since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* query q's item row among items i0 .. i1-1, or SIZE_MAX */
static size_t self_item(const struct job *job, size_t q, size_t i0, size_t i1)
{
	size_t self = job->self ? job->self[q] : SIZE_MAX;

	return self != SIZE_MAX && (self < i0 || self >= i1) ? SIZE_MAX : self;
}

/* the lines query row `row` gives among the n scores S of items i0 ..:
 * those that pass thr (tf: the same test in float), except item self */
#define COUNT_LINES(TYPE, SFX, T)					\
	do {								\
		const TYPE *S = scores;					\
		for (i = at_least_##SFX(S, 0, n, T); i < n;		\
		     i = at_least_##SFX(S, i + 1, n, T))		\
			lines += i0 + i != self;			\
	} while (0)

/* the first of ps's scores whose item offset is at least off */
static size_t passed_from(const struct kpassed *ps, size_t off)
{
	size_t lo = 0, hi = ps->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ps->off[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* a chunk's scores are there: each row's threshold (-k: its K-th best
 * score, if above -t's) and its count of lines; with only the passing
 * scores kept (c->passed), those but the query's own item */
static void ready(void *ctx, const struct kchunk *c, size_t *nlines)
{
	struct job *job = ctx;
	struct rowbuf *rb = &job->rb[c->slot];
	size_t q, i, n = c->i1 - c->i0, i0 = c->i0, esz = (size_t)job->kern.type;

	xgrow((void **)&rb->thr, &rb->cap, c->q1 - c->q0, sizeof *rb->thr);
	for (q = c->q0; q < c->q1; q++) {
		const void *scores = (const char *)c->scores +
				     (q - c->q0) * n * esz;
		size_t self = self_item(job, q, c->i0, c->i1), lines = 0;
		double thr = job->have_min ? job->minscore : -INFINITY;

		if (job->topk) {
			double kth = topk_threshold(&rb->tk, scores,
						    job->kern.type, n,
						    self == SIZE_MAX ? SIZE_MAX :
						    self - c->i0,
						    (size_t)job->topk);
			if (kth > thr)
				thr = kth;
		}
		rb->thr[q - c->q0] = thr;
		if (c->passed) {
			const struct kpassed *ps = &c->passed[q - c->q0];
			size_t k = self == SIZE_MAX ? ps->n :
				   passed_from(ps, self - c->i0);
			lines = ps->n - (k < ps->n && ps->off[k] == self - c->i0);
		} else if (job->kern.type == EMB_F32)
			COUNT_LINES(float, f32, float_at_least(thr));
		else
			COUNT_LINES(double, f64, thr);
		nlines[q - c->q0] = lines;
	}
}

/* one line "query item score" at o; returns the end */
static char *put_line(const struct job *job, char *o, struct slice qid,
		      size_t i, double v)
{
	struct slice id = embed_id(&job->iemb, i);

	memcpy(o, qid.p, qid.n);
	o += qid.n;
	*o++ = '\t';
	memcpy(o, id.p, id.n);
	o += id.n;
	*o++ = '\t';
	o += job->kern.type == EMB_F32 ? fmt_float(o, (float)v) :
		fmt_double(o, v);
	*o++ = '\n';
	return o;
}

/* the same from the scores kept, ps */
#define WRITE_PASSED(TYPE)						\
	do {								\
		const TYPE *v = ps->score;				\
		size_t k = passed_from(ps, p->i0 - c->i0);		\
		size_t e = passed_from(ps, p->i1 - c->i0);		\
		for (; k < e; k++) {					\
			i = c->i0 + ps->off[k];				\
			if (i == self)					\
				continue;				\
			if (isinf(v[k])) {				\
				b->badq = q;				\
				b->badi = i;				\
				break;					\
			}						\
			o = put_line(job, o, qid, i, v[k]);		\
		}							\
	} while (0)

/* the lines of one query into b: items p->i0 .. p->i1-1 of row (in item
 * order) whose score passes thr, except row `self`; up to a score of
 * +-inf, which no line may print: it stands for a number beyond the
 * range, and would tie with every other such one */
#define WRITE_LINES(TYPE, SFX, T)					\
	do {								\
		const TYPE *row = (const TYPE *)scores +		\
				  (p->i0 - p->chunk.i0);		\
		size_t m = p->i1 - p->i0, k;				\
		for (k = at_least_##SFX(row, 0, m, T); k < m;		\
		     k = at_least_##SFX(row, k + 1, m, T)) {		\
			TYPE v = row[k];				\
			i = p->i0 + k;					\
			if (i == self)					\
				continue;				\
			if (isinf(v)) {					\
				b->badq = q;				\
				b->badi = i;				\
				break;					\
			}						\
			o = put_line(job, o, qid, i, v);		\
		}							\
	} while (0)

static void work(void *ctx, const struct kpiece *p)
{
	struct job *job = ctx;
	struct slotbuf *b = &job->sb[p->slot];
	const struct kchunk *c = &p->chunk;
	size_t q, i, n = c->i1 - c->i0, esz = (size_t)job->kern.type;

	b->n = 0;
	b->badq = SIZE_MAX;
	for (q = p->q0; q < p->q1 && b->badq == SIZE_MAX; q++) {
		const void *scores = (const char *)c->scores +
				     (q - c->q0) * n * esz;
		struct slice qid = embed_id(&job->qemb, q);
		size_t self = self_item(job, q, p->i0, p->i1);
		size_t lines = p->lines[q - c->q0];
		double thr = job->rb[c->slot].thr[q - c->q0];
		char *o;

		if (lines > p->i1 - p->i0)
			lines = p->i1 - p->i0;
		xgrow((void **)&b->p, &b->cap,
		      b->n + lines * (qid.n + job->maxiid + FMTSCORE_MAX + 3), 1);
		o = b->p + b->n;
		if (c->passed) {
			const struct kpassed *ps = &c->passed[q - c->q0];
			if (job->kern.type == EMB_F32)
				WRITE_PASSED(float);
			else
				WRITE_PASSED(double);
		} else if (job->kern.type == EMB_F32)
			WRITE_LINES(float, f32, float_at_least(thr));
		else
			WRITE_LINES(double, f64, thr);
		b->n = (size_t)(o - b->p);
	}
}

/* -k's answer for query q (kernel_run_select), after the chunk's queries
 * before it in the slot's text; up to a score of +-inf, as above */
static void select_work(void *ctx, const struct kchunk *c, size_t q,
			const size_t *item, const double *score, size_t n)
{
	struct job *job = ctx;
	struct slotbuf *b = &job->sb[c->slot];
	struct slice qid = embed_id(&job->qemb, q);
	size_t i;
	char *o;

	if (q == c->q0) {
		b->n = 0;
		b->badq = SIZE_MAX;
	}
	if (b->badq != SIZE_MAX)
		return;
	xgrow((void **)&b->p, &b->cap,
	      b->n + n * (qid.n + job->maxiid + FMTSCORE_MAX + 3), 1);
	o = b->p + b->n;
	for (i = 0; i < n; i++) {
		if (isinf(score[i])) {
			b->badq = q;
			b->badi = item[i];
			break;
		}
		o = put_line(job, o, qid, item[i], score[i]);
	}
	b->n = (size_t)(o - b->p);
}

/* a slot's text out, then the error of a score beyond the range, if any;
 * queries q0 .. q1-1 are done; progress on a terminal */
static void emit_text(struct job *job, int slot, size_t q0, size_t q1)
{
	out_bytes(job->sb[slot].p, job->sb[slot].n);
	if (job->sb[slot].badq != SIZE_MAX)
		kernel_range_error(&job->kern, &job->qemb, &job->iemb,
				   job->sb[slot].badq, job->sb[slot].badi);
	job->done += q1 - q0;
	if (job->tty && since(&job->t0) > 2) {
		fprintf(stderr, "\r%s: %zu of %zu queries", progname, job->done,
			job->qemb.rows);
		job->shown = 1;
	}
}

static void emit(void *ctx, const struct kpiece *p)
{
	emit_text(ctx, p->slot, p->q0, p->i1 == p->chunk.i1 ? p->q1 : p->q0);
}

static void select_emit(void *ctx, const struct kchunk *c)
{
	emit_text(ctx, c->slot, c->q0, c->q1);
}

/* one option (optable.h's take) */
static int take(void *ctx, int key, const char *arg)
{
	struct opts *o = ctx;
	struct job *job = o->job;
	int m;

	switch (key) {
	case 'm':
		if ((m = metric_parse(arg)) < 0)
			usage_error(NULL, "-m: '%s' is not dot, cos, l2 or "
				    "hamming", arg);
		o->metric = (enum metric)m;
		break;
	case 'k': job->topk = arg_long("-k", arg, 1, COUNT_MAX); break;
	case 't':
		job->have_min = 1;
		job->minscore = arg_double("-t", arg);
		o->min_text = arg;
		if (isnan(job->minscore))
			usage_error(NULL, "-t: NaN is not a score");
		break;
	case 'x': job->exclude_self = 1; break;
	case 'j': o->nthreads = jobs_arg(arg); break;
	case O_FOLDS:
		o->folds = (size_t)arg_long("--folds", arg, 1, COUNT_MAX);
		break;
	case O_QIDS: o->qids = arg; break;
	case O_IIDS: o->iids = arg; break;
	case O_PACKED: o->packed = 1; break;
	case O_BITS: o->bits = arg_long("--bits", arg, 1, COUNT_MAX); break;
	default:
		return 0;
	}
	return 1;
}

/* the header lines of rankkit(7) that say how the scores were cut: -k's
 * depth, -t's score, --folds */
static void write_facts(const struct job *job, const struct opts *o)
{
	struct facts f = { .depth = job->topk };

	if (job->have_min) {
		f.score_cut = 1;
		if (strlen(o->min_text) < sizeof f.cut_score)
			strcpy(f.cut_score, o->min_text);
		else
			snprintf(f.cut_score, sizeof f.cut_score, "%.17g",
				 job->minscore);
	}
	f.folds = o->folds > 1 ? (long)o->folds : 0;
	facts_write(&f);
}

/* -x: per query row, the row of the item of the same id, or SIZE_MAX */
static size_t *self_rows(const struct embed *qemb, const struct embed *iemb)
{
	struct strmap m;
	size_t i, *self = xmalloc(qemb->rows * sizeof *self);

	strmap_init(&m);
	for (i = 0; i < iemb->rows; i++)
		strmap_put(&m, embed_id(iemb, i), NULL);
	for (i = 0; i < qemb->rows; i++)
		self[i] = strmap_get(&m, embed_id(qemb, i));
	strmap_free(&m);
	return self;
}

int main(int argc, char **argv)
{
	struct job job = { .topk = 0 };
	struct opts o = { .job = &job, .metric = MET_DOT, .folds = 1 };
	struct optable t = { .name = "simmat", .usage = usage_line,
			     .defs = opts, .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = &o };
	int first = optable_parse(&t, argc, argv), slots, s;
	size_t i;

	if (argc - first < 2)
		usage_error(NULL, "expected QUERIES and ITEMS (one file or "
			    "several, one gallery)");
	if (o.bits && !o.packed)
		usage_error(NULL, "--bits needs --packed-bits");
	if (o.packed && argc - first > 2)
		usage_error(NULL, "--packed-bits reads one items file");
	stdin_once(stdin_uses((const char *const *)argv + first,
			      (size_t)(argc - first)) +
		   stdin_uses((const char *const[]){ o.qids, o.iids }, 2));
	embed_read_pair(&job.qemb, argv[first], o.qids, &job.iemb,
			(const char *const *)argv + first + 1,
			(size_t)(argc - first - 1), o.iids, o.folds);
	embed_unpack_pair(&job.qemb, &job.iemb, o.packed, (size_t)o.bits);
	kernel_init(&job.kern, o.metric, &job.qemb, &job.iemb);
	/* simmat's scores read the packed copy of the items only (kernel.h):
	 * their rows go back to the system; kernel_score, which reads them,
	 * is not used here */
	embed_free_values(&job.iemb);
	job.kern.irows = NULL;
	if (job.exclude_self)
		job.self = self_rows(&job.qemb, &job.iemb);
	for (i = 0; i < job.iemb.rows; i++)
		if (job.iemb.idlen[i] > job.maxiid)
			job.maxiid = job.iemb.idlen[i];

	if (o.nthreads == 0)
		o.nthreads = pool_default_jobs(0);
	slots = pool_nslots(o.nthreads);
	job.sb = xcalloc((size_t)slots, sizeof *job.sb);
	job.rb = xcalloc((size_t)slots, sizeof *job.rb);
	job.tty = isatty(2);
	clock_gettime(CLOCK_MONOTONIC, &job.t0);

	stream_write_header(HDR_SCORE);
	if (!job.qemb.idfile && !job.iemb.idfile)
		stream_write_ids(!same_file(job.qemb.path, job.iemb.path) ?
				 IDS_ROWS_TWO_FILES : job.exclude_self ?
				 IDS_ROWS_ONE_FILE_NO_SELF : IDS_ROWS_ONE_FILE);
	write_facts(&job, &o);
	/* a selective -k (k below a quarter of the items) is chosen as the
	 * items are scored; otherwise from each query's scores kept whole */
	if (job.topk && (size_t)job.topk < job.iemb.rows / o.folds / 4)
		kernel_run_select(&job.kern, o.nthreads, o.folds,
				  &(struct kselect){ .k = (size_t)job.topk,
				  .minscore = job.have_min ? job.minscore :
				  -INFINITY, .self = job.self,
				  .work = select_work, .emit = select_emit,
				  .ctx = &job });
	else
		kernel_run_pieces(&job.kern, o.nthreads, o.folds,
				  &(struct kpieces){ .piece_lines = PIECE_LINES,
				  .pass_only = job.have_min && !job.topk,
				  .minscore = job.minscore,
				  .ready = ready, .work = work, .emit = emit,
				  .ctx = &job });
	stream_write_end();
	if (job.shown)
		fprintf(stderr, "\r%s: %zu of %zu queries, %.1f s\n", progname,
			job.done, job.qemb.rows, since(&job.t0));
	for (s = 0; s < slots; s++) {
		free(job.sb[s].p);
		free(job.rb[s].thr);
		topk_free(&job.rb[s].tk);
	}
	free(job.sb);
	free(job.rb);
	free(job.self);
	kernel_free(&job.kern);
	embed_free(&job.qemb);
	embed_free(&job.iemb);
	out_finish();
}
