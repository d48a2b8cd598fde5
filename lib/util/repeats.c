/* Linear probing at a load of at most 1/2 over a power-of-two table (a
 * prefix of the allocation) that only the keys of the group fill: the
 * slots of the groups before are empty by their numbers (base), so a new
 * group clears nothing but the slots never written. A check that finds
 * the table too small for all its keys takes a larger one, makes the
 * slots of its group empty by raising base past them, and places the keys
 * checked before again from their hashes, without reading their bytes.
 * The whole table is cleared only when the numbers would pass 32 bits:
 * once in 4 billion keys. */
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/repeats.h"

void repeats_init(struct repeats *r)
{
	memset(r, 0, sizeof *r);
	big_grow((void **)&r->off, &r->offcap, 1, sizeof *r->off);
	r->off[0] = 0;
}

void repeats_free(struct repeats *r)
{
	big_free(r->hash);
	big_free(r->off);
	big_free(r->bytes);
	big_free(r->slot);
	memset(r, 0, sizeof *r);
}

void repeats_clear(struct repeats *r)
{
	r->base += r->checked;
	r->n = r->checked = 0;
	r->slots = 0;
}

void repeats_reserve(struct repeats *r, size_t keys, size_t bytes)
{
	size_t e = r->n, used = r->off[e];

	big_grow((void **)&r->hash, &r->hcap, e + keys, sizeof *r->hash);
	big_grow((void **)&r->off, &r->offcap, e + keys + 1, sizeof *r->off);
	big_grow((void **)&r->bytes, &r->bcap, used + bytes, 1);
}

void repeats_add(struct repeats *r, struct slice key)
{
	repeats_reserve(r, 1, key.n);
	repeats_put(r, key);
}

static inline uint64_t slot_of(const struct repeats *r, uint64_t h,
			       size_t e)
{
	return (h & ~(uint64_t)UINT32_MAX) | (uint64_t)(r->base + e + 1);
}

/* 1 when slot value v holds a key of the group */
static inline int in_group(const struct repeats *r, uint64_t v)
{
	return (v & UINT32_MAX) > r->base;
}

/* A table of at least twice n slots whose only keys are 0 .. checked-1,
 * numbered from a new base; all slots cleared when the numbers of n keys
 * from it would pass 32 bits. */
static void fit(struct repeats *r, size_t n)
{
	size_t s = 64, e, i, mask;

	while (s < 2 * n) {
		if (s > SIZE_MAX / 4 / sizeof *r->slot)
			die(EXIT_DATA, "out of memory");
		s *= 2;
	}
	if (s > r->slotcap)
		big_grow((void **)&r->slot, &r->slotcap, s, sizeof *r->slot);
	r->base += r->checked;
	if (r->base >= UINT32_MAX - n) {
		memset(r->slot, 0, r->clean * sizeof *r->slot);
		r->base = 0;
	}
	if (s > r->clean) {
		memset(r->slot + r->clean, 0, (s - r->clean) * sizeof *r->slot);
		r->clean = s;
	}
	r->slots = s;
	mask = s - 1;
	for (e = 0; e < r->checked; e++) {
		for (i = (size_t)r->hash[e] & mask; in_group(r, r->slot[i]);
		     i = (i + 1) & mask)
			;
		r->slot[i] = slot_of(r, r->hash[e], e);
	}
}

/* how many keys ahead a slot's load starts: enough to cover a miss to
 * memory at a few nanoseconds a key */
#define AHEAD 16

size_t repeats_check(struct repeats *r)
{
	size_t n = r->n, e, i, mask;

	if (r->checked >= n)
		return REPEATS_NONE;
	/* a slot numbers its key in 32 bits */
	if (n >= UINT32_MAX)
		die(EXIT_DATA, "out of memory");
	if (r->slots < 2 * n || r->base >= UINT32_MAX - n)
		fit(r, n);
	mask = r->slots - 1;
	for (e = r->checked; e < n; e++) {
		uint64_t h = r->hash[e], top = h & ~(uint64_t)UINT32_MAX, v;
#if defined(__GNUC__)
		if (e + AHEAD < n)
			__builtin_prefetch(&r->slot[(size_t)r->hash[e + AHEAD] &
						    mask], 1);
#endif
		for (i = (size_t)h & mask; in_group(r, v = r->slot[i]);
		     i = (i + 1) & mask)
			if ((v & ~(uint64_t)UINT32_MAX) == top &&
			    slice_eq(repeats_key(r, (size_t)(v & UINT32_MAX) -
						    r->base - 1),
				     repeats_key(r, e))) {
				r->checked = n;
				return e;
			}
		r->slot[i] = slot_of(r, h, e);
	}
	r->checked = n;
	return REPEATS_NONE;
}
