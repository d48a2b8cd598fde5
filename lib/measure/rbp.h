/* Rank-biased precision and its residual (Moffat and Zobel, "Rank-biased
 * precision for measurement of retrieval effectiveness", ACM TOIS 27(1),
 * 2008), in the three tie modes, O(1) per tie group (rbp.c). */
#ifndef RK_RBP_H
#define RK_RBP_H
#include "stream/rankstream.h"

/* RBP(p) = (1 - p) sum over the relevant items retrieved of p^(i-1), i
 * the item's position: an unjudged item counts as not relevant.
 * 0 <= p < 1. */
double rbp_base(const struct rquery *q, int mode, double p);

/* the residual: what the unjudged items retrieved and the items past the
 * query's n candidates could add, (1 - p) sum over unjudged positions i
 * <= n of p^(i-1), plus p^n; an item of kind 'u' (a negative qrels grade)
 * counts as unjudged, as in trec_eval. Dies (rquery_need_v2) on a version
 * 1 query, which does not say which items are judged. */
double rbp_resid(const struct rquery *q, int mode, double p);

/* the weights (1 - p) p^(i-1) of j of the positions a+1 .. a+t as the
 * tie mode places them: a tie group's share of RBP (j relevant items) or
 * of the judged weight the residual takes from 1 (rbp.c) */
double rbp_group_weight(long a, long t, long j, int mode, double p);

#endif
