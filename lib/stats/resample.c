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
	/* strata: stratum g's queries at member[start[g] .. start[g+1]-1],
	   in query order; start NULL: none */
	size_t *member, *start, nstrata;
	int macro;
};

/* the queries by stratum (a counting sort), each stratum's in order */
static void strata_make(struct resampling *rs, const struct columns *cols)
{
	size_t n = cols->n, g, i;

	rs->nstrata = cols->nstrata;
	rs->macro = cols->macro;
	rs->start = xcalloc(cols->nstrata + 2, sizeof *rs->start);
	rs->member = xmalloc((n + 1) * sizeof *rs->member);
	for (i = 0; i < n; i++)
		rs->start[cols->stratum[i] + 1]++;
	for (g = 0; g < cols->nstrata; g++)
		rs->start[g + 1] += rs->start[g];
	for (i = 0; i < n; i++)
		rs->member[rs->start[cols->stratum[i]]++] = i;
	for (g = cols->nstrata; g > 0; g--)
		rs->start[g] = rs->start[g - 1];
	rs->start[0] = 0;
}

/* how often each query is drawn: n draws from all n queries, or n_g
 * draws from the n_g queries of each stratum g in turn */
static void draw_counts(const struct resampling *rs, struct rng *r,
			double *count, size_t n)
{
	memset(count, 0, n * sizeof *count);
	if (!rs->start) {
		for (size_t i = 0; i < n; i++)
			count[rng_below(r, n)] += 1;
		return;
	}
	for (size_t g = 0; g < rs->nstrata; g++) {
		size_t a = rs->start[g], ng = rs->start[g + 1] - a;
		for (size_t k = 0; k < ng; k++)
			count[rs->member[a + rng_below(r, ng)]] += 1;
	}
}

/* column c's mean of its strata's resampled means (those with a value
 * drawn), each a sum over the stratum's queries in order */
static double macro_of(const struct resampling *rs, const double *count,
		       size_t c)
{
	const struct dense *dn = &rs->dense;
	const double *val = dn->val + c * dn->n, *have = dn->have[c];
	double total = 0;
	size_t used = 0;

	for (size_t g = 0; g < rs->nstrata; g++) {
		double sum = 0, den = 0;
		for (size_t k = rs->start[g]; k < rs->start[g + 1]; k++) {
			size_t i = rs->member[k];
			sum += count[i] * val[i];
			den += have ? count[i] * have[i] : count[i];
		}
		if (den > 0) {
			total += sum / den;
			used++;
		}
	}
	return used ? total / (double)used : NAN;
}

static void one_resample(void *ctx, struct rng *r, long b, int worker)
{
	const struct resampling *rs = ctx;
	const struct dense *dn = &rs->dense;
	size_t n = dn->n;
	double *count = rs->count[worker];
	draw_counts(rs, r, count, n);
	for (size_t c = 0; c < dn->k; c++) {
		if (rs->macro && rs->start) {
			rs->out[c * rs->B + b] = macro_of(rs, count, c);
			continue;
		}
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
	if (cols->stratum)
		strata_make(&rs, cols);
	rs.count = xcalloc((size_t)nw, sizeof *rs.count);
	for (int w = 0; w < nw; w++)
		rs.count[w] = xmalloc(cols->n * sizeof **rs.count + 1);
	draws_run(&job, threads);
	for (int w = 0; w < nw; w++)
		free(rs.count[w]);
	free(rs.count);
	free(rs.start);
	free(rs.member);
	dense_free(&rs.dense);
}
