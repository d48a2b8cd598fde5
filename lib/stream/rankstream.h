/* Reading the rank stream (query item grade rank ties n) one query at a
 * time, and the tie-group view every measure is computed from. */
#ifndef RK_RANKSTREAM_H
#define RK_RANKSTREAM_H
#include <stddef.h>
#include <stdint.h>
#include "stream/stream.h"
#include "util/idset.h"
#include "util/repeats.h"

/* One relevant item of a query. rank < 0: not retrieved. */
struct relitem {
	long grade;
	long rank;
	long ties;
	long line;		/* where it was read, for messages */
	char kind;		/* version 2: 'r', 'j' or 'u'; version 1: 'r' */
};

/* A tie group holding relevant items: positions a+1 .. a+t, s of them
 * relevant, their grades rel[first .. first+s-1] (highest first). The
 * reader guarantees a >= 0, 1 <= s <= t and a + t <= n. */
struct tgroup {
	long a, t;
	size_t s, first;
};

struct rquery {
	char *id;
	long n;			/* candidates of the query */
	long line;		/* line of the query's first record */
	const char *file;
	size_t m;		/* relevant items, retrieved or not (0: empty) */
	size_t nret;		/* of which retrieved: rel[0 .. nret-1] */
	struct relitem *rel;	/* by rank, then grade descending */
	struct tgroup *g;	/* groups by position */
	size_t ng;
	size_t relcap, gcap, idcap;
	/* version 2 (rankkit(7)): the other judged items, kinds 'j' and 'u',
	 * in rank_order; v2 = 0 for a version 1 stream, where there are none
	 * to know of */
	int v2;
	struct relitem *jud;
	size_t nj, jcap;
};

struct rankreader {
	struct stream st;
	char **files;
	int nfiles, fi, open;
	const char *p, *e;	/* the open file's lines read, not yet taken */
	struct idset seen;	/* queries begun */
	int part_begun;		/* one began since the file or a new header */
	/* this query's items, for duplicates: appended as they are read,
	 * checked in batches (check_items) at the query's end, at the end
	 * of each file, and before any error of a later line; item e read
	 * at line iline[e] */
	struct repeats items;
	long *iline;
	size_t ilcap;
	const char *iqid;	/* their query, for the message */
	/* the query's n as its lines write it (ntextlen bytes in a
	 * little-endian word; 0: no line is a common line, rankfast.c) */
	uint64_t ntext;
	size_t ntextlen;
	/* a record read ahead: the first of the next query */
	int have_pend;
	struct relitem pend;
	long pend_n;
	int pend_empty;
	char *pend_qid, *pend_item;	/* its query and item, copied */
	size_t pend_qidcap, pend_qidlen, pend_itemcap, pend_itemlen;
	/* what the parts read so far state together (facts.h) */
	struct runfacts facts;
	/* the run's tag: the last "# run TAG" line read so far, or NULL */
	char *runtag;
	size_t runtagcap;
	/* version 2: the caller reads it (set after rankreader_open); the
	 * fields of the open file's lines, 6 or 7 (0: none read yet) */
	int v2ok;
	size_t fields;
	/* every line by the exact path, rankfast.c's quick one left out (the
	 * reference of fuzz/rankquick.c); 0 after rankreader_open */
	int exact_only;
};

/* The rank stream's order of two ranks: the retrieved by rank, those not
 * retrieved (rank < 0) last; negative, 0 or positive as qsort wants. The
 * lines of a query follow it, ties broken by item id (rankof) or by grade,
 * highest first (the readers). */
int rank_order(long a, long b);

/* The run's tag in the rank stream: a comment line "# run TAG" (TAG: the
 * sixth column of a TREC run, trec_eval's runid), anywhere in a part of
 * the stream; streams without it are rank streams all the same. */
void rankstream_write_run(struct slice tag);

/* The numbers of record f[0 .. 5] (query item grade rank ties n) of file
 * at line, range-checked: grade any integer of a long, 0 <= n, rank and
 * ties both '-' (it->rank = -1) or 1 <= rank and 0 <= ties with
 * rank + ties <= n; *empty for the '-' item of a query without relevant
 * items, whose rank must be '-'. A gallery shard's line (shard = 1) may
 * rank a relevant item that is not among its candidates: rank - 1 + ties
 * <= n there. Dies "file:line: what" otherwise. */
void rankrecord_parse(const char *file, long line, const struct slice *f,
		      int shard, struct relitem *it, long *n, int *empty);

/* dies naming the measure when query q comes from a version 1 stream:
 * it needs the judged items that only version 2 carries */
void rquery_need_v2(const struct rquery *q, const char *measure);

/* q->g and q->ng from q->rel[0 .. nret-1] by rank (the reader's, again
 * after a caller changed the ranks); dies on relevant items of one rank
 * that disagree on ties or overfill their tied positions */
void rquery_make_groups(struct rquery *q);

/* nfiles files; none means stdin */
void rankreader_open(struct rankreader *rd, char **files, int nfiles);
/* 1 and the next query in *q, or 0 at the end. Dies on bad records. */
int rankreader_next(struct rankreader *rd, struct rquery *q);
void rquery_free(struct rquery *q);
void rankreader_close(struct rankreader *rd);

#endif
