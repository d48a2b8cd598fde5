/* A topic of a TREC run read in one piece (treceval's pass, treconce.h),
 * ranked as trec_eval ranks it without a map of its documents: each
 * line's document id goes into a set of 64-bit hashes (8 bytes a slot,
 * no copy of the id) that finds a document given twice, and the topic's
 * judged documents are looked for as the lines go by, in a table of
 * their own. Two lines of one hash are taken for a document twice: the
 * caller then ranks the topic by trecrank (trecrank.h), which has the
 * rules and errors of copies, and so it does for a topic that -M cuts.
 * Ranks are counted by rankcount, as trecrank counts them (ties by
 * document id descending), so both give the same ranks. */
#ifndef RK_TRECPIECE_H
#define RK_TRECPIECE_H
#include <stddef.h>
#include <stdint.h>
#include "rank/rankcount.h"
#include "util/slice.h"

/* the filter that most lines pass at one load: bits of hashes of the
 * judged documents */
#define FILTER_BITS 8192

struct trecpiece {
	/* per line of the piece, in order: its candidate number */
	double *score;		/* the caller may rescale them before
				 * trecpiece_rank, then trecpiece_rescaled */
	struct slice *id;	/* in the caller's buffer, not copied */
	uint64_t *h;
	size_t *where;		/* its slot in set */
	size_t n, cap;
	size_t ins;		/* lines 0 .. ins-1 are in the set */
	int rising;		/* a line scores above the one before */
	uint64_t *set;		/* the lines' hashes, 0 for an empty slot */
	size_t setmask;
	/* the judged documents looked for */
	const struct slice *tdoc;
	size_t k, tcap;
	uint64_t *th;
	size_t *tline;		/* the line of each, or (size_t)-1 */
	uint32_t *tslot;	/* 1 + index of a judged document, 0: empty */
	uint64_t tfilt[FILTER_BITS / 64];	/* a bit per hash of one */
	size_t tmask, tslotcap;
	struct rankcount g;
	struct rankline *out;
	size_t outcap;
};

void trecpiece_init(struct trecpiece *p);
/* a new piece, whose judged documents are doc[0 .. k-1] (distinct; kept,
 * not copied) */
void trecpiece_begin(struct trecpiece *p, const struct slice *doc, size_t k);
/* the next line of the piece, its id doc, read now, kept as the same
 * bytes at keep (where they stay: the file's mapping, which doc may be a
 * copy of); 0 when a document's hash is a line's before (a document
 * twice, almost surely): the piece is then not to be ranked here. The set takes each line a few lines later (its cache
 * miss overlapping the lines' reading), the last ones in trecpiece_flush,
 * which returns 0 in the same case; then trecpiece_rank. */
int trecpiece_add(struct trecpiece *p, struct slice doc, const char *keep,
		  double score);
int trecpiece_flush(struct trecpiece *p);
/* score[] changed by the caller: rising found again */
void trecpiece_rescaled(struct trecpiece *p);
/* the rank lines of the judged documents, out[i] for doc[i] (grade[i]),
 * not sorted; the documents retrieved are the n lines */
struct rankline *trecpiece_rank(struct trecpiece *p, const long *grade);
void trecpiece_free(struct trecpiece *p);

#endif
