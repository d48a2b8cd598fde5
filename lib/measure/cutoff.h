/* Cut-off measures of one query from its tie groups, in each tie mode:
 * pure functions, no I/O. Formulas: rankkit(7), "Ties" (McSherry & Najork,
 * ECIR 2008, for the expected values). */
#ifndef RK_CUTOFF_H
#define RK_CUTOFF_H
#include "stream/rankstream.h"
#include "measure/ties.h"

/* relevant items in the top K (h(K)) */
double cut_found(const struct rquery *q, long K, int mode);
/* [first relevant rank <= K] */
double cut_hit(const struct rquery *q, long K, int mode);
/* 1 / first relevant rank when it is at most K, else 0 (also when none is
 * retrieved); K <= 0: no cut-off */
double cut_rr(const struct rquery *q, long K, int mode);
/* first relevant rank; NAN when none retrieved */
double cut_first(const struct rquery *q, int mode);

/* 1 - C(t-s, k)/C(t, k): a draw of k of t positions meets one of s */
double prob_any(long t, long s, long k);

#endif
