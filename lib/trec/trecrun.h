/* A TREC run as trec_eval reads it (treceval): "topic iteration document
 * rank score run" lines, six fields or more (the rest ignored), blank lines
 * and lines whose first field starts with '#' skipped, the score as atof()
 * reads it. Topics may come in any order: the run is held once (mapped; a
 * pipe copied to a file first, trecfields.h) and each topic's lines are found
 * again through the stretches of the file that hold them, so that nothing
 * of the run is copied and a run written topic by topic costs a stretch
 * per topic. */
#ifndef RK_TRECRUN_H
#define RK_TRECRUN_H
#include <stddef.h>
#include <stdint.h>
#include "trec/trecfields.h"
#include "trec/trecscan.h"
#include "util/strmap.h"

/* the bytes [beg, beg + len) of the file: lines of one topic (blank and
 * comment lines among them); next: the topic's next stretch. 16 bytes: a
 * run whose topics alternate line by line has a stretch per line */
struct trecseg {
	size_t beg;
	uint32_t len, next;
};

struct trecrun {
	struct trecfile file;
	struct strmap ids;	/* topic id -> topic index, in order of
				 * appearance */
	uint32_t *first, *last;	/* per topic: its first and last stretch */
	unsigned char *forgot;	/* per topic: its later stretches not kept
				 * (trecrun_forget) */
	int scratch;		/* the last stretch is one not kept */
	struct trecseg *seg;
	size_t nseg, segcap, topcap;
	struct slice tag;	/* the run field of the file's last line */
	/* the pass's place: lines before the chunk taken, result lines */
	long rline, nres;
	size_t done;
	struct slice cur;	/* the topic of the stretch read */
	size_t curt;		/* its index */
	int borrowed;		/* file is another trecrun's (a half's) */
	int keep;		/* the pages read stay (an interleaved run's
				 * groups read its ids again), set by the
				 * caller before the pass */
};

/* The run read in one pass that sees each result line on the way, for a
 * reader that does its work then (treceval ranks a topic read in one
 * piece as it ends): trecrun_open, then the file's chunks (trecscan.h) in
 * order, trecrun_take for each line of a chunk and trecrun_chunk_done
 * after them, and trecrun_end after the last. Dies with trec_eval's
 * status 2 on a file it cannot read, a line of fewer than six fields, or
 * a file without result lines. */
struct trecread {
	size_t topic;		/* its index */
	int start;		/* the line starts a stretch of the topic */
	int first;		/* ... its first stretch */
	struct slice id, doc, score;	/* fields 1, 3 and 5, where the
					 * chunk holds them (for now) */
	const char *docp;	/* doc's bytes in the file (to keep) */
	size_t off;		/* the line's byte */
};
void trecrun_open(struct trecrun *r, const char *path);
/* the next line of the run, s, a line of chunk c being taken, into x;
 * its topic's stretches kept */
void trecrun_take(struct trecrun *r, const struct trecchunk *c,
		  const struct trecscanline *s, struct trecread *x);
/* chunk c's lines are taken: its error raised (with its line's number
 * in the file), the pages before its end given back */
void trecrun_chunk_done(struct trecrun *r, const struct trecchunk *c);
/* the last chunk is done: a run of no result lines refused */
void trecrun_end(struct trecrun *r);
/* the index of the topic with this id, or -1 */
long trecrun_find(const struct trecrun *r, struct slice id);

/* The run in two halves read at once (treconce.h): trecrun_split finds
 * the first line at or after the file's middle whose first field is not
 * the line's before (within MiBs; r->file.n when there is none); a half
 * reads the second part with a trecrun of its own over r's file
 * (trecrun_half, its pass as r's from byte from), and trecrun_join
 * appends it to r when r's pass is at from: what r would hold had it read
 * on. 0 (r unchanged) unless each of the half's topics is new to r and
 * in one stretch: r then reads on from from itself. */
size_t trecrun_split(const struct trecrun *r);
void trecrun_half(struct trecrun *h, const struct trecrun *r, size_t from);
int trecrun_join(struct trecrun *r, const struct trecrun *h);
/* 1 when a topic's lines come in two stretches within the file's first
 * MiB (an interleaved run: treconce.h groups all its lines) */
int trecrun_interleaved(const struct trecrun *r);
/* the half h appended to r as trecrun_join does, for a pass that keeps
 * every topic's lines itself (both forgot them, trecrun_forget): its
 * topics new to r are r's, with no stretch */
void trecrun_join_grouped(struct trecrun *r, const struct trecrun *h);
void trecrun_free(struct trecrun *r);

/* one result line of a topic, at byte off of the file */
struct trecline {
	struct slice doc;
	double score;
	size_t off;
};

struct trecrunit {
	const struct trecrun *r;
	uint32_t seg;
	const char *p, *e;
	uint32_t end;		/* the stretch where it stops (not read) */
	int nan_ok;		/* a NaN score given, not an error */
};

/* the lines of topic i in file order: trecrun_next gives each, 0 after
 * the last (or before stretch it.end, when the caller sets it); a score
 * that atof() reads as NaN dies (status 2) unless it.nan_ok */
void trecrun_begin(const struct trecrun *r, size_t i, struct trecrunit *it);
int trecrun_next(struct trecrunit *it, struct trecline *l);
/* the last stretch of topic i so far */
uint32_t trecrun_last(const struct trecrun *r, size_t i);
/* topic i's stretches from its next on are not kept (the caller keeps
 * its lines): trecrun_begin then gives those before only. A run whose
 * topics alternate line by line costs a stretch a line otherwise. */
void trecrun_forget(struct trecrun *r, size_t i);
/* dies (status 2) naming the line that holds byte at of the file, whose
 * score atof() reads as NaN */
_Noreturn void trecrun_nan(const struct trecrun *r, size_t at);

#endif
