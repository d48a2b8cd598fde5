/* The type-generic part of kernel.c, included once per element type with
 * T (float or double), SFX (a name suffix), SQRT and FMA (sqrt and fma of
 * T) defined: packing, norms, the finishing step and the score alone,
 * which every variant of the micro-kernel (kernel_micro.h) shares, so that
 * all of them read the same layout and give the same bits. Not a header of
 * its own. */

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, SFX)

/* tiles of nr items (the variant's): tile t holds items t*nr .. t*nr+nr-1,
 * value k of item t*nr+j at [(t*dim + k)*nr + j]; the rows past the end
 * are zeros. Only tiles t0 .. t1-1 are written: the pages of the others
 * are never touched, so they cost nothing (rankof --items). */
static void FN(pack)(const T *I, size_t ni, size_t dim, size_t nr, size_t t0,
		     size_t t1, T *P)
{
	size_t t, k, j;

	/* row by row: each row is read once in order, and a tile's writes
	 * (dim * nr values) stay in L1 */
	for (t = t0, P += t0 * dim * nr; t < t1; t++, P += dim * nr)
		for (j = 0; j < nr; j++) {
			size_t i = t * nr + j;
			const T *row = I + i * dim;
			if (i < ni)
				for (k = 0; k < dim; k++)
					P[k * nr + j] = row[k];
			else
				for (k = 0; k < dim; k++)
					P[k * nr + j] = 0;
		}
}

/* The norms of rows 0 .. n-1 of X, each the sqrt of its sum of squares by
 * fused multiply-adds in dimension order; NORM_ROWS rows at a time, so
 * that as many independent chains keep the FMA units busy instead of one
 * chain waiting on each result (per row the same operations in the same
 * order: the same bits as one row alone). Inlined into each variant
 * (kernel_micro.h), where FMA is an instruction. */
#ifndef NORM_ROWS
#define NORM_ROWS 8
#endif
static inline __attribute__((always_inline)) void FN(norms)(const T *X,
							    size_t n,
							    size_t dim,
							    T *out)
{
	size_t i, j, k;

	for (i = 0; i < n; i += NORM_ROWS) {
		const T *x = X + i * dim;
		size_t g = n - i < NORM_ROWS ? n - i : NORM_ROWS;
		T s[NORM_ROWS] = { 0 };
		if (g == NORM_ROWS)
			for (k = 0; k < dim; k++)
				/* the chains in registers, not in s[] */
#pragma GCC unroll 8
				for (j = 0; j < NORM_ROWS; j++)
					s[j] = FMA(x[j * dim + k], x[j * dim + k], s[j]);
		else
			for (j = 0; j < g; j++)
				for (k = 0; k < dim; k++)
					s[j] = FMA(x[j * dim + k], x[j * dim + k], s[j]);
		for (j = 0; j < g; j++)
			out[i + j] = SQRT(s[j]);
	}
}

/* packs the items and, for cos, takes the norms of every row with the
 * variant's norms */
static void FN(prepare)(struct kernel *kern, const T *Q, const T *I,
			void (*norms)(const T *, size_t, size_t, T *))
{
	size_t nr = kern->nr, nt = (kern->ni + nr - 1) / nr;
	void *p = pack_alloc(nt * nr * kern->dim * sizeof(T) + 64);

	FN(pack)(I, kern->ni, kern->dim, nr, kern->ibeg / nr,
		 (kern->iend + nr - 1) / nr, p);
	kern->ipack = p;
	kern->irows = I;
	kern->q = Q;
	if (kern->metric == MET_COS) {
		T *qn = big_alloc(kern->nq * sizeof *qn);
		T *in = big_alloc(nt * nr * sizeof *in);
		norms(Q, kern->nq, kern->dim, qn);
		norms(I, kern->ni, kern->dim, in);
		kern->qnorm = qn;
		kern->inorm = in;
	}
}

/* The finishing step, the one place that knows each metric's formula
 * (kernel.h): the sums a[0 .. n-1] of query q against items it .. it+n-1
 * become their scores, in place. Inlined into every micro-kernel and into
 * the score alone. */
static inline void FN(finish)(const struct kernel *kern, size_t q, size_t it,
			      T *restrict a, size_t n)
{
	size_t j;

	switch (kern->metric) {
	case MET_DOT:
		break;
	case MET_COS: {
		const T qn = ((const T *)kern->qnorm)[q];
		const T *restrict in = (const T *)kern->inorm + it;
		for (j = 0; j < n; j++) {
			T den = qn * in[j];
			a[j] = den > 0 ? a[j] / den : 0;
		}
		break;
	}
	case MET_L2:
		for (j = 0; j < n; j++)
			a[j] = (T)0 - SQRT(a[j]);
		break;
	case MET_HAMMING: {
		const T hamdiv = (T)kern->hamdiv;
		for (j = 0; j < n; j++)
			a[j] = (T)0 - a[j] / hamdiv;
		break;
	}
	}
}

/* one score alone: the fused multiply-adds of the micro-kernels
 * (kernel_micro.h) on one lane, in the same order, and the same finish;
 * the item's values from its row as read (the same values as packed: an
 * item outside the packed tiles has a score too). Inlined into each
 * variant, as the norm is. */
static inline __attribute__((always_inline)) double
FN(score)(const struct kernel *kern, size_t q, size_t i)
{
	const T *qr = (const T *)kern->q + q * kern->dim;
	size_t k, dim = kern->dim;
	const T *x = (const T *)kern->irows + i * dim;
	T a = 0;

	if (kern->metric == MET_L2 || kern->metric == MET_HAMMING)
		for (k = 0; k < dim; k++) {
			T d = qr[k] - x[k];
			a = FMA(d, d, a);
		}
	else
		for (k = 0; k < dim; k++)
			a = FMA(qr[k], x[k], a);
	FN(finish)(kern, q, i, &a, 1);
	return a;
}

#undef FN
#undef CAT
#undef CAT_
