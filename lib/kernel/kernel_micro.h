/* One variant of the scoring kernel, included by kernel_variant.h once per
 * element type and instruction set with T, V (the variant's vector of T, or
 * T itself), NV (vectors per tile), NR (items per tile: NV lanes-wide
 * vectors), MR (query rows per micro-kernel), VFMA(a, b, c) (a*b+c with one
 * rounding, lane by lane), VBCAST(s) (s in every lane), G (a GCC vector of
 * T for comparisons), FINISH (kernel_body.h's finishing step for T), ATTR
 * (the target attribute) and the names NAME, CNAME (the block and count
 * functions), QPACK, ANY (their helpers) and NRNAME (a constant for NR)
 * defined. Not a header of its own.
 *
 * The micro-kernel keeps MR x NR sums in NV*MR vector registers, each lane
 * one score, and for k = 0, 1, ..., D-1 in that order replaces each sum a
 * by fma(q[k], x[k], a) (l2 and hamming: fma(d, d, a) with d = q[k] - x[k]),
 * starting from 0: the same fused multiply-adds in the same order as the
 * scalar loop of kernel_body.h, so every variant and every lane width gives
 * the same bits. MR and NV are chosen per instruction set so that the sums,
 * NV item vectors and one broadcast query value fit the registers (16 ymm,
 * 32 zmm) and there are more independent sums than the FMA units' latency
 * times their number. */

#define VL (NR / NV)		/* lanes of V */
#define GL (sizeof(G) / sizeof(T))	/* lanes of G */
#define LOADX(v) V x##v; memcpy(&x##v, tp + k * NR + v * VL, sizeof(V));
#define ACC1(r, v) V a##r##v = { 0 };
#define STEP1(r, v) a##r##v = VFMA(b, x##v, a##r##v);
#define SQ1(r, v) { V d = b - x##v; a##r##v = VFMA(d, d, a##r##v); }
#define SAVE1(r, v) memcpy(buf[r] + v * VL, &a##r##v, sizeof(V));
#if NV == 2
#define EACHV(M, r) M(r, 0) M(r, 1)
#define LOADS LOADX(0) LOADX(1)
#elif NV == 4
#define EACHV(M, r) M(r, 0) M(r, 1) M(r, 2) M(r, 3)
#define LOADS LOADX(0) LOADX(1) LOADX(2) LOADX(3)
#else
#error "NV must be 2 or 4"
#endif
#define ACC(r) EACHV(ACC1, r)
#define STEP(r) { V b = VBCAST(qk[r]); EACHV(STEP1, r) }
#define STEPSQ(r) { V b = VBCAST(qk[r]); EACHV(SQ1, r) }
#define SAVE(r) EACHV(SAVE1, r)
#if MR == 2
#define EACH(M) M(0) M(1)
#elif MR == 6
#define EACH(M) M(0) M(1) M(2) M(3) M(4) M(5)
#elif MR == 12
#define EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) \
	M(10) M(11)
#else
#error "MR must be 2, 6 or 12"
#endif

enum { NRNAME = NR };

/* the MR x NR sums of tile tp for the MR queries of qp (value k of query
 * row r at qp[k * MR + r]) into buf: shared by the block and the count
 * kernels, so both give the same bits */
#define TILE_SUMS \
	if (!sq) { \
		EACH(ACC) \
		for (k = 0; k < dim; k++) { \
			const T *qk = qp + k * MR; \
			LOADS \
			EACH(STEP) \
		} \
		EACH(SAVE) \
	} else { \
		EACH(ACC) \
		for (k = 0; k < dim; k++) { \
			const T *qk = qp + k * MR; \
			LOADS \
			EACH(STEPSQ) \
		} \
		EACH(SAVE) \
	}

/* the queries q0 .. q1-1 in blocks of MR rows, each block dimension-major
 * (value k of row r at [k * MR + r]); a short last block repeats its last
 * row */
ATTR static T *QPACK(const struct kernel *kern, size_t q0, size_t q1)
{
	const T *Q = kern->q;
	size_t dim = kern->dim, nb = (q1 - q0 + MR - 1) / MR, b, r, k;
	T *qp = xmalloc(nb * MR * dim * sizeof *qp);

	for (b = 0; b < nb; b++)
		for (r = 0; r < MR; r++) {
			size_t q = q0 + b * MR + r;
			const T *row = Q + (q < q1 ? q : q1 - 1) * dim;
			for (k = 0; k < dim; k++)
				qp[(b * dim + k) * MR + r] = row[k];
		}
	return qp;
}

/* a group of tiles that stays in the L2 cache (256 KiB) while the queries
 * of a chunk pass over it */
#define TILE_GROUP(dim) \
	(262144 / ((dim) * NR * sizeof(T)) ? 262144 / ((dim) * NR * sizeof(T)) : 1)

ATTR static void NAME(const struct kernel *kern, size_t q0, size_t q1,
		      size_t i0, size_t i1, T *S)
{
	const T *P = kern->ipack;
	size_t dim = kern->dim, ld = i1 - i0, ig = TILE_GROUP(dim);
	size_t t0 = i0 / NR, t1 = (i1 + NR - 1) / NR, tg, t, qa;
	const int sq = kern->metric == MET_L2 || kern->metric == MET_HAMMING;
	T buf[MR][NR] __attribute__((aligned(64)));
	T *qpack = QPACK(kern, q0, q1);

	for (tg = t0; tg < t1; tg += ig) {
		size_t tge = tg + ig < t1 ? tg + ig : t1;
		for (qa = q0; qa < q1; qa += MR) {
			const T *qp = qpack + (qa - q0) * dim;
			size_t r, k, nr = q1 - qa < MR ? q1 - qa : MR;
			for (t = tg; t < tge; t++) {
				const T *tp = P + t * dim * NR;
				size_t jb = 0, je = NR;
				if (t * NR < i0)
					jb = i0 - t * NR;
				if (t * NR + NR > i1)
					je = i1 - t * NR;
				TILE_SUMS
				for (r = 0; r < nr; r++) {
					T *o = S + (qa + r - q0) * ld +
					       (t * NR + jb - i0);
					if (jb == 0 && je == NR) {
						FINISH(kern, qa + r, t * NR,
						       buf[r], NR);
						memcpy(o, buf[r], sizeof buf[r]);
					} else {
						FINISH(kern, qa + r, t * NR + jb,
						       buf[r] + jb, je - jb);
						memcpy(o, buf[r] + jb,
						       (je - jb) * sizeof *o);
					}
				}
			}
		}
	}
	free(qpack);
}

/* any of the NR scores of b not below lw (NaN included)? */
ATTR static int ANY(const T *b, T lw)
{
	G lv = (G){ 0 } + lw;
	__typeof__(lv < lv) m = lv < lv; /* zeros */
	unsigned long long w[sizeof m / 8], o = 0;
	size_t g, j;

	for (g = 0; g < NR / GL; g++) {
		G xt;
		memcpy(&xt, b + g * GL, sizeof xt);
		m |= ~(xt < lv);
	}
	memcpy(w, &m, sizeof m);
	for (j = 0; j < sizeof m / 8; j++)
		o |= w[j];
	return o != 0;
}

/* The same sums and the same finishing step, then, tile by tile and while
 * the tile is in L1, the scores of each query are counted against its
 * targets (kernel.h, struct kcount): a tile whose scores are all below the
 * lowest target score is dismissed with a few vector comparisons. */
ATTR static void CNAME(const struct kernel *kern, size_t q0, size_t q1,
		       size_t i0, size_t i1, struct kcount *kc)
{
	const T *P = kern->ipack;
	size_t dim = kern->dim, ig = TILE_GROUP(dim);
	size_t t0 = i0 / NR, t1 = (i1 + NR - 1) / NR, tg, t, qa;
	const int sq = kern->metric == MET_L2 || kern->metric == MET_HAMMING;
	T buf[MR][NR] __attribute__((aligned(64)));
	T *qpack = QPACK(kern, q0, q1);

	for (tg = t0; tg < t1; tg += ig) {
		size_t tge = tg + ig < t1 ? tg + ig : t1;
		for (qa = q0; qa < q1; qa += MR) {
			const T *qp = qpack + (qa - q0) * dim;
			size_t r, k, nr = q1 - qa < MR ? q1 - qa : MR;
			int live = 0;
			for (r = 0; r < nr; r++)
				live |= kc[qa + r - q0].d != 0;
			if (!live)
				continue;
			for (t = tg; t < tge; t++) {
				const T *tp = P + t * dim * NR;
				size_t j, jb = 0, je = NR;
				if (t * NR < i0)
					jb = i0 - t * NR;
				if (t * NR + NR > i1)
					je = i1 - t * NR;
				TILE_SUMS
				for (r = 0; r < nr; r++) {
					struct kcount *c = &kc[qa + r - q0];
					T *b = buf[r], lw;
					if (!c->d)
						continue;
					lw = (T)c->u[c->d - 1];
					if (jb == 0 && je == NR) {
						FINISH(kern, qa + r, t * NR, b, NR);
						if (!ANY(b, lw))
							continue;
					} else {
						FINISH(kern, qa + r, t * NR + jb,
						       b + jb, je - jb);
					}
					for (j = jb; j < je; j++)
						if (!(b[j] < lw))
							kc_add(c, b[j], 1);
				}
			}
		}
	}
	free(qpack);
}

#undef VL
#undef GL
#undef LOADX
#undef ACC1
#undef STEP1
#undef SQ1
#undef SAVE1
#undef EACHV
#undef LOADS
#undef ACC
#undef STEP
#undef STEPSQ
#undef SAVE
#undef EACH
#undef TILE_SUMS
#undef TILE_GROUP
