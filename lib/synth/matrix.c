/* The generator's matrix operations (see matrix.h). Sums run in index
 * order, so the result does not depend on the compiler's scheduling. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "synth/matrix.h"

void matrix_init(struct matrix *mat, size_t rows, size_t cols)
{
	mat->rows = rows;
	mat->cols = cols;
	mat->v = xcalloc(rows * cols > 0 ? rows * cols : 1, sizeof *mat->v);
}

void matrix_free(struct matrix *mat)
{
	free(mat->v);
	memset(mat, 0, sizeof *mat);
}

void matrix_normal(struct matrix *mat, struct rng *r, double scale)
{
	size_t i, n = mat->rows * mat->cols;

	for (i = 0; i < n; i++)
		mat->v[i] = scale * rng_normal(r);
}

void matrix_product(struct matrix *out, const struct matrix *lhs,
		    const struct matrix *rhs)
{
	size_t i, j, k;

	matrix_init(out, lhs->rows, rhs->cols);
	for (i = 0; i < lhs->rows; i++) {
		const double *a = matrix_row(lhs, i);
		double *o = matrix_row(out, i);
		/* o += a[k] * row k of B: each o[j] sums over k in order */
		for (k = 0; k < lhs->cols; k++) {
			const double *b = matrix_row(rhs, k);
			double ak = a[k];
			for (j = 0; j < rhs->cols; j++)
				o[j] += ak * b[j];
		}
	}
}

void matrix_unit_rows(struct matrix *mat)
{
	size_t i, j;

	for (i = 0; i < mat->rows; i++) {
		double *x = matrix_row(mat, i), s = 0;
		for (j = 0; j < mat->cols; j++)
			s += x[j] * x[j];
		if (s == 0)
			continue;
		s = sqrt(s);
		for (j = 0; j < mat->cols; j++)
			x[j] /= s;
	}
}

void matrix_signs(struct matrix *mat)
{
	size_t i, n = mat->rows * mat->cols;

	for (i = 0; i < n; i++)
		mat->v[i] = mat->v[i] >= 0 ? 1 : -1;
}
