/* The lines of a TREC run's topics that come in several stretches (a run
 * whose topics are interleaved: shuffled, or merged from parallel jobs),
 * grouped by topic in the pass that reads the run (treconce.h), so that
 * each such topic is ranked from its own lines, read once, rather than
 * from its stretches of the file found again and split into fields a
 * second time. 16 bytes a line: where its document id starts (the id
 * left in the file) and its score as trec_eval's atof() reads it (a NaN
 * kept for its error in its turn, trecrun_nan). The id's length and hash
 * are taken again when the topic is ranked, its bytes asked of the cache
 * ahead (treconce_grouped): every byte a line holds is memory first
 * touched, which costs a virtual machine ~2 ms a MiB, more than reading
 * the ids again. The topics are the qrels' (only their lines are kept),
 * each line in the order of the file; two halves of a file grouped at
 * once are joined topic by topic (trecgroup_join).
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
#include "trec/trecfields.h"
#include "util/slice.h"

/* a line: its document id's first byte (in the file: the id ends at the
 * first byte that is not a field's, trecfields.h, which the line's fields
 * after it guarantee) and its score */
struct trecgline {
	const char *doc;
	double score;
};

/* a grouped line's document id */
static inline struct slice trecgline_doc(const struct trecgline *l)
{
	struct slice s = { l->doc, 0 };

	while (trec_class[(unsigned char)s.p[s.n]] == TF_FIELD)
		s.n++;
	return s;
}

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
/* the next line of topic qi, its document id at doc (in a run's line) */
void trecgroup_add(struct trecgroup *g, size_t qi, const char *doc,
		   double score);
/* the lines added so far seen by every thread (they are stored past the
 * cache, trecgroup.c: a store fence), and each topic's lines counted for
 * reading: on the thread that added them, before they are read */
void trecgroup_seal(struct trecgroup *g);
/* the lines of h (sealed; of as many topics) after g's (sealed), topic by
 * topic: what g would hold had it been given them after its own; h is
 * left empty, its slabs g's */
void trecgroup_join(struct trecgroup *g, struct trecgroup *h);
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
