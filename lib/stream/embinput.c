/* Embedding inputs read whole, from files, pipes and stdin alike; values
 * of little-endian files made native; sizes checked (embformat.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "stream/embformat.h"
#include "util/err.h"

int embinput_open(const char *path)
{
	int fd = 0;

	if (strcmp(path, "-") != 0) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			die_at(path, 0, "%s", strerror(errno));
	}
	return fd;
}

void embinput_close(int fd)
{
	if (fd != 0)
		close(fd);
}

/* read(2) into dst until n bytes or the end of the input; the count */
size_t embinput_read(int fd, const char *path, void *dst, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (char *)dst + got, n - got);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			die_at(path, 0, "%s", strerror(errno));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return got;
}

/* the rest of the input after the n bytes already read at head: a regular
 * file's size sizes the buffer at once, so a large file is read once and
 * never moved by a growing buffer */
void embinput_slurp_rest(int fd, const char *path, const unsigned char *head,
		       size_t n, struct embbuf *b)
{
	struct stat st;
	size_t cap = 1 << 16;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size < SIZE_MAX / 2 &&
	    (size_t)st.st_size + 1 > cap)
		cap = (size_t)st.st_size + 1;
	b->p = xmalloc(cap);
	if (n)
		memcpy(b->p, head, n);
	b->n = n;
	for (;;) {
		size_t r;
		if (b->n == cap)
			xgrow((void **)&b->p, &cap, cap + 1, 1);
		r = embinput_read(fd, path, b->p + b->n, cap - b->n);
		b->n += r;
		if (b->n < cap)
			break;
	}
}

void embinput_slurp(const char *path, struct embbuf *b)
{
	int fd = embinput_open(path);
	embinput_slurp_rest(fd, path, NULL, 0, b);
	embinput_close(fd);
}

int host_is_le(void)
{
	const uint16_t one = 1;
	unsigned char c;
	memcpy(&c, &one, 1);
	return c == 1;
}

uint32_t rd_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* count little-endian values of size sz at p made native, in place */
void native_order(unsigned char *p, size_t count, size_t sz)
{
	size_t i, j;

	if (host_is_le())
		return;
	for (i = 0; i < count; i++, p += sz)
		for (j = 0; j < sz / 2; j++) {
			unsigned char t = p[j];
			p[j] = p[sz - 1 - j];
			p[sz - 1 - j] = t;
		}
}

size_t mul_or_die(const char *path, size_t a, size_t b)
{
	if (a && b > SIZE_MAX / a)
		die_at(path, 0, "too large to hold in memory");
	return a * b;
}

enum embtype exact_int_type(double span, size_t dim)
{
	return (double)dim * span * span <= 16777216.0 ? EMB_F32 : EMB_F64;
}
