/* One output file of the generator, in a folder: written through stdio and
 * checked at every step, so that a full disk or a failed close is a loud
 * exit 1 naming the file, never a silently short file; written under a
 * temporary name and renamed when complete (util/savefile.h), so that a
 * failure leaves no file of its name. */
#ifndef RK_OUTFILE_H
#define RK_OUTFILE_H
#include <stddef.h>
#include <stdio.h>
#include "util/savefile.h"

struct outfile {
	FILE *f;
	char *path;
	struct savefile save;
};

/* starts dir/name (replaces it when it exists, once complete) */
void outfile_open(struct outfile *o, const char *dir, const char *name);
void outfile_bytes(struct outfile *o, const void *p, size_t n);
void outfile_str(struct outfile *o, const char *s);
void outfile_long(struct outfile *o, long v);
void outfile_char(struct outfile *o, char c);
void outfile_close(struct outfile *o);

#endif
