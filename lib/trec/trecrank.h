/* One topic of a TREC run ranked as trec_eval ranks it (treceval): scores
 * descending, ties by document id descending (rankof --break id), each
 * topic's first -M documents in that order kept. A document twice in a
 * topic is trec_eval's error when both copies are among the documents
 * kept, and is otherwise taken once, at its better copy, as trec_eval
 * takes it. Ranks are counted by rankof's rank counter (rankcount.h,
 * maxcut.h), without sorting the topic's documents. */
#ifndef RK_TRECRANK_H
#define RK_TRECRANK_H
#include <stddef.h>
#include "rank/maxcut.h"
#include "rank/rankcount.h"
#include "trec/trecrun.h"
#include "util/strmap.h"

/* the worse copy of a document given twice: its score and line's byte */
struct trecdup {
	size_t c;
	double s;
	size_t off;
};

struct trecrank {
	long maxret;		/* -M; -1: every document */
	const struct trecrun *run;	/* for messages */
	struct slice topic;
	struct strmap cand;	/* the topic's documents: entry = candidate */
	double *score;		/* per candidate, its better copy's */
	size_t *off;		/* per candidate, its first line's byte */
	size_t scap;
	struct trecdup *dup;
	size_t ndup, dupcap;
	size_t nlines;		/* the topic's lines, copies included */
	struct maxcut cut;
	struct rankcount g;
	struct rankline *out;
	size_t outcap;
};

void trecrank_init(struct trecrank *tr, long maxret,
		   const struct trecrun *run);
void trecrank_begin(struct trecrank *tr, struct slice topic);
void trecrank_take(struct trecrank *tr, const struct trecline *l);
/* The rank lines of the m judged documents doc[i] (grade[i]) into *lines,
 * in the rank stream's order (rankline_sort), ties 0; returns n, the
 * documents kept. Dies with trec_eval's status 4 on a document twice among
 * them. */
long trecrank_rank(struct trecrank *tr, const struct slice *doc,
		   const long *grade, size_t m, struct rankline **lines);
void trecrank_free(struct trecrank *tr);

#endif
