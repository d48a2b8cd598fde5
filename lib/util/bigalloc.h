/* Memory for large arrays, in 2 MiB blocks that the kernel may back with
 * transparent huge pages.
 *
 * A process touches each page of fresh memory once, and the first touch of
 * a page is a fault. In a virtual machine that traps every guest fault to
 * its host, a 4 KiB page costs about 12 us while a 2 MiB page costs about
 * 0.3 us per 4 KiB (a probe touching a fresh 16 MiB mapping, 2026): the
 * fixed cost of a run (label files, hash maps, packed items) was then
 * mostly page faults. So:
 * - an array of BIG_MIN bytes or more is a mapping of its own, aligned to
 *   2 MiB, whose 2 MiB blocks are advised MADV_HUGEPAGE where the system
 *   has it, except a last block that the array fills to less than a
 *   quarter (it stays in 4 KiB pages: a huge page is never mostly empty);
 *   it is given back by big_free;
 * - a smaller one is carved from a shared 2 MiB block of the same kind and
 *   stays until the process exits (big_free gives nothing back): use
 *   big_alloc for arrays made once per run or grown by doubling, whose old
 *   copies add at most their final size, never for memory made per query.
 * In builds with AddressSanitizer every array comes from malloc, so that
 * the sanitizer sees its bounds. Either way the memory is 64-byte aligned.
 * Free with big_free, never free(). */
#ifndef RK_BIGALLOC_H
#define RK_BIGALLOC_H
#include <stddef.h>

/* BIG_HEAD: the bytes a mapping holds before its array, so that an array
 * of 2 MiB - BIG_HEAD bytes fills one huge page */
enum { BIG_MIN = 256 << 10, BIG_HEAD = 64 };

/* n bytes, zeroed; dies (exit 2) when out of memory */
void *big_alloc(size_t n);
/* xgrow's contract (err.h) for a big_alloc block or NULL: *p holds at least
 * need elements of size bytes afterwards, the first *cap of them kept; the
 * rest is not zeroed. A mapped block grows without moving through the
 * blocks advised huge (never into a last block of 4 KiB pages, which
 * would fill a fault per 4 KiB: it moves then). Inline for the test that finds room, which is the rule
 * in the loops that call it (a hash map's every new key). */
void big_resize(void **p, size_t *cap, size_t need, size_t size);
static inline void big_grow(void **p, size_t *cap, size_t need, size_t size)
{
	if (need > *cap)
		big_resize(p, cap, need, size);
}
/* n bytes, zeroed, a mapping of its own in 4 KiB pages however large: for
 * an array of which a run writes a few scattered parts (several items
 * files as one gallery, embparts.c), where a huge page would give 2 MiB of
 * memory to each part written; big_free gives it back */
void *big_alloc_sparse(size_t n);
/* gives back a block of big_alloc or big_grow (NULL: nothing) */
void big_free(void *p);

#endif
