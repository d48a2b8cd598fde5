/* What every plot needs of its curves. */
#include "plot/plot.h"

size_t plot_xmax(const struct plotspec *spec)
{
	size_t i, n = 1;
	for (i = 0; i < spec->ns; i++)
		if (spec->s[i].n > n)
			n = spec->s[i].n;
	return n;
}

size_t plot_next_x(size_t x, size_t n, size_t every,
		   long (*cell)(const void *ctx, size_t x), const void *ctx)
{
	size_t lo, hi;
	long c;

	if (x >= n)
		return n + 1;
	if (x == 0 || n <= (every ? every : PLOT_EVERY))
		return x + 1;
	c = cell(ctx, x);
	if (cell(ctx, x + 1) != c)
		return x + 1;	/* x closed its cell: the next one's first */
	/* the last x of x's cell: cell(lo) == c, cell(hi + 1) != c or hi = n */
	lo = x + 1;
	hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;
		if (cell(ctx, mid) == c)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}
