/* fuse -j N: the queries fused on N worker threads. The calling thread
 * reads the runs a query at a time (fusepass's order and checks) and
 * copies the query's lines into a slot; a worker fuses the slot into its
 * own output buffer; the buffers are written in query order, so the bytes
 * are those of one thread. An error on a worker (a duplicate item) is
 * reported in query order too. */
#ifndef RK_FUSEJOBS_H
#define RK_FUSEJOBS_H
#include "util/err.h"
#include "fuse/fusequery.h"

/* the runs' copies of one query and its output, for a worker */
struct fuseslot;

/* room for the pool's slots of nthreads workers, and one fuser each
 * (copies of f's options, their own scratch) */
struct fusejobs {
	const struct fuser *f;
	int nthreads;
	struct fuseslot *slot;
	struct fuser *worker;
};

void fusejobs_init(struct fusejobs *j, const struct fuser *f, int nthreads);
void fusejobs_free(struct fusejobs *j);

/* copies query q of the runs with has[r] set (each has taken q) into
 * slot s */
void fusejobs_fill(struct fusejobs *j, int s, struct slice q,
		   const unsigned char *has);
/* slot s holds the error err of reading its query instead: given, it
 * dies with it, after the queries before it are written */
void fusejobs_fail(struct fusejobs *j, int s, const struct errtrap *err);
/* fuses slot s on worker w */
void fusejobs_work(struct fusejobs *j, int s, int w);
/* writes slot s's lines, or dies with its error */
void fusejobs_give(struct fusejobs *j, int s);

#endif
