/* Resampled means (see resample.h). A resample is a count per query of
 * how often it was drawn; each column's sum is then one dot product of
 * the counts with the column, in a fixed order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/parallel.h"
#include "util/rng.h"
#include "stats/resample.h"

struct resampling {
	struct dense D;
	long B;
	uint64_t seed;
	double *out;
};

static void one_resample(const struct resampling *R, struct rng *r,
			 double *count, long b)
{
	const struct dense *D = &R->D;
	size_t n = D->n;
	memset(count, 0, n * sizeof *count);
	for (size_t i = 0; i < n; i++)
		count[rng_below(r, n)] += 1;
	for (size_t c = 0; c < D->k; c++) {
		double sum = dot4(count, D->val + c * n, n);
		double den = D->have[c] ? dot4(count, D->have[c], n) : (double)n;
		R->out[c * R->B + b] = den > 0 ? sum / den : NAN;
	}
}

static void work(void *ctx, int w, int nw)
{
	const struct resampling *R = ctx;
	long b0, b1;
	struct rng start, r;
	parallel_block(R->B, w, nw, &b0, &b1);
	if (b0 == b1)
		return;
	double *count = xmalloc(R->D.n * sizeof *count + 1);
	rng_seed(&start, R->seed);
	for (long b = 0; b < b0; b++)
		rng_jump(&start);
	for (long b = b0; b < b1; b++) {
		r = start;
		one_resample(R, &r, count, b);
		rng_jump(&start);
	}
	free(count);
}

void resample_means(const struct columns *C, long B, uint64_t seed,
		    int threads, double *out)
{
	struct resampling R = { .B = B, .seed = seed, .out = out };
	if (C->n == 0) {
		for (size_t j = 0; j < C->k * (size_t)B; j++)
			out[j] = NAN;
		return;
	}
	dense_make(&R.D, C);
	parallel_run(threads, work, &R);
	dense_free(&R.D);
}
