/* Adjustments of p-values (see adjust.h): an insertion sort of the
 * indices (m is the number of systems, a handful), then one pass along
 * the order: up it for Holm, down it for Benjamini-Hochberg. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "stats/adjust.h"

const char *const adjust_names[] = { "holm", "bh", "bonferroni", "none", NULL };

const char *adjust_adjective(int method)
{
	static const char *const adjective[] = {
		"Holm-adjusted", "BH-adjusted", "Bonferroni-adjusted", NULL
	};
	return adjective[method];
}

/* the indices of the k p-values that are not NaN, in ascending order of
 * p (equal ones in input order) into order; returns k */
static size_t ascending(const double *p, size_t m, size_t *order)
{
	size_t k = 0;
	for (size_t i = 0; i < m; i++) {
		if (isnan(p[i]))
			continue;
		size_t j = k++;
		for (; j > 0 && p[order[j - 1]] > p[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	return k;
}

static double at_most_1(double x)
{
	return x > 1 ? 1 : x;
}

void p_adjust(int method, const double *p, size_t m, double *adj)
{
	size_t *order = xmalloc((m + 1) * sizeof *order);
	size_t k = ascending(p, m, order);
	for (size_t i = 0; i < m; i++)
		adj[i] = isnan(p[i]) ? NAN : p[i];
	if (method == ADJUST_HOLM) {
		double running = 0;	/* the largest so far, up the order */
		for (size_t j = 0; j < k; j++) {
			double a = at_most_1((double)(k - j) * p[order[j]]);
			if (a > running)
				running = a;
			adj[order[j]] = running;
		}
	} else if (method == ADJUST_BH) {
		double running = 1;	/* the least so far, down the order */
		for (size_t j = k; j-- > 0;) {
			double a = at_most_1((double)k * p[order[j]] /
					     (double)(j + 1));
			if (a < running)
				running = a;
			adj[order[j]] = running;
		}
	} else if (method == ADJUST_BONFERRONI) {
		for (size_t j = 0; j < k; j++)
			adj[order[j]] = at_most_1((double)k * p[order[j]]);
	}
	free(order);
}
