/* The header lines of rankkit(7) ("Header lines") that state how a
 * stream was made: "# depth N", "# depth score T", "# folds N",
 * "# part I/N" and "# fingerprint HEX". A part's lines are read into a
 * struct facts; the parts of one run are added up in a struct runfacts,
 * which says what they state together: the smallest depth, one folds
 * count, a whole set of parts, one fingerprint. */
#ifndef RK_FACTS_H
#define RK_FACTS_H
#include <stddef.h>
#include <stdint.h>
#include "util/slice.h"

struct facts {
	long depth;		/* "# depth N"; 0: not cut after a count */
	int score_cut;		/* "# depth score T" */
	char cut_score[40];	/* T as written */
	long folds;		/* "# folds N"; 0: no line */
	long part, nparts;	/* "# part I/N"; nparts 0: no line */
	int has_fingerprint;
	uint64_t fingerprint;	/* "# fingerprint HEX" */
};

/* 1 when the comment line is one of the lines above, taken into f; a
 * malformed one, or a second of its kind that says otherwise (a second
 * depth takes the smaller), dies naming file and line */
int facts_line(struct facts *f, struct slice line, const char *file,
	       long lineno);
/* f's lines, on stdout */
void facts_write(const struct facts *f);
/* into a, the depth of f: the smaller count, any score cut */
void facts_merge_depth(struct facts *a, const struct facts *f);
/* the depth part of f, as a message's words: "depth 100", "score 0.5",
 * "depth 100 and score 0.5"; "" when not cut */
void facts_depth_text(const struct facts *f, char *buf, size_t n);

/* the parts of one run */
struct runfacts {
	struct facts all;	/* smallest depth, any score cut, the folds,
				   the fingerprint */
	long parts;		/* parts added */
	long folded;		/* of them with a folds line */
	long marked;		/* of them with a part line */
	long *part;		/* their I, in the order read */
	size_t cap;
	const char *file;	/* where the first disagreement is told */
	long line;
};

void runfacts_init(struct runfacts *r);
/* a part's facts, read at file:line (its end); dies when its folds or
 * fingerprint differ from an earlier part's, or its part line's N */
void runfacts_add(struct runfacts *r, const struct facts *f,
		  const char *file, long line);
/* NULL when the parts are one whole run (no part line, or parts 0 to N-1
 * each once); else what is wrong, in buf: "part 3/8 is missing", "part
 * 2/8 is there twice", "2 of 5 parts have no part line" */
const char *runfacts_gap(const struct runfacts *r, char *buf, size_t n);
/* the folds count the parts state: 0 when none says one; -1 when some
 * do and some do not */
long runfacts_folds(const struct runfacts *r);
void runfacts_free(struct runfacts *r);

#endif
