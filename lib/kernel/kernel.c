/* Scoring kernels (see kernel.h). The items are packed once into tiles of
 * NR rows stored dimension-major (NR: two vectors of the variant), so that
 * value k of NR items is contiguous; a micro-kernel (kernel_micro.h) keeps
 * MR x NR sums in registers and updates each by a fused multiply-add for
 * dimension k, k = 0, 1, ..., D-1, exactly as the scalar loop with C99's
 * fma() does for each score (the vector lanes are independent scores).
 * Each tile of items comes from memory once per group of queries (as many
 * as the L2 cache holds packed) and stays in L1 while every register block
 * of the group uses it, so that a block of few queries x all items runs as
 * fast as a large one; threads take whole chunks.
 *
 * The micro-kernel is compiled for the baseline of the build (scalar, C99
 * fma()) and, on x86 with GCC or Clang, also for AVX2 with FMA and for
 * AVX-512F (target attributes and intrinsics), and the best one the CPU has
 * is chosen at run time. A fused multiply-add is correctly rounded, so
 * every variant gives the same bits; tests compare them (RANKKIT_KERNEL,
 * kernel.h). Every other operation is written out: no contraction of a
 * multiplication and an addition into a fused one behind the code's back
 * (the pragma below for Clang; the Makefile compiles this file with
 * -ffp-contract=off for GCC). */
#define _DEFAULT_SOURCE 1
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/bisect.h"
#include "util/err.h"
#include "util/pool.h"
#include "kernel/kernel.h"

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#if (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__GNUC__) || defined(__clang__))
#define RK_X86 1
#include <immintrin.h>
#else
#define RK_X86 0
#endif

/* queries of a chunk: a multiple of every MR */
enum { MRALL = 24 };


/* memory for the packed items (the tiles of the rows a run covers), in
 * 2 MiB pages where it fills them. Not big_alloc: with the pack in a mapping of
 * its own, simmat -t ran 10% slower (bench/RESULTS.md, "Fresh memory in
 * 2 MiB pages"), for a reason not found. */
static void *pack_alloc(size_t n)
{
	const size_t huge = (size_t)2 << 20;
	size_t whole = n & ~(huge - 1), len = n;
	void *p;

	/* from 1 MiB up: the whole 2 MiB blocks, and a last one the pack
	 * fills at least half (a gallery shard's pack of a few MiB), in 2 MiB
	 * pages; a last block less than half full stays in 4 KiB pages, so
	 * that a huge page is never mostly zeros */
	if (n >= huge / 2 && n <= SIZE_MAX - huge && n - whole >= huge / 2)
		whole = len = whole + huge;
	if (posix_memalign(&p, n >= huge / 2 ? huge : 64, len))
		die(EXIT_DATA, "out of memory");
#ifdef MADV_HUGEPAGE
	if (whole)
		madvise(p, whole, MADV_HUGEPAGE);
#endif
	return p;
}

#define T double
#define SFX _f64
#define SQRT sqrt
#define FMA fma
#include "kernel/kernel_body.h"
#undef T
#undef SFX
#undef SQRT
#undef FMA

#define T float
#define SFX _f32
#define SQRT sqrtf
#define FMA fmaf
#include "kernel/kernel_body.h"
#undef T
#undef SFX
#undef SQRT
#undef FMA

/* kcount_add (kernel.h), inlined into the micro-kernels */
static inline void kc_add(struct kcount *c, double s, int sign)
{
	size_t lo = bisect_above(c->u, c->d, s);

	if (c->u[lo] != s)
		c->above[lo] += (size_t)sign;
	else
		c->eq[lo] += (size_t)sign;
}

void kcount_add(struct kcount *c, double s, int sign)
{
	kc_add(c, s, sign);
}

/* The variants, each a float64 and a float32 micro-kernel pair
 * (kernel_variant.h). Registers: the baseline's scalars (2 x 4 sums);
 * AVX2's 16 ymm hold 6 x 2 vectors of sums, 2 of items and a broadcast
 * query value; AVX-512's 32 zmm hold 12 x 2, 2 and one. */
#define ATTR
#define MR 2
#define NV 4
#define VEC_f64 double
#define VEC_f32 float
#define LANES_f64 1
#define LANES_f32 1
#define VFMA_f64 fma
#define VFMA_f32 fmaf
#define VBCAST_f64(s) (s)
#define VBCAST_f32(s) (s)
#define VNOTBELOW_f64(v, s) (unsigned)!((v) < (s))
#define VNOTBELOW_f32(v, s) (unsigned)!((v) < (s))
#define VARIANT(f) f##_base
#include "kernel/kernel_variant.h"

#if RK_X86
#define ATTR __attribute__((target("avx2,fma")))
#define MR 6
#define NV 2
#define VEC_f64 __m256d
#define VEC_f32 __m256
#define LANES_f64 4
#define LANES_f32 8
#define VFMA_f64 _mm256_fmadd_pd
#define VFMA_f32 _mm256_fmadd_ps
#define VBCAST_f64 _mm256_set1_pd
#define VBCAST_f32 _mm256_set1_ps
/* _CMP_NLT_UQ: "not less than", true when unordered (NaN) */
#define VNOTBELOW_f64(v, s) (unsigned)_mm256_movemask_pd( \
	_mm256_cmp_pd(v, _mm256_set1_pd(s), _CMP_NLT_UQ))
#define VNOTBELOW_f32(v, s) (unsigned)_mm256_movemask_ps( \
	_mm256_cmp_ps(v, _mm256_set1_ps(s), _CMP_NLT_UQ))
#define VARIANT(f) f##_avx2
#include "kernel/kernel_variant.h"

#define ATTR __attribute__((target("avx512f")))
#define MR 12
#define NV 2
#define VEC_f64 __m512d
#define VEC_f32 __m512
#define LANES_f64 8
#define LANES_f32 16
#define VFMA_f64 _mm512_fmadd_pd
#define VFMA_f32 _mm512_fmadd_ps
#define VBCAST_f64 _mm512_set1_pd
#define VBCAST_f32 _mm512_set1_ps
#define VNOTBELOW_f64(v, s) (unsigned)_mm512_cmp_pd_mask(v, \
	_mm512_set1_pd(s), _CMP_NLT_UQ)
#define VNOTBELOW_f32(v, s) (unsigned)_mm512_cmp_ps_mask(v, \
	_mm512_set1_ps(s), _CMP_NLT_UQ)
#define VARIANT(f) f##_avx512
#include "kernel/kernel_variant.h"
#endif

typedef void (*block64_fn)(const struct kernel *, size_t, size_t, size_t,
			   size_t, double *);
typedef void (*block32_fn)(const struct kernel *, size_t, size_t, size_t,
			   size_t, float *);
typedef void (*count_fn)(const struct kernel *, size_t, size_t, size_t,
			 size_t, struct kcount *);
/* the sums of squares' types, sumsq_fn_f64 and the others, are
 * kernel_body.h's */
typedef double (*score_fn)(const struct kernel *, size_t, size_t);

/* by variant (KV_*): the micro-kernels of kernel_variant.h and their tile
 * widths */
enum { KV_BASE, KV_AVX2, KV_AVX512, KV_N };
static const struct {
	const char *name;
	block64_fn block64;
	block32_fn block32;
	count_fn count64, count32;
	sumsq_fn_f64 *sumsq64;
	sumsq_fn_f32 *sumsq32;
	packsq_fn_f64 *packsq64;
	packsq_fn_f32 *packsq32;
	score_fn score64, score32;
	size_t nr64, nr32;
} micro[KV_N] = {
#define MICRO(v) { .name = #v, .block64 = block_##v##_f64, \
		.block32 = block_##v##_f32, .count64 = count_##v##_f64, \
		.count32 = count_##v##_f32, .sumsq64 = sumsq_##v##_f64, \
		.sumsq32 = sumsq_##v##_f32, .packsq64 = pack_sumsq_##v##_f64, \
		.packsq32 = pack_sumsq_##v##_f32, .score64 = score_##v##_f64, \
		.score32 = score_##v##_f32, .nr64 = nr_##v##_f64, \
		.nr32 = nr_##v##_f32 }
	[KV_BASE] = MICRO(base),
#if RK_X86
	[KV_AVX2] = MICRO(avx2),
	[KV_AVX512] = MICRO(avx512),
#endif
#undef MICRO
};

/* 1 when this build has variant v and the CPU runs it */
static int variant_runs(int v)
{
	if (!micro[v].name)
		return 0;
#if RK_X86
	__builtin_cpu_init();
	if (v == KV_AVX2)
		return __builtin_cpu_supports("avx2") &&
		       __builtin_cpu_supports("fma");
	if (v == KV_AVX512)
		return __builtin_cpu_supports("avx512f");
#endif
	return 1;
}

int kernel_variant_runs(const char *name)
{
	int v;

	for (v = 0; v < KV_N; v++)
		if (micro[v].name && strcmp(micro[v].name, name) == 0)
			return variant_runs(v);
	return 0;
}

/* the best variant the CPU runs, or RANKKIT_KERNEL's */
static int kernel_variant(void)
{
	const char *e = getenv("RANKKIT_KERNEL");
	int v;

	if (e && *e) {
		for (v = 0; v < KV_N; v++)
			if (micro[v].name && strcmp(micro[v].name, e) == 0)
				break;
		if (v == KV_N)
			die(EXIT_USAGE, "RANKKIT_KERNEL=%s: no such kernel "
			    "variant in this build", e);
		if (!variant_runs(v))
			die(EXIT_USAGE, "RANKKIT_KERNEL=%s: this CPU cannot "
			    "run it", e);
		return v;
	}
	for (v = KV_N - 1; v > KV_BASE; v--)
		if (variant_runs(v))
			return v;
	return KV_BASE;
}

const char *kernel_variant_chosen(void)
{
	return micro[kernel_variant()].name;
}

int metric_parse(const char *s)
{
	if (strcmp(s, "dot") == 0)
		return MET_DOT;
	if (strcmp(s, "cos") == 0)
		return MET_COS;
	if (strcmp(s, "l2") == 0)
		return MET_L2;
	if (strcmp(s, "hamming") == 0)
		return MET_HAMMING;
	return -1;
}

/* 1 for 0/1 codes, 2 for -1/+1 codes, 3 for all ones (either); dies on a
 * value that is no code, or on a file that mixes 0 and -1 */
static int code_kind(const struct embed *emb)
{
	size_t i, n = emb->rows * emb->dim;
	int zero = 0, minus = 0;

	for (i = 0; i < n; i++) {
		double v = emb->type == EMB_F32 ? ((const float *)emb->data)[i] :
			   ((const double *)emb->data)[i];
		if (v == 0)
			zero = 1;
		else if (v == -1)
			minus = 1;
		else if (v != 1)
			die_at(emb->path, 0, "row %zu, column %zu: hamming needs "
			       "0/1 or -1/+1 codes, found %.17g", i / emb->dim,
			       i % emb->dim, v);
		if (zero && minus)
			die_at(emb->path, 0, "row %zu, column %zu: hamming needs "
			       "0/1 or -1/+1 codes, not both", i / emb->dim,
			       i % emb->dim);
	}
	return zero ? 1 : minus ? 2 : 3;
}

void kernel_init(struct kernel *kern, enum metric m, struct embed *qemb,
		 struct embed *iemb)
{
	kernel_init_items(kern, m, qemb, iemb, 0, iemb->rows, NULL, 0);
}

void kernel_init_items(struct kernel *kern, enum metric m,
		       struct embed *qemb, struct embed *iemb, size_t ibeg,
		       size_t iend, const size_t *xrow, size_t nx)
{
	memset(kern, 0, sizeof *kern);
	if (qemb->dim != iemb->dim)
		die_at(iemb->path, 0, "rows have %zu values, those of %s %zu",
		       iemb->dim, qemb->path, qemb->dim);
	if (qemb->type != iemb->type) {
		embed_to_f64(qemb);
		embed_to_f64(iemb);
	}
	kern->metric = m;
	kern->type = qemb->type;
	kern->dim = qemb->dim;
	kern->nq = qemb->rows;
	kern->ni = iemb->rows;
	kern->ibeg = ibeg;
	kern->iend = iend;
	kern->xrow = xrow;
	kern->nx = nx;
	kern->hamdiv = 1;
	kern->variant = kernel_variant();
	kern->nr = kern->type == EMB_F32 ? micro[kern->variant].nr32 :
		micro[kern->variant].nr64;
	if (m == MET_HAMMING) {
		int a = code_kind(qemb), b = code_kind(iemb);
		if ((a & b) == 0)
			die_at(iemb->path, 0, "hamming: %s has %s codes, %s has %s",
			       qemb->path, a == 1 ? "0/1" : "-1/+1", iemb->path,
			       b == 1 ? "0/1" : "-1/+1");
		kern->hamdiv = (a & b) == 2 ? 4 : 1;
	}
	if (kern->type == EMB_F64)
		prepare_f64(kern, qemb, iemb, micro[kern->variant].sumsq64,
			    micro[kern->variant].packsq64);
	else
		prepare_f32(kern, qemb, iemb, micro[kern->variant].sumsq32,
			    micro[kern->variant].packsq32);
}

void kernel_free(struct kernel *kern)
{
	free(kern->ipack);
	big_free(kern->qnorm);
	big_free(kern->inorm);
	big_free(kern->xnorm);
	memset(kern, 0, sizeof *kern);
}

/* The tiles a sweep reads are those of items i0 .. i1-1: they must be among
 * the packed ones (ibeg .. iend-1), and an empty range reads none */
static void check_range(const struct kernel *kern, size_t q0, size_t q1,
			size_t i0, size_t i1)
{
	if (q0 > q1 || q1 > kern->nq ||
	    (i0 < i1 && (i0 < kern->ibeg || i1 > kern->iend)))
		die(EXIT_DATA, "kernel: queries %zu:%zu, items %zu:%zu outside "
		    "the rows read (a bug: please report it)", q0, q1, i0, i1);
}

void kernel_block(const struct kernel *kern, size_t q0, size_t q1, size_t i0,
		  size_t i1, void *S)
{
	check_range(kern, q0, q1, i0, i1);
	if (kern->type == EMB_F32)
		micro[kern->variant].block32(kern, q0, q1, i0, i1, S);
	else
		micro[kern->variant].block64(kern, q0, q1, i0, i1, S);
}

void kernel_count(const struct kernel *kern, size_t q0, size_t q1, size_t i0,
		  size_t i1, struct kcount *kc)
{
	check_range(kern, q0, q1, i0, i1);
	if (kern->type == EMB_F32)
		micro[kern->variant].count32(kern, q0, q1, i0, i1, kc);
	else
		micro[kern->variant].count64(kern, q0, q1, i0, i1, kc);
}

double kernel_score(const struct kernel *kern, size_t q, size_t i)
{
	return kern->type == EMB_F32 ? micro[kern->variant].score32(kern, q, i) :
		micro[kern->variant].score64(kern, q, i);
}

/* ---- the threads: chunks of queries on the pool -------------------------- */

/* how the queries and items are cut: folds, and chunks of qb queries of a
 * fold against the fold's items */
struct grid {
	const struct kernel *kern;
	size_t qf, nif, qb;	/* queries and items per fold, chunk size */
	size_t nchunks, cpf;	/* chunks, chunks per fold */
};

static void grid_init(struct grid *g, const struct kernel *kern, size_t folds,
		      size_t qb)
{
	g->kern = kern;
	g->qf = kern->nq / folds;
	g->nif = kern->ni / folds;
	g->qb = qb;
	g->cpf = (g->qf + qb - 1) / qb;
	g->nchunks = g->cpf * folds;
}

/* chunk n: its queries and items (c->slot and c->scores untouched) */
static void grid_chunk(const struct grid *g, size_t n, struct kchunk *c)
{
	size_t f = n / g->cpf, j = n % g->cpf;

	c->q0 = f * g->qf + j * g->qb;
	c->q1 = c->q0 + g->qb < (f + 1) * g->qf ? c->q0 + g->qb :
		(f + 1) * g->qf;
	c->i0 = f * g->nif;
	c->i1 = c->i0 + g->nif;
	/* the fold's items among kern->ibeg .. kern->iend-1; none: an empty range
	 * at the fold's start */
	if (c->i1 > g->kern->iend)
		c->i1 = g->kern->iend;
	if (c->i0 < g->kern->ibeg)
		c->i0 = g->kern->ibeg;
	if (c->i0 >= c->i1)
		c->i0 = c->i1 = f * g->nif;
}

/* the chunk that holds query q */
static size_t grid_chunk_of_query(const struct grid *g, size_t q)
{
	return q / g->qf * g->cpf + q % g->qf / g->qb;
}

struct run {
	struct grid g;
	kchunk_fn work, emit;
	void *ctx;
	void **slotscores;	/* per slot: the chunk's scores, or NULL */
};

/* task t is chunk t->seq: its queries, its items and its slot */
static void chunk_of(const struct run *job, const struct pool_task *t,
		     struct kchunk *c)
{
	grid_chunk(&job->g, (size_t)t->seq, c);
	c->slot = t->slot;
	c->scores = job->slotscores[t->slot];
}

static int take_chunk(void *arg, const struct pool_task *t)
{
	const struct run *job = arg;
	return (size_t)t->seq < job->g.nchunks;
}

static void work_chunk(void *arg, const struct pool_task *t)
{
	struct run *job = arg;
	struct kchunk c;

	chunk_of(job, t, &c);
	if (job->slotscores[t->slot])
		kernel_block(job->g.kern, c.q0, c.q1, c.i0, c.i1,
			     job->slotscores[t->slot]);
	job->work(job->ctx, &c);
}

static void give_chunk(void *arg, const struct pool_task *t)
{
	struct run *job = arg;
	struct kchunk c;

	chunk_of(job, t, &c);
	job->emit(job->ctx, &c);
}

static void run(const struct kernel *kern, int nthreads, size_t folds,
		kchunk_fn work, kchunk_fn emit, void *ctx, int scores)
{
	struct run job = { .work = work, .emit = emit, .ctx = ctx };
	struct pool_job pj = { take_chunk, work_chunk, give_chunk, &job };
	size_t per, qb;
	int i, nslots;

	/* chunks of about 4 MiB of scores, a multiple of every MR */
	per = kern->ni / folds * (size_t)kern->type;
	qb = per ? (4u << 20) / per : 256;
	qb = qb < MRALL ? MRALL : qb > 264 ? 264 : qb / MRALL * MRALL;
	if (!scores)
		qb = 10 * MRALL;
	grid_init(&job.g, kern, folds, qb);
	if ((size_t)nthreads > job.g.nchunks)
		nthreads = job.g.nchunks ? (int)job.g.nchunks : 1;
	nslots = pool_nslots(nthreads);
	job.slotscores = xcalloc((size_t)nslots, sizeof *job.slotscores);
	for (i = 0; scores && i < nslots; i++)
		job.slotscores[i] = xmalloc(qb * per);
	pool_run(&pj, nthreads);
	for (i = 0; i < nslots; i++)
		free(job.slotscores[i]);
	free(job.slotscores);
}

void kernel_run(const struct kernel *kern, int nthreads, size_t folds,
		kchunk_fn work, kchunk_fn emit, void *ctx)
{
	run(kern, nthreads, folds, work, emit, ctx, 1);
}

void kernel_run_noscores(const struct kernel *kern, int nthreads, size_t folds,
			 kchunk_fn work, kchunk_fn emit, void *ctx)
{
	run(kern, nthreads, folds, work, emit, ctx, 0);
}

/* ---- pieces of output (kernel_run_pieces) -------------------------------
 * The pool's tasks are of two kinds, taken in one ordered sequence: the
 * scores of a chunk, computed into a score buffer, and a piece of the
 * output (queries, or one query's item range) whose text the caller makes
 * on a worker and writes in order. A chunk's buffer is free again once
 * its last piece is handed back. The chunks take buffers in chunk order.
 * While the chunk of the next piece is being computed, the next chunk is
 * computed ahead if a buffer is free at once, so that every thread has
 * work when the text is short (-k). Only the chunk of the next piece,
 * taken after every piece of the chunks before it, may wait for a buffer:
 * it waits for those pieces, which are taken and wait for nothing later,
 * so the wait ends. */

enum { TASK_SCORES, TASK_PIECE };

struct scorebuf {
	void *scores;		/* the chunk's rows of scores */
	size_t *lines;		/* per row: its lines (ready) */
	long chunk;		/* the chunk it holds; -1: free */
	int ready;		/* its scores and lines are there */
};

struct ptask {			/* the task in a pool slot */
	int kind;
	int buf;		/* TASK_SCORES: its buffer; -1: not yet */
	size_t chunk;
	size_t q0, q1, i0, i1;	/* TASK_PIECE: the piece */
	int last;		/* the last piece of its chunk */
};

struct pieces {
	struct grid g;
	const struct kpieces *cfg;
	size_t nq;		/* queries in all folds */
	struct scorebuf *buf;
	int nbuf;
	struct ptask *task;	/* per slot */
	size_t next_chunk;	/* the next chunk to compute */
	size_t next_claim;	/* the next chunk to take a buffer */
	size_t cq, coff;	/* the output so far: up to query cq, its item
				 * coff of the fold's */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

/* the buffer holding chunk n, or a free one (want: -1), or -1 */
static int buf_find(const struct pieces *p, long want)
{
	int b;

	for (b = 0; b < p->nbuf; b++)
		if (p->buf[b].chunk == want)
			return b;
	return -1;
}

/* the next piece of output, of chunk n (sb: its buffer, or NULL before
 * it has one): whole queries while their lines (before the scores are
 * there: their items) stay within the piece size, or one query's items in
 * ranges of that size */
static void task_piece(struct pieces *p, size_t n, const struct scorebuf *sb,
		       struct ptask *tk)
{
	size_t lim = p->cfg->piece_lines, nitems, sum, w;
	int ready = sb && sb->ready;
	struct kchunk c;

	grid_chunk(&p->g, n, &c);
	nitems = c.i1 - c.i0;
	tk->kind = TASK_PIECE;
	tk->chunk = n;
	tk->q0 = p->cq;
	w = ready ? sb->lines[p->cq - c.q0] : nitems;
	if (p->coff > 0 || w > lim) {
		/* one query's items */
		tk->q1 = p->cq + 1;
		tk->i0 = c.i0 + p->coff;
		tk->i1 = nitems - p->coff > lim ? tk->i0 + lim : c.i1;
		p->coff = tk->i1 - c.i0;
		if (tk->i1 == c.i1) {
			p->coff = 0;
			p->cq++;
		}
	} else {
		for (sum = w, tk->q1 = p->cq + 1; tk->q1 < c.q1; tk->q1++) {
			w = ready ? sb->lines[tk->q1 - c.q0] : nitems;
			if (sum + w > lim)
				break;
			sum += w;
		}
		tk->i0 = c.i0;
		tk->i1 = c.i1;
		p->cq = tk->q1;
	}
	tk->last = p->cq == c.q1;
}

/* a buffer for the chunk tk computes, if it is the next to take one and
 * one is free; else tk->buf = -1 */
static void claim_buf(struct pieces *p, struct ptask *tk)
{
	int b = p->next_claim == tk->chunk ? buf_find(p, -1) : -1;

	tk->buf = b;
	if (b < 0)
		return;
	p->buf[b].chunk = (long)tk->chunk;
	p->buf[b].ready = 0;
	p->next_claim++;
}

static int take_piece(void *arg, const struct pool_task *t)
{
	struct pieces *p = arg;
	struct ptask *tk = &p->task[t->slot];
	size_t n;
	int b;

	if (p->cq >= p->nq)
		return 0;
	n = grid_chunk_of_query(&p->g, p->cq);
	pthread_mutex_lock(&p->mu);
	b = buf_find(p, (long)n);
	tk->kind = TASK_SCORES;
	tk->chunk = p->next_chunk;
	if (p->next_chunk == n) {
		claim_buf(p, tk);
		p->next_chunk++;
	} else if (b >= 0 && !p->buf[b].ready &&
		   p->next_chunk < p->g.nchunks &&
		   (claim_buf(p, tk), tk->buf >= 0)) {
		p->next_chunk++;
	} else {
		task_piece(p, n, b < 0 ? NULL : &p->buf[b], tk);
	}
	pthread_mutex_unlock(&p->mu);
	return 1;
}

/* the piece of task tk as the caller sees it, its chunk in buffer b */
static void piece_of(const struct pieces *p, const struct ptask *tk, int slot,
		     int b, struct kpiece *pc)
{
	grid_chunk(&p->g, tk->chunk, &pc->chunk);
	pc->chunk.slot = b;
	pc->chunk.scores = p->buf[b].scores;
	pc->lines = p->buf[b].lines;
	pc->slot = slot;
	pc->q0 = tk->q0;
	pc->q1 = tk->q1;
	pc->i0 = tk->i0;
	pc->i1 = tk->i1;
}

/* a chunk's scores: its buffer (taken in chunk order), the kernel, ready */
static void work_scores(struct pieces *p, struct ptask *tk)
{
	struct kchunk c;
	int b;

	pthread_mutex_lock(&p->mu);
	while (tk->buf < 0) {
		claim_buf(p, tk);
		if (tk->buf < 0)
			pthread_cond_wait(&p->cv, &p->mu);
	}
	b = tk->buf;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	grid_chunk(&p->g, tk->chunk, &c);
	c.slot = b;
	c.scores = p->buf[b].scores;
	kernel_block(p->g.kern, c.q0, c.q1, c.i0, c.i1, p->buf[b].scores);
	p->cfg->ready(p->cfg->ctx, &c, p->buf[b].lines);
	pthread_mutex_lock(&p->mu);
	p->buf[b].ready = 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

/* the buffer of chunk n once its scores are there */
static int ready_buf(struct pieces *p, size_t n)
{
	int b;

	pthread_mutex_lock(&p->mu);
	while ((b = buf_find(p, (long)n)) < 0 || !p->buf[b].ready)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	return b;
}

static void work_piece(void *arg, const struct pool_task *t)
{
	struct pieces *p = arg;
	struct ptask *tk = &p->task[t->slot];
	struct kpiece pc;

	if (tk->kind == TASK_SCORES) {
		work_scores(p, tk);
		return;
	}
	piece_of(p, tk, t->slot, ready_buf(p, tk->chunk), &pc);
	p->cfg->work(p->cfg->ctx, &pc);
}

static void give_piece(void *arg, const struct pool_task *t)
{
	struct pieces *p = arg;
	const struct ptask *tk = &p->task[t->slot];
	struct kpiece pc;
	int b;

	if (tk->kind == TASK_SCORES)
		return;
	b = ready_buf(p, tk->chunk);
	piece_of(p, tk, t->slot, b, &pc);
	p->cfg->emit(p->cfg->ctx, &pc);
	if (tk->last) {
		pthread_mutex_lock(&p->mu);
		p->buf[b].chunk = -1;
		p->buf[b].ready = 0;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

void kernel_run_pieces(const struct kernel *kern, int nthreads, size_t folds,
		       const struct kpieces *cfg)
{
	struct pieces p = { .cfg = cfg };
	struct pool_job pj = { take_piece, work_piece, give_piece, &p };
	size_t row = kern->ni / folds * (size_t)kern->type, qb;
	int b;

	/* chunks of about 1 MiB of scores, a multiple of every MR */
	qb = row ? (1u << 20) / row : 264;
	qb = qb < MRALL ? MRALL : qb > 264 ? 264 : qb / MRALL * MRALL;
	grid_init(&p.g, kern, folds, qb);
	p.nq = p.g.qf * folds;
	p.nbuf = nthreads > 1 ? nthreads : 1;
	p.buf = xcalloc((size_t)p.nbuf, sizeof *p.buf);
	p.task = xcalloc((size_t)pool_nslots(nthreads), sizeof *p.task);
	for (b = 0; b < p.nbuf; b++) {
		p.buf[b].scores = xmalloc(qb * row + 1);
		p.buf[b].lines = xmalloc(qb * sizeof *p.buf[b].lines);
		p.buf[b].chunk = -1;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	pool_run(&pj, nthreads);
	pthread_cond_destroy(&p.cv);
	pthread_mutex_destroy(&p.mu);
	for (b = 0; b < p.nbuf; b++) {
		free(p.buf[b].scores);
		free(p.buf[b].lines);
	}
	free(p.buf);
	free(p.task);
}
