/* What every libFuzzer harness shares: the library's errors are trapped
 * (err.h's rk_trap) instead of exiting, so that a data error is an
 * ordinary outcome and only a crash or a sanitizer report is a finding;
 * readers that take a path get the input through a file. */
#ifndef RK_FUZZ_H
#define RK_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* runs BODY with errors trapped; memory held when an error jumps out is
 * not freed (run with -detect_leaks=0) */
#define FUZZ_TRAPPED(...) do { \
		static struct errtrap fuzz_trap_; \
		rk_trap = &fuzz_trap_; \
		if (setjmp(fuzz_trap_.jb) == 0) { __VA_ARGS__; } \
		rk_trap = NULL; \
	} while (0)

#endif
