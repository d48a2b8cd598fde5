/* Keys are stored as a varint length and the bytes, each at a multiple of
 * 4 bytes, packed into blocks of 2 MiB (a longer key gets a block of its
 * own); a position is the block number times 2^21 plus the offset, and a
 * slot holds position / 4 + 1 in 32 bits (16 GiB of ids). Linear probing,
 * load at most 3/4: a query costs 4 to 8 bytes of table, its id and 1 to 4
 * bytes of length and padding. */
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/idset.h"
#include "util/strmap.h"

enum { BLOCK_BITS = 21 };
#define BLOCK ((size_t)1 << BLOCK_BITS)
/* the bytes of keys a block holds: with big_alloc's header, one 2 MiB
 * page (bigalloc.h) */
#define BLOCK_FILL (BLOCK - BIG_HEAD)
/* blocks that slots can address */
#define MAX_BLOCKS ((uint64_t)1 << (34 - BLOCK_BITS))

void idset_init(struct idset *s)
{
	memset(s, 0, sizeof *s);
	s->mask = 63;
	s->slot = big_alloc((s->mask + 1) * sizeof *s->slot);
}

void idset_free(struct idset *s)
{
	size_t i;
	for (i = 0; i < s->nblock; i++)
		big_free(s->block[i]);
	free(s->block);
	big_free(s->slot);
	memset(s, 0, sizeof *s);
}

/* the key stored at position pos */
static struct slice key_at(const struct idset *s, uint64_t pos)
{
	const unsigned char *p = (const unsigned char *)
		s->block[pos >> BLOCK_BITS] + (pos & (BLOCK - 1));
	size_t n = 0;
	int shift = 0;
	while (*p & 0x80) {
		n |= (size_t)(*p++ & 0x7f) << shift;
		shift += 7;
	}
	n |= (size_t)*p++ << shift;
	struct slice k = { (const char *)p, n };
	return k;
}

/* the slot of key, or of the empty slot where it would go */
static size_t find(const struct idset *s, struct slice key, uint64_t h)
{
	size_t i = (size_t)h & s->mask;
	for (;; i = (i + 1) & s->mask) {
		uint32_t v = s->slot[i];
		if (v == 0 || slice_eq(key_at(s, (uint64_t)(v - 1) * 4), key))
			return i;
	}
}

int idset_has(const struct idset *s, struct slice key)
{
	return s->slot[find(s, key, hash_bytes(key.p, key.n))] != 0;
}

/* stores key, returns its position */
static uint64_t store(struct idset *s, struct slice key)
{
	unsigned char len[10];
	size_t nl = 0, n = key.n, need;
	do {
		len[nl++] = (unsigned char)((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
		n >>= 7;
	} while (n);
	need = (nl + key.n + 3) & ~(size_t)3;
	if (s->nblock == 0 || s->used + need > BLOCK_FILL) {
		xgrow((void **)&s->block, &s->blockcap, s->nblock + 1,
		      sizeof *s->block);
		s->block[s->nblock++] = big_alloc(need > BLOCK_FILL ? need : BLOCK_FILL);
		s->used = 0;
		if ((uint64_t)s->nblock > MAX_BLOCKS)
			die(EXIT_DATA, "out of memory (16 GiB of query ids)");
	}
	char *p = s->block[s->nblock - 1] + s->used;
	memcpy(p, len, nl);
	memcpy(p + nl, key.p, key.n);
	uint64_t pos = ((uint64_t)(s->nblock - 1) << BLOCK_BITS) + s->used;
	/* a long key fills its own block: the next key starts a new one */
	s->used = need > BLOCK_FILL ? BLOCK_FILL : s->used + need;
	return pos;
}

static void grow(struct idset *s)
{
	size_t n = (s->mask + 1) * 2, i, j;
	uint32_t *old = s->slot;
	size_t oldn = s->mask + 1;

	if (n > SIZE_MAX / sizeof *s->slot)
		die(EXIT_DATA, "out of memory");
	s->slot = big_alloc(n * sizeof *s->slot);
	s->mask = n - 1;
	for (i = 0; i < oldn; i++) {
		if (!old[i])
			continue;
		struct slice k = key_at(s, (uint64_t)(old[i] - 1) * 4);
		uint64_t h = hash_bytes(k.p, k.n);
		for (j = (size_t)h & s->mask; s->slot[j]; j = (j + 1) & s->mask)
			;
		s->slot[j] = old[i];
	}
	big_free(old);
}

int idset_add(struct idset *s, struct slice key)
{
	uint64_t h = hash_bytes(key.p, key.n);
	size_t i = find(s, key, h);
	if (s->slot[i])
		return 0;
	s->slot[i] = (uint32_t)(store(s, key) / 4 + 1);
	if (++s->n * 4 > (s->mask + 1) * 3)
		grow(s);
	return 1;
}
