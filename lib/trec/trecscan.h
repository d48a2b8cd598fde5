/* treceval's input files split into fields a chunk at a time: a chunk
 * ends just after a newline, so that each is split on its own, on a
 * worker thread (util/pool.h), while the calling thread takes the lines
 * of the chunks before it in the file's order (trecchunks_run). The run's
 * lines (trecrun_scan; trecrun_take, trecrun.h, keeps its topics'
 * stretches) and the qrels' (trecqrels.c) go so. An error of a chunk (a
 * line of the wrong number of fields, a NUL byte) is kept with the line's
 * number in the chunk and raised once the lines before it are taken
 * (trecchunk_raise), with its number in the file: the same message, at
 * the same point of the work, as one thread's. */
#ifndef RK_TRECSCAN_H
#define RK_TRECSCAN_H
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "util/err.h"
#include "trec/trecfields.h"

struct trecchunk {
	size_t beg, end;	/* its bytes of the file */
	const char *at;		/* where they are: the file's mapping, or
				 * buf (with up to 64 bytes after end) */
	char *buf;		/* a copy of them (trecchunks' copy) */
	size_t bufcap;
	void *rec;		/* its lines' records, n of them */
	size_t n, cap;
	long lines;		/* its lines, blank and comment lines too */
	int ordered;		/* the scan's word on the order of its
				 * records (the qrels': by topic and document) */
	size_t mark;		/* a record the scan points the taker to, or
				 * (size_t)-1 (the qrels': the first whose
				 * grade atol() reads otherwise than written) */
	int failed;		/* err holds the error of line err.line of
				 * the chunk (1 its first), after the n lines */
	struct errtrap err;
};

/* room for the next record, of size bytes, of chunk c */
void *trecchunk_add(struct trecchunk *c, size_t size);
/* chunk c's error, when it has one, raised: its line's number in the
 * file is base (the lines of the chunks before) plus its own */
void trecchunk_raise(const struct trecchunk *c, long base);

/* The chunks of bytes [from, to) of file f (of about size bytes each;
 * from at a line's start): scan splits each into its records (on a
 * worker: it reads only f and the chunk, and dies as trec_line dies, into
 * the chunk's error), then give takes them in the file's order on the
 * calling thread; no chunk is begun once *stop (when stop is set) is
 * nonzero. nthreads workers (1: all on the calling thread). */
struct trecchunks {
	const struct trecfile *f;
	size_t size;
	void (*scan)(const struct trecfile *f, struct trecchunk *c);
	void (*give)(void *ctx, const struct trecchunk *c);
	void *ctx;
	size_t from, to;
	const atomic_int *stop;
	int copy;		/* each chunk's bytes copied (trecfile_copy)
				 * into a buffer of its slot, reused: read
				 * past the cache and the mapping's traps
				 * once, then scanned where they are warm */
};
void trecchunks_run(const struct trecchunks *job, int nthreads);

/* two lines' topic ids alike: short, mostly equal; a loop here, not a
 * call of memcmp a line */
static inline int trec_same_id(struct slice a, struct slice b)
{
	size_t i;

	if (a.n != b.n)
		return 0;
	for (i = 0; i < a.n; i++)
		if (a.p[i] != b.p[i])
			return 0;
	return 1;
}

/* a run's result line (trecrun_scan's record): fields 1, 3, 5 and 6, its
 * bytes (from its first to just after its newline), and the hash of its
 * topic id (strmap.h's hash_bytes) when that id is not the line's before
 * in the chunk, else 0. Blank lines and lines whose first field starts
 * with '#' are skipped, as trec_eval skips them. */
struct trecscanline {
	struct slice id, doc, score, tag;
	size_t beg, end;
	uint64_t h;
};
void trecrun_scan(const struct trecfile *f, struct trecchunk *c);

#endif
