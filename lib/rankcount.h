/* Tie-aware rank counting without sorting the candidates: for k target
 * candidates among n, rank = 1 + #strictly higher scores and ties = #other
 * candidates with exactly the same score, in O(n log k + k log k). */
#ifndef RK_RANKCOUNT_H
#define RK_RANKCOUNT_H
#include <stddef.h>
#include "strmap.h"

enum { BREAK_NONE, BREAK_INPUT, BREAK_ID };

/* ids: candidate i's id is strmap_key(ids, i) (used by BREAK_ID). With a
 * break rule, tied candidates before a target in that order count as above
 * it and ties is 0. */
void count_ranks(const double *score, size_t n, const size_t *target,
		 size_t k, int brk, const struct strmap *ids, long *rank,
		 long *ties);

#endif
