/* The lines of a TREC run's topics that come in several stretches (a run
 * whose topics are interleaved: shuffled, or merged from parallel jobs),
 * grouped by topic in the pass that reads the run (treconce.h), so that
 * each such topic is ranked from its own lines, read once, rather than
 * from its stretches of the file found again and split into fields a
 * second time. 24 bytes a line: its document id (left in the file) and
 * its score as trec_eval's atof() reads it, a NaN kept for its error in
 * its turn (trecrun_nan). The topics are the qrels' (only their lines are
 * kept), each line in the order of the file. */
#ifndef RK_TRECGROUP_H
#define RK_TRECGROUP_H
#include <stddef.h>
#include <stdint.h>
#include "util/slice.h"

struct trecgline {
	const char *doc;
	uint32_t docn;
	double score;
};

struct trecgtopic {
	struct trecgline *l;
	size_t n, cap;
	int on;			/* its lines are grouped */
};

struct trecgroup {
	struct trecgtopic *t;	/* per topic of the qrels */
	size_t nt;
};

void trecgroup_init(struct trecgroup *g, size_t ntopics);
/* topic qi's lines are grouped from now on; 0 when they were already */
int trecgroup_start(struct trecgroup *g, size_t qi);
static inline int trecgroup_on(const struct trecgroup *g, size_t qi)
{
	return g->t[qi].on;
}
/* the next line of topic qi (doc.n below UINT32_MAX: its line fits a
 * stretch, trecrun.h) */
void trecgroup_add(struct trecgroup *g, size_t qi, struct slice doc,
		   double score);
void trecgroup_free(struct trecgroup *g);

#endif
