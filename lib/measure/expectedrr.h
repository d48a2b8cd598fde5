/* ERR@K, the expected reciprocal rank of Chapelle et al. (CIKM 2009), in
 * the convention of the TREC Web track's gdeval.pl, in the three tie
 * modes; the expected mode's cost is bounded by K, not by the size of a
 * tie group (the derivation is in err.c). Pure, no I/O but its error. */
#ifndef RK_EXPECTEDRR_H
#define RK_EXPECTEDRR_H
#include "stream/rankstream.h"

/* ERR@K = sum over positions i <= K of (r_i / i) prod_{j<i} (1 - r_j),
 * r = (2^g - 1) / 2^gmax for an item of grade g >= 1 (the rank stream's
 * relevant items), 0 for every other item; K <= 0: the whole list. Dies
 * "file:line: ..." on a grade above gmax (1 <= gmax <= 1023). 0 for a
 * query without relevant items. */
double err_at(const struct rquery *q, long K, int mode, long gmax);

/* the stop chance r of relevant item it of q; dies as err_at on a grade
 * above gmax */
double err_stop(const struct rquery *q, const struct relitem *it, long gmax);

/* what tie group g of q adds to ERR@K in the expected mode, before the
 * product D of 1 - r above it: sum over its positions a+i <= K of
 * (F(i-1) - F(i)) / (a+i) (err.c); *all gets the product of 1 - r over
 * the group (--explain shows the terms) */
double err_group(const struct rquery *q, const struct tgroup *g, long K,
		 long gmax, double *all);

#endif
