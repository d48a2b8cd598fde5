/* Output files renamed into place when complete (savefile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "util/err.h"
#include "util/savefile.h"

/* the temporary files not yet renamed: removed at exit */
static char **pending;
static size_t npending, cappending;

static void remove_pending(void)
{
	size_t i;

	for (i = 0; i < npending; i++)
		unlink(pending[i]);
	npending = 0;
}

static void add_pending(char *tmp)
{
	static int registered;

	if (!registered) {
		if (atexit(remove_pending) != 0)
			die(EXIT_DATA, "atexit failed");
		registered = 1;
	}
	xgrow((void **)&pending, &cappending, npending + 1, sizeof *pending);
	pending[npending++] = tmp;
}

static void drop_pending(const char *tmp)
{
	size_t i;

	for (i = 0; i < npending; i++)
		if (pending[i] == tmp) {
			pending[i] = pending[--npending];
			return;
		}
}

static _Noreturn void fail(const char *path)
{
	die(EXIT_DATA, "%s: %s", path, strerror(errno ? errno : EIO));
}

/* a new file "DIR/.BASE.PID-N.tmp" beside the path, open for writing */
static int open_tmp(struct savefile *f)
{
	const char *slash = strrchr(f->path, '/');
	size_t nd = slash ? (size_t)(slash - f->path) + 1 : 0;
	const char *base = f->path + nd;
	size_t cap = strlen(f->path) + 64;
	unsigned n;
	int fd;

	f->tmp = xmalloc(cap);
	for (n = 0; n < 1000; n++) {
		snprintf(f->tmp, cap, "%.*s.%s.%ld-%u.tmp", (int)nd, f->path,
			 base, (long)getpid(), n);
		fd = open(f->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

void savefile_open(struct savefile *f, const char *path)
{
	struct stat st;
	int exists = lstat(path, &st) == 0;

	memset(f, 0, sizeof *f);
	f->path = xstrndup(path, strlen(path));
	if (exists && !S_ISREG(st.st_mode)) {
		/* a device, a pipe, a symbolic link: written in place */
		f->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		if (f->fd < 0)
			fail(path);
		return;
	}
	/* a file that may not be written may not be replaced either */
	if (exists && access(path, W_OK) != 0)
		fail(path);
	f->fd = open_tmp(f);
	if (f->fd < 0)
		fail(path);
	add_pending(f->tmp);
	/* the mode of the file it replaces */
	if (exists && fchmod(f->fd, st.st_mode & 07777) != 0)
		fail(path);
}

void savefile_commit(struct savefile *f)
{
	if (f->tmp) {
		if (rename(f->tmp, f->path) != 0)
			fail(f->path);
		drop_pending(f->tmp);
	}
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof *f);
	f->fd = -1;
}

void savefile_close(struct savefile *f)
{
	if (close(f->fd) != 0)
		die(EXIT_DATA, "%s: write error: %s", f->path, strerror(errno));
	savefile_commit(f);
}
