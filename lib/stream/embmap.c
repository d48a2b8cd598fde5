/* The values of a .npy file mapped from the file, the advice on which
 * rows a run reads (embed.h's embed_advise_rows), and the signal a read
 * of a mapping that lost its file's pages raises, made a one-line error. */
#define _DEFAULT_SOURCE 1
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "stream/embformat.h"
#include "util/err.h"

/* The mappings made, for the SIGBUS handler: a page of a mapping past its
 * file's end (the file shrank after it was mapped) or that the disk
 * cannot read raises SIGBUS at the instruction that reads it, in whichever
 * thread. The handler writes the mapping's message, made when the mapping
 * was (write(2) and _exit(2) are async-signal-safe, stdio is not), and
 * exits 1; a SIGBUS from elsewhere gets the default action again, and
 * kills the process as it would have. volatile: a slot is filled before
 * it is marked used and unmarked before it is emptied, in that order even
 * for a handler that interrupts the filling thread. */
#define MAPS_MAX 16
static volatile struct mapslot {
	sig_atomic_t used;
	uintptr_t lo, hi;	/* bytes lo .. hi-1 */
	char *msg;
	size_t len;
} maps[MAPS_MAX];

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	struct sigaction dfl;
	uintptr_t a = (uintptr_t)si->si_addr;
	size_t i;

	(void)uc;
	/* a fault's codes; kill(2) and sigqueue(3) give others */
	if (si->si_code == BUS_ADRERR || si->si_code == BUS_OBJERR)
		for (i = 0; i < MAPS_MAX; i++)
			if (maps[i].used && a >= maps[i].lo && a < maps[i].hi) {
				ssize_t n = write(2, maps[i].msg, maps[i].len);
				(void)n;
				_exit(EXIT_DATA);
			}
	/* blocked until the handler returns, then the default: the end
	 * the process had without the handler */
	dfl.sa_handler = SIG_DFL;
	dfl.sa_flags = 0;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);
}

/* a slot for the mapping of emb's file, its message made; 0 when every
 * slot is taken (the file is then read, not mapped) */
static int map_register(const struct embed *emb, const void *m, size_t len)
{
	static int installed;
	size_t i, n;
	char *msg;

	for (i = 0; i < MAPS_MAX && maps[i].used; i++)
		;
	if (i == MAPS_MAX)
		return 0;
	if (!installed) {
		struct sigaction sa;
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGBUS, &sa, NULL) != 0)
			return 0;
		installed = 1;
	}
	msg = err_format(&n, emb->path,
			 "the file shrank or could not be read while it was mapped");
	maps[i].lo = (uintptr_t)m;
	maps[i].hi = (uintptr_t)m + len;
	maps[i].msg = msg;
	maps[i].len = n;
	maps[i].used = 1;
	return 1;
}

void embmap_unmap(struct embed *emb)
{
	size_t i;

	for (i = 0; i < MAPS_MAX; i++)
		if (maps[i].used && maps[i].lo == (uintptr_t)emb->map) {
			maps[i].used = 0;
			free(maps[i].msg);
			maps[i].msg = NULL;
		}
	munmap(emb->map, emb->maplen);
	emb->map = NULL;
}

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
	if (!map_register(emb, m, off + need)) {
		munmap(m, off + need);
		return 0;
	}
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

	if (emb->npart) {
		embparts_fill(emb, r0, r1, rows, n);
		return;
	}
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
