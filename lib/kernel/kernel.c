/* Scoring kernels (see kernel.h). The items are packed once into tiles of
 * NR rows stored dimension-major (NR: two vectors of the variant), so that
 * value k of NR items is contiguous; a micro-kernel (kernel_micro.h) keeps
 * MR x NR sums in registers and updates each by a fused multiply-add for
 * dimension k, k = 0, 1, ..., D-1, exactly as the scalar loop with C99's
 * fma() does for each score (the vector lanes are independent scores).
 * Each tile of items comes from memory once per group of queries (as many
 * as the L2 cache holds packed) and stays in L1 while every register block
 * of the group uses it, so that a block of few queries x all items runs as
 * fast as a large one. The threads take whole chunks of queries
 * (chunkrun.c, piecerun.c, cut by grid.c).
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
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include "util/atleast.h"
#include "util/bigalloc.h"
#include "util/bisect.h"
#include "util/err.h"
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

/* memory for the packed items (the tiles of the rows a run covers), in
 * 2 MiB pages where it fills them: from the heap, aligned, not in a
 * mapping of its own as big_alloc's large blocks are (in one, simmat -j 1
 * -t 1e30 took 1.09-1.12 times the CPU, dot and cos, for a reason not
 * found) */
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
#define FABS fabs
#define LDEXP ldexp
#define FREXP frexp
#define TMAX DBL_MAX
#define TLOW 0x1p-916
#define TLOW_TEXT "2^-916"
#include "kernel/kernel_body.h"

#define T float
#define SFX _f32
#define SQRT sqrtf
#define FMA fmaf
#define FABS fabsf
#define LDEXP ldexpf
#define FREXP frexpf
#define TMAX FLT_MAX
#define TLOW 0x1p-78f
#define TLOW_TEXT "2^-78"
#include "kernel/kernel_body.h"

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
/* cos's count without division (kernel_micro.h): where the fused
 * multiply-add is an instruction, not the C library's fma() */
#define COS_FILTER 0
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
#define COS_FILTER 1
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
#define COS_FILTER 1
#include "kernel/kernel_variant.h"
#endif

typedef void (*block64_fn)(const struct kernel *, size_t, size_t, size_t,
			   size_t, double *, struct kqrows *);
typedef void (*block32_fn)(const struct kernel *, size_t, size_t, size_t,
			   size_t, float *, struct kqrows *);
typedef void (*count_fn)(const struct kernel *, size_t, size_t, size_t,
			 size_t, struct kcount *);
/* the sums of squares' types, sumsq_fn_f64 and the others, are
 * kernel_body.h's */
typedef double (*score_fn)(const struct kernel *, size_t, size_t);
typedef size_t (*pass64_fn)(const double *, size_t, double, size_t,
			    uint32_t *, double *, size_t, size_t);
typedef size_t (*pass32_fn)(const float *, size_t, float, size_t,
			    uint32_t *, float *, size_t, size_t);

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
	pass64_fn pass64;
	pass32_fn pass32;
	size_t nr64, nr32;
} micro[KV_N] = {
#define MICRO(v) { .name = #v, .block64 = block_##v##_f64, \
		.block32 = block_##v##_f32, .count64 = count_##v##_f64, \
		.count32 = count_##v##_f32, .sumsq64 = sumsq_##v##_f64, \
		.sumsq32 = sumsq_##v##_f32, .packsq64 = pack_sumsq_##v##_f64, \
		.packsq32 = pack_sumsq_##v##_f32, .score64 = score_##v##_f64, \
		.score32 = score_##v##_f32, .pass64 = passrow_##v##_f64, \
		.pass32 = passrow_##v##_f32, .nr64 = nr_##v##_f64, \
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

void kernel_block_rows(const struct kernel *kern, struct kqrows *qr,
		       size_t q0, size_t q1, size_t i0, size_t i1, void *S)
{
	check_range(kern, q0, q1, i0, i1);
	if (kern->type == EMB_F32)
		micro[kern->variant].block32(kern, q0, q1, i0, i1, S, qr);
	else
		micro[kern->variant].block64(kern, q0, q1, i0, i1, S, qr);
}

void kernel_block(const struct kernel *kern, size_t q0, size_t q1, size_t i0,
		  size_t i1, void *S)
{
	kernel_block_rows(kern, NULL, q0, q1, i0, i1, S);
}

void kqrows_free(struct kqrows *qr)
{
	free(qr->pack);
	memset(qr, 0, sizeof *qr);
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

size_t kernel_pass_row(const struct kernel *kern, const void *row, size_t bn,
		       double t, size_t at, uint32_t *off, void *kept,
		       size_t n, size_t cap)
{
	if (kern->type == EMB_F32) {
		return micro[kern->variant].pass32(row, bn, float_at_least(t),
						   at, off, kept, n, cap);
	}
	return micro[kern->variant].pass64(row, bn, t, at, off, kept, n, cap);
}

double kernel_score(const struct kernel *kern, size_t q, size_t i)
{
	return kern->type == EMB_F32 ? micro[kern->variant].score32(kern, q, i) :
		micro[kern->variant].score64(kern, q, i);
}

/* |score| = |m| 2^e (kernel_body.h's other way) as d.dd and a power of
 * ten: log10 |score| = log10 |m| + e log10 2, its integer part the
 * exponent and 10 to its fraction the leading digits */
_Noreturn void kernel_range_error(const struct kernel *kern,
				  const struct embed *qemb,
				  const struct embed *iemb, size_t q, size_t i)
{
	const char *what = kern->metric == MET_DOT ? "dot product" :
			   kern->metric == MET_L2 ? "l2 distance" : "score";
	size_t st;
	int e;
	double m, l, p;

	if (kern->type == EMB_F32) {
		const float *x = item_row_f32(kern, i, &st);
		m = scaled_f32(kern, (const float *)kern->q + q * kern->dim, x,
			       st, &e);
	} else {
		const double *x = item_row_f64(kern, i, &st);
		m = scaled_f64(kern, (const double *)kern->q + q * kern->dim, x,
			       st, &e);
	}
	l = log10(fabs(m)) + e * log10(2.0);
	p = floor(l);
	m = pow(10, l - p);
	if (m >= 9.995) {	/* "%.3g" would round it to 10 */
		m /= 10;
		p += 1;
	}
	die(EXIT_DATA, "%s: row %zu against %s: row %zu: the %s is about "
	    "%.3ge%+.0f, "
	    "beyond the largest %s (%g)", qemb->path,
	    qemb->keep_first + q * qemb->keep_step, iemb->path,
	    iemb->keep_first + i * iemb->keep_step, what, m, p,
	    kern->type == EMB_F32 ? "float32" : "float64",
	    kern->type == EMB_F32 ? (double)FLT_MAX : DBL_MAX);
}
