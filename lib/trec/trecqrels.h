/* trec_eval's qrels (treceval): "topic iteration document grade" lines,
 * read whole with trec_eval's rules (trecfields.h): exactly four fields,
 * the grade as atol() reads it, a line whose first byte is '#' a comment.
 * Blank lines, which trec_eval calls malformed, are skipped. Topics come
 * in trec_eval's order, their ids' byte order, and each topic's judgments
 * by document id. The table is built in one pass over the file, 24 bytes
 * a judgment (the ids stay in the file), and sorted only when the file is
 * not in that order already. */
#ifndef RK_TRECQRELS_H
#define RK_TRECQRELS_H
#include <stddef.h>
#include <stdint.h>
#include "trec/trecfields.h"

/* 24 bytes a judgment, the ids left in the file: the document's bytes
 * (doc, docn of them; their place in the file orders two judgments of a
 * document as their lines, and gives the line for a message), its topic
 * (an index in the order of the topics' ids once loaded) and grade */
struct trecjudgment {
	const char *doc;
	uint32_t docn;
	uint32_t topic;
	long grade;
};

static inline struct slice trecjudgment_doc(const struct trecjudgment *x)
{
	struct slice s = { x->doc, x->docn };
	return s;
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
/* dies with trec_eval's status 4 when topic t judges a document twice */
void trecqrels_twice(const struct trecqrels *q, const struct trecqtopic *t);
/* the index of the topic with this id, or -1 */
long trecqrels_find(const struct trecqrels *q, struct slice id);
void trecqrels_free(struct trecqrels *q);

#endif
