/* The type-generic part of kernel.c, included once per element type with
 * T (float or double), NR (the items of a tile: two 64-byte vectors of T),
 * SFX (a name suffix) and SQRT defined: packing and norms, which every
 * variant of the micro-kernel (kernel_micro.h) shares, so that all of them
 * read the same layout and the same norms. Not a header of its own. */

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, SFX)

/* tile t holds items t*NR .. t*NR+NR-1, value k of item t*NR+j at
 * [(t*dim + k)*NR + j]; the rows past the end are zeros */
static void FN(pack)(const T *I, size_t ni, size_t dim, T *P)
{
	size_t nt = (ni + NR - 1) / NR, t, k, j;

	for (t = 0; t < nt; t++)
		for (k = 0; k < dim; k++)
			for (j = 0; j < NR; j++) {
				size_t i = t * NR + j;
				P[(t * dim + k) * NR + j] =
					i < ni ? I[i * dim + k] : 0;
			}
}

static T FN(norm)(const T *x, size_t dim)
{
	T s = 0;
	size_t k;

	for (k = 0; k < dim; k++)
		s += x[k] * x[k];
	return SQRT(s);
}

static void FN(prepare)(struct kernel *K, const T *Q, const T *I)
{
	size_t nt = (K->ni + NR - 1) / NR, i;
	void *p;

	if (posix_memalign(&p, 64, nt * NR * K->dim * sizeof(T) + 64))
		die(EXIT_DATA, "out of memory");
	FN(pack)(I, K->ni, K->dim, p);
	K->ipack = p;
	K->q = Q;
	if (K->metric == MET_COS) {
		T *qn = xmalloc(K->nq * sizeof *qn);
		T *in = xmalloc(nt * NR * sizeof *in);
		for (i = 0; i < K->nq; i++)
			qn[i] = FN(norm)(Q + i * K->dim, K->dim);
		for (i = 0; i < K->ni; i++)
			in[i] = FN(norm)(I + i * K->dim, K->dim);
		K->qnorm = qn;
		K->inorm = in;
	}
}

/* one score alone: the operations of the micro-kernels (kernel_micro.h)
 * on one lane, in the same order */
static double FN(score)(const struct kernel *K, size_t q, size_t i)
{
	const T *qr = (const T *)K->q + q * K->dim;
	const T *x = (const T *)K->ipack + (i / NR) * K->dim * NR + i % NR;
	size_t k, dim = K->dim;
	T a = 0;

	if (K->metric == MET_L2 || K->metric == MET_HAMMING)
		for (k = 0; k < dim; k++) {
			T d = qr[k] - x[k * NR];
			a += d * d;
		}
	else
		for (k = 0; k < dim; k++)
			a += qr[k] * x[k * NR];
	switch (K->metric) {
	case MET_COS: {
		T den = ((const T *)K->qnorm)[q] * ((const T *)K->inorm)[i];
		return den > 0 ? a / den : 0;
	}
	case MET_L2:
		return (T)0 - SQRT(a);
	case MET_HAMMING:
		return (T)0 - a / (T)K->hamdiv;
	default:
		return a;
	}
}

#undef FN
#undef CAT
#undef CAT_
