/* The lines of a TREC run's topics that come in several stretches (a run
 * whose topics are interleaved: shuffled, or merged from parallel jobs),
 * grouped by topic in the pass that reads the run (treconce.h), so that
 * each such topic is ranked from its own lines, read once, rather than
 * from its stretches of the file found again and split into fields a
 * second time. A line is where its document id starts (the id left in
 * the file) and its score as trec_eval's atof() reads it (a NaN kept for
 * its error in its turn, trecrun_nan): 8 bytes when the score is written
 * [-]digits.digits with as many digits after the point as the lines
 * before it in its block, fewer than 2^31 in all (trec_decimal: the
 * double is m / 10^fr, the value atof() gives), in a file under 4 GiB;
 * 16 bytes otherwise. A topic whose scores change form goes on in 16-byte
 * lines. The id's length and hash are taken again when the topic is
 * ranked, its bytes asked of the cache ahead (treconce_grouped): every
 * byte a line holds is memory first touched, which costs a virtual
 * machine ~2 ms a MiB, more than reading the ids again. The topics are
 * the qrels' (only their lines are kept), each line in the order of the
 * file; two halves of a file grouped at once are joined topic by topic
 * (trecgroup_join).
 *
 * A topic's lines are kept in blocks of 8, 16, 32, 64, then 128 lines
 * (at most 4 KiB), chained, carved from 2 MiB slabs that never move:
 * nothing is copied as a topic grows, and a topic of n lines holds room
 * for at most 2n + 8 lines (n + 127 past 248), and one block more when
 * its scores change form. Blocks of at most 4 KiB keep the places being
 * written (one a topic) from sharing the cache's sets: with blocks up to
 * 1024 lines a shuffled 2M-line run took 10% longer. */
#ifndef RK_TRECGROUP_H
#define RK_TRECGROUP_H
#include <stddef.h>
#include <stdint.h>
#include "trec/trecfields.h"
#include "util/slice.h"

/* a line of 16 bytes: its document id's first byte (in the file: the id
 * ends at the first byte that is not a field's, trecfields.h, which the
 * line's fields after it guarantee) and its score */
struct trecgline {
	const char *doc;
	double score;
};

/* a line of 8 bytes: its document id's offset in the file, its score's
 * digits with their sign (the block's fr of them after the point) */
struct trecgnarrow {
	uint32_t off;
	int32_t m;
};

struct trecgblock;

struct trecgtopic {
	struct trecgblock *first, *last;
	size_t n;		/* its lines */
	size_t room;		/* of the last block, lines free */
	int on;			/* its lines are grouped */
	int wide;		/* its scores changed form: 16-byte lines */
};

struct trecgroup {
	struct trecgtopic *t;	/* per topic of the qrels */
	size_t nt;
	const char *base;	/* the file's bytes */
	int narrow;		/* the file is under 4 GiB: 8-byte lines */
	void **slab;		/* the slabs, from big_alloc */
	size_t nslab, slabcap;
	char *free;		/* the last slab's bytes not carved */
	size_t left;
};

/* the lines of ntopics topics of a file of n bytes at base */
void trecgroup_init(struct trecgroup *g, size_t ntopics, const char *base,
		    size_t n);
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
/* the next line of topic qi, its document id at doc (in the file), its
 * score written [-]digits.digits (trec_decimal's d: atof() reads it as
 * trec_decimal_value), or any other way, read as v */
struct trecdigits {
	uint64_t m;
	unsigned fr;
	int neg;
};
void trecgroup_add(struct trecgroup *g, size_t qi, const char *doc,
		   const struct trecdigits *d);
void trecgroup_add_wide(struct trecgroup *g, size_t qi, const char *doc,
			double v);
/* the lines added so far seen by every thread (they are stored past the
 * cache, trecgroup.c: a store fence), and each topic's lines counted for
 * reading: on the thread that added them, before they are read */
void trecgroup_seal(struct trecgroup *g);
/* the lines of h (sealed; of as many topics) after g's (sealed), topic by
 * topic: what g would hold had it been given them after its own; h is
 * left empty, its slabs g's */
void trecgroup_join(struct trecgroup *g, struct trecgroup *h);
/* topic qi's lines in order: trecgroup_next gives each (0 after the
 * last), or trecgroup_span the next lines of one block at a time */
struct trecgiter {
	const struct trecgroup *g;
	const struct trecgblock *b;
	size_t i, left;
};
void trecgroup_begin(const struct trecgroup *g, size_t qi,
		     struct trecgiter *it);
int trecgroup_next(struct trecgiter *it, const char **doc, double *score);
/* lines that lie together (a reader may look ahead among them): wide
 * ones (fr 0) or narrow ones with fr digits after the point */
struct trecgspan {
	const struct trecgline *wide;
	const struct trecgnarrow *narrow;
	size_t n;
	unsigned fr;
	const char *base;
};
/* the next lines of the topic, 0 after the last */
int trecgroup_span(struct trecgiter *it, struct trecgspan *s);
static inline const char *trecgspan_doc(const struct trecgspan *s, size_t i)
{
	return s->fr ? s->base + s->narrow[i].off : s->wide[i].doc;
}
/* a narrow line's signed digits over 10^fr: trec_decimal_value's
 * double (but for -0, 0: equal to it) */
static inline double trecgspan_score(const struct trecgspan *s, size_t i)
{
	return s->fr ? (double)s->narrow[i].m / trec_pow10[s->fr] :
	       s->wide[i].score;
}
void trecgroup_free(struct trecgroup *g);

#endif
