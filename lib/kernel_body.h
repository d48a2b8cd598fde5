/* The type-generic part of kernel.c, included once per element type with
 * T (float or double), V (a 64-byte GCC/Clang vector of T), NR (the lanes
 * of V), SFX (a name suffix) and SQRT defined. Not a header of its own. */

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

/* MR query rows against one tile: sum_k q[k]*x[k], k in order */
static void FN(micro_dot)(const T *const *qr, const T *tp, size_t dim,
			  V *acc)
{
	const T *q0 = qr[0], *q1 = qr[1], *q2 = qr[2], *q3 = qr[3];
	V a0 = { 0 }, a1 = { 0 }, a2 = { 0 }, a3 = { 0 };
	size_t k;

	for (k = 0; k < dim; k++) {
		V x = *(const V *)(tp + k * NR);
		a0 += q0[k] * x;
		a1 += q1[k] * x;
		a2 += q2[k] * x;
		a3 += q3[k] * x;
	}
	acc[0] = a0;
	acc[1] = a1;
	acc[2] = a2;
	acc[3] = a3;
}

/* sum_k (q[k]-x[k])^2, k in order */
static void FN(micro_sq)(const T *const *qr, const T *tp, size_t dim,
			 V *acc)
{
	const T *q0 = qr[0], *q1 = qr[1], *q2 = qr[2], *q3 = qr[3];
	V a0 = { 0 }, a1 = { 0 }, a2 = { 0 }, a3 = { 0 };
	size_t k;

	for (k = 0; k < dim; k++) {
		V x = *(const V *)(tp + k * NR), d;
		d = q0[k] - x;
		a0 += d * d;
		d = q1[k] - x;
		a1 += d * d;
		d = q2[k] - x;
		a2 += d * d;
		d = q3[k] - x;
		a3 += d * d;
	}
	acc[0] = a0;
	acc[1] = a1;
	acc[2] = a2;
	acc[3] = a3;
}

static void FN(block)(const struct kernel *K, size_t q0, size_t q1,
		      size_t i0, size_t i1, T *S)
{
	const T *Q = K->q, *P = K->ipack;
	const T *qn = K->qnorm, *in = K->inorm;
	size_t dim = K->dim, ld = i1 - i0;
	size_t t0 = i0 / NR, t1 = (i1 + NR - 1) / NR, tg, t, qa;
	/* a group of tiles that stays in the L2 cache (128 KiB) while the
	 * queries of the chunk pass over it */
	size_t ig = 131072 / (dim * NR * sizeof(T));
	const T hamdiv = (T)K->hamdiv;
	V acc[MR];

	if (ig < 1)
		ig = 1;
	for (tg = t0; tg < t1; tg += ig) {
		size_t tge = tg + ig < t1 ? tg + ig : t1;
		for (qa = q0; qa < q1; qa += MR) {
			const T *qr[MR];
			size_t r, nr = q1 - qa < MR ? q1 - qa : MR;
			for (r = 0; r < MR; r++)
				qr[r] = Q + (qa + (r < nr ? r : nr - 1)) * dim;
			for (t = tg; t < tge; t++) {
				size_t j, jb = 0, je = NR;
				if (t * NR < i0)
					jb = i0 - t * NR;
				if (t * NR + NR > i1)
					je = i1 - t * NR;
				if (K->metric == MET_DOT || K->metric == MET_COS)
					FN(micro_dot)(qr, P + t * dim * NR, dim, acc);
				else
					FN(micro_sq)(qr, P + t * dim * NR, dim, acc);
				for (r = 0; r < nr; r++) {
					/* o[j]: the score of item t*NR + j */
					T *o = S + (qa + r - q0) * ld +
					       (t * NR + jb - i0) - jb;
					switch (K->metric) {
					case MET_DOT:
						for (j = jb; j < je; j++)
							o[j] = acc[r][j];
						break;
					case MET_COS:
						for (j = jb; j < je; j++) {
							T den = qn[qa + r] *
								in[t * NR + j];
							o[j] = den > 0 ?
								acc[r][j] / den : 0;
						}
						break;
					case MET_L2:
						for (j = jb; j < je; j++)
							o[j] = (T)0 - SQRT(acc[r][j]);
						break;
					case MET_HAMMING:
						for (j = jb; j < je; j++)
							o[j] = (T)0 - acc[r][j] / hamdiv;
						break;
					}
				}
			}
		}
	}
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

#undef FN
#undef CAT
#undef CAT_
