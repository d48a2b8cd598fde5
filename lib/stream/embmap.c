/* The values of a .npy file mapped from the file, and the advice on which
 * rows a run reads (embed.h's embed_advise_rows). */
#define _DEFAULT_SOURCE 1
#include <stdint.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "stream/embformat.h"
#include "util/err.h"

/* A regular file of exactly the size the header promises, its values
 * aligned for their type on a little-endian host: the matrix is the
 * file's pages mapped, no copy. Read-only: a private writable mapping
 * would be populated by copying every page. Not populated here: the
 * reader of the rows says which it reads (embed_advise_rows), so that a
 * gallery shard (rankof --items) costs the disk its own rows and its
 * queries' relevant rows, and a whole run maps every page at once. */
int embmap_values(struct embed *emb, int fd, size_t off, size_t need,
		  size_t esz)
{
	struct stat st;
	void *m;
	int flags = MAP_PRIVATE;

	if (!host_is_le() || off % esz || need == 0 || fstat(fd, &st) != 0 ||
	    !S_ISREG(st.st_mode) || (uintmax_t)st.st_size != off + need)
		return 0;
	m = mmap(NULL, off + need, PROT_READ, flags, fd, 0);
	if (m == MAP_FAILED)
		return 0;
	emb->map = m;
	emb->maplen = off + need;
	emb->data = (char *)m + off;
	return 1;
}

/* the pages of bytes a .. b-1 of the mapping read now, in one call, not
 * fault by fault (where the system has it: Linux 5.14 and later), or at
 * least read ahead */
static void populate(uintptr_t a, uintptr_t b)
{
#ifdef MADV_POPULATE_READ
	if (madvise((void *)a, b - a, MADV_POPULATE_READ) == 0)
		return;
#endif
	(void)posix_madvise((void *)a, b - a, POSIX_MADV_WILLNEED);
}

void embed_advise_rows(const struct embed *emb, size_t r0, size_t r1,
		       const size_t *rows, size_t n)
{
	size_t w = emb->dim * (size_t)emb->type, i;
	uintptr_t mask, base = (uintptr_t)emb->data;
	long pg = sysconf(_SC_PAGESIZE);
	int pass;

	if (!emb->map || pg <= 0)
		return;
	mask = ~(uintptr_t)(pg - 1);
	/* advice: an error changes nothing but when the pages are read */
	if (r0 > 0 || r1 < emb->rows)
		(void)posix_madvise(emb->map, emb->maplen, POSIX_MADV_RANDOM);
	if (r1 > r0)
		populate((base + r0 * w) & mask, base + r1 * w);
	/* the other rows, runs of rows together: all asked for first, so
	 * that the disk reads them side by side instead of one per fault,
	 * then mapped */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; ) {
			size_t j = i + 1;
			while (j < n && rows[j] == rows[j - 1] + 1)
				j++;
			uintptr_t a = (base + rows[i] * w) & mask;
			uintptr_t b = base + (rows[j - 1] + 1) * w;
			if (pass == 0)
				(void)posix_madvise((void *)a, b - a,
						    POSIX_MADV_WILLNEED);
			else
				populate(a, b);
			i = j;
		}
}
