/* Large arrays in 2 MiB blocks (see bigalloc.h). Each array begins after a
 * 64-byte header that says where it came from (its own mapping, a shared
 * block, or malloc) and how many bytes it holds, so that big_free and
 * big_resize know what to do with it. */
#define _DEFAULT_SOURCE 1	/* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "util/err.h"
#include "util/bigalloc.h"

#if defined(__SANITIZE_ADDRESS__)
#define PLAIN_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PLAIN_MALLOC 1
#endif
#endif
#if !defined(MAP_ANONYMOUS)
#define PLAIN_MALLOC 1		/* no anonymous mappings to ask for */
#endif

enum { HEAD = BIG_HEAD };
#define HUGE_PAGE ((size_t)2 << 20)

enum from { FROM_MAP, FROM_SHARED, FROM_MALLOC };

struct head {
	void *raw;		/* FROM_MALLOC: what calloc gave */
	size_t maplen;		/* FROM_MAP: bytes mapped, header included */
	size_t room;		/* bytes after the header that the array may
				 * fill without moving: its blocks advised huge,
				 * or what was asked (a block in 4 KiB pages is
				 * not grown into: it would fill a fault per
				 * 4 KiB) */
	enum from from;
};

static struct head *head_of(void *p)
{
	return (struct head *)(void *)((char *)p - HEAD);
}

#ifndef PLAIN_MALLOC
/* a mapping of len bytes (a multiple of 2 MiB) whose first byte is on a
 * 2 MiB boundary, the first `huge` bytes (a multiple of 2 MiB) advised
 * MADV_HUGEPAGE: the kernel backs a huge page only where a whole aligned
 * 2 MiB lies inside an advised range, and backs all of it at the first
 * touch; the rest stays in 4 KiB pages and costs only the pages touched */
static char *map_blocks(size_t len, size_t huge)
{
	size_t span = len + HUGE_PAGE;
	char *m, *a;

	m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (m == MAP_FAILED)
		die(EXIT_DATA, "out of memory");
	a = (char *)(((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	if (a > m)
		munmap(m, (size_t)(a - m));
	if (a + len < m + span)
		munmap(a + len, (size_t)(m + span - (a + len)));
#ifdef MADV_HUGEPAGE
	if (huge)
		madvise(a, huge, MADV_HUGEPAGE);	/* advice: no error matters */
#else
	(void)huge;
#endif
	return a;
}

/* the free part of the shared block that small arrays are carved from */
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static char *shared_next, *shared_end;

/* len bytes (a multiple of 64, under BIG_MIN) of the shared block; a new
 * block when they do not fit (the rest of the old one, under BIG_MIN, is
 * never used) */
static char *carve(size_t len)
{
	char *p;

	pthread_mutex_lock(&shared_lock);
	if ((size_t)(shared_end - shared_next) < len) {
		shared_next = map_blocks(HUGE_PAGE, HUGE_PAGE);
		shared_end = shared_next + HUGE_PAGE;
	}
	p = shared_next;
	shared_next += len;
	pthread_mutex_unlock(&shared_lock);
	return p;
}
#endif

void *big_alloc(size_t n)
{
	struct head *h;
	char *base;

	if (n > SIZE_MAX - HEAD - 2 * HUGE_PAGE)
		die(EXIT_DATA, "out of memory");
#ifndef PLAIN_MALLOC
	if (n >= BIG_MIN) {
		size_t len = (n + HEAD + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		/* huge pages where the array fills at least a quarter of one:
		 * fewer faults, and never more than 1.5 MiB of a page unused
		 * (fresh pages are zero) */
		size_t huge = (n + HEAD + HUGE_PAGE / 4 * 3) & ~(HUGE_PAGE - 1);
		base = map_blocks(len, huge);
		h = (struct head *)(void *)base;
		h->maplen = len;
		h->room = huge > n + HEAD ? huge - HEAD : n;
		h->from = FROM_MAP;
	} else {
		size_t len = (n + HEAD + 63) & ~(size_t)63;
		base = carve(len);	/* never used before: zero */
		h = (struct head *)(void *)base;
		h->room = len - HEAD;
		h->from = FROM_SHARED;
	}
#else
	{
		/* calloc, not posix_memalign and memset: a large block stays
		 * out of memory until it is used (the fuzz harnesses open a
		 * stream per input) */
		char *raw = calloc(1, HEAD + n + 63);
		if (!raw)
			die(EXIT_DATA, "out of memory");
		base = raw + ((64 - (uintptr_t)raw % 64) % 64);
		h = (struct head *)(void *)base;
		h->raw = raw;
		h->room = n;
		h->from = FROM_MALLOC;
	}
#endif
	return base + HEAD;
}

void *big_alloc_sparse(size_t n)
{
#ifndef PLAIN_MALLOC
	struct head *h;
	char *base;
	size_t len;

	if (n > SIZE_MAX - HEAD - 2 * HUGE_PAGE)
		die(EXIT_DATA, "out of memory");
	len = (n + HEAD + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	base = map_blocks(len, 0);
#ifdef MADV_NOHUGEPAGE
	/* a system that backs every mapping with huge pages ("always")
	 * would give 2 MiB to each row written */
	madvise(base, len, MADV_NOHUGEPAGE);	/* advice: no error matters */
#endif
	h = (struct head *)(void *)base;
	h->maplen = len;
	h->room = len - HEAD;
	h->from = FROM_MAP;
	return base + HEAD;
#else
	return big_alloc(n);
#endif
}

void big_free(void *p)
{
	struct head *h;

	if (!p)
		return;
	h = head_of(p);
	if (h->from == FROM_MAP)
		munmap(h, h->maplen);
	else if (h->from == FROM_MALLOC)
		free(h->raw);
}

void big_resize(void **p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap, have;
	void *q;

	if (need <= c)
		return;
	if (*p) {
		have = head_of(*p)->room / size;
		if (need <= have) {
			*cap = have;
			return;
		}
	}
	if (c < 16)
		c = 16;
	while (c < need) {
		if (c > SIZE_MAX / 4 / size)
			die(EXIT_DATA, "out of memory");
		c *= 2;
	}
	q = big_alloc(c * size);
	if (*p) {
		memcpy(q, *p, *cap * size);
		big_free(*p);
	}
	*p = q;
	*cap = head_of(q)->room / size;
}
