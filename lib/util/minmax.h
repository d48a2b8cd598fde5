/* The lesser and greater of two longs, and a long clamped to a range:
 * inline, for the counting loops of the measures (gallery sizes, tie
 * groups, cut-offs). */
#ifndef RK_MINMAX_H
#define RK_MINMAX_H

static inline long lmin(long x, long y) { return x < y ? x : y; }
static inline long lmax(long x, long y) { return x > y ? x : y; }

/* v within [lo, hi] (lo <= hi) */
static inline long clampl(long v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

#endif
