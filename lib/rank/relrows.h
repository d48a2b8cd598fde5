/* The item rows that may be relevant to a set of queries: what a gallery
 * shard (rankof -e --items A:B) reads besides its own rows, so that a
 * shard of a large gallery reads its share of the items file and the
 * relevant items' rows, not the whole file. */
#ifndef RK_RELROWS_H
#define RK_RELROWS_H
#include <stddef.h>
#include "stream/embed.h"
#include "stream/relevance.h"
#include "stream/rowindex.h"

/* The rows of irow (nrows of them) outside lo .. hi-1 that can be relevant
 * to a query of qemb, ascending, in a new array *out (free it); returns
 * their number. A superset of the relevant rows: with labels, every row
 * that shares a label with one of the queries (exclusions, folds and
 * cameras left to the ranking); with qrels, every row that one of their
 * judgments names, whatever its grade. */
size_t relrows(const struct relsrc *rel, const struct embed *qemb,
	       const struct rowindex *irow, size_t nrows, size_t lo, size_t hi,
	       size_t **out);

#endif
