/* The hit-rate curve of a set of queries: for every K, the exact sum over
 * queries of hit@K (cut_hit, the function hitrate uses) in each tie mode,
 * rounded once as hitrate's exact summaries are, so that every value is
 * the bits hitrate computes. A query's hit@K follows from its first tie
 * group holding a relevant item, (a, t, s): 0 for K <= a, 1 for K >= a + t
 * in every mode, cut_hit's value in between. The curve keeps each distinct
 * first group once, with the number of queries that have it, and makes the
 * value at a K when it is asked for: its memory grows with the distinct
 * first ranks of the input, never with a gallery size n or a K, and a
 * value costs O(log groups), and in the expected mode O(groups whose tie
 * covers K) more, when the K asked for increase. */
#ifndef RK_CURVE_H
#define RK_CURVE_H
#include <stddef.h>
#include "stream/rankstream.h"
#include "util/strmap.h"
#include "measure/ties.h"

/* a distinct first group and how many queries have it */
struct cgroup {
	long a, t, s;
	long count;
};

struct curve {
	long count;		/* queries counted */
	struct cgroup *g;	/* the distinct first groups */
	size_t ng, cap;
	struct strmap index;	/* the bytes of (a, t, s) to g[] */
	/* made by the first curve_value: g[] by a + 1, by a + t - s + 1
	   (where the pessimistic hit becomes 1) and by a + t */
	size_t *by_start, *by_pess, *by_end;
	int sorted;
	/* the cursor: the last K asked for, the groups whose start, pess and
	   end are at most K (positions in the orders above, and the queries
	   they count), and the groups with a < K < a + t */
	long at;
	size_t nstart, npess, nend;
	long started, pessed, ended;
	size_t *active, nactive;
};

void curve_init(struct curve *cv);
void curve_free(struct curve *cv);

/* counts query q: its first group holding a relevant item, or a miss at
 * every K when it has none (an empty query, m = 0, included) */
void curve_add(struct curve *cv, const struct rquery *q);
/* counts a query whose first group is (a, t, s); t = 0: a miss */
void curve_add_group(struct curve *cv, long a, long t, long s);

/* the mean hit@K in mode, NaN when no query was counted; K >= 1. Fastest
 * when the K asked for do not decrease (a smaller K starts over). */
double curve_value(struct curve *cv, long K, int mode);

/* The K at which the optimistic or the pessimistic curve rises, a + 1 and
 * a + t - s + 1 of every group, added to *steps (*n of them, *cap its
 * room); both curves are constant from one such K to the next. */
void curve_steps(const struct curve *cv, long **steps, size_t *n,
		 size_t *cap);

#endif
