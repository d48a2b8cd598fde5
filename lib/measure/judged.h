/* Measures that need the judged items that are not relevant, which the
 * rank stream carries from version 2 on (rankof --judged): bpref, in the
 * three tie modes, O(1) per tie group. */
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

#endif
