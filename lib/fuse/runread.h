/* One run read a query at a time for fuse: a score stream (query item
 * score) or a TREC run (query Q0 item rank score tag, the rank column
 * ignored), with the stream's header and end lines checked (stream.h).
 * The first line of the next query is read ahead and kept, so that the
 * caller can see which query each run holds next before it takes one:
 * memory holds one query's lines. */
#ifndef RK_RUNREAD_H
#define RK_RUNREAD_H
#include "stream/stream.h"

struct runread {
	struct stream st;
	const char *path;
	int more;		/* a query waits: next holds its id */
	struct slice next;	/* its id (in qbuf) */
	long next_line;		/* its first line */
	/* the query taken last: its id, items, scores and lines; the bytes
	 * of the id and the items in one buffer, the slices made when the
	 * query is complete */
	struct slice q;
	size_t n, cap;
	struct slice *item;
	double *score;
	long *line;
	size_t *off;		/* per item: where its bytes begin in text */
	char *text, *qbuf;
	size_t textlen, textcap, qcap;
	/* the waiting line's item and score */
	char *pitem;
	size_t pitemlen, pitemcap;
	double pscore;
};

/* opens path ("-": standard input) and reads the first line ahead */
void runread_open(struct runread *r, const char *path);
/* takes the waiting query whole into r->q, r->item, r->score, r->line
 * (valid until the next call); 0 when none waits */
int runread_take(struct runread *r);
void runread_close(struct runread *r);

#endif
