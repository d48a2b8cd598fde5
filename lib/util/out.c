/* Output through one buffer and write(2): no stdio locking on the hot path,
 * and every failure seen. EPIPE (SIGPIPE ignored by the parent) ends the
 * program quietly, as the signal itself would; other errors are loud. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/err.h"
#include "util/out.h"

static char obuf[1 << 16];
static size_t olen;

static void drain(void)
{
	size_t off = 0;
	while (off < olen) {
		ssize_t w = write(1, obuf + off, olen - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE)
				_exit(EXIT_DATA);
			die(EXIT_DATA, "write error: %s", strerror(errno));
		}
		off += (size_t)w;
	}
	olen = 0;
}

static _Thread_local struct membuf *capture;

void out_capture(struct membuf *m)
{
	capture = m;
}

static void mem_append(const char *p, size_t n)
{
	if (capture->n + n > capture->cap)
		xgrow((void **)&capture->p, &capture->cap, capture->n + n, 1);
	memcpy(capture->p + capture->n, p, n);
	capture->n += n;
}

void out_bytes(const char *p, size_t n)
{
	if (n == 0)
		return;		/* p may be NULL */
	if (capture) {
		mem_append(p, n);
		return;
	}
	/* the buffer filled to its end before each write: the bytes out
	 * when a run stops at an error are whole buffers, whatever pieces
	 * they came in (fuse -j's queries, one thread's lines) */
	while (olen + n > sizeof obuf) {
		size_t k = sizeof obuf - olen;
		memcpy(obuf + olen, p, k);
		olen += k;
		drain();
		p += k;
		n -= k;
	}
	memcpy(obuf + olen, p, n);
	olen += n;
}

void out_str(const char *s)
{
	out_bytes(s, strlen(s));
}

void out_slice(struct slice s)
{
	out_bytes(s.p, s.n);
}

void out_char(char c)
{
	if (capture) {
		mem_append(&c, 1);
		return;
	}
	if (olen == sizeof obuf)
		drain();
	obuf[olen++] = c;
}

void out_long(long v)
{
	char tmp[24], *p = tmp + sizeof tmp;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	out_bytes(p, (size_t)(tmp + sizeof tmp - p));
}

void out_flush(void)
{
	drain();
}

void out_finish(void)
{
	drain();
	/* stdout may have been written through stdio too (help texts) */
	if (fflush(stdout) == EOF || ferror(stdout))
		die(EXIT_DATA, "write error: %s", strerror(errno));
	if (close(1) < 0 && errno != EBADF && errno != EINTR)
		die(EXIT_DATA, "write error: %s", strerror(errno));
	exit(0);
}
