/* rankof --merge of query shards (rankof --shard I/N, or --part I/N): the
 * rank streams of parts 0 to N-1 of one run, each given once, joined into
 * one rank stream, a query of each part in turn (the order of one run's
 * queries when each of them wrote lines). */
#ifndef RK_QUERYJOIN_H
#define RK_QUERYJOIN_H
#include <stddef.h>
#include "stream/facts.h"
#include "stream/stream.h"

/* one input of rankof --merge, gallery or query shard, as read so far */
struct shardin {
	struct stream st;
	struct slice f[8];	/* its record read, when got */
	size_t nf;
	int got;		/* 1: f holds a record; 0: it has ended */
	int version;		/* of its header: 1 or 2 (0: none read) */
	int parts;		/* of its parts that have ended */
	struct facts ended;	/* the header lines of the last of them */
};

/* the header lines of s: those of its ended part, or those read before
 * its record */
const struct facts *shardin_facts(const struct shardin *s);

/* dies naming s's file when its fingerprint line, or its absence, is
 * not s0's: shards of different runs */
void shardin_same_run(const struct shardin *s, const struct shardin *s0);

/* Joins n query shards, each at its first record (or ended): dies naming
 * the file where a shard is no query shard (no part line, or a second
 * part in one file), where the versions, fingerprints, N, depth or folds
 * differ, where a part is given twice, or naming the part missing, all
 * before writing a line; then writes the joined stream, its header, depth
 * and folds lines and its end line (no part or fingerprint line: it is
 * the whole run's), dying on a bad record or a query found in two
 * shards. */
void queryjoin_run(struct shardin *s, int n);

#endif
