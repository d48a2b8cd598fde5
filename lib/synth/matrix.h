/* Dense row-major matrices of doubles for the generator, and the few
 * operations it needs, built from +, -, *, / and sqrt only (correctly
 * rounded everywhere), in a fixed order: the same seed gives the same bits
 * on every machine. */
#ifndef RK_MATRIX_H
#define RK_MATRIX_H
#include <stddef.h>
#include "util/rng.h"

struct matrix {
	size_t rows, cols;
	double *v;		/* rows * cols values, row after row */
};

static inline double *matrix_row(const struct matrix *mat, size_t i)
{
	return mat->v + i * mat->cols;
}

void matrix_init(struct matrix *mat, size_t rows, size_t cols);
void matrix_free(struct matrix *mat);
/* every value an independent normal deviate times scale, row after row */
void matrix_normal(struct matrix *mat, struct rng *r, double scale);
/* out = A B (out is initialised here); lhs->cols == rhs->rows */
void matrix_product(struct matrix *out, const struct matrix *lhs,
		    const struct matrix *rhs);
/* each row divided by its Euclidean norm (a zero row stays zero) */
void matrix_unit_rows(struct matrix *mat);
/* each value replaced by +1 when >= 0, else -1: binary codes */
void matrix_signs(struct matrix *mat);

#endif
