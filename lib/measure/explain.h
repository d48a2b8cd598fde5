/* --explain: how each measure of one query is made from its ranks, on the
 * standard error, in the symbols of the measure programs' manual pages
 * (r, h(K), m, n, a, t, s, c), lines within 80 columns. Each function
 * prints its formula with the query's numbers filled in and ends the last
 * line with "= value", the value computed from the terms shown. */
#ifndef RK_EXPLAIN_H
#define RK_EXPLAIN_H
#include "stream/rankstream.h"

/* the query: n, m, its relevant items (grade, rank, ties) and tie groups */
void explain_query(const struct rquery *q, int mode);

/* cut-off measures and rank statistics (hitrate, cmc) */
void explain_hit(const char *name, const struct rquery *q, long K, int mode);
void explain_recall(const char *name, const struct rquery *q, long K, int mode);
void explain_prec(const char *name, const struct rquery *q, long K, int mode);
void explain_rr(const char *name, const struct rquery *q, int mode);
void explain_first(const char *name, const struct rquery *q, int mode);
/* the whole curve of cmc: where hit@K is 0, where 1, each K between */
void explain_curve(const struct rquery *q, long maxK, int mode);
/* full-list measures (mapr, ndcg); div is an enum apdiv, gain an enum
 * gainkind; K <= 0: no cut-off */
void explain_rprec(const char *name, const struct rquery *q, int mode);
void explain_ap(const char *name, const struct rquery *q, long K, int mode,
		int div);
void explain_inp(const char *name, const struct rquery *q, int mode);
void explain_ndcg(const char *name, const struct rquery *q, long K, int mode,
		  int gain);

#endif
