/* The score of the K-th best item of a query, for simmat -k: keeping every
 * score >= it keeps the K best and every item tied with the K-th. */
#ifndef RK_TOPK_H
#define RK_TOPK_H
#include <stddef.h>
#include "stream/embed.h"

struct topk_scratch {
	double *v;
	size_t cap;
};

/* S: n scores (float or double as type); the one at index skip (SIZE_MAX:
 * none) is left out. -inf when fewer than k scores remain. O(n) expected
 * time (quickselect with three-way partitioning, so ties cost nothing). */
double topk_threshold(struct topk_scratch *t, const void *S,
		      enum embtype type, size_t n, size_t skip, size_t k);
void topk_free(struct topk_scratch *t);

#endif
