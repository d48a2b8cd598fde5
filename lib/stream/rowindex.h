/* The row of an embedding matrix that an id names. Rows named by their
 * numbers (no id file) need no table: the id is read as a number, which
 * must be written as the row's name is ("%zu": digits, no sign, no leading
 * zero). Rows named by a file are found through a hash map of their ids. */
#ifndef RK_ROWINDEX_H
#define RK_ROWINDEX_H
#include <stddef.h>
#include "stream/embed.h"
#include "util/strmap.h"

/* no row: what a lookup gives for an id that names none (STRMAP_ABSENT:
 * a lookup in the map is returned as it is) */
#define NO_ROW STRMAP_ABSENT

struct rowindex {
	size_t rows;
	int numbered;		/* rows named by their numbers: map unused */
	struct strmap map;	/* id -> row */
};

void rowindex_init(struct rowindex *x, const struct embed *emb);
/* the row named id, or NO_ROW */
size_t rowindex_get(const struct rowindex *x, struct slice id);
/* the lookup rowindex_get and labelfile_get share: among n rows named by
 * their numbers (numbered) or through map, the one named id, or NO_ROW */
size_t row_named(int numbered, size_t n, const struct strmap *map,
		 struct slice id);
void rowindex_free(struct rowindex *x);
/* the number id writes as a row's name does ("%zu"), or NO_ROW */
size_t rownum_parse(struct slice id);

#endif
