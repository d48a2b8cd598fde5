/* The sign-flip test (see signflip.h). Sums of the same differences with
 * other signs round differently, so a draw counts as "at least as
 * extreme" within (n + 1) ulps of the sum of absolute differences, the
 * bound of the rounding error of either sum: a draw that ties the
 * observed statistic in exact arithmetic counts, as the test requires. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/parallel.h"
#include "util/rng.h"
#include "stats/signflip.h"

struct flipping {
	struct dense D;
	long N;
	uint64_t seed;
	double *observed, *slack;	/* per column */
	long *count;			/* per worker and column */
};

static void draw_signs(struct rng *r, double *sign, size_t n)
{
	uint64_t bits = 0;
	for (size_t i = 0; i < n; i++) {
		if (i % 64 == 0)
			bits = rng_next(r);
		sign[i] = (bits & 1) ? -1.0 : 1.0;
		bits >>= 1;
	}
}

static void work(void *ctx, int w, int nw)
{
	const struct flipping *F = ctx;
	size_t n = F->D.n, k = F->D.k;
	long d0, d1;
	struct rng start, r;
	long *count = F->count + (size_t)w * k;
	parallel_block(F->N, w, nw, &d0, &d1);
	if (d0 == d1)
		return;
	double *sign = xmalloc(n * sizeof *sign + 1);
	rng_seed(&start, F->seed);
	for (long d = 0; d < d0; d++)
		rng_jump(&start);
	for (long d = d0; d < d1; d++) {
		r = start;
		draw_signs(&r, sign, n);
		for (size_t c = 0; c < k; c++) {
			double t = fabs(dot4(sign, F->D.val + c * n, n));
			count[c] += t >= F->observed[c] - F->slack[c];
		}
		rng_jump(&start);
	}
	free(sign);
}

void signflip_pvalues(const struct columns *C, long N, uint64_t seed,
		      int threads, double *p)
{
	size_t n = C->n, k = C->k;
	if (threads < 1)
		threads = 1;
	struct flipping F = { .N = N, .seed = seed };
	dense_make(&F.D, C);
	F.observed = xcalloc(k + 1, sizeof *F.observed);
	F.slack = xcalloc(k + 1, sizeof *F.slack);
	F.count = xcalloc((size_t)threads * k + 1, sizeof *F.count);
	double *ones = xmalloc(n * sizeof *ones + 1);
	for (size_t i = 0; i < n; i++)
		ones[i] = 1;
	for (size_t c = 0; c < k; c++) {
		const double *x = F.D.val + c * n;
		double abs_sum = 0;
		for (size_t i = 0; i < n; i++)
			abs_sum += fabs(x[i]);
		/* the draws' sums in the same order as the observed one */
		F.observed[c] = fabs(dot4(ones, x, n));
		F.slack[c] = (double)(n + 1) * DBL_EPSILON * abs_sum;
	}
	free(ones);
	parallel_run(threads, work, &F);
	for (size_t c = 0; c < k; c++) {
		size_t m;
		long total = 0;
		for (int w = 0; w < threads; w++)
			total += F.count[(size_t)w * k + c];
		column_mean(C, c, &m);
		p[c] = m ? (total + 1.0) / (N + 1.0) : NAN;
	}
	free(F.count);
	free(F.slack);
	free(F.observed);
	dense_free(&F.D);
}
