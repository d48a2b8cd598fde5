/* setcheck: util/idset.h and strmap.h's hash_bytes exercised, for
 * tests/idset.bats (not installed). Prints one line per check and exits 1
 * at the first that fails.
 *   setcheck hash   keys of 1 to 8 bytes that differ in one byte, and keys
 *                   of one length that differ only in their last bytes,
 *                   never hash alike (for up to 8 bytes the hash is a
 *                   bijection of the bytes, so any collision is a bug)
 *   setcheck set    300000 keys of 0 to 40 bytes, and keys longer than a
 *                   storage block, through many doublings of the table:
 *                   every key added is found, added twice is refused,
 *                   and a key one byte longer or changed is not found
 *   setcheck map    slice_eq against memcmp; strmap over groups cleared
 *                   between them: keys of 1 to 24 bytes that differ from
 *                   another in one byte at any place, keys longer than a
 *                   block of copies, keys put, appended (copied and in
 *                   place) and indexed: every entry's key is its own, a key found at
 *                   its entry, a repeat found at the first entry that
 *                   repeats, by brute force over the group
 *   setcheck repeats  300 groups of 1 to 3000 keys (util/repeats.h), the
 *                   same keys in every group, checked in pieces of 1 to
 *                   all keys, numbered from a few groups short of 32 bits:
 *                   each group's first repeat found, none where there is
 *                   none, and the numbers started again on the way */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/idset.h"
#include "util/repeats.h"
#include "util/strmap.h"

static int failed;

static void check(int ok, const char *what, size_t i)
{
	if (!ok && !failed) {
		printf("FAIL %s (key %zu)\n", what, i);
		failed = 1;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* how many values of v[0..n) are equal to another */
static size_t collisions(uint64_t *v, size_t n)
{
	size_t i, c = 0;
	qsort(v, n, sizeof *v, cmp_u64);
	for (i = 1; i < n; i++)
		c += v[i] == v[i - 1];
	return c;
}

static void hash(void)
{
	uint64_t v[256];
	char k[64];
	size_t n, pos, b;

	/* every byte of a short key enters its hash */
	for (n = 1; n <= 8; n++)
		for (pos = 0; pos < n; pos++) {
			memset(k, 'q', sizeof k);
			for (b = 0; b < 256; b++) {
				k[pos] = (char)b;
				v[b] = hash_bytes(k, n);
			}
			check(collisions(v, 256) == 0, "a short key's byte", n);
		}
	/* ...and of a longer one, the last bytes included */
	for (n = 9; n <= 40; n++)
		for (pos = n - 8; pos < n; pos++) {
			memset(k, 'q', sizeof k);
			for (b = 0; b < 256; b++) {
				k[pos] = (char)b;
				v[b] = hash_bytes(k, n);
			}
			check(collisions(v, 256) == 0, "a long key's last bytes", n);
		}
	if (!failed)
		printf("hash: ok\n");
}

enum { KEYS = 300000 };

/* key i: "id" and i in decimal, then up to 30 more bytes depending on i */
static size_t key(char *k, size_t i)
{
	size_t n = (size_t)sprintf(k, "id%zu", i), extra = i * 7919 % 31;
	memset(k + n, 'a' + (int)(i % 26), extra);
	return n + extra;
}

static void set(void)
{
	struct idset s;
	char k[64];
	size_t i, n;
	size_t longn = (5u << 20) + 3;
	char *longk = malloc(longn);

	if (!longk)
		exit(2);
	idset_init(&s);
	struct slice empty = { "", 0 };
	check(idset_add(&s, empty) == 1, "the empty key added", 0);
	for (i = 0; i < KEYS; i++) {
		n = key(k, i);
		struct slice sl = { k, n };
		check(idset_add(&s, sl) == 1, "a new key added", i);
		if (i == KEYS / 2) {
			/* a key longer than a block, and another after it */
			memset(longk, 'L', longn);
			struct slice l = { longk, longn };
			check(idset_add(&s, l) == 1, "a long key added", i);
			longk[longn - 1] = 'M';
			check(idset_add(&s, l) == 1, "a second long key added", i);
		}
	}
	for (i = 0; i < KEYS; i++) {
		n = key(k, i);
		struct slice sl = { k, n };
		check(idset_has(&s, sl), "an added key found", i);
		check(idset_add(&s, sl) == 0, "a key added twice refused", i);
		k[n] = '#';	/* one byte longer: never added */
		struct slice longer = { k, n + 1 };
		check(!idset_has(&s, longer), "a longer key not found", i);
		if (i * 7919 % 31) {
			/* the last letter changed: keys repeat one letter,
			 * so never added */
			k[n - 1] ^= 1;
			check(!idset_has(&s, sl), "a changed key not found", i);
		}
	}
	struct slice l = { longk, longn };
	check(idset_has(&s, l), "the second long key found", 0);
	longk[longn - 1] = 'L';
	check(idset_has(&s, l), "the first long key found", 0);
	longk[longn - 1] = 'N';
	check(!idset_has(&s, l), "a long key never added not found", 0);
	check(idset_has(&s, empty), "the empty key found", 0);
	if (!failed)
		printf("set: %zu keys: ok\n", s.n);
	idset_free(&s);
	free(longk);
}

/* group g's key i (i < 2 * 24 * 24 + 2): for length n = 1 + i / 48 % 24,
 * a base of n letters that depend on g, or the base with one byte, at
 * i % 24 modulo n, changed; the last two keys are longer than a block of
 * copies (64 KiB and 200 KiB) */
static size_t map_key(char *k, size_t g, size_t i)
{
	size_t n, j;

	if (i >= 2 * 24 * 24) {
		n = i == 2 * 24 * 24 ? (64 << 10) : (200 << 10);
		memset(k, 'A' + (int)(g % 26), n);
		return n;
	}
	n = 1 + i / 48 % 24;
	for (j = 0; j < n; j++)
		k[j] = (char)('a' + (g + j) % 26);
	if (i % 48 >= 24)
		k[i % 24 % n] = (char)('0' + i % 24 / n);
	return n;
}

enum { MAPKEYS = 2 * 24 * 24 + 2 };

/* the first of keys[0..n) equal to k, by comparing each; n when none */
static size_t find(char **keys, const size_t *len, size_t n, struct slice k)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (len[j] == k.n && memcmp(keys[j], k.p, k.n) == 0)
			return j;
	return n;
}

/* the first key that an earlier one equals; n when none */
static size_t first_repeat(char **keys, const size_t *len, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (find(keys, len, i, (struct slice){ keys[i], len[i] }) < i)
			return i;
	return n;
}

/* group g by strmap_put: entries numbered in order of first appearance */
static void map_put(struct strmap *m, char **keys, const size_t *len,
		    size_t n)
{
	size_t i, distinct = 0, e[MAPKEYS];
	int created;

	for (i = 0; i < n; i++) {
		struct slice k = { keys[i], len[i] };
		size_t j = find(keys, len, i, k);
		e[i] = strmap_put(m, k, &created);
		check(created == (j == i), "a key new once", i);
		check(e[i] == (j == i ? distinct++ : e[j]), "a put key's entry", i);
	}
	check(m->nent == distinct, "the count of entries", n);
	for (i = 0; i < n; i++) {
		struct slice k = { keys[i], len[i] };
		check(strmap_get(m, k) == e[i], "a put key found", i);
		check(slice_eq(strmap_key(m, e[i]), k), "a put entry's key", i);
		k.n--;
		size_t j = find(keys, len, n, k);
		check(strmap_get(m, k) == (j == n ? STRMAP_ABSENT : e[j]),
		      "a key one byte shorter", i);
	}
}

/* the same appended (copied, or in place when ref) and indexed */
static void map_index(struct strmap *m, char **keys, const size_t *len,
		      size_t n, int ref)
{
	uint64_t h[MAPKEYS];
	size_t i, d, rep = first_repeat(keys, len, n);

	for (i = 0; i < n; i++) {
		struct slice k = { keys[i], len[i] };
		h[i] = hash_bytes(k.p, k.n);
		check((ref ? strmap_append_ref(m, k) : strmap_append(m, k)) == i,
		      "an appended key's entry", i);
	}
	for (i = 0; i < n; i++) {
		struct slice k = { keys[i], len[i] }, got = strmap_key(m, i);
		check(slice_eq(got, k), "an appended key", i);
		check((got.p == k.p) == ref, "a key copied or left in place", i);
	}
	d = strmap_index(m, 0, h);
	check(d == (rep == n ? STRMAP_ABSENT : rep), "the first repeat", n);
	for (i = 0; d == STRMAP_ABSENT && i < n; i++) {
		struct slice k = { keys[i], len[i] };
		check(strmap_get(m, k) == i, "an indexed key found", i);
		k.n--;
		size_t j = find(keys, len, n, k);
		check(strmap_get(m, k) == (j == n ? STRMAP_ABSENT : j),
		      "an indexed key one byte shorter", i);
	}
}

/* slice_eq against memcmp: keys of 0 to 40 bytes equal at two places,
 * and differing in one byte at each place */
static void map_eq(void)
{
	char a[48], b[48];
	size_t n, pos;

	for (n = 0; n <= 40; n++) {
		struct slice x = { a, n }, y = { b + 1, n };
		memset(a, 'k', sizeof a);
		memset(b, 'k', sizeof b);
		check(slice_eq(x, y), "equal keys", n);
		for (pos = 0; pos < n; pos++) {
			b[1 + pos] = 'K';
			check(!slice_eq(x, y), "keys that differ in one byte", n);
			b[1 + pos] = 'k';
		}
		y.n = n + 1;
		check(!slice_eq(x, y), "a key one byte longer", n);
	}
}

static void map(void)
{
	struct strmap m;
	char *keys[MAPKEYS];
	size_t len[MAPKEYS];
	size_t g, i;

	map_eq();
	for (i = 0; i < MAPKEYS; i++)
		if (!(keys[i] = malloc(200 << 10)))
			exit(2);
	strmap_init(&m);
	for (g = 0; g < 60; g++) {
		/* groups with repeats (odd g) and without; put (g % 3 ==
		 * 0), appended with copies (1) or in place (2) */
		strmap_clear(&m);
		for (i = 0; i < MAPKEYS; i++) {
			size_t from = g % 2 && i % 97 == 50 ? i / 2 : i;
			/* the long keys come last, in the middle, or the
			 * longest first (a block of copies too small for it
			 * is passed over) */
			len[i] = map_key(keys[i], g, g % 4 == 3 ?
					 MAPKEYS - 1 - from :
					 (from + g * 577) % MAPKEYS);
		}
		if (g % 3 == 0)
			map_put(&m, keys, len, MAPKEYS);
		else
			map_index(&m, keys, len, MAPKEYS, g % 3 == 2);
	}
	if (!failed)
		printf("map: ok\n");
	strmap_free(&m);
	for (i = 0; i < MAPKEYS; i++)
		free(keys[i]);
}

static void repeats(void)
{
	static const size_t steps[] = { 1, 7, 100, 5000 };
	struct repeats r;
	char k[32];
	size_t g, n, e, dup, from, step, got, want;

	repeats_init(&r);
	/* the numbers of the slots pass 32 bits after a few groups */
	r.base = UINT32_MAX - 10000;
	for (g = 0; g < 300 && !failed; g++) {
		n = 1 + g * 7919 % 3000;
		/* key dup, if any, repeats key from */
		dup = g % 3 && n > 1 ? 1 + g * 104729 % (n - 1) : n;
		from = dup < n ? g * 31 % dup : 0;
		want = dup < n ? dup : REPEATS_NONE;
		step = steps[g % 4];
		got = REPEATS_NONE;
		repeats_clear(&r);
		for (e = 0; e < n && got == REPEATS_NONE; e++) {
			struct slice key = { k, 0 };
			key.n = (size_t)snprintf(k, sizeof k, "k%zu",
						 e == dup ? from : e);
			if (g % 2) {
				repeats_reserve(&r, 1, key.n);
				repeats_put(&r, key);
			} else {
				repeats_add(&r, key);
			}
			if ((e + 1) % step == 0 || e + 1 == n)
				got = repeats_check(&r);
		}
		check(got == want, "repeats: a group's first repeat", g);
	}
	check(r.base < 1000000, "repeats: the numbers started again", 0);
	repeats_free(&r);
	if (!failed)
		printf("repeats: ok\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "hash") == 0)
		hash();
	else if (argc == 2 && strcmp(argv[1], "set") == 0)
		set();
	else if (argc == 2 && strcmp(argv[1], "map") == 0)
		map();
	else if (argc == 2 && strcmp(argv[1], "repeats") == 0)
		repeats();
	else {
		fprintf(stderr, "usage: setcheck hash|set|map|repeats\n");
		return 2;
	}
	return failed;
}
