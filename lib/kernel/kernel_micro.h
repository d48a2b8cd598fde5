/* One variant of the scoring kernel, included by kernel.c once per element
 * type and instruction set with T, NR (the items of a tile, 128 bytes), V
 * (a GCC/Clang vector of T of the instruction set's width: wider ones
 * would live in memory), NV (the vectors of a tile: 2, 4 or 8), MR (query rows per
 * micro-kernel, 1 to 8), SQRT, ATTR (a function attribute: the target) and
 * NAME (the block function's name) defined. Not a header of its own.
 *
 * The micro-kernel keeps MR x NR sums in registers: NV*MR vectors, each
 * lane one score, and adds the products of dimension k = 0, 1, ..., D-1
 * in that order, one multiplication and one addition (never fused: the
 * file is compiled without contraction), exactly as the plain loop would
 * for each score. The lanes are independent scores, so the variants
 * (vector widths) give the same bits. MR is chosen per instruction set so
 * that the sums fill the registers without spilling and there are enough
 * independent additions to hide their latency. */

#define VL (NR / NV)		/* lanes of V */
#define LOADX(v) V x##v; memcpy(&x##v, tp + k * NR + v * VL, sizeof(V));
#define ACC1(r, v) V a##r##v = { 0 };
#define STEP1(r, v) a##r##v += b * x##v;
#define SQ1(r, v) { V d = b - x##v; a##r##v += d * d; }
#define SAVE1(r, v) memcpy(buf[r] + v * VL, &a##r##v, sizeof(V));
#define TEST1(r, v) { V xt; memcpy(&xt, b + v * VL, sizeof(V)); m |= ~(xt < lv); }
#if NV == 2
#define EACHV(M, r) M(r, 0) M(r, 1)
#define LOADS LOADX(0) LOADX(1)
#elif NV == 4
#define EACHV(M, r) M(r, 0) M(r, 1) M(r, 2) M(r, 3)
#define LOADS LOADX(0) LOADX(1) LOADX(2) LOADX(3)
#elif NV == 8
#define EACHV(M, r) M(r, 0) M(r, 1) M(r, 2) M(r, 3) M(r, 4) M(r, 5) \
	M(r, 6) M(r, 7)
#define LOADS LOADX(0) LOADX(1) LOADX(2) LOADX(3) LOADX(4) LOADX(5) \
	LOADX(6) LOADX(7)
#else
#error "NV must be 2, 4 or 8"
#endif
#define ACC(r) EACHV(ACC1, r)
#define STEP(r) { T b = qr[r][k]; EACHV(STEP1, r) }
#define STEPSQ(r) { T b = qr[r][k]; EACHV(SQ1, r) }
#define SAVE(r) EACHV(SAVE1, r)
#if MR == 1
#define EACH(M) M(0)
#elif MR == 2
#define EACH(M) M(0) M(1)
#elif MR == 3
#define EACH(M) M(0) M(1) M(2)
#elif MR == 4
#define EACH(M) M(0) M(1) M(2) M(3)
#elif MR == 6
#define EACH(M) M(0) M(1) M(2) M(3) M(4) M(5)
#elif MR == 8
#define EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)
#else
#error "MR must be 1, 2, 3, 4, 6 or 8"
#endif

/* the MR x NR sums of tile tp for the queries qr[], products (or squared
 * differences) added in dimension order k = 0 .. dim-1, into buf: shared
 * by the block and the count kernels, so both give the same bits */
#define TILE_SUMS \
	if (!sq) { \
		EACH(ACC) \
		for (k = 0; k < dim; k++) { \
			LOADS \
			EACH(STEP) \
		} \
		EACH(SAVE) \
	} else { \
		EACH(ACC) \
		for (k = 0; k < dim; k++) { \
			LOADS \
			EACH(STEPSQ) \
		} \
		EACH(SAVE) \
	}

ATTR static void NAME(const struct kernel *K, size_t q0, size_t q1,
		      size_t i0, size_t i1, T *S)
{
	const T *Q = K->q, *P = K->ipack;
	const T *qn = K->qnorm, *in = K->inorm;
	size_t dim = K->dim, ld = i1 - i0;
	size_t t0 = i0 / NR, t1 = (i1 + NR - 1) / NR, tg, t, qa;
	/* a group of tiles that stays in the L2 cache (256 KiB) while the
	 * queries of the chunk pass over it */
	size_t ig = 262144 / (dim * NR * sizeof(T));
	const T hamdiv = (T)K->hamdiv;
	const int sq = K->metric == MET_L2 || K->metric == MET_HAMMING;
	T buf[MR][NR] __attribute__((aligned(64)));

	if (ig < 1)
		ig = 1;
	for (tg = t0; tg < t1; tg += ig) {
		size_t tge = tg + ig < t1 ? tg + ig : t1;
		for (qa = q0; qa < q1; qa += MR) {
			const T *qr[MR];
			size_t r, k, nr = q1 - qa < MR ? q1 - qa : MR;
			for (r = 0; r < MR; r++)
				qr[r] = Q + (qa + (r < nr ? r : nr - 1)) * dim;
			for (t = tg; t < tge; t++) {
				const T *tp = P + t * dim * NR;
				size_t j, jb = 0, je = NR;
				if (t * NR < i0)
					jb = i0 - t * NR;
				if (t * NR + NR > i1)
					je = i1 - t * NR;
				TILE_SUMS
				for (r = 0; r < nr; r++) {
					/* o[j]: the score of item t*NR + j */
					T *o = S + (qa + r - q0) * ld +
					       (t * NR + jb - i0) - jb;
					const T *a = buf[r];
					switch (K->metric) {
					case MET_DOT:
						if (jb == 0 && je == NR)
							memcpy(o, a, NR * sizeof *o);
						else
							memcpy(o + jb, a + jb,
							       (je - jb) * sizeof *o);
						break;
					case MET_COS: {
						const T *inr = in + t * NR;
						T qnr = qn[qa + r];
						for (j = jb; j < je; j++) {
							T den = qnr * inr[j];
							o[j] = den > 0 ? a[j] / den : 0;
						}
						break;
					}
					case MET_L2:
						for (j = jb; j < je; j++)
							o[j] = (T)0 - SQRT(a[j]);
						break;
					case MET_HAMMING:
						for (j = jb; j < je; j++)
							o[j] = (T)0 - a[j] / hamdiv;
						break;
					}
				}
			}
		}
	}
}

/* The same sums, then, tile by tile and while the tile is in L1, the
 * scores of each query are finished (the same operations as above) and
 * counted against its targets (kernel.h, struct kcount): a tile whose
 * scores are all below the lowest target score is dismissed with a few
 * vector comparisons. */
ATTR static void CNAME(const struct kernel *K, size_t q0, size_t q1,
		       size_t i0, size_t i1, struct kcount *C)
{
	const T *Q = K->q, *P = K->ipack;
	const T *qn = K->qnorm, *in = K->inorm;
	size_t dim = K->dim;
	size_t t0 = i0 / NR, t1 = (i1 + NR - 1) / NR, tg, t, qa;
	size_t ig = 262144 / (dim * NR * sizeof(T));
	const T hamdiv = (T)K->hamdiv;
	const int sq = K->metric == MET_L2 || K->metric == MET_HAMMING;
	T buf[MR][NR] __attribute__((aligned(64)));

	if (ig < 1)
		ig = 1;
	for (tg = t0; tg < t1; tg += ig) {
		size_t tge = tg + ig < t1 ? tg + ig : t1;
		for (qa = q0; qa < q1; qa += MR) {
			const T *qr[MR];
			size_t r, k, nr = q1 - qa < MR ? q1 - qa : MR;
			int live = 0;
			for (r = 0; r < nr; r++)
				live |= C[qa + r - q0].d != 0;
			if (!live)
				continue;
			for (r = 0; r < MR; r++)
				qr[r] = Q + (qa + (r < nr ? r : nr - 1)) * dim;
			for (t = tg; t < tge; t++) {
				const T *tp = P + t * dim * NR;
				size_t j, jb = 0, je = NR;
				if (t * NR < i0)
					jb = i0 - t * NR;
				if (t * NR + NR > i1)
					je = i1 - t * NR;
				TILE_SUMS
				for (r = 0; r < nr; r++) {
					struct kcount *c = &C[qa + r - q0];
					T *b = buf[r], lw;
					if (!c->d)
						continue;
					switch (K->metric) {
					case MET_DOT:
						break;
					case MET_COS: {
						const T *inr = in + t * NR;
						T qnr = qn[qa + r];
						for (j = jb; j < je; j++) {
							T den = qnr * inr[j];
							b[j] = den > 0 ? b[j] / den : 0;
						}
						break;
					}
					case MET_L2:
						for (j = jb; j < je; j++)
							b[j] = (T)0 - SQRT(b[j]);
						break;
					case MET_HAMMING:
						for (j = jb; j < je; j++)
							b[j] = (T)0 - b[j] / hamdiv;
						break;
					}
					lw = (T)c->u[c->d - 1];
					if (jb == 0 && je == NR) {
						/* any lane not below lw? */
						V lv = (V){ 0 } + lw;
						__typeof__(lv < lv) m = lv < lv; /* zeros */
						unsigned long long w[sizeof m / 8], o = 0;
						EACHV(TEST1, r)
						memcpy(w, &m, sizeof m);
						for (j = 0; j < sizeof m / 8; j++)
							o |= w[j];
						if (!o)
							continue;
					}
					for (j = jb; j < je; j++)
						if (!(b[j] < lw))
							kc_add(c, b[j], 1);
				}
			}
		}
	}
}

#undef VL
#undef LOADX
#undef ACC1
#undef STEP1
#undef SQ1
#undef SAVE1
#undef TEST1
#undef EACHV
#undef LOADS
#undef ACC
#undef STEP
#undef STEPSQ
#undef SAVE
#undef EACH
#undef TILE_SUMS
