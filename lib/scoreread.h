/* Reading score streams and TREC runs with parser threads. Worker threads
 * take turns reading blocks of whole lines, then split fields, parse the
 * score and hash the item id of their block in parallel; the calling
 * thread receives the records in input order, so everything that follows
 * (and every error message) is the same as a one-thread reader's. */
#ifndef RK_SCOREREAD_H
#define RK_SCOREREAD_H
#include <stdint.h>
#include "slice.h"

struct scorerec {
	struct slice q, item;
	double score;
	uint64_t hash;		/* hash_bytes(item) */
	long line;
};

typedef void (*scorerec_fn)(const struct scorerec *r, const char *file,
			    void *ctx);

/* reads path ("-": stdin) with nthreads workers (>= 1), calling fn for
 * each record in order; dies with "prog: file:line: what" on bad lines */
void scoreread(const char *path, int nthreads, scorerec_fn fn, void *ctx);

#endif
