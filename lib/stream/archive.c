/* Archives and compressed files refused by their magic bytes (archive.h):
 * zip (.npz) "PK\3\4" (PKWARE's APPNOTE 4.3.7), gzip 1f 8b (RFC 1952),
 * zstd 28 b5 2f fd (RFC 8878), xz fd '7zXZ' 00, and bzip2 "BZh", a block
 * size digit, then its block magic "1AY&SY" (a text file may begin "BZh").
 * Without the check they fail later, far from the cause: "bad number" in
 * a .npz's header, "a NUL byte in the line" in a gzipped file. */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "stream/archive.h"
#include "util/err.h"
#include "util/slice.h"

struct packer {
	const char *magic;	/* the first bytes ('?': any byte) */
	size_t n;		/* how many */
	const char *what;	/* what the file is */
	const char *suffix;	/* the suffix its unpacker takes off */
	const char *keep;	/* the command that unpacks it beside itself */
	const char *pipe;	/* the command writing it unpacked to stdout */
};

static const struct packer packers[] = {
	{ "\x1f\x8b", 2, "gzip-compressed", ".gz", "gunzip -k", "gunzip -c" },
	{ "\x28\xb5\x2f\xfd", 4, "zstd-compressed", ".zst", "zstd -d",
	  "zstd -dc" },
	{ "\xfd" "7zXZ\0", 6, "xz-compressed", ".xz", "unxz -k", "unxz -c" },
	{ "BZh?1AY&SY", 10, "bzip2-compressed", ".bz2", "bunzip2 -k", "bunzip2 -c" },
};

/* 1 when the n bytes at head begin with p's magic */
static int begins_with(const unsigned char *head, size_t n,
		       const struct packer *p)
{
	size_t i;

	if (n < p->n)
		return 0;
	for (i = 0; i < p->n; i++)
		if (p->magic[i] != '?' && head[i] != (unsigned char)p->magic[i])
			return 0;
	return 1;
}

void archive_refuse(const char *path, const unsigned char *head, size_t n)
{
	size_t i;

	if (n >= 4 && memcmp(head, "PK\3\4", 4) == 0) {
		/* the array saved beside it: x.npz -> x.npy */
		size_t stem = strlen(path) - (str_has_suffix(path, ".npz") ? 4 : 0);
		die_at(path, 0, "a .npz archive, not a .npy array: "
		       "np.save('%.*s.npy', np.load('%s')['arr_0'])",
		       (int)stem, path, path);
	}
	for (i = 0; i < sizeof packers / sizeof packers[0]; i++) {
		const struct packer *p = &packers[i];
		if (!begins_with(head, n, p))
			continue;
		if (strcmp(path, "-") == 0)
			die_at(path, 0, "%s: unpack it first (%s)", p->what,
			       p->pipe);
		if (str_has_suffix(path, p->suffix))
			die_at(path, 0, "%s: %s %s", p->what, p->keep, path);
		die_at(path, 0, "%s: %s %s > unpacked", p->what, p->pipe,
		       path);
	}
}

void archive_refuse_file(const char *path)
{
	unsigned char head[ARCHIVE_MAGIC_MAX];
	struct stat st;
	ssize_t n;
	int fd;

	if (strcmp(path, "-") == 0 || (fd = open(path, O_RDONLY)) < 0)
		return;
	/* a pipe (<(cmd), a fifo) read here would lose its first bytes */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return;
	}
	n = read(fd, head, sizeof head);
	close(fd);
	if (n > 0)
		archive_refuse(path, head, (size_t)n);
}
