/* Line reader over read(2): one memchr per line, the buffer grows to hold
 * the longest line, and a line is never copied unless the buffer moves. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/lines.h"

/* SLACK: the bytes kept readable after the data (lines_block) */
enum { CHUNK = 1 << 20, SLACK = 64 };

void lines_open(struct lines *ln, const char *path)
{
	memset(ln, 0, sizeof *ln);
	ln->name = path;
	if (path[0] == '-' && path[1] == '\0') {
		ln->fd = 0;
	} else {
		ln->fd = open(path, O_RDONLY);
		if (ln->fd < 0)
			die_at(path, 0, "%s", strerror(errno));
	}
	big_grow((void **)&ln->buf, &ln->cap, CHUNK, 1);
}

/* reads more bytes after end, SLACK zero bytes after them; returns 0
 * at end of file */
static int fill(struct lines *ln)
{
	if (ln->beg > 0) {
		memmove(ln->buf, ln->buf + ln->beg, ln->end - ln->beg);
		ln->end -= ln->beg;
		ln->beg = 0;
	}
	if (ln->end + SLACK >= ln->cap)
		big_grow((void **)&ln->buf, &ln->cap, ln->cap + 1, 1);
	for (;;) {
		ssize_t r = read(ln->fd, ln->buf + ln->end,
				 ln->cap - SLACK - ln->end);
		if (r > 0) {
			ln->end += (size_t)r;
			memset(ln->buf + ln->end, 0, SLACK);
			return 1;
		}
		if (r == 0)
			return 0;
		if (errno != EINTR)
			die_at(ln->name, 0, "%s", strerror(errno));
	}
}

/* The UTF-8 byte-order mark some editors put first: skipped, so that it
 * never becomes part of the first id. */
static void skip_bom(struct lines *ln)
{
	while (ln->end < 3 && !ln->eof)
		if (!fill(ln))
			ln->eof = 1;
	if (ln->end >= 3 && memcmp(ln->buf, "\xEF\xBB\xBF", 3) == 0)
		ln->beg = 3;
}

const char *binary_hint(const char *p, size_t n)
{
	static const struct {
		const char *magic;
		size_t len;
		const char *what;
	} kinds[] = {
		{ "\x1f\x8b", 2, "gzip data: decompress it first, zcat FILE | ..." },
		{ "BZh", 3, "bzip2 data: decompress it first, bzcat FILE | ..." },
		{ "\xfd" "7zXZ", 5, "xz data: decompress it first, xzcat FILE | ..." },
		{ "\x28\xb5\x2f\xfd", 4, "zstd data: decompress it first, zstdcat FILE | ..." },
		{ "\x93NUMPY", 6, "a .npy file, not text" },
	};
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (n >= kinds[i].len && memcmp(p, kinds[i].magic, kinds[i].len) == 0)
			return kinds[i].what;
	return "binary data?";
}

/* a NUL byte is binary data, never text: it would cut ids short in
 * every message and output */
static void check_nul(const struct lines *ln, const struct slice *line)
{
	if (memchr(line->p, '\0', line->n))
		die_at(ln->name, ln->lineno, "a NUL byte in the line (%s)",
		       binary_hint(line->p, line->n));
}

int lines_next(struct lines *ln, struct slice *line)
{
	size_t scan;

	if (ln->lineno == 0 && ln->end == 0)
		skip_bom(ln);
	scan = ln->beg;

	for (;;) {
		char *nl = memchr(ln->buf + scan, '\n', ln->end - scan);
		if (nl) {
			size_t len = (size_t)(nl - (ln->buf + ln->beg));
			line->p = ln->buf + ln->beg;
			if (len && line->p[len - 1] == '\r')
				len--;
			line->n = len;
			ln->beg = (size_t)(nl - ln->buf) + 1;
			ln->lineno++;
			check_nul(ln, line);
			return 1;
		}
		if (ln->eof) {
			if (ln->beg == ln->end)
				return 0;
			/* a last line without newline */
			size_t len = ln->end - ln->beg;
			line->p = ln->buf + ln->beg;
			if (line->p[len - 1] == '\r')
				len--;
			line->n = len;
			ln->beg = ln->end;
			ln->lineno++;
			check_nul(ln, line);
			return 1;
		}
		scan = ln->end - ln->beg;
		if (!fill(ln))
			ln->eof = 1;
		scan += ln->beg;
	}
}

struct slice lines_cut(const struct lines *ln, const char *p, const char *nl)
{
	struct slice line = { p, (size_t)(nl - p) };

	if (line.n && p[line.n - 1] == '\r')
		line.n--;
	check_nul(ln, &line);
	return line;
}

/* the last newline in [p, e), or NULL */
static const char *last_newline(const char *p, const char *e)
{
	while (e > p)
		if (*--e == '\n')
			return e;
	return NULL;
}

size_t lines_peek(struct lines *ln, size_t n, const char **p)
{
	if (ln->lineno == 0 && ln->end == 0)
		skip_bom(ln);
	while (ln->end - ln->beg < n && !ln->eof)
		if (!fill(ln))
			ln->eof = 1;
	*p = ln->buf + ln->beg;
	return ln->end - ln->beg < n ? ln->end - ln->beg : n;
}

int lines_block(struct lines *ln, const char **p, const char **e)
{
	const char *nl;

	if (ln->lineno == 0 && ln->end == 0)
		skip_bom(ln);
	for (;;) {
		nl = last_newline(ln->buf + ln->beg, ln->buf + ln->end);
		if (nl)
			break;
		if (ln->eof) {
			if (ln->beg == ln->end)
				return 0;
			/* a last line without newline gets one */
			ln->buf[ln->end++] = '\n';
			memset(ln->buf + ln->end, 0, SLACK - 1);
			nl = ln->buf + ln->end - 1;
			break;
		}
		if (!fill(ln))
			ln->eof = 1;
	}
	*p = ln->buf + ln->beg;
	*e = nl + 1;
	ln->beg = (size_t)(*e - ln->buf);
	return 1;
}

void lines_close(struct lines *ln)
{
	if (ln->fd > 0)
		close(ln->fd);
	big_free(ln->buf);
	ln->buf = NULL;
}
