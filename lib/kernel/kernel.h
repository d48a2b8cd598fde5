/* Scoring kernels: dot, cosine, negated Euclidean distance and negated
 * Hamming distance between the rows of two embedding matrices, blocked for
 * the caches and registers, vectorized per instruction set and run on all
 * cores.
 *
 * Every score is computed by the same sequence of operations whatever the
 * variant, threads and blocks: the sum over dimensions runs in order
 * 0..D-1 in the input's type, each step one fused multiply-add (C99 fma(),
 * one rounding), starting from 0. So the scores are bit-identical for
 * every variant and -j, on every machine, and equal to the plain loops:
 *   dot      s = a(D), a(0) = 0, a(k+1) = fma(q[k], x[k], a(k))
 *   cos      s = dot / (|q| * |x|),  |q| = sqrt of the same sum for q, q;
 *              0 when either row is all zeros
 *   l2       s = 0 - sqrt(e(D)), e(k+1) = fma(d, d, e(k)), d = q[k] - x[k]
 *              (0, not -0, for equal rows)
 *   hamming  s = 0 - e(D) / c, c = 4 for -1/+1 codes and 1 for 0/1 codes:
 *              minus the number of positions that differ.
 * A pair whose sums leave the type's range on the way (from |x| about
 * 1.8e19 in float32 or 1.3e154 in float64 a square overflows: a sum of
 * squares, a dot product, a denominator of cos is inf) is scored the
 * other way: the same operations on its rows times powers of two, which
 * is the plain loops' result in an arithmetic without exponent limits
 * (kernel_body.h), and the same for every variant and -j. Its score is
 * +-inf only when the score itself lies beyond the range (a dot product
 * or a distance above the largest float or double; cos never): the value
 * IEEE rounding gives such a number, with the right sign. Scores from
 * finite values are never NaN. */
#ifndef RK_KERNEL_H
#define RK_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include "stream/embed.h"

enum metric { MET_DOT, MET_COS, MET_L2, MET_HAMMING };

/* "dot" "cos" "l2" "hamming"; -1 otherwise */
int metric_parse(const char *s);

struct kernel {
	enum metric metric;
	enum embtype type;	/* of both matrices and of the scores */
	size_t dim, nq, ni;
	const void *q;		/* query rows */
	void *ipack;		/* items in tiles of nr rows, dimension-major:
				 * the tiles from t0 that hold rows ibeg ..
				 * iend-1 */
	size_t t0;
	const void *irows;	/* item rows as read */
	size_t nr;		/* the variant's tile width */
	/* the norms (cos reads them): of the queries, of the packed item
	 * rows r0 .. r1-1 (inorm[i - r0]), and of the extra rows */
	void *qnorm, *inorm, *xnorm;
	size_t r0, r1;
	const size_t *xrow;	/* kernel_init_items' extra rows */
	size_t nx;
	double hamdiv;		/* hamming: c */
	int variant;		/* the micro-kernel's instruction set */
	size_t ibeg, iend;	/* the item rows a run covers (rankof --items);
				 * kernel_init: all of them */
};

/* Checks the dimensions (and, for hamming, the codes), promoting a float32
 * matrix to float64 when the other one is float64; dies naming the file. */
void kernel_init(struct kernel *kern, enum metric m, struct embed *qemb,
		 struct embed *iemb);
/* The same for a run over item rows ibeg .. iend-1 alone (rankof --items):
 * only those are packed and read, and the nx rows xrow[] (ascending, the
 * array kept until kernel_free) besides: the rows that kernel_score is
 * asked for, a gallery shard's relevant items in other shards. Every row
 * read is checked (a value that is not finite dies naming file, row and
 * column, the first bad row first); kernel_score of a row not read is a
 * bug, and dies saying so. */
void kernel_init_items(struct kernel *kern, enum metric m,
		       struct embed *qemb, struct embed *iemb, size_t ibeg,
		       size_t iend, const size_t *xrow, size_t nx);
void kernel_free(struct kernel *kern);

/* Scores of queries q0 .. q1-1 against items i0 .. i1-1 into S, row after
 * row of i1-i0 values (float or double as kern->type). One thread. */
void kernel_block(const struct kernel *kern, size_t q0, size_t q1, size_t i0,
		  size_t i1, void *S);

/* Queries q0 .. q1-1 in the micro-kernel's layout, kept between the
 * calls of one thread that scores the same queries against block after
 * block of items (simmat -t and -k): kernel_block_rows packs them on its
 * first call for those rows (of that kernel) and takes them again after,
 * instead of packing them at every block. Zeroed to start; kqrows_free
 * ends it. */
struct kqrows {
	const struct kernel *kern;
	size_t q0, q1;		/* the rows in pack */
	void *pack;		/* NULL: none yet */
	size_t cap;		/* bytes */
};
void kernel_block_rows(const struct kernel *kern, struct kqrows *qr,
		       size_t q0, size_t q1, size_t i0, size_t i1, void *S);
void kqrows_free(struct kqrows *qr);

/* The scan of a row of bn scores of kern->type (a block of
 * kernel_block's) for those that pass a bound (simmat -t, and -k's
 * running K-th best): appends to off[] and kept[] from n each score s with
 * (double)s >= t, its offset at + j and s, in order, at most cap of them;
 * returns the new count, or cap + 1 when more pass. Vector comparisons of
 * the kernel's variant. */
size_t kernel_pass_row(const struct kernel *kern, const void *row, size_t bn,
		       double t, size_t at, uint32_t *off, void *kept,
		       size_t n, size_t cap);

/* The score of query q against item i, alone: the same operations in the
 * same order as kernel_block's, so the same bits. */
double kernel_score(const struct kernel *kern, size_t q, size_t i);

/* For a score of +-inf (beyond the range, above): dies "prog: QUERIES:
 * row R against ITEMS: row S: the dot product is about 2e+400, beyond the
 * largest float64 (1.797693e+308)", naming the rows of the files
 * (kernel_init's qemb and iemb) and the score's size. */
_Noreturn void kernel_range_error(const struct kernel *kern,
				  const struct embed *qemb,
				  const struct embed *iemb, size_t q, size_t i);

/* Rank counting fused into the kernel (rankof -e): for one query, its
 * targets' distinct scores u[0] > u[1] > ... > u[d-1] (values of
 * kernel_score), and counters that kernel_count increases for every item
 * whose score s is not below u[d-1] (NaN included, as rankcount.h counts a candidate):
 * eq[j] when s == u[j], else above[j] where j is the number of u[] above
 * s. d = 0: nothing is counted. */
struct kcount {
	const double *u;
	size_t d;
	size_t *above;		/* d + 1 counters */
	size_t *eq;		/* d counters */
};

/* the counting step for one score (also used to take excluded items out:
 * sign -1) */
void kcount_add(struct kcount *c, double s, int sign);

/* Counts the scores of queries q0 .. q1-1 against items i0 .. i1-1 into
 * kc[0 .. q1-q0-1] without writing them anywhere: each tile of scores is
 * tested while it is in registers and L1. One thread. */
void kernel_count(const struct kernel *kern, size_t q0, size_t q1, size_t i0,
		  size_t i1, struct kcount *kc);

/* The instruction set of the micro-kernels: "base" (the build's, scalar
 * C99 fma()), "avx2" (AVX2 with FMA) or "avx512" (AVX-512F) on x86; the
 * best the CPU runs unless the environment variable RANKKIT_KERNEL names
 * another (for tests and benchmarks: every variant gives the same bits).
 * Dies with status 2 when RANKKIT_KERNEL names a variant this build lacks
 * or the CPU cannot run. */
const char *kernel_variant_chosen(void);
/* 1 when this build has the variant named and the CPU runs it */
int kernel_variant_runs(const char *name);

/* Runs the whole job in chunks of consecutive queries: with folds F, the
 * queries and items are cut into F equal blocks and the queries of block f
 * are scored against the items of block f only (F = 1: all of them).
 * Chunk by chunk, on the threads of the pool (pool.h), `work` gets the
 * chunk's scores; then in the calling thread and in query order, `emit`
 * gets the chunk again. c->slot (0 .. pool_nslots(nthreads)-1) names the
 * buffer the chunk occupies, so work can leave results for emit in
 * per-slot storage. The micro-kernel's instruction set is the best the CPU
 * has unless the environment variable RANKKIT_KERNEL names a lower one
 * (base or avx2; for tests and benchmarks: every variant gives the same
 * bits). */
struct kpassed;
struct kchunk {
	int slot;
	size_t q0, q1, i0, i1;	/* queries q0 .. q1-1, items i0 .. i1-1 */
	const void *scores;	/* (q1-q0) rows of i1-i0 scores, or NULL */
	/* kernel_run_pieces with pass_only: per row, the scores that pass,
	 * when the chunk keeps them alone (scores NULL); else NULL */
	const struct kpassed *passed;
};
typedef void (*kchunk_fn)(void *ctx, const struct kchunk *c);
void kernel_run(const struct kernel *kern, int nthreads, size_t folds,
		kchunk_fn work, kchunk_fn emit, void *ctx);
/* The same without the scores (c->scores is NULL): work computes what it
 * needs itself (kernel_count); chunks of about 240 queries, no score
 * buffers. */
void kernel_run_noscores(const struct kernel *kern, int nthreads, size_t folds,
			 kchunk_fn work, kchunk_fn emit, void *ctx);

/* simmat's run: the output in pieces of bounded size. The chunks of
 * queries (about 1 MiB of scores, at least 24 rows) are each computed
 * once into one of nthreads score buffers (one at -j 1); then, on a
 * worker, `ready` gets the chunk (c->slot: its buffer, 0 .. nthreads-1)
 * and sets lines[r] to the number of lines row r will give (its weight
 * for the pieces). The output is then cut in pieces of whole queries
 * whose lines add up to at most piece_lines, or of one query's items,
 * piece_lines at a time: `work` makes a piece's text on a worker (in
 * per-slot storage, p->slot: 0 .. pool_nslots(nthreads)-1), `emit` writes
 * it on the calling thread, in query and item order. */
struct kpiece {
	int slot;
	size_t q0, q1, i0, i1;	/* queries q0 .. q1-1, items i0 .. i1-1 */
	struct kchunk chunk;	/* the chunk they are in, its scores */
	const size_t *lines;	/* ready's line counts of the chunk's rows */
};
typedef void (*kready_fn)(void *ctx, const struct kchunk *c, size_t *lines);
typedef void (*kpiece_fn)(void *ctx, const struct kpiece *p);
/* The scores of one query row that reach a bound, in item order: items
 * i0 + off[0] < i0 + off[1] < ... of the chunk's i0, scores of kern->type */
struct kpassed {
	size_t n;
	uint32_t *off;
	void *score;
};
struct kpieces {
	size_t piece_lines;
	/* simmat -t alone (pass_only 1): a chunk keeps only the scores at or
	 * above minscore, found block by block as the kernel makes them while
	 * they are in the cache (c->passed, c->scores NULL), as long as each
	 * row's fit in the memory of its scores whole (half its items in
	 * float32, two thirds in float64); beyond that the chunk is scored
	 * again whole (c->scores, c->passed NULL) */
	int pass_only;
	double minscore;
	kready_fn ready;
	kpiece_fn work, emit;
	void *ctx;
};
void kernel_run_pieces(const struct kernel *kern, int nthreads, size_t folds,
		       const struct kpieces *cfg);

/* simmat -k: each query's k best items and every item tied with the k-th
 * (all of them when it has fewer than k), those scoring at least minscore
 * (-t; -inf: no bound), but the item self[q] (self NULL: none). The
 * selection runs inside the scoring, block by block, on every thread
 * (selectrun.c): `work` gets each query's answer on a worker, its items
 * ascending with their scores (exactly the kernel's, as doubles), and
 * `emit` the chunk on the calling thread in query order (c->slot as in
 * kernel_run, c->scores NULL). */
typedef void (*kselect_fn)(void *ctx, const struct kchunk *c, size_t q,
			   const size_t *item, const double *score, size_t n);
struct kselect {
	size_t k;
	double minscore;
	const size_t *self;
	kselect_fn work;
	kchunk_fn emit;
	void *ctx;
};
void kernel_run_select(const struct kernel *kern, int nthreads, size_t folds,
		       const struct kselect *cfg);

#endif
