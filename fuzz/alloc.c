/* The memory a harness's body allocates, tracked so that what it leaves
 * is freed when the body ends (fuzz.h: fuzz_track_begin, fuzz_track_end).
 * An error jumps out of the library with its buffers held (the readers'
 * locals, a line buffer of 1 MiB): per input that is little, but a fuzzer
 * runs a few hundred thousand inputs, and the harness would grow until
 * libFuzzer's -rss_limit_mb reports an out-of-memory that is not the
 * library's. The harnesses are linked with -Wl,--wrap for each function
 * below (the Makefile's fuzz-build), so that every call of the library and
 * of the harness comes here first; the real function does the work. While
 * tracking is off (between inputs, in libFuzzer) a call passes straight
 * through. Blocks live in an open-addressed table of addresses, mappings
 * in a list of ranges (a munmap may release part of one); the tables' own
 * memory comes from the real malloc. The harnesses are built with ASan,
 * under which bigalloc takes its blocks from calloc: without it, bigalloc
 * keeps a shared mapping across inputs, which the end of a body would
 * unmap (hence the #error). */
#define _DEFAULT_SOURCE 1
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "fuzz.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if !defined(FUZZ_ASAN) && !defined(__SANITIZE_ADDRESS__)
#error "fuzz/alloc.c needs -fsanitize=address (see the comment above)"
#endif

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
int __real_posix_memalign(void **p, size_t align, size_t n);
void *__real_mmap(void *a, size_t len, int prot, int flags, int fd, off_t off);
int __real_munmap(void *a, size_t len);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);
int __wrap_posix_memalign(void **p, size_t align, size_t n);
void *__wrap_mmap(void *a, size_t len, int prot, int flags, int fd, off_t off);
int __wrap_munmap(void *a, size_t len);

/* a mapping made while tracking, [p, p + len) */
struct mapping {
	char *p;
	size_t len;
};

static struct mapping *maps;
static size_t nmaps, mapcap;

#define GONE ((void *)1)	/* a slot whose entry was removed */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int tracking;
static void **tab;
static size_t cap, used;	/* used: live entries and GONE slots */

static size_t hash(const void *p, size_t mask)
{
	uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9e3779b97f4a7c15);
	return (size_t)(h >> 20) & mask;
}

static void put(void *p);

/* the table twice as large (or first made), its entries put again */
static void grow(void)
{
	void **old = tab;
	size_t oldcap = cap, i;

	cap = cap ? cap * 2 : 4096;
	tab = __real_calloc(cap, sizeof *tab);
	if (!tab)
		abort();
	used = 0;
	for (i = 0; i < oldcap; i++)
		if (old[i] && old[i] != GONE)
			put(old[i]);
	__real_free(old);
}

static void put(void *p)
{
	size_t i;

	if (2 * (used + 1) > cap)
		grow();
	for (i = hash(p, cap - 1); tab[i] && tab[i] != GONE;
	     i = (i + 1) & (cap - 1))
		;
	if (!tab[i])
		used++;
	tab[i] = p;
}

/* removes p if the table holds it; whether it did */
static int drop(void *p)
{
	size_t i;

	if (!cap || !p)
		return 0;
	for (i = hash(p, cap - 1); tab[i]; i = (i + 1) & (cap - 1))
		if (tab[i] == p) {
			tab[i] = GONE;
			return 1;
		}
	return 0;
}

static void track(void *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&lock);
	if (tracking)
		put(p);
	pthread_mutex_unlock(&lock);
}

static void untrack(void *p)
{
	pthread_mutex_lock(&lock);
	drop(p);
	pthread_mutex_unlock(&lock);
}

/* a mapping [p, p + len) noted */
static void map_put(char *p, size_t len)
{
	if (nmaps == mapcap) {
		struct mapping *m;
		mapcap = mapcap ? 2 * mapcap : 64;
		m = __real_realloc(maps, mapcap * sizeof *maps);
		if (!m)
			abort();
		maps = m;
	}
	maps[nmaps].p = p;
	maps[nmaps++].len = len;
}

/* [a, a + len) released: cut out of every mapping noted, which leaves
 * up to two pieces of each */
static void map_cut(char *a, size_t len)
{
	size_t i = 0;

	while (i < nmaps) {
		char *p = maps[i].p, *e = p + maps[i].len;
		if (a + len <= p || a >= e) {
			i++;
			continue;
		}
		maps[i] = maps[--nmaps];
		if (p < a)
			map_put(p, (size_t)(a - p));
		if (a + len < e)
			map_put(a + len, (size_t)(e - (a + len)));
	}
}

void fuzz_track_begin(void)
{
	pthread_mutex_lock(&lock);
	tracking = 1;
	pthread_mutex_unlock(&lock);
}

size_t fuzz_track_end(void)
{
	size_t i, left = 0;

	pthread_mutex_lock(&lock);
	tracking = 0;
	for (i = 0; i < cap; i++) {
		if (tab[i] && tab[i] != GONE) {
			__real_free(tab[i]);
			left++;
		}
		tab[i] = NULL;
	}
	used = 0;
	for (i = 0; i < nmaps; i++)
		__real_munmap(maps[i].p, maps[i].len);
	left += nmaps;
	nmaps = 0;
	/* a table grown large by one input is not scanned after each of
	 * the next: made again when needed */
	if (cap > 65536) {
		__real_free(tab);
		tab = NULL;
		cap = 0;
	}
	pthread_mutex_unlock(&lock);
	return left;
}

void *__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);
	track(p);
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p = __real_calloc(n, size);
	track(p);
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	void *q;

	if (!p)
		return __wrap_malloc(n);
	q = __real_realloc(p, n);
	if (q || n == 0) {
		/* p is gone; q is tracked when p was: a block made before
		 * the body (a harness's own) stays the harness's */
		pthread_mutex_lock(&lock);
		if (drop(p) && q)
			put(q);
		pthread_mutex_unlock(&lock);
	}
	return q;
}

void __wrap_free(void *p)
{
	untrack(p);
	__real_free(p);
}

int __wrap_posix_memalign(void **p, size_t align, size_t n)
{
	int r = __real_posix_memalign(p, align, n);
	if (r == 0)
		track(*p);
	return r;
}

void *__wrap_mmap(void *a, size_t len, int prot, int flags, int fd, off_t off)
{
	void *m = __real_mmap(a, len, prot, flags, fd, off);
	if (m != MAP_FAILED && len) {
		pthread_mutex_lock(&lock);
		if (tracking)
			map_put(m, len);
		pthread_mutex_unlock(&lock);
	}
	return m;
}

int __wrap_munmap(void *a, size_t len)
{
	pthread_mutex_lock(&lock);
	map_cut(a, len);
	pthread_mutex_unlock(&lock);
	return __real_munmap(a, len);
}
