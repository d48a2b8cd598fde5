/* A set of byte strings that holds millions of them in little memory and
 * never answers wrongly: the queries a stream has begun, so that one that
 * comes back is an error. Each key is kept whole (length and bytes, in
 * blocks that never move) and found through a table of 4-byte slots, each
 * with a 1-byte tag of the key's hash that spares most key comparisons; a
 * query costs its id's length plus about 8 to 18 bytes. */
#ifndef RK_IDSET_H
#define RK_IDSET_H
#include <stddef.h>
#include <stdint.h>
#include "util/slice.h"

struct idset {
	uint32_t *slot;		/* position / 4 + 1 */
	uint8_t *tag;		/* 0: the slot is empty; else 8 bits of the
				 * key's hash, never 0 */
	size_t mask;		/* slots - 1 */
	size_t n;		/* keys */
	char **block;		/* key storage: block i holds positions
				 * i << 21 .. (BLOCK_BITS) */
	size_t *blockused;	/* bytes of keys in each block */
	size_t nblock, blockcap, usedcap;
};

void idset_init(struct idset *s);
void idset_free(struct idset *s);
/* 1 when key is in the set */
int idset_has(const struct idset *s, struct slice key);
/* adds key; 1 when it was new, 0 when it was there already */
int idset_add(struct idset *s, struct slice key);

#endif
