/* Measures that need the judged items that are not relevant, which the
 * rank stream carries from version 2 on (rankof --judged): bpref and
 * Judged@K, in the three tie modes, O(1) per tie group; the tie groups
 * that hold judged items, for them and RBP's residual (rbp.c). */
#ifndef RK_JUDGED_H
#define RK_JUDGED_H
#include "stream/rankstream.h"

/* bpref (Buckley and Voorhees, SIGIR 2004, as trec_eval computes it) of a
 * query with at least one relevant item: the mean over its R relevant
 * items of 1 - min(b, R) / min(N, R), b the judged non-relevant items
 * ranked above it, N those of the query, retrieved or not; 0 for one not
 * retrieved, 1 for every one when N = 0. Dies (rquery_need_v2) on a
 * version 1 query. */
double judged_bpref(const struct rquery *q, int mode);

/* Judged@K (ir_measures' judged, from OpenNIR): the items of the top K
 * that have a judgment (relevant, judged not relevant or of a negative
 * grade) over min(K, n); 0 when n = 0. Dies (rquery_need_v2) on a
 * version 1 query. */
double judged_at(const struct rquery *q, long K, int mode);

/* a tie group of positions a+1 .. a+t that holds judged items: rel
 * relevant, nonrel judged not relevant (kind 'j'), neg of a negative grade
 * (kind 'u') */
struct jgroup {
	long a, t, rel, nonrel, neg;
};

/* where judged_group_next is: zero it to begin */
struct jgcursor {
	size_t k, i;	/* the next of q->g and of q->jud */
};

/* 1 and the next group that holds judged items retrieved, by position,
 * into *g; 0 after the last. The query must be of version 2. */
int judged_group_next(const struct rquery *q, struct jgcursor *c,
		      struct jgroup *g);

#endif
