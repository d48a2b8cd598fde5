/* Open addressing with linear probing over a power-of-two table. Slots
 * carry a generation stamp so that clearing a map between queries costs
 * nothing; entries are dense, so entry numbers double as candidate
 * numbers in rankof. */
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/strmap.h"

void strmap_init(struct strmap *m)
{
	memset(m, 0, sizeof *m);
	m->mask = 63;
	m->gen = 1;
	m->slot = big_alloc((m->mask + 1) * sizeof *m->slot);
}

void strmap_free(struct strmap *m)
{
	size_t b;

	big_free(m->slot);
	big_free(m->key);
	for (b = 0; b < m->nblock; b++)
		big_free(m->block[b]);
	free(m->block);
	free(m->bcap);
	memset(m, 0, sizeof *m);
}

void strmap_clear(struct strmap *m)
{
	m->nent = 0;
	m->cur = 0;
	m->used = 0;
	if (++m->gen == 0) {	/* wrapped: stamps must restart */
		memset(m->slot, 0, (m->mask + 1) * sizeof *m->slot);
		m->gen = 1;
	}
}

static inline int key_is(const struct strmap *m, size_t e, struct slice k)
{
	return slice_eq(m->key[e], k);
}

size_t strmap_get(const struct strmap *m, struct slice key)
{
	return strmap_get_h(m, key, hash_bytes(key.p, key.n));
}

size_t strmap_get_h(const struct strmap *m, struct slice key, uint64_t h)
{
	uint32_t h32 = (uint32_t)h;
	size_t i = (size_t)h & m->mask;

	for (;; i = (i + 1) & m->mask) {
		const struct strmap_slot *s = &m->slot[i];
		if (s->gen != m->gen)
			return STRMAP_ABSENT;
		if (s->hash == h32 && key_is(m, s->entry, key))
			return s->entry;
	}
}

/* a table of n slots (a power of two) with the live slots of the old one:
 * a slot keeps the low 32 bits of its key's hash, which place it again
 * without reading or hashing the key while the table has at most 2^32
 * slots */
static void resize(struct strmap *m, size_t n)
{
	struct strmap_slot *old = m->slot;
	size_t oldn = m->mask + 1, j;
	uint32_t oldgen = m->gen;

	m->slot = big_alloc(n * sizeof *m->slot);
	m->mask = n - 1;
	m->gen = 1;
	for (j = 0; j < oldn; j++) {
		size_t i;
		if (old[j].gen != oldgen)
			continue;
		if (m->mask > UINT32_MAX) {
			struct slice k = strmap_key(m, old[j].entry);
			i = (size_t)hash_bytes(k.p, k.n) & m->mask;
		} else {
			i = (size_t)old[j].hash & m->mask;
		}
		while (m->slot[i].gen == m->gen)
			i = (i + 1) & m->mask;
		m->slot[i] = old[j];
		m->slot[i].gen = m->gen;
	}
	big_free(old);
}

void strmap_reserve(struct strmap *m, size_t n)
{
	size_t slots = m->mask + 1;

	while (n > slots / 2) {
		if (slots > ((size_t)-1) / 2 / sizeof *m->slot)
			die(EXIT_DATA, "out of memory");
		slots *= 2;
	}
	if (slots > m->mask + 1)
		resize(m, slots);
}

size_t strmap_put(struct strmap *m, struct slice key, int *created)
{
	return strmap_put_h(m, key, hash_bytes(key.p, key.n), created);
}

void strmap_grow_keys(struct strmap *m)
{
	big_grow((void **)&m->key, &m->keycap, m->nent + 1, sizeof *m->key);
}

/* n bytes that stay where they are until strmap_clear: the rest of the
 * block in use, or the next block, made when new at twice the size of
 * the one before (at least 4 KiB, at least n) */
static char *key_room(struct strmap *m, size_t n)
{
	if (m->nblock && m->used + n <= m->bcap[m->cur]) {
		m->used += n;
		return m->block[m->cur] + m->used - n;
	}
	if (m->nblock)
		m->cur++;
	while (m->cur < m->nblock && m->bcap[m->cur] < n)
		m->cur++;	/* too small for this key: left for later ones */
	if (m->cur == m->nblock) {
		size_t size = m->nblock ? m->bcap[m->nblock - 1] : 2 << 10;
		size_t nb = m->nblock + 1;
		do {
			if (size > SIZE_MAX / 2)
				die(EXIT_DATA, "out of memory");
			size *= 2;
		} while (size < n);
		m->block = xrealloc(m->block, nb * sizeof *m->block);
		m->bcap = xrealloc(m->bcap, nb * sizeof *m->bcap);
		m->block[m->nblock] = big_alloc(size);
		m->bcap[m->nblock] = size;
		m->nblock = nb;
	}
	m->used = n;
	return m->block[m->cur];
}

/* a new entry for key, not yet in any slot, its bytes copied */
static size_t add_entry(struct strmap *m, struct slice key)
{
	char *d = key_room(m, key.n + 1);

	copy_short(d, key.p, key.n);
	d[key.n] = '\0';	/* keys are also C strings */
	key.p = d;
	return strmap_append_ref(m, key);
}

/* the slot of key (hash h): the one that holds it (*found = 1) or the
 * empty one where it goes */
static inline size_t probe(const struct strmap *m, struct slice key,
			   uint64_t h, int *found)
{
	uint32_t h32 = (uint32_t)h;
	size_t i = (size_t)h & m->mask;

	for (;; i = (i + 1) & m->mask) {
		const struct strmap_slot *s = &m->slot[i];
		if (s->gen != m->gen)
			break;
		if (s->hash == h32 && key_is(m, s->entry, key)) {
			*found = 1;
			return i;
		}
	}
	*found = 0;
	return i;
}

static void occupy(struct strmap *m, size_t i, uint64_t h, size_t e)
{
	m->slot[i].gen = m->gen;
	m->slot[i].hash = (uint32_t)h;
	m->slot[i].entry = e;
}

size_t strmap_put_h(struct strmap *m, struct slice key, uint64_t h,
		    int *created)
{
	int found;
	size_t i = probe(m, key, h, &found), e;

	if (created)
		*created = !found;
	if (found)
		return m->slot[i].entry;
	e = add_entry(m, key);
	occupy(m, i, h, e);
	/* keep the load under 1/2 */
	if (m->nent * 2 > m->mask + 1)
		resize(m, (m->mask + 1) * 2);
	return e;
}

size_t strmap_append(struct strmap *m, struct slice key)
{
	return add_entry(m, key);
}

/* how many entries ahead strmap_index prefetches a slot: enough to cover
 * a miss to memory at a few nanoseconds an entry */
#define AHEAD 16

size_t strmap_index(struct strmap *m, size_t from, const uint64_t *h)
{
	size_t n = m->nent, e, i;
	int found;

	strmap_reserve(m, n);	/* no resize on the way: the load stays <= 1/2 */
	for (e = from; e < n; e++) {
#if defined(__GNUC__)
		if (e + AHEAD < n)
			__builtin_prefetch(&m->slot[(size_t)h[e + AHEAD] &
						    m->mask], 1);
#endif
		i = probe(m, strmap_key(m, e), h[e], &found);
		if (found)
			return e;
		occupy(m, i, h[e], e);
	}
	return STRMAP_ABSENT;
}
