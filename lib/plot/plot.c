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
