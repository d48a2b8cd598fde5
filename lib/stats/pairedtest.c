/* The paired t and signed-rank tests (see pairedtest.h). */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "stats/effect.h"
#include "stats/normal.h"
#include "stats/tdist.h"
#include "stats/pairedtest.h"

double paired_t_p(const double *d, size_t n)
{
	struct effect e;	/* t = d_z sqrt(n), as scipy: no noise */
	effect_of(d, n, 0, 0, &e);
	long m = e.wins + e.ties + e.losses;
	if (isnan(e.dz))
		return 1;
	return t_two_sided(e.dz * sqrt((double)m), (double)(m - 1));
}

static int by_magnitude(const void *a, const void *b)
{
	double x = fabs(*(const double *)a), y = fabs(*(const double *)b);
	return x < y ? -1 : x > y;
}

/* P(R+ <= r) and P(R+ >= r) over the 2^n sign patterns of the ranks
 * 1 .. n, n <= 50: counts of the subsets with each rank sum, exact in
 * doubles (at most 2^50); twice the smaller, capped at 1, and 1 when r
 * is the centre of the distribution (scipy's rule) */
static double exact_two_sided(size_t n, long r)
{
	long top = (long)(n * (n + 1) / 2);
	double *count = xcalloc((size_t)top + 1, sizeof *count);
	double below = 0, above = 0, total = ldexp(1, (int)n);
	count[0] = 1;
	for (long k = 1; k <= (long)n; k++)
		for (long s = k * (k + 1) / 2; s >= k; s--)
			count[s] += count[s - k];
	for (long s = 0; s <= top; s++) {
		if (s <= r)
			below += count[s];
		if (s >= r)
			above += count[s];
	}
	free(count);
	if (r == top / 2)
		return 1;
	double p = 2 * (below < above ? below : above) / total;
	return p > 1 ? 1 : p;
}

double wilcoxon_p(const double *d, size_t n, int *exact)
{
	double *nz = xmalloc((n + 1) * sizeof *nz);
	size_t m = 0, zeros = 0;
	double rplus = 0, rminus = 0, ties = 0, p;
	for (size_t i = 0; i < n; i++) {
		if (isnan(d[i]))
			continue;
		if (d[i] == 0)
			zeros++;
		else
			nz[m++] = d[i];
	}
	if (exact)
		*exact = 0;
	qsort(nz, m, sizeof *nz, by_magnitude);
	for (size_t i = 0; i < m;) {
		size_t j = i + 1;
		while (j < m && fabs(nz[j]) == fabs(nz[i]))
			j++;
		double rank = (double)(i + 1 + j) / 2, t = (double)(j - i);
		ties += t * (t * t - 1);
		for (size_t k = i; k < j; k++)
			*(nz[k] > 0 ? &rplus : &rminus) += rank;
		i = j;
	}
	free(nz);
	if (m == 0)
		return 1;
	if (m <= WILCOXON_EXACT_MAX && zeros == 0 && ties == 0) {
		if (exact)
			*exact = 1;
		return exact_two_sided(m, (long)rplus);
	}
	double nn = (double)m, mean = nn * (nn + 1) / 4;
	double var = (nn * (nn + 1) * (2 * nn + 1) - ties / 2) / 24;
	double z = ((rplus < rminus ? rplus : rminus) - mean) / sqrt(var);
	p = 2 * norm_cdf(-fabs(z));
	return p > 1 ? 1 : p;
}
