/* Holm's adjustment (see holm.h): an insertion sort of the indices (m is
 * the number of systems, a handful), then one pass up the order. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "stats/holm.h"

void holm_adjust(const double *p, size_t m, double *adj)
{
	size_t *order = xmalloc((m + 1) * sizeof *order), k = 0;
	for (size_t i = 0; i < m; i++) {
		adj[i] = NAN;
		if (isnan(p[i]))
			continue;
		size_t j = k++;
		for (; j > 0 && p[order[j - 1]] > p[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	double running = 0;
	for (size_t j = 0; j < k; j++) {
		double a = (double)(k - j) * p[order[j]];
		if (a > 1)
			a = 1;
		if (a > running)
			running = a;
		adj[order[j]] = running;
	}
	free(order);
}
