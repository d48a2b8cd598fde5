/* Columns of per-query values (see columns.h). */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "stats/columns.h"

/* the mean of the strata's means of column c, over the strata where it
 * has values; each sum in query order */
static double macro_mean(const struct columns *cols, size_t c)
{
	const double *x = cols->v + c * cols->n;
	double *sum = xcalloc(cols->nstrata + 1, sizeof *sum);
	size_t *cnt = xcalloc(cols->nstrata + 1, sizeof *cnt);
	double total = 0;
	size_t used = 0;

	for (size_t i = 0; i < cols->n; i++)
		if (!isnan(x[i])) {
			sum[cols->stratum[i]] += x[i];
			cnt[cols->stratum[i]]++;
		}
	for (size_t g = 0; g < cols->nstrata; g++)
		if (cnt[g]) {
			total += sum[g] / (double)cnt[g];
			used++;
		}
	free(sum);
	free(cnt);
	return used ? total / (double)used : NAN;
}

double column_mean(const struct columns *cols, size_t c, size_t *nvalues)
{
	const double *x = cols->v + c * cols->n;
	double sum = 0;
	size_t m = 0;
	for (size_t i = 0; i < cols->n; i++)
		if (!isnan(x[i])) {
			sum += x[i];
			m++;
		}
	*nvalues = m;
	if (m && cols->macro && cols->stratum)
		return macro_mean(cols, c);
	return m ? sum / m : NAN;
}

void dense_make(struct dense *dn, const struct columns *cols)
{
	dn->n = cols->n;
	dn->k = cols->k;
	dn->val = xcalloc(cols->n * cols->k + 1, sizeof *dn->val);
	dn->have = xcalloc(cols->k + 1, sizeof *dn->have);
	for (size_t c = 0; c < cols->k; c++) {
		const double *x = cols->v + c * cols->n;
		double *y = dn->val + c * cols->n;
		for (size_t i = 0; i < cols->n; i++) {
			y[i] = isnan(x[i]) ? 0 : x[i];
			if (isnan(x[i]) && !dn->have[c]) {
				dn->have[c] = xcalloc(cols->n, sizeof **dn->have);
				for (size_t j = 0; j < cols->n; j++)
					dn->have[c][j] = !isnan(x[j]);
			}
		}
	}
}

void dense_free(struct dense *dn)
{
	for (size_t c = 0; c < dn->k; c++)
		free(dn->have[c]);
	free(dn->have);
	free(dn->val);
}

double dot4(const double *w, const double *x, size_t n)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t i = 0;
	for (; i + 4 <= n; i += 4) {
		s0 += w[i] * x[i];
		s1 += w[i + 1] * x[i + 1];
		s2 += w[i + 2] * x[i + 2];
		s3 += w[i + 3] * x[i + 3];
	}
	for (; i < n; i++)
		s0 += w[i] * x[i];
	return (s0 + s1) + (s2 + s3);
}
