/* One variant of the scoring kernel, included by kernel_variant.h once per
 * element type and instruction set with T (the element type), SFX (its
 * suffix, _f64 or _f32) and the variant's parameters (kernel_variant.h)
 * defined: from them V (the variant's vector of T, or T itself), NR (items
 * per tile: NV vectors), VFMA(a, b, c) (a*b+c with one rounding, lane by
 * lane), VBCAST(s) (s in every lane), VNOTBELOW(v, s) (the bits of the
 * lanes of v not below s, NaN included), FINISH (kernel_body.h's finishing
 * step for T) and the names of the functions: block and count (kernel.h's
 * kernel_block and kernel_count), sumsq, pack_sumsq and score (rows' sums
 * of squares, packing with them, and one score alone), nr (a constant for
 * NR) and their helpers. Not a header of its own.
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

#define MCAT_(a, b) a##b
#define MCAT(a, b) MCAT_(a, b)
#define MNAME(f) MCAT(VARIANT(f), SFX)	/* block -> block_avx2_f64 */
#define V MCAT(VEC, SFX)
#define NR (NV * MCAT(LANES, SFX))
#define VFMA MCAT(VFMA, SFX)
#define VBCAST MCAT(VBCAST, SFX)
#define VNOTBELOW MCAT(VNOTBELOW, SFX)
#define FINISH MCAT(finish, SFX)
/* the norms of the packed items from row it on (kernel_body.h's prepare) */
#define TNORMS(kern, it) ((const T *)(kern)->inorm + ((it) - (kern)->r0))
#define TILE MNAME(tile)
#define TILEDOT MNAME(tiledot)
#define QPACK MNAME(qpack)
#define NOTBELOW MNAME(notbelow)
#define TCOUNT MNAME(tcount)
#define COSBELOW MNAME(cosbelow)
#define SWEEP MNAME(sweep)
#define SCORES MNAME(scores)
#define LIVE MNAME(live)
#define SCORE1 MNAME(score)
#define RESCORE MNAME(rescore)
#define DOTRESCUE MNAME(dotrescue)

#define VL (NR / NV)		/* lanes of V */
#define LOADX(v) V x##v; memcpy(&x##v, tp + k * NR + v * VL, sizeof(V));
#define ACC1(r, v) V a##r##v = { 0 };
#define STEP1(r, v) a##r##v = VFMA(b, x##v, a##r##v);
#define SQ1(r, v) { V d = b - x##v; a##r##v = VFMA(d, d, a##r##v); }
#define SAVE1(r, v) memcpy(dst[r] + v * VL, &a##r##v, sizeof(V));
#if NV == 2
#define EACHV(M, r) M(r, 0) M(r, 1)
#define LOADS LOADX(0) LOADX(1)
#define ZDECL V z0 = zero, z1 = zero;
#define ZSUM (z0 + z1)
#elif NV == 4
#define EACHV(M, r) M(r, 0) M(r, 1) M(r, 2) M(r, 3)
#define LOADS LOADX(0) LOADX(1) LOADX(2) LOADX(3)
#define ZDECL V z0 = zero, z1 = zero, z2 = zero, z3 = zero;
#define ZSUM ((z0 + z1) + (z2 + z3))
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

enum { MNAME(nr) = NR };

ATTR static double SCORE1(const struct kernel *kern, size_t q, size_t i);

/* The scores of query q against items i .. i+n-1 again, into o[0 ..
 * n-1], one by one (the score alone, kernel_body.h): for a row of a tile
 * where a sum overflowed, or a denominator of cos did. Those pairs take
 * the other way there; the others come out with the bits they had. */
ATTR static __attribute__((noinline, cold)) void
RESCORE(const struct kernel *kern, size_t q, size_t i, T *o, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++)
		o[j] = (T)SCORE1(kern, q, i + j);
}

/* TILEDOT's counting for a tile where a dot product's sum overflowed: the
 * lanes that count of each row (rowlanes[r]: queries qa + r, items it +
 * lane) scored alone, and those not below lw[r] counted */
ATTR static __attribute__((noinline, cold)) void
DOTRESCUE(const struct kernel *kern, size_t qa, size_t it, const T lw[MR],
	  const uint64_t rowlanes[MR], struct kcount *kc)
{
	size_t r;
	uint64_t m;

	for (r = 0; r < MR; r++)
		for (m = rowlanes[r]; m; m &= m - 1) {
			size_t j = (size_t)__builtin_ctzll(m);
			T s = (T)SCORE1(kern, qa + r, it + j);
			if (!(s < lw[r]))
				kc_add(&kc[r], s, 1);
		}
}

/* the sums of tile tp for the MR query rows of qp (value k of query row r
 * at qp[k * MR + r]) into dst[r][0 .. NR-1]; while row k of tile tp is in
 * the registers, row k of tile `next` is prefetched (NULL: none), so that
 * the next tile comes from memory while this one is computed */
#define TILE_SUMS(STEPM) \
	EACH(ACC) \
	for (k = 0; k < dim; k++) { \
		const T *qk = qp + k * MR; \
		const char *pf = next ? (const char *)(next + k * NR) : NULL; \
		LOADS \
		for (l = 0; pf && l < NR * sizeof(T); l += 64) \
			__builtin_prefetch(pf + l); \
		EACH(STEPM) \
	}
/* A sum that overflowed is +-inf (finish, kernel_body.h), and inf * 0 is
 * NaN where a finite sum gives +-0: one fused multiply-add per vector of
 * sums, z = fma(a, 0, z), finds them all in z, and a tile whose z is not
 * below 1 in some lane (NaN) has its scores taken alone (RESCORE,
 * DOTRESCUE). MR * NV such steps against D * MR * NV for the sums, in NV
 * chains z0, z1, ... (one per vector of a row), added at the end: a NaN
 * in any stays NaN, and a single chain would hold each tile up for MR * NV
 * latencies of an fma (bench/RESULTS.md: the kernel's share of the peak). */
#define ZERO1(r, v) z##v = VFMA(a##r##v, zero, z##v);
#define ZERO(r) EACHV(ZERO1, r)
#define TILE_LOOP(STEPM) TILE_SUMS(STEPM) EACH(ZERO) EACH(SAVE)

/* the sums of a tile into dst; nonzero when one of them overflowed */
ATTR static inline __attribute__((always_inline)) int
TILE(const T *qp, const T *tp, const T *next, size_t dim, int sq,
     T *const dst[MR])
{
	size_t k, l;
	const V zero = VBCAST((T)0);
	ZDECL

	if (!sq) {
		TILE_LOOP(STEP)
	} else {
		TILE_LOOP(STEPSQ)
	}
	return VNOTBELOW(ZSUM, (T)1) != 0;
}

/* The count of a tile for dot, whose sums are the scores: each row's sums
 * are compared with its query's lowest target score while they are in the
 * registers (lw[r]; rowlanes[r]: the lanes that count, none for a row
 * without targets or past the block's end), and only a row with a score
 * to count is stored, to dst[r], for kc_add. A tile where a sum
 * overflowed (z, above) is counted by DOTRESCUE instead. */
#define CMP1(r, v) m |= (uint64_t)VNOTBELOW(a##r##v, lw[r]) << (v * VL);
#define CMPROW(r) { \
	uint64_t m = 0; \
	EACHV(CMP1, r) \
	if ((m &= rowlanes[r]) != 0) { \
		EACHV(SAVE1, r) \
		for (; m; m &= m - 1) \
			kc_add(&kc[r], dst[r][__builtin_ctzll(m)], 1); \
	} \
}

ATTR static inline __attribute__((always_inline)) void
TILEDOT(const struct kernel *kern, size_t qa, size_t it, const T *qp,
	const T *tp, const T *next, size_t dim, const T lw[MR],
	const uint64_t rowlanes[MR], T *const dst[MR], struct kcount *kc)
{
	size_t k, l;
	const V zero = VBCAST((T)0);
	ZDECL

	TILE_SUMS(STEP)
	EACH(ZERO)
	if (VNOTBELOW(ZSUM, (T)1)) {
		DOTRESCUE(kern, qa, it, lw, rowlanes, kc);
		return;
	}
	EACH(CMPROW)
}

/* the queries q0 .. q1-1 in blocks of MR rows, each block dimension-major
 * (value k of row r at [k * MR + r]); a short last block repeats its last
 * row */
ATTR static T *QPACK(const struct kernel *kern, size_t q0, size_t q1,
		     struct kqrows *qr)
{
	const T *Q = kern->q;
	size_t dim = kern->dim, nb = (q1 - q0 + MR - 1) / MR, b, r, k;
	size_t bytes = nb * MR * dim * sizeof(T);
	T *qp;

	if (qr && qr->pack && qr->kern == kern && qr->q0 == q0 && qr->q1 == q1)
		return qr->pack;	/* packed by the caller's last block */
	if (!qr) {
		qp = xmalloc(bytes);
	} else {
		xgrow(&qr->pack, &qr->cap, bytes, 1);
		qp = qr->pack;
		qr->kern = kern;
		qr->q0 = q0;
		qr->q1 = q1;
	}
	for (b = 0; b < nb; b++)
		for (r = 0; r < MR; r++) {
			size_t q = q0 + b * MR + r;
			const T *row = Q + (q < q1 ? q : q1 - 1) * dim;
			for (k = 0; k < dim; k++)
				qp[(b * dim + k) * MR + r] = row[k];
		}
	return qp;
}

/* the lanes of the NR scores of b that are not below lw (NaN included),
 * as the bits of a mask: lane j is bit j */
ATTR static inline uint64_t NOTBELOW(const T *b, T lw)
{
	uint64_t m = 0;
	size_t v;

	for (v = 0; v < NV; v++) {
		V x;
		memcpy(&x, b + v * VL, sizeof x);
		m |= (uint64_t)VNOTBELOW(x, lw) << (v * VL);
	}
	return m;
}

/* cos, counting: 1 when every score of the tile's NR sums b, fl(b / den)
 * with den = fl(|q| |x|) as the finishing step takes them, is below the
 * lowest target lw, shown without a division: for den in (0, TMAX] the
 * sign of fma(-lw2, den, b) is that of b - lw2 den, of b / den - lw2,
 * exactly, and b / den < lw2 gives fl(b / den) <= lw2 < lw (rounding is
 * monotone, lw2 a float). lw2 = lw - |lw| 2^-(p-2) (p: the precision) is
 * at least one float below lw when lw is normal and not tiny; otherwise
 * (and for a den of 0, inf or NaN) the answer is 0 and the tile is
 * finished as always. A tile most of whose rows lie below their queries'
 * lowest target, as in most of a gallery, then costs no division. */
ATTR static inline int COSBELOW(const struct kernel *kern, size_t q,
				const T *in, const T *b, T lw)
{
	const T tiny = sizeof(T) == 8 ? (T)0x1p-900 : (T)0x1p-100;
	const T eps = sizeof(T) == 8 ? (T)0x1p-51 : (T)0x1p-22;
	const T qn = ((const T *)kern->qnorm)[q];
	unsigned maybe = 0;
	size_t v;
	T lw2;

	if (!(lw > tiny || lw < -tiny))
		return 0;
	lw2 = lw - (lw < 0 ? -lw : lw) * eps;
	for (v = 0; v < NV; v++) {
		V x, a, den, r;
		memcpy(&x, in + v * VL, sizeof x);
		memcpy(&a, b + v * VL, sizeof a);
		den = VBCAST(qn) * x;
		r = VFMA(VBCAST(-lw2), den, a);
		/* den <= 0 or NaN, den inf, or r not below 0: maybe counts */
		maybe |= VNOTBELOW(-den, (T)0) | VNOTBELOW(den, (T)INFINITY) |
			 VNOTBELOW(r, (T)0);
	}
	return maybe == 0;
}

/* The counting of one tile's sums: the finishing step, then the scores of
 * each query are counted against its targets (kernel.h, struct kcount)
 * while they are in L1. One vector comparison per NR/NV scores against the
 * lowest target score finds the few that count; the others cost nothing
 * more. */
ATTR static inline void TCOUNT(const struct kernel *kern, size_t qa,
			       size_t nr, size_t it, size_t jb, size_t je,
			       int over, T buf[MR][NR], struct kcount *kc)
{
	/* lanes jb .. je-1 (NR <= 32, so the shifts stay in range) */
	const uint64_t lanes = ((UINT64_C(1) << je) - 1) &
		~((UINT64_C(1) << jb) - 1);
	size_t r;

	for (r = 0; r < nr; r++) {
		struct kcount *c = &kc[r];
		T *b = buf[r];
		uint64_t m;
		if (!c->d)
			continue;
		/* over: a sum of the tile overflowed */
		if (COS_FILTER && kern->metric == MET_COS && jb == 0 &&
		    je == NR && !over &&
		    COSBELOW(kern, qa + r, TNORMS(kern, it), b,
			     (T)c->u[c->d - 1]))
			continue;
		if (jb == 0 && je == NR) {
			/* NR known here: the finishing step is vectorized */
			if (FINISH(kern, qa + r, TNORMS(kern, it), b, NR) | over)
				RESCORE(kern, qa + r, it, b, NR);
		} else if (FINISH(kern, qa + r, TNORMS(kern, it + jb), b + jb,
				  je - jb) | over) {
			RESCORE(kern, qa + r, it + jb, b + jb, je - jb);
		}
		for (m = NOTBELOW(b, (T)c->u[c->d - 1]) & lanes; m; m &= m - 1)
			kc_add(c, b[__builtin_ctzll(m)], 1);
	}
}

/* per block of MR queries (of n), whether any of them has a target */
static unsigned char *LIVE(const struct kcount *kc, size_t n)
{
	size_t nb = (n + MR - 1) / MR, b, r;
	unsigned char *live = xmalloc(nb ? nb : 1);

	for (b = 0; b < nb; b++)
		for (live[b] = 0, r = b * MR; r < n && r < b * MR + MR; r++)
			live[b] |= kc[r].d != 0;
	return live;
}

/* queries of a group: their packed rows stay in the L2 cache (256 KiB,
 * a multiple of MR rows) while each tile of items passes over them once */
#define QUERY_GROUP(dim) (262144 / ((dim) * MR * sizeof(T)) ? \
	262144 / ((dim) * MR * sizeof(T)) * MR : MR)

/* The scores of query q in lanes jb .. je-1 of the tile of items from it
 * on, finished into o from the tile's sums: in place when the sums went
 * straight to o (sums == o: a whole tile, NR known, so the finishing step
 * is vectorized), else copied from sums[jb ..] first; scored alone when
 * a sum of the tile overflowed (over) or the finish says so */
ATTR static inline __attribute__((always_inline)) void
SCORES(const struct kernel *kern, size_t q, size_t it, size_t jb, size_t je,
       int over, const T *sums, T *o)
{
	if (sums == o) {
		if (FINISH(kern, q, TNORMS(kern, it), o, NR) | over)
			RESCORE(kern, q, it, o, NR);
		return;
	}
	memcpy(o, sums + jb, (je - jb) * sizeof *o);
	if (FINISH(kern, q, TNORMS(kern, it + jb), o, je - jb) | over)
		RESCORE(kern, q, it + jb, o, je - jb);
}

/* The one sweep of both kernels: groups of queries, the tiles of items,
 * the blocks of MR queries of the group. A tile comes from memory once per
 * group and stays in L1 while every block of the group uses it; the packed
 * queries are the small operand that is read again, from L1 or L2. With S
 * (kernel_block; kc NULL) a whole tile's sums go straight into the rows of
 * S and are finished there; with kc (kernel_count; S NULL) they go to a
 * buffer in L1 and are counted. Inlined into both with one of them NULL,
 * so each gets its own loop. */
ATTR static inline __attribute__((always_inline)) void
SWEEP(const struct kernel *kern, size_t q0, size_t q1, size_t i0, size_t i1,
      T *S, struct kcount *kc, struct kqrows *qr)
{
	const T *P = kern->ipack;
	const size_t pt0 = kern->t0;	/* the first tile packed */
	size_t dim = kern->dim, ld = i1 - i0, qgn = QUERY_GROUP(dim);
	size_t t0 = i0 / NR, t1 = (i1 + NR - 1) / NR, qg, t, qa, r;
	const int sq = kern->metric == MET_L2 || kern->metric == MET_HAMMING;
	const int dotcount = kc && kern->metric == MET_DOT;
	int over;
	T buf[MR][NR] __attribute__((aligned(64)));
	T *dst[MR];
	T *qpack;
	unsigned char *live;

	/* no items (a fold outside a gallery shard's rows) or no queries:
	 * nothing to read. t0 .. t1-1 would otherwise hold the tile of i0
	 * when i0 is not a multiple of NR, and that tile need not be packed */
	if (i0 >= i1 || q0 >= q1)
		return;
	qpack = QPACK(kern, q0, q1, qr);
	live = kc ? LIVE(kc, q1 - q0) : NULL;
	for (qg = q0; qg < q1; qg += qgn) {
		size_t qge = qg + qgn < q1 ? qg + qgn : q1;
		for (t = t0; t < t1; t++) {
			const T *tp = P + (t - pt0) * dim * NR;
			const T *next = t + 1 < t1 ? tp + dim * NR : tp;
			size_t jb = t * NR < i0 ? i0 - t * NR : 0;
			size_t je = t * NR + NR > i1 ? i1 - t * NR : NR;
			/* lanes jb .. je-1 (NR <= 32: the shifts stay in range) */
			const uint64_t lanes = ((UINT64_C(1) << je) - 1) &
				~((UINT64_C(1) << jb) - 1);
			for (qa = qg; qa < qge; qa += MR) {
				size_t nr = qge - qa < MR ? qge - qa : MR;
				int whole = !kc && jb == 0 && je == NR;
				if (kc && !live[(qa - q0) / MR])
					continue;
				for (r = 0; r < MR; r++)
					dst[r] = whole && r < nr ? S + (qa + r - q0) *
						ld + (t * NR - i0) : buf[r];
				if (dotcount) {
					struct kcount *c = kc + (qa - q0);
					T lw[MR];
					uint64_t rowlanes[MR];
					for (r = 0; r < MR; r++) {
						rowlanes[r] = r < nr && c[r].d ? lanes : 0;
						lw[r] = rowlanes[r] ?
							(T)c[r].u[c[r].d - 1] : 0;
					}
					if (qa == qg)
						TILEDOT(kern, qa, t * NR,
							qpack + (qa - q0) * dim, tp,
							next, dim, lw, rowlanes, dst, c);
					else
						TILEDOT(kern, qa, t * NR,
							qpack + (qa - q0) * dim, tp,
							NULL, dim, lw, rowlanes, dst, c);
					continue;
				}
				/* the group's first block prefetches the next
				 * tile; the others find this one in L1 */
				if (qa == qg)
					over = TILE(qpack + (qa - q0) * dim, tp, next,
						    dim, sq, dst);
				else
					over = TILE(qpack + (qa - q0) * dim, tp, NULL,
						    dim, sq, dst);
				if (kc) {
					TCOUNT(kern, qa, nr, t * NR, jb, je, over,
					       buf, kc + (qa - q0));
					continue;
				}
				for (r = 0; r < nr; r++)
					SCORES(kern, qa + r, t * NR, jb, je, over,
					       dst[r], S + (qa + r - q0) * ld +
					       (t * NR + jb - i0));
			}
		}
	}
	if (!qr)
		free(qpack);
	free(live);
}

/* kernel_body.h's sums of squares and score alone, compiled for this
 * variant: its fused multiply-add is one instruction here, not a call to
 * libm's fma() (the same operation, so the same bits) */
ATTR static void MNAME(sumsq)(const T *X, const size_t *rows, size_t n,
			       size_t dim, T *out)
{
	MCAT(sumsq, SFX)(X, rows, n, dim, out);
}

/* Packs tiles t0 .. t1-1 of the ni rows of I to P (kernel_body.h's
 * layout) and writes the sums of squares of their rows to ss, from each
 * tile while it is in L1: lane j of the NV vectors holds row j's chain of
 * fused multiply-adds in dimension order, the bits of sumsq. */
#define SQSTEP(r, v) a##r##v = VFMA(x##v, x##v, a##r##v);
ATTR static void MNAME(pack_sumsq)(const T *I, size_t ni, size_t dim,
				   size_t t0, size_t t1, T *P, T *ss)
{
	size_t t, k;

	for (t = t0; t < t1; t++) {
		T *tp = P + (t - t0) * dim * NR;
		T *dst[1] = { ss + (t - t0) * NR };
		MCAT(pack, SFX)(I, ni, dim, NR, t, t + 1, tp);
		ACC(0)
		for (k = 0; k < dim; k++) {
			LOADS
			EACHV(SQSTEP, 0)
		}
		SAVE(0)
	}
}
#undef SQSTEP

ATTR static double SCORE1(const struct kernel *kern, size_t q, size_t i)
{
	return MCAT(score, SFX)(kern, q, i);
}

ATTR static void MNAME(block)(const struct kernel *kern, size_t q0, size_t q1,
		      size_t i0, size_t i1, T *S, struct kqrows *qr)
{
	SWEEP(kern, q0, q1, i0, i1, S, NULL, qr);
}

ATTR static void MNAME(count)(const struct kernel *kern, size_t q0, size_t q1,
		       size_t i0, size_t i1, struct kcount *kc)
{
	SWEEP(kern, q0, q1, i0, i1, NULL, kc, NULL);
}

/* kernel_pass_row (kernel.h): the lanes of a vector not below t found by
 * one comparison, the vector passed over when there are none (NaN is
 * among those lanes, and left out one by one) */
ATTR static size_t MNAME(passrow)(const T *v, size_t bn, T t, size_t at,
				  uint32_t *off, T *kept, size_t n,
				  size_t cap)
{
	size_t j = 0, k;
	uint64_t m;

	for (; j + VL <= bn; j += VL) {
		V x;
		memcpy(&x, v + j, sizeof x);
		for (m = VNOTBELOW(x, t); m; m &= m - 1) {
			k = j + (size_t)__builtin_ctzll(m);
			if (!(v[k] >= t))
				continue;
			if (n == cap)
				return cap + 1;
			off[n] = (uint32_t)(at + k);
			kept[n++] = v[k];
		}
	}
	for (; j < bn; j++)
		if (v[j] >= t) {
			if (n == cap)
				return cap + 1;
			off[n] = (uint32_t)(at + j);
			kept[n++] = v[j];
		}
	return n;
}

#undef VL
#undef LOADX
#undef ACC1
#undef STEP1
#undef SQ1
#undef SAVE1
#undef EACHV
#undef LOADS
#undef ZSUM
#undef ZDECL
#undef ACC
#undef STEP
#undef STEPSQ
#undef SAVE
#undef EACH
#undef TILE_LOOP
#undef TILE_SUMS
#undef CMPROW
#undef CMP1
#undef ZERO
#undef ZERO1
#undef MCAT_
#undef MCAT
#undef MNAME
#undef V
#undef NR
#undef VFMA
#undef VBCAST
#undef VNOTBELOW
#undef FINISH
#undef COSBELOW
#undef TILE
#undef TILEDOT
#undef QPACK
#undef NOTBELOW
#undef TCOUNT
#undef SWEEP
#undef SCORES
#undef LIVE
#undef SCORE1
#undef RESCORE
#undef DOTRESCUE
#undef QUERY_GROUP
