/* The generator's matrix operations (see matrix.h). Sums run in index
 * order, so the result does not depend on the compiler's scheduling. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "synth/matrix.h"

void matrix_init(struct matrix *M, size_t rows, size_t cols)
{
	M->rows = rows;
	M->cols = cols;
	M->v = xcalloc(rows * cols > 0 ? rows * cols : 1, sizeof *M->v);
}

void matrix_free(struct matrix *M)
{
	free(M->v);
	memset(M, 0, sizeof *M);
}

void matrix_normal(struct matrix *M, struct rng *r, double scale)
{
	size_t i, n = M->rows * M->cols;

	for (i = 0; i < n; i++)
		M->v[i] = scale * rng_normal(r);
}

void matrix_product(struct matrix *out, const struct matrix *A,
		    const struct matrix *B)
{
	size_t i, j, k;

	matrix_init(out, A->rows, B->cols);
	for (i = 0; i < A->rows; i++) {
		const double *a = matrix_row(A, i);
		double *o = matrix_row(out, i);
		/* o += a[k] * row k of B: each o[j] sums over k in order */
		for (k = 0; k < A->cols; k++) {
			const double *b = matrix_row(B, k);
			double ak = a[k];
			for (j = 0; j < B->cols; j++)
				o[j] += ak * b[j];
		}
	}
}

void matrix_unit_rows(struct matrix *M)
{
	size_t i, j;

	for (i = 0; i < M->rows; i++) {
		double *x = matrix_row(M, i), s = 0;
		for (j = 0; j < M->cols; j++)
			s += x[j] * x[j];
		if (s == 0)
			continue;
		s = sqrt(s);
		for (j = 0; j < M->cols; j++)
			x[j] /= s;
	}
}

void matrix_signs(struct matrix *M)
{
	size_t i, n = M->rows * M->cols;

	for (i = 0; i < n; i++)
		M->v[i] = M->v[i] >= 0 ? 1 : -1;
}

double sqdist(const double *a, const double *b, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double d = a[i] - b[i];
		s += d * d;
	}
	return s;
}
