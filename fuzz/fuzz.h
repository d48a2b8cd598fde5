/* What every libFuzzer harness shares: the library's errors are trapped
 * (err.h's err_trap) instead of exiting, so that a data error is an
 * ordinary outcome and only a crash or a sanitizer report is a finding;
 * readers that take a path get the input through a file. */
#ifndef RK_FUZZ_H
#define RK_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the input as the file at path (one per process and name) */
static inline const char *fuzz_file(const char *name, const uint8_t *data,
				    size_t size)
{
	static char path[256];
	FILE *f;
	snprintf(path, sizeof path, "/tmp/rankkit-fuzz-%ld-%s", (long)getpid(),
		 name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
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

/* runs BODY with errors trapped; memory held when an error jumps out is
 * not freed (run with -detect_leaks=0), but the files the body opened are
 * closed: an error that jumps out of a reader leaves its descriptor open,
 * and a few hundred thousand inputs would use them all up */
#define FUZZ_TRAPPED(...) do { \
		static struct errtrap fuzz_trap_; \
		const uint64_t fuzz_fds_ = fuzz_open_fds(); \
		err_trap = &fuzz_trap_; \
		if (setjmp(fuzz_trap_.jb) == 0) { __VA_ARGS__; } \
		err_trap = NULL; \
		fuzz_close_new_fds(fuzz_fds_); \
	} while (0)

#endif
