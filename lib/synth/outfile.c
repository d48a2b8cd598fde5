/* Checked writing of the generator's files (see outfile.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/savefile.h"
#include "synth/outfile.h"

static _Noreturn void fail(const struct outfile *o)
{
	die(EXIT_DATA, "%s: %s", o->path, strerror(errno ? errno : EIO));
}

void outfile_open(struct outfile *o, const char *dir, const char *name)
{
	size_t nd = strlen(dir), nn = strlen(name);

	o->path = xmalloc(nd + nn + 2);
	memcpy(o->path, dir, nd);
	o->path[nd] = '/';
	memcpy(o->path + nd + 1, name, nn + 1);
	savefile_open(&o->save, o->path);
	errno = 0;
	o->f = fdopen(o->save.fd, "wb");
	if (!o->f)
		fail(o);
}

void outfile_bytes(struct outfile *o, const void *p, size_t n)
{
	errno = 0;
	if (n && fwrite(p, 1, n, o->f) != n)
		fail(o);
}

void outfile_str(struct outfile *o, const char *s)
{
	outfile_bytes(o, s, strlen(s));
}

void outfile_char(struct outfile *o, char c)
{
	outfile_bytes(o, &c, 1);
}

void outfile_long(struct outfile *o, long v)
{
	char buf[24], *p = buf + sizeof buf;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	outfile_bytes(o, p, (size_t)(buf + sizeof buf - p));
}

void outfile_close(struct outfile *o)
{
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f)) {
		int e = errno;
		fclose(o->f);
		errno = e;
		fail(o);
	}
	if (fclose(o->f) != 0)
		fail(o);
	savefile_commit(&o->save);	/* complete: given its name */
	free(o->path);
	o->f = NULL;
	o->path = NULL;
}
