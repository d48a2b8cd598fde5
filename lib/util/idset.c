/* Keys are stored as a varint length and the bytes, each at a multiple of
 * 4 bytes, packed into blocks of 2 MiB (a longer key gets a block of its
 * own); a position is the block number times 2^21 plus the offset, and a
 * slot holds position / 4 + 1 in 32 bits (16 GiB of ids). Linear probing,
 * load at most 3/4: with its tag a slot is 5 bytes, so a query costs 7 to
 * 14 bytes of table, its id and 1 to 4 bytes of length and padding.
 *
 * A probe reads the tag array first: a slot whose tag differs from the
 * key's holds another key (1 in 255 of them share a tag), so the key's
 * bytes, somewhere in the blocks and seldom in the cache, are read about
 * once per lookup instead of once per slot probed (about 8 slots at load
 * 3/4 for a key not in the set: Knuth, TAOCP vol. 3, 6.4). The table grows
 * by reading the blocks in order, not the old slots, so that rehashing
 * never jumps about in memory. */
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

/* the table's index uses the hash's low bits, the tag its top 8 */
static uint8_t tag_of(uint64_t h)
{
	uint8_t t = (uint8_t)(h >> 56);
	return t ? t : 1;
}

static void alloc_table(struct idset *s, size_t slots)
{
	if (slots > SIZE_MAX / (sizeof *s->slot + 1))
		die(EXIT_DATA, "out of memory");
	s->slot = big_alloc(slots * sizeof *s->slot);
	s->tag = big_alloc(slots);
	s->mask = slots - 1;
}

void idset_init(struct idset *s)
{
	memset(s, 0, sizeof *s);
	alloc_table(s, 64);
}

void idset_free(struct idset *s)
{
	size_t i;
	for (i = 0; i < s->nblock; i++)
		big_free(s->block[i]);
	free(s->block);
	free(s->blockused);
	big_free(s->slot);
	big_free(s->tag);
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
	uint8_t t = tag_of(h);
	size_t i = (size_t)h & s->mask;
	for (;; i = (i + 1) & s->mask) {
		uint8_t v = s->tag[i];
		if (v == 0)
			return i;
		if (v == t && slice_eq(key_at(s, (uint64_t)(s->slot[i] - 1) * 4), key))
			return i;
	}
}

int idset_has(const struct idset *s, struct slice key)
{
	return s->tag[find(s, key, hash_bytes(key.p, key.n))] != 0;
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
	/* a long key fills a block of its own: its used bytes exceed
	 * BLOCK_FILL, so the next key starts a new block */
	if (s->nblock == 0 || s->blockused[s->nblock - 1] + need > BLOCK_FILL) {
		xgrow((void **)&s->block, &s->blockcap, s->nblock + 1,
		      sizeof *s->block);
		xgrow((void **)&s->blockused, &s->usedcap, s->nblock + 1,
		      sizeof *s->blockused);
		s->block[s->nblock] = big_alloc(need > BLOCK_FILL ? need : BLOCK_FILL);
		s->blockused[s->nblock++] = 0;
		if ((uint64_t)s->nblock > MAX_BLOCKS)
			die(EXIT_DATA, "out of memory (16 GiB of query ids)");
	}
	size_t *used = &s->blockused[s->nblock - 1];
	char *p = s->block[s->nblock - 1] + *used;
	memcpy(p, len, nl);
	memcpy(p + nl, key.p, key.n);
	uint64_t pos = ((uint64_t)(s->nblock - 1) << BLOCK_BITS) + *used;
	*used += need;
	return pos;
}

/* doubles the table and places every key again, in the order stored */
static void grow(struct idset *s)
{
	size_t b, i;

	big_free(s->slot);
	big_free(s->tag);
	alloc_table(s, (s->mask + 1) * 2);
	for (b = 0; b < s->nblock; b++) {
		size_t off = 0;
		while (off < s->blockused[b]) {
			uint64_t pos = ((uint64_t)b << BLOCK_BITS) + off;
			struct slice k = key_at(s, pos);
			uint64_t h = hash_bytes(k.p, k.n);
			for (i = (size_t)h & s->mask; s->tag[i]; i = (i + 1) & s->mask)
				;
			s->slot[i] = (uint32_t)(pos / 4 + 1);
			s->tag[i] = tag_of(h);
			off = ((size_t)(k.p - s->block[b]) + k.n + 3) & ~(size_t)3;
		}
	}
}

int idset_add(struct idset *s, struct slice key)
{
	uint64_t h = hash_bytes(key.p, key.n);
	size_t i = find(s, key, h);
	if (s->tag[i])
		return 0;
	s->slot[i] = (uint32_t)(store(s, key) / 4 + 1);
	s->tag[i] = tag_of(h);
	if (++s->n * 4 > (s->mask + 1) * 3)
		grow(s);
	return 1;
}
