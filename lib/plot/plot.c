/* What every plot needs of its curves. */
#include "plot/plot.h"

size_t plot_xmax(const struct plotspec *P)
{
	size_t i, n = 1;
	for (i = 0; i < P->ns; i++)
		if (P->s[i].n > n)
			n = P->s[i].n;
	return n;
}
