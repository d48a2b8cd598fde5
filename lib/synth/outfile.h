/* One output file of the generator, in a folder: written through stdio and
 * checked at every step, so that a full disk or a failed close is a loud
 * exit 1 naming the file, never a silently short file. */
#ifndef RK_OUTFILE_H
#define RK_OUTFILE_H
#include <stddef.h>
#include <stdio.h>

struct outfile {
	FILE *f;
	char *path;
};

/* creates dir/name (truncates it when it exists) */
void outfile_open(struct outfile *o, const char *dir, const char *name);
void outfile_bytes(struct outfile *o, const void *p, size_t n);
void outfile_str(struct outfile *o, const char *s);
void outfile_long(struct outfile *o, long v);
void outfile_char(struct outfile *o, char c);
void outfile_close(struct outfile *o);

#endif
