/* The rank stream reader's quick path (rankstream.c): the common line of
 * a query taken without the exact path. */
#ifndef RK_RANKFAST_H
#define RK_RANKFAST_H
#include "stream/rankstream.h"

/* q's n as its lines write it, for rankfast_take; no line is common in a
 * query of no relevant items (q_empty: its '-' line) or of an n longer
 * than 8 digits */
void rankfast_begin(struct rankreader *rd, const struct rquery *q,
		    int q_empty);
/* Takes the common lines of q that come next in the open file's block,
 * each as rankreader_next would take it: its relevant item or other
 * judged item added to q, *unsorted set when a relevant one comes out of
 * the reader's order, its item kept for the duplicate check (rd->items,
 * rd->iline). Stops before the first line that is not common, which the
 * exact path then takes, errors and all. */
void rankfast_take(struct rankreader *rd, struct rquery *q, int *unsorted);

#endif
