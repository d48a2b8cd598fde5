/* Line reader: any line length, CRLF, a last line without newline, and the
 * line number for messages. Reads with read(2) into a growing buffer. */
#ifndef RK_LINES_H
#define RK_LINES_H
#include "util/slice.h"

struct lines {
	int fd;
	const char *name;	/* for messages: the path, or "-" for stdin */
	char *buf;
	size_t cap, beg, end;
	long lineno;		/* number of the line last returned */
	int eof;
};

/* "-" is stdin; dies (exit 1) naming the file when it cannot be opened */
void lines_open(struct lines *ln, const char *path);
/* the next line without its "\n" or "\r\n"; valid until the next call.
 * A UTF-8 byte-order mark at the start of the file is not part of it.
 * Returns 0 at end of file. Dies on a read error. */
int lines_next(struct lines *ln, struct slice *line);
/* Whole lines in bulk, for a reader that splits them itself: [*p, *e)
 * holds one or more lines, each ending with a newline (a last line
 * without one gets it), and the buffer holds at least 63 readable bytes
 * after *e (a scan 8 or 64 bytes at a time needs no bounds check). The
 * caller takes every line of the block before
 * it calls again (then the block is gone), adding each to lineno for the
 * messages. Returns 0 at end of file. */
int lines_block(struct lines *ln, const char **p, const char **e);
/* A line of a block, [p, nl) with nl its newline, as lines_next gives
 * it: a "\r" before the newline left out, a NUL byte in it an error. */
struct slice lines_cut(const struct lines *ln, const char *p, const char *nl);
void lines_close(struct lines *ln);
/* The first n bytes of the input (fewer if it is shorter) at *p, read
 * but not taken (after a byte-order mark): a reader tells a format by its
 * magic bytes before the first line, on a pipe too. Returns their count. */
size_t lines_peek(struct lines *ln, size_t n, const char **p);
/* What binary data that begins at p (n bytes) most likely is, for the
 * message of a NUL byte: "gzip data: decompress it first (zcat FILE |
 * ...)", the like for bzip2, xz, zstd and .npy, else "binary data?" */
const char *binary_hint(const char *p, size_t n);

#endif
