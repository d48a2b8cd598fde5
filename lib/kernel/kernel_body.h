/* The type-generic part of kernel.c, included once per element type with
 * T (float or double), SFX (a name suffix), SQRT, FMA, FABS, LDEXP and
 * FREXP (those functions of T), TMAX (T's largest finite value), TLOW
 * and TLOW_TEXT (the least sum of squares scored the direct way, and its
 * text)
 * defined: packing, sums of squares and norms, the finishing step, the
 * other way for sums beyond the range and the score alone, which every
 * variant of the micro-kernel (kernel_micro.h) shares, so that all of
 * them read the same layout and give the same bits.
 * Not a header of its own. */

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, SFX)

/* tiles of nr items (the variant's): tile t holds items t*nr .. t*nr+nr-1,
 * value k of item t*nr+j at [k*nr + j] of the tile; the rows past the end
 * are zeros. Tiles t0 .. t1-1 go to P one after the other (a run packs
 * the tiles of its rows only: rankof --items). */
static void FN(pack)(const T *I, size_t ni, size_t dim, size_t nr, size_t t0,
		     size_t t1, T *P)
{
	size_t t, k, j;

	/* row by row: each row is read once in order, and a tile's writes
	 * (dim * nr values) stay in L1 */
	for (t = t0; t < t1; t++, P += dim * nr)
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

/* The sums of squares of rows 0 .. n-1 of X (rows[0 .. n-1] when rows is
 * not NULL), each by fused multiply-adds in dimension order; NORM_ROWS
 * rows at a time, so that as many independent chains keep the FMA units
 * busy instead of one chain waiting on each result (per row the same
 * operations in the same order: the same bits as one row alone, and as a
 * lane of the packed tiles' sums in kernel_micro.h). Inlined into each
 * variant, where FMA is an instruction. */
#ifndef NORM_ROWS
#define NORM_ROWS 8
#endif
static inline __attribute__((always_inline)) void FN(sumsq)(const T *X,
							    const size_t *rows,
							    size_t n,
							    size_t dim,
							    T *out)
{
	size_t i, j, k;

	for (i = 0; i < n; i += NORM_ROWS) {
		size_t g = n - i < NORM_ROWS ? n - i : NORM_ROWS;
		const T *x[NORM_ROWS];
		T s[NORM_ROWS] = { 0 };
		for (j = 0; j < g; j++)
			x[j] = X + (rows ? rows[i + j] : i + j) * dim;
		if (g == NORM_ROWS)
			for (k = 0; k < dim; k++)
				/* the chains in registers, not in s[] */
#pragma GCC unroll 8
				for (j = 0; j < NORM_ROWS; j++)
					s[j] = FMA(x[j][k], x[j][k], s[j]);
		else
			for (j = 0; j < g; j++)
				for (k = 0; k < dim; k++)
					s[j] = FMA(x[j][k], x[j][k], s[j]);
		for (j = 0; j < g; j++)
			out[i + j] = s[j];
	}
}

/* whether row r of emb holds zeros only */
static int FN(row_zero)(const struct embed *emb, size_t r)
{
	const T *v = (const T *)emb->data + r * emb->dim;
	size_t k;

	for (k = 0; k < emb->dim; k++)
		if (v[k] != 0)
			return 0;
	return 1;
}

/* The sums of squares s[0 .. n-1] of rows of emb (r0 .. r0+n-1, or
 * rows[0 .. n-1]) become their norms. A sum that is not finite comes from
 * a row holding an infinite or NaN value (an error, named by
 * embed_check_row) or from finite values whose squares overflow (a norm
 * of inf, as sqrt gives it, which sends the row's cos scores the other way
 * in the finish): every value a metric reads passes through one of these
 * sums, so this is the check of the values, at the cost of a test per
 * row. A row of values so small that its sum is below TLOW, zeros apart,
 * has lost digits to underflow (its squares and products fall below the
 * normal range): cos scores it the other way too (its norm set to inf:
 * exact, the scale does not matter to cos); dot and l2, whose scores are
 * those small numbers, refuse it, naming the row. Above TLOW = 2^(emin +
 * 2p) (2^-916 for double, 2^-78 for float) what underflow takes from a sum
 * of D terms, at most D 2^(emin - p), is below 2^-2p of it, far below the
 * rounding of the sum itself. */
static void FN(norms_checked)(const struct embed *emb, size_t r0,
			      const size_t *rows, T *s, size_t n, int metric)
{
	size_t i, r;

	for (i = 0; i < n; i++) {
		r = rows ? rows[i] : r0 + i;
		if (!isfinite(s[i]))
			embed_check_row(emb, r);
		if (s[i] < TLOW && metric != MET_HAMMING &&
		    (s[i] > 0 || !FN(row_zero)(emb, r))) {
			if (metric != MET_COS)
				die_at(emb->path, 0, "row %zu: values too small "
				       "for exact %s scores (sum of squares "
				       "below %s); multiply the embeddings by a "
				       "power of two", emb->keep_first +
				       r * emb->keep_step, metric == MET_DOT ?
				       "dot" : "l2", TLOW_TEXT);
			s[i] = (T)INFINITY;
		}
		s[i] = SQRT(s[i]);
	}
}

typedef void FN(sumsq_fn)(const T *, const size_t *, size_t, size_t, T *);
typedef void FN(packsq_fn)(const T *, size_t, size_t, size_t, size_t, T *,
			   T *);

/* Packs the tiles of item rows ibeg .. iend-1, checks every query row,
 * every row packed and every extra row (kernel.h) and takes their norms
 * (used by cos; for the other metrics only the check): the packed rows'
 * sums of squares from the packed tiles, in the same pass (the variant's
 * pack_sumsq), the others by the variant's sumsq. Item rows are checked in
 * row order, so that the first bad one is named. */
static void FN(prepare)(struct kernel *kern, const struct embed *qemb,
			const struct embed *iemb, FN(sumsq_fn) *sumsq,
			FN(packsq_fn) *pack_sumsq)
{
	size_t nr = kern->nr, dim = kern->dim;
	size_t t0 = kern->ibeg / nr, t1 = (kern->iend + nr - 1) / nr;
	size_t r0 = t0 * nr, r1 = t1 * nr < kern->ni ? t1 * nr : kern->ni;
	size_t nx = kern->nx, xlo;
	const T *Q = qemb->data, *I = iemb->data;
	void *p = pack_alloc((t1 - t0) * nr * dim * sizeof(T) + 64);
	T *qn = big_alloc(kern->nq * sizeof *qn);
	T *in = big_alloc((t1 - t0) * nr * sizeof *in + 1);
	T *xn = big_alloc(nx * sizeof *xn + 1);

	embed_advise_rows(qemb, 0, kern->nq, NULL, 0);
	embed_advise_rows(iemb, r0, r1, kern->xrow, nx);
	sumsq(Q, NULL, kern->nq, dim, qn);
	FN(norms_checked)(qemb, 0, NULL, qn, kern->nq, kern->metric);
	pack_sumsq(I, kern->ni, dim, t0, t1, p, in);
	sumsq(I, kern->xrow, nx, dim, xn);
	/* the extra rows before the packed ones, those, the extra ones after */
	for (xlo = 0; xlo < nx && kern->xrow[xlo] < r0; xlo++)
		;
	FN(norms_checked)(iemb, 0, kern->xrow, xn, xlo, kern->metric);
	FN(norms_checked)(iemb, r0, NULL, in, r1 - r0, kern->metric);
	FN(norms_checked)(iemb, 0, kern->xrow + xlo, xn + xlo, nx - xlo,
			   kern->metric);
	kern->ipack = p;
	kern->t0 = t0;
	kern->r0 = r0;
	kern->r1 = r1;
	kern->irows = I;
	kern->q = Q;
	kern->qnorm = qn;
	kern->inorm = in;
	kern->xnorm = xn;
}

/* the norm of item row i: of a packed row, or of an extra row (kernel.h);
 * any other row was never read */
static const T *FN(row_norm)(const struct kernel *kern, size_t i)
{
	size_t lo;

	if (i >= kern->r0 && i < kern->r1)
		return (const T *)kern->inorm + (i - kern->r0);
	BISECT_FIRST(lo, kern->nx, mid, kern->xrow[mid] < i);
	if (lo == kern->nx || kern->xrow[lo] != i)
		die(EXIT_DATA, "kernel: item row %zu was not read (a bug: "
		    "please report it)", i);
	return (const T *)kern->xnorm + lo;
}

/* The finishing step, the one place that knows each metric's formula
 * (kernel.h): the sums a[0 .. n-1] of query q against n items whose norms
 * are in[0 .. n-1] become their scores, in place. Returns nonzero when a
 * denominator of cos is beyond the type's range (|x| > TMAX: inf from an
 * overflow, or NaN from a norm of inf times one of 0); the sums are the
 * caller's to test, where they are in registers. A sum that overflowed on
 * the way is +-inf at the end, never NaN: an fma of finite factors onto
 * +-inf is +-inf again. Such pairs take the other way in the score alone
 * (below), and a micro-kernel scores their n scores alone (RESCORE).
 * Inlined into every micro-kernel and into the score alone: the test is
 * one comparison per cos score, and no score's bits change. */
static inline int FN(finish)(const struct kernel *kern, size_t q,
			     const T *restrict in, T *restrict a, size_t n)
{
	unsigned out = 0;
	size_t j;

	switch (kern->metric) {
	case MET_DOT:
		break;
	case MET_COS: {
		const T qn = ((const T *)kern->qnorm)[q];
		for (j = 0; j < n; j++) {
			T den = qn * in[j];
			out |= !(den <= TMAX);
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
	return (int)out;
}

/* item row i's values, *step apart: its row as read, or its lane of the
 * packed tiles once the rows went back to the system (simmat: irows
 * NULL; the same values) */
static inline const T *FN(item_row)(const struct kernel *kern, size_t i,
				    size_t *step)
{
	size_t nr = kern->nr;

	if (kern->irows) {
		*step = 1;
		return (const T *)kern->irows + i * kern->dim;
	}
	*step = nr;
	return (const T *)kern->ipack + (i / nr - kern->t0) * kern->dim * nr +
	       i % nr;
}

/* the exponent e of row x's largest |value| (n values, step apart), as
 * frexp gives it: that value lies in [2^(e-1), 2^e); 0 for zeros */
static int FN(row_exp)(const T *x, size_t step, size_t n)
{
	T m = 0;
	size_t k;
	int e = 0;

	for (k = 0; k < n; k++)
		if (FABS(x[k * step]) > m)
			m = FABS(x[k * step]);
	(void)FREXP(m, &e);
	return e;
}

/* 2^-e when that is a normal number, else 0 */
static inline T FN(pow2)(int e)
{
	T f = LDEXP((T)1, -e);

	return isnormal(f) ? f : 0;
}

/* x 2^-e, f = pow2(e): a product by a normal power of two is the exact
 * product rounded once, as ldexp gives it, at the cost of one
 * multiplication instead of a call */
static inline T FN(shift)(T x, T f, int e)
{
	return f != 0 ? x * f : LDEXP(x, -e);
}

/* The other way, for a pair whose sums left the range: each row times the
 * power of two 2^-e that brings its largest |value| into [1/2, 1) (l2:
 * both rows by the larger one's, so that their differences keep their
 * bits), then the operations of the sums and the finish above. Scaling
 * by a power of two is exact, and every operation commutes with it,
 *   fma(a 2^-s, b 2^-t, c 2^-(s+t)) = fma(a, b, c) 2^-(s+t)
 *   sqrt(c 4^-s) = sqrt(c) 2^-s,  (a 2^-s) / (b 2^-s) = a / b,
 * so the result is the normal path's in an arithmetic without exponent
 * limits (but for a value scaled below the normal range, 2^-1022 or
 * 2^-126, which keeps fewer bits: rounded to a multiple of 2^-1074 or
 * 2^-149, it moves by at most that much in a row whose largest |value|
 * is at least 1/2). The scaled sums
 * stay small: terms below 1 in magnitude (l2: below 4), D of them.
 *   dot  m = sum(q 2^-eq, x 2^-ex), the score m 2^e, e = eq + ex
 *   cos  the formula on the scaled rows, the same for any positive
 *        multiple of either row: the score m, e = 0
 *   l2   m = sqrt(sum((q - x) 2^-e)^2), the score 0 - m 2^e
 * The score m 2^e is +-inf only when it is beyond the type's range: the
 * value IEEE rounding gives such a number, its sign exact (kernel.h). */
static inline __attribute__((always_inline)) T
FN(scaled)(const struct kernel *kern, const T *qr, const T *x, size_t st,
	   int *e)
{
	size_t k, dim = kern->dim;
	int eq = FN(row_exp)(qr, 1, dim), ex = FN(row_exp)(x, st, dim);
	T a = 0, sq = 0, sx = 0, den, fq, fx;

	*e = 0;
	if (kern->metric == MET_L2) {
		*e = eq > ex ? eq : ex;
		fq = FN(pow2)(*e);
		for (k = 0; k < dim; k++) {
			T d = FN(shift)(qr[k], fq, *e) -
			      FN(shift)(x[k * st], fq, *e);
			a = FMA(d, d, a);
		}
		return SQRT(a);
	}
	fq = FN(pow2)(eq);
	fx = FN(pow2)(ex);
	for (k = 0; k < dim; k++) {
		T u = FN(shift)(qr[k], fq, eq);
		T v = FN(shift)(x[k * st], fx, ex);
		a = FMA(u, v, a);
		sq = FMA(u, u, sq);
		sx = FMA(v, v, sx);
	}
	if (kern->metric == MET_DOT) {
		*e = eq + ex;
		return a;
	}
	den = SQRT(sq) * SQRT(sx);
	return den > 0 ? a / den : 0;
}

/* the score of the other way (FN(scaled)); inlined into each variant's
 * score alone, where FMA is an instruction */
static inline __attribute__((always_inline)) double
FN(score_scaled)(const struct kernel *kern, const T *qr, const T *x,
		 size_t st)
{
	int e;
	T m = FN(scaled)(kern, qr, x, st, &e);

	if (kern->metric == MET_DOT)
		return LDEXP(m, e);
	if (kern->metric == MET_L2)
		return (T)0 - LDEXP(m, e);
	return m;
}

/* one score alone: the fused multiply-adds of the micro-kernels
 * (kernel_micro.h) on one lane, in the same order, and the same finish;
 * the item's values from its row as read (the same values as packed: an
 * item outside the packed tiles has a score too). A pair that the finish
 * cannot score takes the other way. Inlined into each variant, as the
 * norm is. */
static inline __attribute__((always_inline)) double
FN(score)(const struct kernel *kern, size_t q, size_t i)
{
	const T *qr = (const T *)kern->q + q * kern->dim;
	size_t k, dim = kern->dim, st;
	const T *x = FN(item_row)(kern, i, &st);
	const T *in = FN(row_norm)(kern, i);	/* and the row was read */
	T a = 0;
	int out;

	if (kern->metric == MET_L2 || kern->metric == MET_HAMMING)
		for (k = 0; k < dim; k++) {
			T d = qr[k] - x[k * st];
			a = FMA(d, d, a);
		}
	else
		for (k = 0; k < dim; k++)
			a = FMA(qr[k], x[k * st], a);
	out = !(FABS(a) <= TMAX);
	if (__builtin_expect(FN(finish)(kern, q, in, &a, 1) | out, 0))
		return FN(score_scaled)(kern, qr, x, st);
	return a;
}

#undef FN
#undef CAT
#undef CAT_

/* the parameters go with this instance, so the next can define its own */
#undef T
#undef SFX
#undef SQRT
#undef FMA
#undef FABS
#undef LDEXP
#undef FREXP
#undef TMAX
#undef TLOW
#undef TLOW_TEXT
