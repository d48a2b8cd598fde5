/* The keys of one group (a query's items) gathered as they come and
 * searched for a repeat in batches: each key's 64-bit hash and bytes are
 * appended in order, and repeats_check finds the first key that an
 * earlier one equals, its hashes placed in a table of 8-byte slots whose
 * loads are started a few keys ahead, so that their cache misses overlap
 * instead of stalling each key as it is read. A repeat is confirmed by
 * the bytes: the answer is exact. */
#ifndef RK_REPEATS_H
#define RK_REPEATS_H
#include <stddef.h>
#include <stdint.h>
#include "util/slice.h"
#include "util/strmap.h"

struct repeats {
	uint64_t *hash;		/* key e's hash_bytes */
	size_t *off;		/* key e: bytes[off[e] .. off[e + 1]) */
	char *bytes;
	size_t n, checked;	/* keys; of which searched */
	size_t hcap, offcap, bcap;
	/* the table: a slot holds the top 32 bits of a hash and below them
	 * base + the key's number + 1; one whose low 32 bits are base or
	 * less is empty (0, or a key of a group before), so that a new
	 * group needs no clearing */
	uint64_t *slot;
	size_t slots, slotcap;	/* table in use (0: none yet), allocated */
	size_t clean;		/* slots [0, clean) hold values, the rest
				 * of the allocation never written */
	size_t base;		/* base + the group's keys < 2^32 - 1 */
};

/* what repeats_check gives when no key repeats */
#define REPEATS_NONE ((size_t)-1)

void repeats_init(struct repeats *r);
void repeats_free(struct repeats *r);
/* a new group: no keys */
void repeats_clear(struct repeats *r);
/* appends key; its number is r->n - 1 */
void repeats_add(struct repeats *r, struct slice key);
/* room for keys more keys of bytes bytes in all, so that repeats_put
 * needs no test of its arrays */
void repeats_reserve(struct repeats *r, size_t keys, size_t bytes);
/* repeats_add with room reserved, inline: a reader's loop that reserves
 * once for a block of lines */
static inline __attribute__((always_inline)) void
repeats_put(struct repeats *r, struct slice key)
{
	size_t e = r->n, used = r->off[e];

	r->hash[e] = hash_bytes(key.p, key.n);
	copy_short(r->bytes + used, key.p, key.n);
	r->off[e + 1] = used + key.n;
	r->n = e + 1;
}
/* The first key from r->checked on that equals an earlier key of the
 * group, or REPEATS_NONE; all keys count as checked after. After a
 * repeat, only repeats_key and repeats_clear hold. */
size_t repeats_check(struct repeats *r);
static inline struct slice repeats_key(const struct repeats *r, size_t e)
{
	struct slice s = { r->bytes + r->off[e], r->off[e + 1] - r->off[e] };
	return s;
}

#endif
