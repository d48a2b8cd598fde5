/* The comment lines of a score stream that rankof acts on: its ids line
 * (rankkit(7), "The ids line" and "Header lines") against the relevance
 * and the options, and the header lines that say how it was made
 * (stream/facts.h), which rankof carries into its rank stream. */
#ifndef RK_SCOREIDS_H
#define RK_SCOREIDS_H
#include "rank/ranker.h"
#include "stream/stream.h"

/* dies naming path and line where the ids line says what rk's options
 * cannot rank right: two files' row numbers under one labels file; one
 * file against itself without -x or --keep-self; one file without its
 * self pairs (simmat -x) under labels without -x */
void scoreids_check(const struct ranker *rk, enum ids_from ids,
		    const char *path, long line);
/* whether a comment line names one of facts.h's lines (depth, folds,
 * part, fingerprint) */
int scoreids_is_fact(struct slice ln);

#endif
