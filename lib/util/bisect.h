/* Binary search, inline because the scoring kernel's inner loops call it
 * for every score at or above a query's lowest target: the first index
 * where a condition that holds for a prefix of an array fails (a lower
 * bound), and with it the place of a score among decreasing scores. */
#ifndef RK_BISECT_H
#define RK_BISECT_H
#include <stddef.h>

/* first = the first i of 0 .. n-1 for which the expression before (of
 * the index named mid) is false, or n when it holds throughout; before
 * must hold for a prefix of the indices and fail for the rest */
#define BISECT_FIRST(first, n, mid, before)                                  \
	do {                                                                 \
		size_t bisect_lo_ = 0, bisect_hi_ = (n);                     \
		while (bisect_lo_ < bisect_hi_) {                            \
			size_t mid = bisect_lo_ + (bisect_hi_ - bisect_lo_) / 2; \
			if (before)                                          \
				bisect_lo_ = mid + 1;                        \
			else                                                 \
				bisect_hi_ = mid;                            \
		}                                                            \
		(first) = bisect_lo_;                                        \
	} while (0)

/* the number of u[0 .. d-1] (decreasing) strictly greater than s */
static inline size_t bisect_above(const double *u, size_t d, double s)
{
	size_t above;

	BISECT_FIRST(above, d, mid, u[mid] > s);
	return above;
}

/* the same without a branch on the scores: the half kept chosen by a
 * conditional move, so that scores in no order (a shuffled run's) cost
 * no mispredicted branch a step. While n > 1 the count sought is among
 * b - u .. b - u + n: u[h] > s puts it past b + h, and otherwise at or
 * before b + h, within the n - h >= h kept. */
static inline size_t bisect_above_flat(const double *u, size_t d, double s)
{
	const double *b = u;
	size_t n = d, h;

	if (n == 0)
		return 0;
	while (n > 1) {
		h = n / 2;
		b = b[h] > s ? b + h : b;
		n -= h;
	}
	return (size_t)(b - u) + (b[0] > s);
}

#endif
