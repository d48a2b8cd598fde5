/* trec_eval's qrels (treceval): "topic iteration document grade" lines,
 * read whole with trec_eval's rules (trecfields.h): exactly four fields,
 * the grade as atol() reads it, a line whose first byte is '#' a comment.
 * Blank lines, which trec_eval calls malformed, are skipped. Topics come
 * in trec_eval's order, their ids' byte order, and each topic's judgments
 * by document id. The table is built in one pass over the file, 16 bytes
 * a judgment (the ids stay in the file), and sorted only when the file is
 * not in that order already. */
#ifndef RK_TRECQRELS_H
#define RK_TRECQRELS_H
#include <stddef.h>
#include <stdint.h>
#include "trec/trecfields.h"

/* 16 bytes a judgment, the ids left in the file (on a virtual machine,
 * each MiB of the table first touched costs ~2 ms: 24 bytes a judgment
 * took 55 ms of 1.2M judgments' 110): where its document id is (at: the
 * offset of its first byte in the file << 24 | its length, or
 * TRECJ_LONGID for an id of 2^24 - 1 bytes or more, whose length is
 * found again; the offset also orders two judgments of a document as
 * their lines, and gives the line for a message), its topic (an index
 * in the order of the topics' ids once loaded) and grade (TRECJ_WIDE:
 * one outside int32_t, read again from the line) */
struct trecjudgment {
	uint64_t at;
	uint32_t topic;
	int32_t grade;
};
#define TRECJ_LONGID ((UINT64_C(1) << 24) - 1)
#define TRECJ_WIDE INT32_MIN

static inline size_t trecjudgment_off(const struct trecjudgment *x)
{
	return (size_t)(x->at >> 24);
}

/* the document id of judgment x, whose file's bytes start at base */
static inline struct slice trecjudgment_doc(const char *base,
					    const struct trecjudgment *x)
{
	struct slice s = { base + trecjudgment_off(x), (size_t)(x->at &
							      TRECJ_LONGID) };

	if (s.n == TRECJ_LONGID)
		s = trec_field_at(s.p);
	return s;
}

/* its grade: the field after the document id, as atol() reads it */
long trecjudgment_wide(const char *base, const struct trecjudgment *x);
static inline long trecjudgment_grade(const char *base,
				      const struct trecjudgment *x)
{
	return x->grade != TRECJ_WIDE ? x->grade :
	       trecjudgment_wide(base, x);
}

struct trecqtopic {
	struct slice id;
	size_t beg, end;	/* its judgments j[beg .. end-1], by document */
	long maxgrade;		/* the highest grade >= 0; -1: none */
	size_t dup;		/* a judgment of a document judged before in
				 * the topic (its later line), or (size_t)-1 */
};

struct trecqrels {
	struct trecfile file;
	struct trecjudgment *j;
	size_t nj;
	struct trecqtopic *t;
	size_t nt;
	long positive;		/* judgments of grade > 0, all topics */
};

/* Dies with trec_eval's status 2 on a file it cannot read or a malformed
 * line. A document judged twice for a topic is trec_eval's error when it
 * ranks the topic's documents (trecqrels_twice). The lines are split into
 * fields on nthreads workers (1: on this thread; trecscan.h), the table
 * built from them in the file's order: the same table and errors. */
void trecqrels_load(struct trecqrels *q, const char *path, int nthreads);
/* judgment x's document id and grade */
static inline struct slice trecqrels_doc(const struct trecqrels *q,
					 const struct trecjudgment *x)
{
	return trecjudgment_doc(q->file.p, x);
}
static inline long trecqrels_grade(const struct trecqrels *q,
				   const struct trecjudgment *x)
{
	return trecjudgment_grade(q->file.p, x);
}
/* dies with trec_eval's status 4 when topic t judges a document twice */
void trecqrels_twice(const struct trecqrels *q, const struct trecqtopic *t);
/* the index of the topic with this id, or -1 */
long trecqrels_find(const struct trecqrels *q, struct slice id);
void trecqrels_free(struct trecqrels *q);

#endif
