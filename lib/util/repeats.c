/* Linear probing at a load of at most 1/2 over a power-of-two table that
 * only the keys of the group fill: a check that finds the table too small
 * for all its keys clears a larger one (a prefix of the allocation) and
 * places the keys checked before again from their hashes, without reading
 * their bytes. A group of n keys clears 16 to 32 bytes a key once. */
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/repeats.h"
#include "util/strmap.h"

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

static inline uint64_t slot_of(uint64_t h, size_t e)
{
	return (h & ~(uint64_t)UINT32_MAX) | (uint64_t)(e + 1);
}

/* a cleared table of at least twice n slots, keys 0 .. checked-1 in it */
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
	memset(r->slot, 0, s * sizeof *r->slot);
	r->slots = s;
	mask = s - 1;
	for (e = 0; e < r->checked; e++) {
		for (i = (size_t)r->hash[e] & mask; r->slot[i]; i = (i + 1) & mask)
			;
		r->slot[i] = slot_of(r->hash[e], e);
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
	if (r->slots < 2 * n)
		fit(r, n);
	mask = r->slots - 1;
	for (e = r->checked; e < n; e++) {
		uint64_t h = r->hash[e], top = h & ~(uint64_t)UINT32_MAX, v;
#if defined(__GNUC__)
		if (e + AHEAD < n)
			__builtin_prefetch(&r->slot[(size_t)r->hash[e + AHEAD] &
						    mask], 1);
#endif
		for (i = (size_t)h & mask; (v = r->slot[i]) != 0;
		     i = (i + 1) & mask)
			if ((v & ~(uint64_t)UINT32_MAX) == top &&
			    slice_eq(repeats_key(r, (size_t)(v & UINT32_MAX) - 1),
				     repeats_key(r, e))) {
				r->checked = n;
				return e;
			}
		r->slot[i] = slot_of(h, e);
	}
	r->checked = n;
	return REPEATS_NONE;
}
