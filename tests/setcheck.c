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
	else if (argc == 2 && strcmp(argv[1], "repeats") == 0)
		repeats();
	else {
		fprintf(stderr, "usage: setcheck hash|set|repeats\n");
		return 2;
	}
	return failed;
}
