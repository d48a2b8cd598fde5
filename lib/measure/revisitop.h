/* The measures of the revisited Oxford and Paris benchmarks (Radenovic et
 * al., CVPR 2018; the evaluate module of revisitop's Python code) of one
 * query, in each tie mode: its trapezoidal AP (mapr --ap-area trapezoid)
 * and its mP@K (hitrate -m mP). Pure functions, no I/O; the expected
 * values over tie orders are derived in revisitop.c. Both return 0 for a
 * query with no relevant item, or none retrieved. */
#ifndef RK_REVISITOP_H
#define RK_REVISITOP_H
#include "stream/rankstream.h"
#include "measure/ties.h"

/* revisitop's compute_ap: (1/m) sum over the retrieved relevant items of
 * (P(before) + P(at)) / 2, P(at) = i/p the precision at the i-th relevant
 * item's position p, P(before) = (i-1)/(p-1) the precision just above it
 * (1 when p = 1): the area under the precision-recall curve by trapezoids */
double revisitop_ap(const struct rquery *q, int mode);
/* B of revisitop_ap: the sum over the retrieved relevant items of the
 * precision just above each, (i-1)/(p-1), 1 when p = 1 (for --explain) */
double revisitop_before(const struct rquery *q, int mode);

/* revisitop's mP@K: L the position of the last retrieved relevant item,
 * k = min(K, L), the relevant items in the top k over k */
double revisitop_mpk(const struct rquery *q, long K, int mode);

#endif
