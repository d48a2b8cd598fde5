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
	big_free(m->slot);
	big_free(m->off);
	big_free(m->len);
	big_free(m->arena);
	memset(m, 0, sizeof *m);
}

void strmap_clear(struct strmap *m)
{
	m->nent = 0;
	m->used = 0;
	if (++m->gen == 0) {	/* wrapped: stamps must restart */
		memset(m->slot, 0, (m->mask + 1) * sizeof *m->slot);
		m->gen = 1;
	}
}

static int key_is(const struct strmap *m, size_t e, struct slice k)
{
	return m->len[e] == k.n && memcmp(m->arena + m->off[e], k.p, k.n) == 0;
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

/* a new entry for key, not yet in any slot */
static size_t add_entry(struct strmap *m, struct slice key)
{
	size_t e = m->nent;

	big_grow((void **)&m->off, &m->offcap, e + 1, sizeof *m->off);
	big_grow((void **)&m->len, &m->lencap, e + 1, sizeof *m->len);
	big_grow((void **)&m->arena, &m->arenacap, m->used + key.n + 1, 1);
	copy_short(m->arena + m->used, key.p, key.n);
	m->arena[m->used + key.n] = '\0';	/* keys are also C strings */
	m->off[e] = m->used;
	m->len[e] = key.n;
	m->used += key.n + 1;
	m->nent++;
	return e;
}

/* the slot of key (hash h): the one that holds it (*found = 1) or the
 * empty one where it goes */
static size_t probe(const struct strmap *m, struct slice key, uint64_t h,
		    int *found)
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
