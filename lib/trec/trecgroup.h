/* The lines of a TREC run's topics that come in several stretches (a run
 * whose topics are interleaved: shuffled, or merged from parallel jobs),
 * grouped by topic in the pass that reads the run (treconce.h), so that
 * each such topic is ranked from its own lines, read once, rather than
 * from its stretches of the file found again and split into fields a
 * second time. 32 bytes a line: its document id (left in the file), its
 * score as trec_eval's atof() reads it (a NaN kept for its error in its
 * turn, trecrun_nan) and the id's hash (trecpiece_hash), taken while the
 * line is read, so that ranking the topic later does not read the ids
 * again from all over the file. The topics are the qrels' (only their
 * lines are kept), each line in the order of the file.
 *
 * A topic's lines are kept in blocks of 8, 16, 32, 64, then 128 lines
 * (4 KiB), chained, carved from 2 MiB slabs that never move: nothing is
 * copied as a topic grows, and a topic of n lines holds room for at most
 * 2n + 8 lines (n + 127 past 248). Blocks of at most 4 KiB keep the
 * places being written (one a topic) from sharing the cache's sets: with
 * blocks up to 1024 lines a shuffled 2M-line run took 10% longer. */
#ifndef RK_TRECGROUP_H
#define RK_TRECGROUP_H
#include <stddef.h>
#include <stdint.h>
#include "util/slice.h"

struct trecgline {
	const char *doc;
	uint32_t docn;
	double score;
	uint64_t h;
};

struct trecgblock;

struct trecgtopic {
	struct trecgblock *first, *last;
	size_t n;		/* its lines */
	size_t room;		/* of the last block, lines free */
	int on;			/* its lines are grouped */
};

struct trecgroup {
	struct trecgtopic *t;	/* per topic of the qrels */
	size_t nt;
	void **slab;		/* the slabs, from big_alloc */
	size_t nslab, slabcap;
	char *free;		/* the last slab's bytes not carved */
	size_t left;
};

void trecgroup_init(struct trecgroup *g, size_t ntopics);
/* topic qi's lines are grouped from now on; 0 when they were already */
int trecgroup_start(struct trecgroup *g, size_t qi);
static inline int trecgroup_on(const struct trecgroup *g, size_t qi)
{
	return g->t[qi].on;
}
static inline size_t trecgroup_count(const struct trecgroup *g, size_t qi)
{
	return g->t[qi].n;
}
/* the next line of topic qi (doc.n below UINT32_MAX: its line fits a
 * stretch, trecrun.h), h its id's hash */
void trecgroup_add(struct trecgroup *g, size_t qi, struct slice doc,
		   double score, uint64_t h);
/* the lines added so far seen by every thread (they are stored past the
 * cache, trecgroup.c: a store fence) */
void trecgroup_seal(struct trecgroup *g);
/* topic qi's lines in order: trecgroup_next gives each, NULL after the
 * last */
struct trecgiter {
	const struct trecgblock *b;
	size_t i, left;
};
void trecgroup_begin(const struct trecgroup *g, size_t qi,
		     struct trecgiter *it);
const struct trecgline *trecgroup_next(struct trecgiter *it);
/* the same a block at a time: the next *n lines of the topic, which lie
 * together (a reader may look ahead among them), NULL after the last */
const struct trecgline *trecgroup_span(struct trecgiter *it, size_t *n);
void trecgroup_free(struct trecgroup *g);

#endif
