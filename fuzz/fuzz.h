/* What every libFuzzer harness shares: the library's errors are trapped
 * (err.h's err_trap) instead of exiting, so that a data error is an
 * ordinary outcome and only a crash or a sanitizer report is a finding;
 * what an input's body leaves allocated is freed after it; readers that
 * take a path get the input through a file in a private folder. */
#ifndef RK_FUZZ_H
#define RK_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Tracking of what a body allocates (fuzz/alloc.c, linked with -Wl,--wrap
 * of malloc, calloc, realloc, free, posix_memalign, mmap and munmap): from
 * fuzz_track_begin on, every block and mapping made is noted until freed;
 * fuzz_track_end frees what is left and returns how many. A block made
 * before begin and grown inside stays untracked. */
void fuzz_track_begin(void);
size_t fuzz_track_end(void);

/* the folder of the input files: made once, private (mkdtemp, mode 0700)
 * under $TMPDIR or /tmp, so the fixed names inside are nobody else's;
 * emptied and removed when the fuzzer exits */
static char fuzz_dir_[256];

static inline void fuzz_dir_remove(void)
{
	DIR *d = opendir(fuzz_dir_);
	struct dirent *e;
	char p[512];

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof p, "%s/%s", fuzz_dir_, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(fuzz_dir_);
}

static inline const char *fuzz_dir(void)
{
	if (!fuzz_dir_[0]) {
		const char *t = getenv("TMPDIR");
		snprintf(fuzz_dir_, sizeof fuzz_dir_, "%s/rankkit-fuzz-XXXXXX",
			 t && t[0] ? t : "/tmp");
		if (!mkdtemp(fuzz_dir_) || atexit(fuzz_dir_remove) != 0)
			abort();
	}
	return fuzz_dir_;
}

/* the input as the file name in the private folder, written anew for
 * each input (at most four names, each its own buffer) */
static inline const char *fuzz_file(const char *name, const uint8_t *data,
				    size_t size)
{
	static char paths[4][300];
	static int next;
	char *path = paths[next++ % 4];
	int fd;
	size_t done = 0;

	snprintf(path, sizeof paths[0], "%s/%s", fuzz_dir(), name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	if (fd < 0)
		abort();
	while (done < size) {
		ssize_t w = write(fd, data + done, size - done);
		if (w <= 0)
			abort();
		done += (size_t)w;
	}
	if (close(fd) != 0)
		abort();
	return path;
}

/* the descriptors from 0 to 63 that are open, one bit each */
static inline uint64_t fuzz_open_fds(void)
{
	uint64_t m = 0;
	int fd;
	for (fd = 0; fd < 64; fd++)
		if (fcntl(fd, F_GETFD) != -1)
			m |= (uint64_t)1 << fd;
	return m;
}

/* closes the descriptors under 64 that are open now and were not in was */
static inline void fuzz_close_new_fds(uint64_t was)
{
	uint64_t now = fuzz_open_fds() & ~was;
	int fd;
	for (fd = 0; fd < 64; fd++)
		if (now >> fd & 1)
			close(fd);
}

/* runs BODY with errors trapped; what it allocated and did not free is
 * freed after it, the error's leftovers as well (the body keeps nothing
 * across inputs), and the files it opened are closed: an error that jumps
 * out of a reader leaves its descriptor open, and a few hundred thousand
 * inputs would use them all up */
#define FUZZ_TRAPPED(...) do { \
		static struct errtrap fuzz_trap_; \
		const uint64_t fuzz_fds_ = fuzz_open_fds(); \
		err_trap = &fuzz_trap_; \
		fuzz_track_begin(); \
		if (setjmp(fuzz_trap_.jb) == 0) { __VA_ARGS__; } \
		fuzz_track_end(); \
		err_trap = NULL; \
		fuzz_close_new_fds(fuzz_fds_); \
	} while (0)

#endif
