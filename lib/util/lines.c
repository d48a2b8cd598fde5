/* Line reader over read(2): one memchr per line, the buffer grows to hold
 * the longest line, and a line is never copied unless the buffer moves. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/err.h"
#include "util/lines.h"

enum { CHUNK = 1 << 20 };

void lines_open(struct lines *L, const char *path)
{
	memset(L, 0, sizeof *L);
	L->name = path;
	if (path[0] == '-' && path[1] == '\0') {
		L->fd = 0;
	} else {
		L->fd = open(path, O_RDONLY);
		if (L->fd < 0)
			die_at(path, 0, "%s", strerror(errno));
	}
	L->cap = CHUNK;
	L->buf = xmalloc(L->cap);
}

/* reads more bytes after end; returns 0 at end of file */
static int fill(struct lines *L)
{
	if (L->beg > 0) {
		memmove(L->buf, L->buf + L->beg, L->end - L->beg);
		L->end -= L->beg;
		L->beg = 0;
	}
	if (L->end == L->cap) {
		L->cap *= 2;
		L->buf = xrealloc(L->buf, L->cap);
	}
	for (;;) {
		ssize_t r = read(L->fd, L->buf + L->end, L->cap - L->end);
		if (r > 0) {
			L->end += (size_t)r;
			return 1;
		}
		if (r == 0)
			return 0;
		if (errno != EINTR)
			die_at(L->name, 0, "%s", strerror(errno));
	}
}

/* The UTF-8 byte-order mark some editors put first: skipped, so that it
 * never becomes part of the first id. */
static void skip_bom(struct lines *L)
{
	while (L->end < 3 && !L->eof)
		if (!fill(L))
			L->eof = 1;
	if (L->end >= 3 && memcmp(L->buf, "\xEF\xBB\xBF", 3) == 0)
		L->beg = 3;
}

/* a NUL byte is binary data, never text: it would cut ids short in
 * every message and output */
static void check_nul(const struct lines *L, const struct slice *line)
{
	if (memchr(line->p, '\0', line->n))
		die_at(L->name, L->lineno, "a NUL byte in the line (binary data?)");
}

int lines_next(struct lines *L, struct slice *line)
{
	size_t scan;

	if (L->lineno == 0 && L->end == 0)
		skip_bom(L);
	scan = L->beg;

	for (;;) {
		char *nl = memchr(L->buf + scan, '\n', L->end - scan);
		if (nl) {
			size_t len = (size_t)(nl - (L->buf + L->beg));
			line->p = L->buf + L->beg;
			if (len && line->p[len - 1] == '\r')
				len--;
			line->n = len;
			L->beg = (size_t)(nl - L->buf) + 1;
			L->lineno++;
			check_nul(L, line);
			return 1;
		}
		if (L->eof) {
			if (L->beg == L->end)
				return 0;
			/* a last line without newline */
			size_t len = L->end - L->beg;
			line->p = L->buf + L->beg;
			if (line->p[len - 1] == '\r')
				len--;
			line->n = len;
			L->beg = L->end;
			L->lineno++;
			check_nul(L, line);
			return 1;
		}
		scan = L->end - L->beg;
		if (!fill(L))
			L->eof = 1;
		scan += L->beg;
	}
}

void lines_close(struct lines *L)
{
	if (L->fd > 0)
		close(L->fd);
	free(L->buf);
	L->buf = NULL;
}
