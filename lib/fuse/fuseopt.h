/* fuse --optimize MEASURE --qrels Q: the weights, one per run, on an
 * integer grid (multiples of 1/N summing exactly to 1, N = 1/--step),
 * that maximise the mean of a rankkit measure over the training queries
 * (those with a relevant item in the qrels). Each training query's values
 * are kept once (fuseopt_keep, fusequery.h's keep); every weight vector
 * then fuses them again, ranks them as rankof does (ties kept, the
 * measure's expected value over their orders) and measures them. */
#ifndef RK_FUSEOPT_H
#define RK_FUSEOPT_H
#include "stream/relevance.h"
#include "measure/column.h"
#include "fuse/fusequery.h"

struct fuseopt {
	const struct mdef *m;	/* the measure */
	long K;			/* its cut-off, 0: none */
	const char *name;	/* as the user wrote it */
	long steps;		/* N: the weights are multiples of 1/N */
	struct relsrc rel;
	struct relquery rq;
	/* the training queries, each's values per item and run */
	struct trainq {
		size_t u;		/* items */
		size_t mrel;		/* relevant items, retrieved or not */
		unsigned char *held;
		double *val;
		long *rank;
		long *grade;		/* per item: its grade; -1 not relevant */
		long *lost;		/* the grades of the relevant not retrieved */
	} *q;
	size_t nq, qcap;
};

/* sets o up: MEASURE (a mean that improves upward, hit@10 or MRR say),
 * --step, the qrels; a usage error names what is wrong */
void fuseopt_init(struct fuseopt *o, const char *measure, double step,
		  const char *qrels);
/* fusequery.h's keep: the query's values, if it has relevant items */
void fuseopt_keep(void *ctx, const struct fuser *f, struct slice q, size_t u);
/* the grid searched with f's method; writes "# weights W1,...,WR\t
 * MEASURE\tMEAN" (the first best vector in the order N,0,..,0 down to
 * 0,..,0,N) and a note of the vectors and training queries counted */
void fuseopt_search(struct fuseopt *o, const struct fuser *f);

#endif
