/* Tie-aware rank counting without sorting the candidates: for k targets
 * (the relevant candidates) among n candidates, rank = 1 + #strictly
 * higher scores and ties = #other candidates with exactly the same score,
 * in O(n log k + k log k): the targets are grouped by score once, and each
 * candidate at or above the lowest target score finds its place among the
 * groups by binary search. rankof's ranker, rankof -e's row path and its
 * fused path (which gets the counts from the scoring kernel) share it. */
#ifndef RK_RANKCOUNT_H
#define RK_RANKCOUNT_H
#include <stddef.h>
#include "util/slice.h"

enum { BREAK_NONE, BREAK_INPUT, BREAK_ID };

/* one relevant item of a query, a line of the rank stream; rank < 0: not
 * retrieved */
struct rankline {
	struct slice item;
	long grade, rank, ties;
};

/* a target; cand and id give the break orders (BREAK_INPUT: cand
 * ascending, the order of appearance; BREAK_ID: id descending in byte
 * order, trec_eval's) */
struct counttarget {
	double s;
	size_t cand;
	struct slice id;
	size_t out;		/* its line in the caller's array */
	int outside;		/* rankof --items: scored, but outside the
				 * shard's candidates (not counted) */
};

/* a query's targets grouped by score, and the counts against them */
struct rankcount {
	int brk;
	struct counttarget *t;	/* t[0 .. k-1]: sorted by rankcount_group */
	size_t k, d;
	double *u;		/* the d distinct target scores, decreasing */
	size_t *gbeg;		/* group j is t[gbeg[j] .. gbeg[j+1]-1] */
	size_t *above;		/* [j]: candidates between u[j-1] and u[j] */
	size_t *eq;		/* [j]: candidates scoring u[j], targets too */
	size_t *pre;		/* [i]: break rule: the tied candidates that
				   come before t[i] start counting at i */
	size_t cap;		/* of the arrays, when rankcount_reserve made
				   them */
};

/* room for k targets: t[k], u[k], gbeg[k+1], above[k+1], eq[k], pre[k+1] */
void rankcount_reserve(struct rankcount *grp, size_t k);
void rankcount_free(struct rankcount *grp);
/* sorts t[0 .. k-1], fills u and gbeg, zeroes the counts; returns d */
size_t rankcount_group(struct rankcount *grp);
/* one candidate (the targets are candidates too) scoring s >= u[d-1] */
void rankcount_add(struct rankcount *grp, size_t cand, struct slice id,
		   double s);
/* the same for candidates that mostly come by decreasing score (a TREC
 * run in its ranked order): each search starts at the place of the one
 * before when its score is not higher, instead of bisecting all the
 * target scores. w starts zeroed, once per query. */
struct rankwalk {
	size_t lo;		/* the last candidate's place */
	double last;		/* and its score */
	int have;
};
void rankcount_add_walk(struct rankcount *grp, struct rankwalk *w,
			size_t cand, struct slice id, double s);
/* with a break rule, when no candidate but targets ties with a target:
 * the break order among the targets alone (zeroes pre first) */
void rankcount_break_targets(struct rankcount *grp);
/* the rank and ties of each target into out[t.out] */
void rankcount_ranks(const struct rankcount *grp, struct rankline *out);

#endif
