/* Resampled means (see resample.h). A resample is a count per query of
 * how often it was drawn; each column's sum is then one dot product of
 * the counts with the column, in a fixed order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/rng.h"
#include "stats/draws.h"
#include "stats/resample.h"

struct resampling {
	struct dense dense;
	long B;
	double *out;
	double **count;		/* per worker: how often each query is drawn */
};

static void one_resample(void *ctx, struct rng *r, long b, int worker)
{
	const struct resampling *rs = ctx;
	const struct dense *dn = &rs->dense;
	size_t n = dn->n;
	double *count = rs->count[worker];
	memset(count, 0, n * sizeof *count);
	for (size_t i = 0; i < n; i++)
		count[rng_below(r, n)] += 1;
	for (size_t c = 0; c < dn->k; c++) {
		double sum = dot4(count, dn->val + c * n, n);
		double den = dn->have[c] ? dot4(count, dn->have[c], n) : (double)n;
		rs->out[c * rs->B + b] = den > 0 ? sum / den : NAN;
	}
}

void resample_means(const struct columns *cols, long B, uint64_t seed,
		    int threads, double *out)
{
	struct resampling rs = { .B = B, .out = out };
	if (cols->n == 0) {
		for (size_t j = 0; j < cols->k * (size_t)B; j++)
			out[j] = NAN;
		return;
	}
	struct draws job = { .n = B, .seed = seed, .draw = one_resample, .ctx = &rs };
	int nw = draws_workers(threads);
	dense_make(&rs.dense, cols);
	rs.count = xcalloc((size_t)nw, sizeof *rs.count);
	for (int w = 0; w < nw; w++)
		rs.count[w] = xmalloc(cols->n * sizeof **rs.count + 1);
	draws_run(&job, threads);
	for (int w = 0; w < nw; w++)
		free(rs.count[w]);
	free(rs.count);
	dense_free(&rs.dense);
}
