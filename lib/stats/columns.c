/* Columns of per-query values (see columns.h). */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "stats/columns.h"

double column_mean(const struct columns *C, size_t c, size_t *nvalues)
{
	const double *x = C->v + c * C->n;
	double sum = 0;
	size_t m = 0;
	for (size_t i = 0; i < C->n; i++)
		if (!isnan(x[i])) {
			sum += x[i];
			m++;
		}
	*nvalues = m;
	return m ? sum / m : NAN;
}

void dense_make(struct dense *D, const struct columns *C)
{
	D->n = C->n;
	D->k = C->k;
	D->val = xcalloc(C->n * C->k + 1, sizeof *D->val);
	D->have = xcalloc(C->k + 1, sizeof *D->have);
	for (size_t c = 0; c < C->k; c++) {
		const double *x = C->v + c * C->n;
		double *y = D->val + c * C->n;
		for (size_t i = 0; i < C->n; i++) {
			y[i] = isnan(x[i]) ? 0 : x[i];
			if (isnan(x[i]) && !D->have[c]) {
				D->have[c] = xcalloc(C->n, sizeof **D->have);
				for (size_t j = 0; j < C->n; j++)
					D->have[c][j] = !isnan(x[j]);
			}
		}
	}
}

void dense_free(struct dense *D)
{
	for (size_t c = 0; c < D->k; c++)
		free(D->have[c]);
	free(D->have);
	free(D->val);
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
