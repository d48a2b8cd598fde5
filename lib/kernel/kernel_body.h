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

/* The sums of squares of rows 0 .. n-1 of X, each by fused multiply-adds
 * in dimension order; NORM_ROWS rows at a time, so that as many
 * independent chains keep the FMA units busy instead of one chain waiting
 * on each result (per row the same operations in the same order: the same
 * bits as one row alone, and as a lane of the packed tiles' sums in
 * kernel_micro.h). Inlined into each variant, where FMA is an
 * instruction. */
#ifndef NORM_ROWS
#define NORM_ROWS 8
#endif
static inline __attribute__((always_inline)) void FN(sumsq)(const T *X,
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
			out[i + j] = s[j];
	}
}

/* The sums of squares s[0 .. n-1] of rows of emb become their norms. A
 * sum that is not finite comes from a row holding an infinite or NaN
 * value (an error, named by embed_check_row) or from finite values whose
 * squares overflow (a norm of inf, as sqrt gives it): every value a
 * metric reads passes through one of these sums, so this is the check of
 * the values, at the cost of a test per row. Rows in order: the first bad
 * one is named. */
static void FN(norms_checked)(const struct embed *emb, size_t r0, T *s,
			      size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!isfinite(s[i]))
			embed_check_row(emb, r0 + i);
		s[i] = SQRT(s[i]);
	}
}

/* Packs the items, checks every query and item row and takes their norms
 * (used by cos; for the other metrics only the check): the packed rows'
 * sums of squares from the packed tiles, in the same pass (the variant's
 * pack_sumsq), the rows outside them (rankof --items) and the queries by
 * the variant's sumsq. */
static void FN(prepare)(struct kernel *kern, const struct embed *qemb,
			const struct embed *iemb,
			void (*sumsq)(const T *, size_t, size_t, T *),
			void (*pack_sumsq)(const T *, size_t, size_t, size_t,
					   size_t, T *, T *))
{
	size_t nr = kern->nr, nt = (kern->ni + nr - 1) / nr, dim = kern->dim;
	size_t t0 = kern->ibeg / nr, t1 = (kern->iend + nr - 1) / nr;
	size_t r0 = t0 * nr, r1 = t1 * nr < kern->ni ? t1 * nr : kern->ni;
	const T *Q = qemb->data, *I = iemb->data;
	void *p = pack_alloc(nt * nr * dim * sizeof(T) + 64);
	T *qn = big_alloc(kern->nq * sizeof *qn);
	T *in = big_alloc(nt * nr * sizeof *in);

	sumsq(Q, kern->nq, dim, qn);
	FN(norms_checked)(qemb, 0, qn, kern->nq);
	pack_sumsq(I, kern->ni, dim, t0, t1, p, in);
	sumsq(I, r0, dim, in);
	sumsq(I + r1 * dim, kern->ni - r1, dim, in + r1);
	FN(norms_checked)(iemb, 0, in, kern->ni);
	kern->ipack = p;
	kern->irows = I;
	kern->q = Q;
	kern->qnorm = qn;
	kern->inorm = in;
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
