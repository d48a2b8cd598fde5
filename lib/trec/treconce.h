/* treceval's run read once: each topic whose lines come in one piece
 * (a run written topic by topic) is ranked as its last line goes by
 * (trecpiece.h), and the ranks of its judged documents are kept, so that
 * the run's bytes are split into fields once. A topic whose lines come in
 * several stretches (an interleaved run) has its lines grouped as the
 * pass reads them (trecgroup.h; those of its stretches before the second
 * read again then, once), and is ranked from its group in its turn as a
 * piece is (treconce_grouped). In a run found interleaved at its start
 * (trecrun_interleaved), every topic's lines are grouped from its first
 * on, by both halves at once (-j 2), none ranked as a piece. A topic the pass cannot rank so (a
 * document twice or two of one hash, a score that is not a number, a
 * document judged twice, -M cutting it) is left to trecrank (from its
 * group, or its stretches of the file: trecrun_begin, trecrank.h), where
 * its rules and errors are, in trec_eval's order of topics. */
#ifndef RK_TRECONCE_H
#define RK_TRECONCE_H
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "rank/rankcount.h"
#include "trec/trecgroup.h"
#include "trec/trecpiece.h"
#include "trec/trecqrels.h"
#include "trec/trecrun.h"

/* a topic that the pass did not rank */
#define ONCE_NONE (-2L)

struct treconce {
	const struct trecqrels *q;
	long g0;		/* the judged documents ranked: grade >= g0, */
	int all;		/* or all of them */
	long maxret;		/* -M, or -1 */
	struct trecpiece piece;	/* the topic being read */
	long *n;		/* per topic of the qrels: its documents kept,
				 * or ONCE_NONE */
	int32_t *rank;		/* per judgment: j[beg + i] the rank of the
				 * topic's judged document i (doc[i]); 4
				 * bytes: a topic of more lines than that
				 * counts is left to trecrank */
	struct slice *doc;	/* one topic's judged documents ranked */
	long *grade;
	size_t cap;
	unsigned char *fr;	/* per line of the piece: its score's digits
				 * after the point, or 255: read as a double */
	size_t frcap;
	int mixed;		/* the piece's scores have several */
	long *qi;		/* per topic of the run: its index in the
				 * qrels, or -1 */
	size_t qicap;
	struct trecrun *run;
	struct trecgroup grp;	/* the lines of topics in several stretches */
	int grpall;		/* an interleaved run (trecrun_interleaved):
				 * every topic's lines grouped from its first,
				 * none ranked as a piece */
	uint32_t *bucket;	/* treconce_lines': per rank, 1 + the index
				 * of its document, or 0 */
	size_t bucketcap;
	/* a half of the pass on a thread of its own (treconce_read): its
	 * topics ranked kept here, for n once it is joined; their ranks are
	 * in rank (the first half's array) */
	struct onceranked *ranked;
	size_t nranked, rankedcap;
	int half;
	atomic_int bail;	/* the half met what it cannot read alone */
	/* while two halves read: per topic of the qrels, the half (1 the
	 * first, 2 the second, whose half is set) whose ranks are in rank;
	 * a topic that both rank is one the halves cannot join: its ranks
	 * are the first's to write, and the second stops */
	atomic_uchar *claim;
};

/* a topic a half ranked: n as treconce's n[qi] */
struct onceranked {
	size_t qi;
	long n;
};

/* the judged documents of topic qt that are ranked, into w->doc and
 * w->grade; returns their count */
size_t treconce_targets(struct treconce *w, const struct trecqtopic *qt);
/* Reads run (opened: trecrun_open), ranking as it goes (with rank 0:
 * only reads) the documents of grade >= g0 (all: every judged one) among
 * the first maxret of a topic (-1: all). With nthreads 2 or more, a file
 * of topics in blocks is read in two halves at once (trecrun_split), the
 * second on a thread of its own, which stops at the first line it cannot
 * read alone (a topic's second stretch, a score atof() does not read
 * whole, an error): this thread then reads that half after its own, as
 * one thread does, and else joins it (trecrun_join) when each of its
 * topics is new. Otherwise the file's chunks are split into fields on
 * nthreads worker threads (1: on this one, util/pool.h) while this
 * thread ranks the lines of those before, in order. The same ranks and
 * errors with any number. Dies as trecrun.h says. */
void treconce_read(struct treconce *w, const struct trecqrels *q, long g0,
		   int all, long maxret, struct trecrun *run, int rank,
		   int nthreads);
/* topic qi's m judged documents (treconce_targets) as ranked by the
 * pass, into out[0 .. m-1] in the rank stream's order (rankline_sort's);
 * returns the documents kept, or ONCE_NONE when the pass did not rank
 * the topic */
long treconce_lines(struct treconce *w, size_t qi, struct rankline *out,
		    size_t m);
/* the same for topic qi whose lines are grouped (trecgroup.h), its m
 * judged documents (treconce_targets) ranked now from its group as a
 * piece is (trecpiece.h); ONCE_NONE when the pass's rules leave it to
 * trecrank (a document twice or two of one hash, a NaN, -M cutting it,
 * a document judged twice) */
long treconce_grouped(struct treconce *w, size_t qi, struct rankline *out,
		      size_t m);
/* v: a second thread's view of w once the pass is done, for
 * treconce_targets, treconce_lines and treconce_grouped on topics of its
 * own: the pass's results (n, rank, the groups) w's, its scratch its own
 * (treconce_view_free frees that alone) */
void treconce_view(struct treconce *v, const struct treconce *w);
void treconce_view_free(struct treconce *v);
void treconce_free(struct treconce *w);

#endif
