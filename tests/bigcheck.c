/* bigcheck: util/bigalloc.h's arrays exercised, for tests/bigalloc.bats
 * (not installed). Prints one line per check and exits 1 at the first that
 * fails.
 *   bigcheck sizes     every size class: aligned, zeroed, writable, grown
 *                      with its contents kept
 *   bigcheck threads   four threads carving small arrays at once: no two
 *                      arrays overlap
 *   bigcheck inplace   an array grows without moving only through blocks
 *                      advised huge: one in a block of 4 KiB pages moves
 *                      (else it would fill a page fault per 4 KiB) */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"

static int failed;

static void check(int ok, const char *what, size_t n)
{
	if (!ok && !failed) {
		printf("FAIL %s (%zu bytes)\n", what, n);
		failed = 1;
	}
}

static int all_zero(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static void sizes(void)
{
	static const size_t n[] = { 0, 1, 63, 64, 4095, 65536, BIG_MIN - 1,
		BIG_MIN, 1 << 20, (2 << 20) - BIG_HEAD, 2 << 20,
		(5 << 20) + 3 };
	size_t i, j;

	for (i = 0; i < sizeof n / sizeof n[0]; i++) {
		unsigned char *p = big_alloc(n[i]);
		size_t cap = n[i], ok = 1;
		check((uintptr_t)p % 64 == 0, "aligned to 64 bytes", n[i]);
		check(all_zero(p, n[i]), "zeroed", n[i]);
		for (j = 0; j < n[i]; j++)
			p[j] = (unsigned char)(j * 7 + i);
		/* grown to three times (at least one element more) */
		big_grow((void **)&p, &cap, 3 * n[i] + 1, 1);
		check(cap >= 3 * n[i] + 1, "grown to the size asked", n[i]);
		check((uintptr_t)p % 64 == 0, "aligned after growing", n[i]);
		for (j = 0; j < n[i]; j++)
			ok &= p[j] == (unsigned char)(j * 7 + i);
		check(ok, "contents kept while growing", n[i]);
		memset(p, 0xa5, cap);	/* all of the capacity is writable */
		big_free(p);
		printf("size %zu: ok\n", n[i]);
	}
	big_free(NULL);
}

enum { THREADS = 4, ARRAYS = 2000 };

struct carved {
	unsigned char *p[ARRAYS];
	size_t n[ARRAYS];
	int id;
};

static void *carve_many(void *arg)
{
	struct carved *c = arg;
	size_t i, x = 12345u + (size_t)c->id;

	for (i = 0; i < ARRAYS; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		c->n[i] = 1 + (x >> 33) % 3000;
		c->p[i] = big_alloc(c->n[i]);
		memset(c->p[i], c->id + 1, c->n[i]);
	}
	return NULL;
}

static void threads(void)
{
	static struct carved c[THREADS];
	pthread_t t[THREADS];
	size_t i, j;
	int k, ok = 1;

	for (k = 0; k < THREADS; k++) {
		c[k].id = k;
		if (pthread_create(&t[k], NULL, carve_many, &c[k]) != 0) {
			printf("FAIL pthread_create\n");
			exit(1);
		}
	}
	for (k = 0; k < THREADS; k++)
		pthread_join(t[k], NULL);
	/* every array still holds its own thread's byte: none was handed out
	 * twice or overlaps another */
	for (k = 0; k < THREADS; k++)
		for (i = 0; i < ARRAYS; i++)
			for (j = 0; j < c[k].n[i]; j++)
				ok &= c[k].p[i][j] == (unsigned char)(k + 1);
	check(ok, "arrays of four threads apart", 0);
	printf("threads: %d x %d arrays: ok\n", THREADS, ARRAYS);
}

/* An array of 300 KiB has a 2 MiB mapping whose block is left in 4 KiB
 * pages (it fills less than a quarter of it): grown by one byte it moves,
 * its contents kept. One of 1 MiB has its block advised huge: it grows to
 * the block's end in place. Where the arrays come from malloc (sanitizer
 * builds: no mapping, seen by the array's place, 64 bytes into a 2 MiB
 * boundary), only the first holds. */
static void inplace(void)
{
	size_t cap = 300 << 10, n = cap, j, ok = 1;
	unsigned char *p = big_alloc(n), *was = p;
	int mapped = ((uintptr_t)p - BIG_HEAD) % (2u << 20) == 0;

	for (j = 0; j < n; j++)
		p[j] = (unsigned char)(j * 13);
	big_grow((void **)&p, &cap, n + 1, 1);
	check(p != was, "a block of 4 KiB pages not grown into", n);
	for (j = 0; j < n; j++)
		ok &= p[j] == (unsigned char)(j * 13);
	check(ok, "contents kept while moving", n);
	big_free(p);
	printf("inplace: 4 KiB pages: moved\n");
	if (!mapped)
		return;
	n = cap = 1 << 20;
	p = was = big_alloc(n);
	big_grow((void **)&p, &cap, (2u << 20) - BIG_HEAD, 1);
	check(p == was, "a block advised huge grown in place", n);
	memset(p, 0x5a, cap);
	big_free(p);
	printf("inplace: huge block: grown in place\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "sizes") == 0)
		sizes();
	else if (argc == 2 && strcmp(argv[1], "threads") == 0)
		threads();
	else if (argc == 2 && strcmp(argv[1], "inplace") == 0)
		inplace();
	else {
		fprintf(stderr, "usage: bigcheck sizes|threads|inplace\n");
		return 2;
	}
	return failed;
}
