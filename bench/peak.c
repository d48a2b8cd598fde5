/*
 * peak: the floating-point peak of one core per micro-kernel variant, and
 * the scoring kernel's speed as a fraction of it, for bench/crossmodal.sh.
 *
 * usage: peak [-k | -p] [-m dot,cos,l2] [-r ROUNDS] [-q NQ] [-i NI] [-d DIM]
 *             [-b ROWS] [-c ROWS]
 *
 * For each variant the CPU runs (base: scalar C99 fma(); avx2: AVX2 with
 * FMA; avx512: AVX-512F), the GFLOP/s of independent chains of fused
 * multiply-adds (a = fma(a, b, c): 2 flops) and of separate multiplies and
 * adds (a = a*b + c, two roundings: 2 flops), in float64 and float32. The
 * chains are more than the FMA units' latency times their number, so the
 * figure is the throughput of the units (-k leaves this table out; -p
 * prints it alone, for bench/threshold.sh). Then
 * the scoring kernel alone (kernel_block, one thread, nothing read
 * back) on random NQ x DIM queries against NI x DIM items
 * [5000 x 25000 x 64] in blocks of ROWS [24] queries x all items, with the
 * variant the programs choose (RANKKIT_KERNEL, lib/kernel/kernel.h), and
 * the counting kernel of rankof -e (kernel_count, every score below its one
 * target) in blocks of -c ROWS [240] queries, as GFLOP/s and as a fraction
 * of that variant's FMA peak; for each metric of -m [dot,cos,l2]. A
 * score of dot and cos is 2 flops per dimension (cos divides by the norms
 * taken once per row), of l2 3: its exact form (x - y)^2 is a subtraction
 * and a multiply-add, which a fused expansion -2xy + |x|^2 + |y|^2 avoids
 * at the cost of cancellation (rankkit(7)).
 *
 * Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that other
 * processes on a shared machine slow the wall clock more than the figures.
 * Within a round each figure is the median of short pieces timed alone (16
 * slices of the chains; the kernel's blocks one by one), since a piece
 * that another process interrupted (its switches, its use of the caches)
 * is slower only; the kernel's whole run is printed beside it. Each figure
 * is then the median of ROUNDS [5] rounds, the peak and the kernel
 * measured alternately within a round.
 *
 * Built by bench/crossmodal.sh against the project's library:
 * cc -O2 -ffp-contract=off -Ilib -o peak bench/peak.c build/opt/librk.a -lm -lpthread
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "util/err.h"
#include "kernel/kernel.h"

#if (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__GNUC__) || defined(__clang__))
#define PK_X86 1
#include <immintrin.h>
#else
#define PK_X86 0
#endif

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

enum { NCHAIN = 12, ITER = 1 << 24, SLICES = 16 };

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* read at run time, so that the compiler cannot fold the chains */
static volatile double chain_a = 1, chain_b = 0.999, chain_c = 1e-3;

#define EACHCHAIN(M, f) M(0, f) M(1, f) M(2, f) M(3, f) M(4, f) M(5, f) \
	M(6, f) M(7, f) M(8, f) M(9, f) M(10, f) M(11, f)
#define CH_DECL(j, f) a##j,
#define CH_INIT(j, f) a##j = f(chain_a + j * 1e-3);
#define CH_STEP(j, f) a##j = f(a##j, b, c);
#define CH_SUM(j, f) for (l = 0; l < f; l++) s += (double)a##j[l];

/* NCHAIN chains (in registers: one variable each) of n steps each of
 * vectors of `lanes` lanes: a = op(a, b, c); returns a sum of the lanes so
 * that nothing is optimized away */
#define CHAINS(name, attr, T, V, lanes, set1, op)			\
	attr static double name(long n)					\
	{								\
		V EACHCHAIN(CH_DECL, _) b = set1(chain_b), c = set1(chain_c); \
		double s = 0;						\
		long i;							\
		int l;							\
		EACHCHAIN(CH_INIT, set1)					\
		for (i = 0; i < n; i++) {				\
			EACHCHAIN(CH_STEP, op)				\
		}							\
		EACHCHAIN(CH_SUM, lanes)					\
		return s;						\
	}
typedef double d1 __attribute__((vector_size(8)));
typedef float f1 __attribute__((vector_size(4)));
#define SET1D(x) ((d1){ (x) })
#define SET1F(x) ((f1){ (float)(x) })
#define FMA1D(a, b, c) ((d1){ fma((a)[0], (b)[0], (c)[0]) })
#define FMA1F(a, b, c) ((f1){ fmaf((a)[0], (b)[0], (c)[0]) })
#define MULADD(a, b, c) ((a) * (b) + (c))
CHAINS(fma_f64_base, , double, d1, 1, SET1D, FMA1D)
CHAINS(muladd_f64_base, , double, d1, 1, SET1D, MULADD)
CHAINS(fma_f32_base, , float, f1, 1, SET1F, FMA1F)
CHAINS(muladd_f32_base, , float, f1, 1, SET1F, MULADD)

#if PK_X86
#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f")))
#define S256D(x) _mm256_set1_pd(x)
#define S256F(x) _mm256_set1_ps((float)(x))
#define S512D(x) _mm512_set1_pd(x)
#define S512F(x) _mm512_set1_ps((float)(x))
CHAINS(fma_f64_avx2, AVX2, double, __m256d, 4, S256D, _mm256_fmadd_pd)
CHAINS(muladd_f64_avx2, AVX2, double, __m256d, 4, S256D, MULADD)
CHAINS(fma_f32_avx2, AVX2, float, __m256, 8, S256F, _mm256_fmadd_ps)
CHAINS(muladd_f32_avx2, AVX2, float, __m256, 8, S256F, MULADD)
CHAINS(fma_f64_avx512, AVX512, double, __m512d, 8, S512D, _mm512_fmadd_pd)
CHAINS(muladd_f64_avx512, AVX512, double, __m512d, 8, S512D, MULADD)
CHAINS(fma_f32_avx512, AVX512, float, __m512, 16, S512F, _mm512_fmadd_ps)
CHAINS(muladd_f32_avx512, AVX512, float, __m512, 16, S512F, MULADD)
#endif

typedef double (*chain_fn)(long);
static const struct probe {
	const char *name;
	int lanes64;
	chain_fn fma64, muladd64, fma32, muladd32;
} probe[] = {
	{ .name = "base", .lanes64 = 1, .fma64 = fma_f64_base,
	  .muladd64 = muladd_f64_base, .fma32 = fma_f32_base,
	  .muladd32 = muladd_f32_base },
#if PK_X86
	{ .name = "avx2", .lanes64 = 4, .fma64 = fma_f64_avx2,
	  .muladd64 = muladd_f64_avx2, .fma32 = fma_f32_avx2,
	  .muladd32 = muladd_f32_avx2 },
	{ .name = "avx512", .lanes64 = 8, .fma64 = fma_f64_avx512,
	  .muladd64 = muladd_f64_avx512, .fma32 = fma_f32_avx512,
	  .muladd32 = muladd_f32_avx512 },
#endif
};
enum { NPROBE = sizeof probe / sizeof probe[0], MAXROUNDS = 99 };

static volatile double sink;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* GFLOP/s of f on `lanes` lanes, 2 flops a step: the run is cut into
 * SLICES slices timed alone, and the median slice counts, so that slices
 * another process interrupted (its cache misses, its switches) are left
 * out */
static double chain_gflops(chain_fn f, int lanes)
{
	long n = ITER / lanes / SLICES;
	double t[SLICES];
	int i;

	for (i = 0; i < SLICES; i++) {
		double t0 = cpu_now();
		sink += f(n);
		t[i] = cpu_now() - t0;
	}
	return 2.0 * n * NCHAIN * lanes / median(t, SLICES) / 1e9;
}

/* a random matrix in [-1, 1) (a 64-bit LCG: benchmark data only) */
static void random_embed(struct embed *E, const char *name, size_t rows,
			 size_t dim, enum embtype type, unsigned long long *seed)
{
	size_t i;

	memset(E, 0, sizeof *E);
	E->path = name;
	E->rows = rows;
	E->dim = dim;
	E->type = type;
	E->keep_step = 1;	/* every row of the "file" */
	E->data = xmalloc(rows * dim * (size_t)type);
	for (i = 0; i < rows * dim; i++) {
		double v;
		*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
		v = (double)(*seed >> 11) / 9007199254740992.0 * 2 - 1;
		if (type == EMB_F64)
			((double *)E->data)[i] = v;
		else
			((float *)E->data)[i] = (float)v;
	}
}

/* one round of the kernel alone: the median GFLOP/s of its blocks, of the
 * peak's slices and of their ratios, and the figure of the whole run */
struct kround {
	double gflops, peak, ratio, whole;
};

/* The block kernel (count 0: kernel_block on blocks of `rows` queries x
 * every item, the scores written to one block's buffer and left unread) or
 * the count kernel (kernel_count on blocks of `rows` queries, every score
 * below its one target). Each block is timed alone right after a slice of
 * the peak's chains `pf` (on `lanes` lanes), and the medians over the whole
 * blocks count: a block and its slice run at the same clock and share the
 * core alike, so their ratio moves less than either. */
static struct kround kernel_round(const struct kernel *kern, int count,
				  size_t rows, chain_fn pf, int lanes)
{
	static const double top = 1e300;
	size_t q, nq = kern->nq, nb = (nq + rows - 1) / rows, b;
	int nfull = nq / rows ? (int)(nq / rows) : 1;
	long n = ITER / lanes / SLICES;
	double *t = xcalloc(3 * nb, sizeof *t), *tp = t + nb, *ratio = tp + nb;
	double sum = 0, fb = 2.0 * (nq < rows ? nq : rows) * kern->ni * kern->dim;
	double fp = 2.0 * n * NCHAIN * lanes;
	void *S = count ? NULL : xmalloc(rows * kern->ni * (size_t)kern->type);
	struct kcount *kc = xcalloc(rows, sizeof *kc);
	size_t *cnt = xcalloc(2 * rows, sizeof *cnt);
	struct kround kr;

	for (q = 0; q < rows; q++) {
		kc[q].u = &top;
		kc[q].d = 1;
		kc[q].above = cnt + 2 * q;
		kc[q].eq = cnt + 2 * q + 1;
	}
	for (b = 0, q = 0; q < nq; q += rows, b++) {
		size_t q1 = q + rows < nq ? q + rows : nq;
		double t0 = cpu_now();
		sink += pf(n);
		tp[b] = cpu_now() - t0;
		t0 = cpu_now();
		if (count)
			kernel_count(kern, q, q1, 0, kern->ni, kc);
		else
			kernel_block(kern, q, q1, 0, kern->ni, S);
		t[b] = cpu_now() - t0;
		sum += t[b];
		ratio[b] = (fb / t[b]) / (fp / tp[b]);
	}
	kr.whole = 2.0 * nq * kern->ni * kern->dim / sum / 1e9;
	kr.ratio = median(ratio, nfull);
	kr.gflops = fb / median(t, nfull) / 1e9;
	kr.peak = fp / median(tp, nfull) / 1e9;
	free(t);
	free(S);
	free(kc);
	free(cnt);
	return kr;
}

static size_t parse_size(const char *s, size_t lo, size_t hi)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (*s == '-' || *end || v < lo || v > hi)
		usage_error(prog_usage, "%s: not a number in %zu..%zu", s, lo, hi);
	return (size_t)v;
}

/* the table of every variant's peak, chains measured in turn */
static void peak_table(size_t rounds)
{
	double v[4][MAXROUNDS], m[4];
	int p, r, j;

	printf("peak of one core, GFLOP/s (2 flops per multiply-add), "
	       "median of %zu rounds of CPU time\n", rounds);
	printf("| variant | fma float64 | mul+add float64 | fma float32 | "
	       "mul+add float32 |\n|---|---|---|---|---|\n");
	for (p = 0; p < NPROBE; p++) {
		const struct probe *pr = &probe[p];
		if (!kernel_variant_runs(pr->name)) {
			printf("| %s | the CPU cannot run it | | | |\n", pr->name);
			continue;
		}
		for (r = 0; r < (int)rounds; r++) {
			v[0][r] = chain_gflops(pr->fma64, pr->lanes64);
			v[1][r] = chain_gflops(pr->muladd64, pr->lanes64);
			v[2][r] = chain_gflops(pr->fma32, 2 * pr->lanes64);
			v[3][r] = chain_gflops(pr->muladd32, 2 * pr->lanes64);
		}
		for (j = 0; j < 4; j++)
			m[j] = median(v[j], (int)rounds);
		printf("| %s | %.1f | %.1f | %.1f | %.1f |\n", pr->name, m[0],
		       m[1], m[2], m[3]);
	}
	printf("\n");
}

/* the metrics the kernel is timed on (-m): each score's flops per value
 * of the dimension, 2 for a multiply-add (dot and cos: cos is dot over
 * the two norms, taken once per row), 3 for l2's difference and its
 * multiply-add (the exact form of rankkit(7): (x - y)^2 summed) */
struct metricdef {
	const char *name;
	enum metric metric;
	double flops;
};
static const struct metricdef metrics[] = {
	{ "dot", MET_DOT, 2 },
	{ "cos", MET_COS, 2 },
	{ "l2", MET_L2, 3 },
};
enum { NMETRIC = sizeof metrics / sizeof metrics[0] };
static int metric_on[NMETRIC];

/* -m LIST: dot, cos, l2, comma-separated */
static void parse_metrics(const char *list)
{
	char *copy = xmalloc(strlen(list) + 1), *w, *save = NULL;
	int m;

	strcpy(copy, list);
	memset(metric_on, 0, sizeof metric_on);
	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		for (m = 0; m < NMETRIC; m++)
			if (strcmp(w, metrics[m].name) == 0)
				break;
		if (m == NMETRIC)
			usage_error(prog_usage, "-m %s: dot, cos or l2", w);
		metric_on[m] = 1;
	}
	free(copy);
}

/* every round of one metric's four figures, each block beside a slice of
 * the chosen variant's peak, and their lines */
static void metric_rounds(const struct kernel *k64, const struct kernel *k32,
			  const struct probe *pr, size_t rounds, size_t brows,
			  size_t crows, const struct metricdef *md)
{
	double v[4][MAXROUNDS], k[4][MAXROUNDS], w[4][MAXROUNDS];
	double pc[4][MAXROUNDS], scale;
	int r, j;

	/* kernel_round counts 2 flops a value */
	scale = md->flops / 2;
	for (r = 0; r < (int)rounds; r++)
		for (j = 0; j < 4; j++) {
			struct kround kr = kernel_round(j < 2 ? k64 : k32,
				j % 2, j % 2 ? crows : brows,
				j < 2 ? pr->fma64 : pr->fma32,
				j < 2 ? pr->lanes64 : 2 * pr->lanes64);
			k[j][r] = kr.gflops * scale;
			v[j][r] = kr.peak;
			pc[j][r] = kr.ratio * scale;
			w[j][r] = kr.whole * scale;
		}
	printf("scoring kernel, variant %s (chosen at run time), "
	       "%zu x %zu x %zu, %s, one thread, median of %zu rounds; "
	       "blocks of %zu (scores) and %zu (count) queries x %zu items:\n",
	       pr->name, k64->nq, k64->ni, k64->dim, md->name, rounds, brows,
	       crows, k64->ni);
	for (j = 0; j < 4; j++)
		printf("- %s, %s: %.1f GFLOP/s, %.0f%% of the fma peak "
		       "(%.1f); whole run %.1f GFLOP/s\n",
		       j < 2 ? "float64" : "float32",
		       j % 2 ? "count (rankof -e)" : "scores (simmat)",
		       median(k[j], (int)rounds), 100 * median(pc[j], (int)rounds),
		       median(v[j], (int)rounds), median(w[j], (int)rounds));
}

int main(int argc, char **argv)
{
	size_t nq = 5000, ni = 25000, dim = 64, rounds = 5;
	size_t brows = 24, crows = 240;
	const char *chosen;
	unsigned long long seed = 1;
	struct embed qemb64, iemb64, qemb32, iemb32;
	struct kernel kern64, kern32;
	const struct probe *pr;
	int c, p, m, table = 1, table_only = 0;

	set_progname(argv[0]);
	prog_usage = "usage: peak [-k | -p] [-m dot,cos,l2] [-r ROUNDS] [-q NQ] "
		   "[-i NI] [-d DIM] [-b ROWS] [-c ROWS]";
	parse_metrics("dot,cos,l2");
	while ((c = getopt(argc, argv, "kpm:r:q:i:d:b:c:")) != -1)
		switch (c) {
		case 'k': table = 0; break;
		case 'p': table_only = 1; break;
		case 'm': parse_metrics(optarg); break;
		case 'r': rounds = parse_size(optarg, 1, MAXROUNDS); break;
		case 'q': nq = parse_size(optarg, 1, 1000000); break;
		case 'i': ni = parse_size(optarg, 1, 1000000); break;
		case 'd': dim = parse_size(optarg, 1, 100000); break;
		case 'b': brows = parse_size(optarg, 1, 1000000); break;
		case 'c': crows = parse_size(optarg, 1, 1000000); break;
		default: usage_error(prog_usage, "unknown option");
		}
	if (optind != argc)
		usage_error(prog_usage, "%s: no operands", argv[optind]);
	chosen = kernel_variant_chosen();
	if (table || table_only)
		peak_table(rounds);
	if (table_only)
		return 0;

	for (p = 0; p < NPROBE; p++)
		if (strcmp(probe[p].name, chosen) == 0)
			break;
	pr = &probe[p];
	random_embed(&qemb64, "queries", nq, dim, EMB_F64, &seed);
	random_embed(&iemb64, "items", ni, dim, EMB_F64, &seed);
	random_embed(&qemb32, "queries32", nq, dim, EMB_F32, &seed);
	random_embed(&iemb32, "items32", ni, dim, EMB_F32, &seed);
	for (m = 0; m < NMETRIC; m++) {
		if (!metric_on[m])
			continue;
		kernel_init(&kern64, metrics[m].metric, &qemb64, &iemb64);
		kernel_init(&kern32, metrics[m].metric, &qemb32, &iemb32);
		metric_rounds(&kern64, &kern32, pr, rounds, brows, crows,
			      &metrics[m]);
		kernel_free(&kern64);
		kernel_free(&kern32);
	}
	return 0;
}
