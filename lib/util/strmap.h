/* Byte-string keys to dense entry numbers. Entry i is the i-th distinct key
 * put; its key is copied into the map's blocks (or, strmap_append_ref,
 * left in the caller's buffer). strmap_clear() is O(1) (generation
 * stamps), so one map serves query after query. */
#ifndef RK_STRMAP_H
#define RK_STRMAP_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "util/slice.h"

struct strmap_slot {
	uint32_t gen;
	uint32_t hash;		/* the low 32 bits of the key's hash */
	size_t entry;
};

struct strmap {
	struct strmap_slot *slot;
	size_t mask;		/* slots - 1, a power of two minus one */
	uint32_t gen;
	struct slice *key;	/* per entry: its key */
	size_t nent, keycap;
	/* the keys the map copies, in blocks that never move (a key stays
	 * where it is until strmap_clear); block b holds bcap[b] bytes and
	 * is given again from 0 by strmap_clear */
	char **block;
	size_t *bcap;
	size_t nblock, cur, used;	/* blocks made; in use; its bytes used */
};

void strmap_init(struct strmap *m);
void strmap_free(struct strmap *m);
void strmap_clear(struct strmap *m);
/* room for n keys in all without growing the table on the way */
void strmap_reserve(struct strmap *m, size_t n);
/* no entry: what strmap_get gives for a key it does not hold */
#define STRMAP_ABSENT ((size_t)-1)

/* the entry of key, or STRMAP_ABSENT */
size_t strmap_get(const struct strmap *m, struct slice key);
/* the entry of key, created if new (*created says which) */
size_t strmap_put(struct strmap *m, struct slice key, int *created);
/* the same with h = hash_bytes(key) computed by the caller */
size_t strmap_get_h(const struct strmap *m, struct slice key, uint64_t h);
size_t strmap_put_h(struct strmap *m, struct slice key, uint64_t h,
		    int *created);
/* Candidates in bulk (rankof's per-query map): strmap_append adds key as
 * the next entry without looking it up or giving it a slot, its bytes
 * copied; strmap_append_ref the same without the copy: the key stays in
 * the caller's buffer, which must hold it until strmap_clear. Then
 * strmap_index gives a slot to each entry from `from` on, in entry order,
 * h[e] = hash_bytes of entry e's key, prefetching the slots a few entries
 * ahead so that their cache misses overlap. It returns the first entry
 * whose key an earlier entry holds, or STRMAP_ABSENT when the keys are
 * distinct; after such a duplicate the map is only good for strmap_key
 * and strmap_clear. Between the two calls, only strmap_key holds. */
size_t strmap_append(struct strmap *m, struct slice key);
size_t strmap_index(struct strmap *m, size_t from, const uint64_t *h);
void strmap_grow_keys(struct strmap *m);
static inline size_t strmap_append_ref(struct strmap *m, struct slice key)
{
	if (m->nent == m->keycap)
		strmap_grow_keys(m);
	m->key[m->nent] = key;
	return m->nent++;
}
static inline struct slice strmap_key(const struct strmap *m, size_t e)
{
	return m->key[e];
}

/* 1 to 7 bytes as one word, every byte in it for a given length (two
 * overlapping loads from 4 bytes up, else the first, middle and last
 * byte), without the byte-by-byte copy whose 8-byte reload waits for the
 * stores to retire */
static inline uint64_t hash_short_word(const char *p, size_t n)
{
	const unsigned char *u = (const unsigned char *)p;
	if (n >= 4)
		return word32_at(p) | (uint64_t)word32_at(p + n - 4) << 32;
	return (uint64_t)u[0] | (uint64_t)u[n >> 1] << 8 |
	       (uint64_t)u[n - 1] << 16;
}

/* The key's 64-bit hash: the length and 8-byte words, the last one
 * overlapping the one before when n is not a multiple of 8, so that for
 * a given length every byte enters. Inline: the loops that hash every
 * key they read (a query's items, a run's documents). */
static inline __attribute__((always_inline)) uint64_t
hash_bytes(const char *p, size_t n)
{
	const uint64_t m1 = UINT64_C(0x9E3779B97F4A7C15);
	const uint64_t m2 = UINT64_C(0xBF58476D1CE4E5B9);
	uint64_t h = (uint64_t)n * m1;

	if (n > 8) {
		const char *last = p + n - 8;
		for (; p < last; p += 8) {
			h = (h ^ word64_at(p)) * m2;
			h ^= h >> 29;
		}
		h = (h ^ word64_at(last)) * m2;
	} else if (n == 8) {
		h = (h ^ word64_at(p)) * m2;
	} else if (n) {
		h = (h ^ hash_short_word(p, n)) * m2;
	}
	h ^= h >> 32;
	h *= m1;
	h ^= h >> 29;
	return h;
}

#endif
