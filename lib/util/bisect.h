/* Binary search in a decreasing array of scores, inline because the
 * scoring kernel's inner loops call it for every score at or above a
 * query's lowest target. */
#ifndef RK_BISECT_H
#define RK_BISECT_H
#include <stddef.h>

/* the number of u[0 .. d-1] (decreasing) strictly greater than s */
static inline size_t bisect_above(const double *u, size_t d, double s)
{
	size_t lo = 0, hi = d;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (u[mid] > s)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#endif
