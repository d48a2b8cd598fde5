/* The sign-flip test (see signflip.h). Sums of the same differences with
 * other signs round differently, so a draw counts as "at least as
 * extreme" within (n + 1) ulps of the sum of absolute differences, the
 * bound of the rounding error of either sum: a draw that ties the
 * observed statistic in exact arithmetic counts, as the test requires. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/rng.h"
#include "stats/draws.h"
#include "stats/signflip.h"

struct flipping {
	struct dense dense;
	double *observed, *slack;	/* per column */
	long *count;			/* per worker and column */
	double **sign;			/* per worker: one draw's signs */
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

static void one_flip(void *ctx, struct rng *r, long d, int worker)
{
	const struct flipping *fl = ctx;
	size_t n = fl->dense.n, k = fl->dense.k;
	long *count = fl->count + (size_t)worker * k;
	double *sign = fl->sign[worker];
	(void)d;
	draw_signs(r, sign, n);
	for (size_t c = 0; c < k; c++) {
		double t = fabs(dot4(sign, fl->dense.val + c * n, n));
		count[c] += t >= fl->observed[c] - fl->slack[c];
	}
}

/* the observed statistic of each column and the slack of its rounding */
static void observe(struct flipping *fl)
{
	size_t n = fl->dense.n, k = fl->dense.k;
	double *ones = xmalloc(n * sizeof *ones + 1);
	for (size_t i = 0; i < n; i++)
		ones[i] = 1;
	for (size_t c = 0; c < k; c++) {
		const double *x = fl->dense.val + c * n;
		double abs_sum = 0;
		for (size_t i = 0; i < n; i++)
			abs_sum += fabs(x[i]);
		/* the draws' sums in the same order as the observed one */
		fl->observed[c] = fabs(dot4(ones, x, n));
		fl->slack[c] = (double)(n + 1) * DBL_EPSILON * abs_sum;
	}
	free(ones);
}

void signflip_pvalues(const struct columns *cols, long N, uint64_t seed,
		      int threads, double *p)
{
	size_t n = cols->n, k = cols->k;
	int nw = draws_workers(threads);
	struct flipping fl = { .count = NULL };
	struct draws job = { .n = N, .seed = seed, .draw = one_flip, .ctx = &fl };
	dense_make(&fl.dense, cols);
	fl.observed = xcalloc(k + 1, sizeof *fl.observed);
	fl.slack = xcalloc(k + 1, sizeof *fl.slack);
	fl.count = xcalloc((size_t)nw * k + 1, sizeof *fl.count);
	fl.sign = xcalloc((size_t)nw, sizeof *fl.sign);
	for (int w = 0; w < nw; w++)
		fl.sign[w] = xmalloc(n * sizeof **fl.sign + 1);
	observe(&fl);
	draws_run(&job, threads);
	for (size_t c = 0; c < k; c++) {
		size_t m;
		long total = 0;
		for (int w = 0; w < nw; w++)
			total += fl.count[(size_t)w * k + c];
		column_mean(cols, c, &m);
		p[c] = m ? (total + 1.0) / (N + 1.0) : NAN;
	}
	for (int w = 0; w < nw; w++)
		free(fl.sign[w]);
	free(fl.sign);
	free(fl.count);
	free(fl.slack);
	free(fl.observed);
	dense_free(&fl.dense);
}
