/* treceval's pass over the topics: the qrels read whole (the run opened
 * meanwhile on a thread of its own under -j 2 or more: a pipe's copy
 * made), the run read once, most topics ranked on the way (treconce.h),
 * then topic after topic in trec_eval's order, the qrels' ids in byte
 * order, the rank lines of its judged documents (from that pass, or ranked
 * now from the run's stretches, trecrank.h), and every measure's value
 * from them (trecmeas.h), added to the summary (trecsum.h). Topics on one
 * side only: the run's are left out, as trec_eval leaves them out; the
 * qrels' count as a ranking of nothing relevant under -c, as trec_eval's,
 * and are left out otherwise (trec_eval 10.0 stops there); each kind
 * counted on the standard error. */
#ifndef RK_TRECDRIVE_H
#define RK_TRECDRIVE_H
#include <stddef.h>
#include "trec/trecrank.h"
#include "trec/treconce.h"
#include "trec/trecqrels.h"
#include "trec/trecrun.h"
#include "trec/trecargs.h"
#include "trec/trecsum.h"

struct treceval {
	const struct trecopts *o;
	struct trecqrels qrels;
	struct trecrun run;
	struct trecrank rank;
	struct treconce once;	/* the run's pass; the ranked documents */
	struct trecsum sum;
	size_t next;		/* the next topic of the qrels */
	long left_out;		/* topics of the qrels the run lacks (no -c) */
	long matched;		/* topics of the run in the qrels */
	/* one topic's scratch */
	struct relitem *rel;
	struct tgroup *grp;
	size_t relcap, grpcap;
	long *cpos, *cgrade, *levels;
	size_t ccap, levcap;
	struct relitem *jud;	/* the judged below -l (trecargs.h: judged) */
	long *apos, *agrade;	/* every judged document retrieved */
	size_t jcap, acap;
	char *text;		/* relstring's */
	size_t textcap;
	double *row;
	struct trectopic t;
};

/* reads both files (dies with trec_eval's statuses on bad input) */
void treceval_open(struct treceval *te, const struct trecopts *o);
/* evaluates the next topic; 0 when every topic is done. With -j 2 or
 * more and 32 topics or more, the first call evaluates every topic, 16 a
 * task on the -j workers (util/pool.h), each with a view of te (scratch
 * of its own), and adds their rows in order, so the sums and rows are
 * one thread's and the first error in trec_eval's order of topics is the
 * one raised; then it returns 0. */
int treceval_topic(struct treceval *te);
/* the notes, then the rows; dies (status 7) when no topic was evaluated;
 * frees what treceval_open and the topics took */
void treceval_close(struct treceval *te);

#endif
