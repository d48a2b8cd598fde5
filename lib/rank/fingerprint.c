/* A shard's fingerprint (fingerprint.h). FNV-1a, 64 bits: the offset
 * basis 14695981039346656037 and the prime 2^40 + 2^8 + 0xb3 of Fowler,
 * Noll and Vo (draft-eastlake-fnv); each part is followed by its length,
 * so that no two lists of parts hash the same bytes. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rank/fingerprint.h"
#include "util/err.h"

#define FNV_BASIS 14695981039346656037ULL
#define FNV_PRIME 1099511628211ULL

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= FNV_PRIME;
	}
	return h;
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fnv(h, b, 8);
}

/* the bytes of path, all of them or at most limit; then their count and,
 * for a part, the file's size */
static uint64_t hash_file(uint64_t h, const char *path, size_t limit)
{
	static unsigned char buf[65536];
	struct stat sb;
	uint64_t n = 0;
	int fd;

	if (strcmp(path, "-") == 0)
		return fnv(h, "-", 2);
	if ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &sb) != 0)
		die_at(path, 0, "%s", strerror(errno));
	while (!limit || n < limit) {
		size_t want = sizeof buf;
		ssize_t r;
		if (limit && limit - n < want)
			want = limit - n;
		r = read(fd, buf, want);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die_at(path, 0, "%s", strerror(errno));
		if (r == 0)
			break;
		h = fnv(h, buf, (size_t)r);
		n += (uint64_t)r;
	}
	close(fd);
	h = fnv_u64(h, n);
	return limit ? fnv_u64(h, (uint64_t)sb.st_size) : h;
}

uint64_t fingerprint_run(const struct fpsource *s)
{
	uint64_t h = FNV_BASIS;
	size_t i;

	for (i = 0; i < 8; i++)
		h = s->whole[i] ? hash_file(h, s->whole[i], 0) : fnv_u64(h, 0);
	for (i = 0; i < 8; i++)
		h = s->head[i] ? hash_file(h, s->head[i], 4096) : fnv_u64(h, 0);
	/* nothing more hashes as before, so a one-file gallery's shards keep
	 * the fingerprint of earlier releases */
	for (i = 0; i < s->nmore; i++)
		h = hash_file(h, s->more[i], 4096);
	h = fnv(h, s->options, strlen(s->options));
	return fnv_u64(h, strlen(s->options));
}
