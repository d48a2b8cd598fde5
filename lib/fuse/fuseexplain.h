/* fuse --explain QUERY: how each item's fused score of the query is
 * made, on the standard error: per run its score, rank and value, the
 * weight, and the method's arithmetic with the numbers filled in. */
#ifndef RK_FUSEEXPLAIN_H
#define RK_FUSEEXPLAIN_H
#include "fuse/fusequery.h"

/* the query's u items in f's fused order (fuser_query has made them) */
void fuseexplain_query(const struct fuser *f, struct slice q, size_t u);

#endif
