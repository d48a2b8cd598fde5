/* The randomised Tukey HSD (see tukeyhsd.h). The means of one measure
 * share their queries, so sums stand for them. Sums of the same values in
 * other orders round differently: a draw counts as "at least as far"
 * within (n + 1) ulps of the sum of the absolute values, the bound of the
 * rounding error of either sum, so identical systems give p = 1. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/rng.h"
#include "stats/draws.h"
#include "stats/tukeyhsd.h"

struct hsd {
	const double *v;
	size_t nm, n, npairs;
	int k;
	char *complete;		/* per measure and query: takes part */
	double *observed;	/* per measure and pair: |sum_i - sum_j| */
	double *slack;		/* per measure */
	long *count;		/* per worker, measure and pair */
	int **perm;		/* per worker: a row's order */
	double **sum;		/* per worker: the systems' sums */
};

static void one_draw(void *ctx, struct rng *r, long d, int worker)
{
	const struct hsd *h = ctx;
	int k = h->k, *perm = h->perm[worker];
	double *sum = h->sum[worker];
	long *count = h->count + (size_t)worker * h->nm * h->npairs;
	(void)d;
	for (size_t m = 0; m < h->nm; m++) {
		for (int s = 0; s < k; s++)
			sum[m * (size_t)k + (size_t)s] = 0;
	}
	for (size_t q = 0; q < h->n; q++) {
		/* one permutation of the systems per query, every measure */
		for (int s = 0; s < k; s++)
			perm[s] = s;
		for (int s = k - 1; s > 0; s--) {
			int j = (int)rng_below(r, (uint64_t)s + 1), t = perm[s];
			perm[s] = perm[j];
			perm[j] = t;
		}
		for (size_t m = 0; m < h->nm; m++) {
			if (!h->complete[m * h->n + q])
				continue;
			const double *row = h->v + (m * h->n + q) * (size_t)k;
			for (int s = 0; s < k; s++)
				sum[m * (size_t)k + (size_t)s] += row[perm[s]];
		}
	}
	for (size_t m = 0; m < h->nm; m++) {
		const double *sm = sum + m * (size_t)k;
		double lo = sm[0], hi = sm[0];
		for (int s = 1; s < k; s++) {
			lo = fmin(lo, sm[s]);
			hi = fmax(hi, sm[s]);
		}
		for (size_t pr = 0; pr < h->npairs; pr++) {
			size_t i = m * h->npairs + pr;
			count[i] += hi - lo >= h->observed[i] - h->slack[m];
		}
	}
}

/* the queries that take part, the observed sums' differences, the slack;
 * diff[] and the number of queries per measure */
static void observe(struct hsd *h, double *diff, size_t *used)
{
	int k = h->k;
	double *sum = xcalloc((size_t)k + 1, sizeof *sum);
	for (size_t m = 0; m < h->nm; m++) {
		double abs_sum = 0;
		used[m] = 0;
		for (int s = 0; s < k; s++)
			sum[s] = 0;
		for (size_t q = 0; q < h->n; q++) {
			const double *row = h->v + (m * h->n + q) * (size_t)k;
			int all = 1;
			for (int s = 0; s < k; s++)
				all &= !isnan(row[s]);
			h->complete[m * h->n + q] = (char)all;
			if (!all)
				continue;
			used[m]++;
			for (int s = 0; s < k; s++) {
				sum[s] += row[s];
				abs_sum += fabs(row[s]);
			}
		}
		h->slack[m] = (double)(h->n + 1) * DBL_EPSILON * abs_sum;
		size_t pr = 0;
		for (int i = 0; i < k; i++)
			for (int j = i + 1; j < k; j++, pr++) {
				size_t at = m * h->npairs + pr;
				h->observed[at] = fabs(sum[i] - sum[j]);
				diff[at] = used[m] ? (sum[i] - sum[j]) /
				    (double)used[m] : NAN;
			}
	}
	free(sum);
}

void tukey_hsd(const double *v, size_t nm, size_t n, int k, long B,
	       uint64_t seed, int threads, double *diff, double *p)
{
	int nw = draws_workers(threads);
	struct hsd h = { .v = v, .nm = nm, .n = n, .k = k,
			 .npairs = (size_t)k * (size_t)(k - 1) / 2 };
	size_t cells = nm * h.npairs;
	size_t *used = xcalloc(nm + 1, sizeof *used);
	struct draws job = { .n = B, .seed = seed, .draw = one_draw, .ctx = &h };
	h.complete = xcalloc(nm * n + 1, 1);
	h.observed = xcalloc(cells + 1, sizeof *h.observed);
	h.slack = xcalloc(nm + 1, sizeof *h.slack);
	h.count = xcalloc((size_t)nw * cells + 1, sizeof *h.count);
	h.perm = xcalloc((size_t)nw, sizeof *h.perm);
	h.sum = xcalloc((size_t)nw, sizeof *h.sum);
	for (int w = 0; w < nw; w++) {
		h.perm[w] = xmalloc((size_t)k * sizeof **h.perm);
		h.sum[w] = xmalloc((nm * (size_t)k + 1) * sizeof **h.sum);
	}
	observe(&h, diff, used);
	draws_run(&job, threads);
	for (size_t i = 0; i < cells; i++) {
		long total = 0;
		for (int w = 0; w < nw; w++)
			total += h.count[(size_t)w * cells + i];
		p[i] = used[i / h.npairs] ? (total + 1.0) / (B + 1.0) : NAN;
	}
	for (int w = 0; w < nw; w++) {
		free(h.perm[w]);
		free(h.sum[w]);
	}
	free(h.perm);
	free(h.sum);
	free(h.count);
	free(h.slack);
	free(h.observed);
	free(h.complete);
	free(used);
}
