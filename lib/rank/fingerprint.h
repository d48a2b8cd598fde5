/* A shard's fingerprint (rankkit(7), "Fingerprints"): 64 bits of FNV-1a
 * over what makes its ranks, so that rankof --merge and the measure
 * programs never add up shards of different runs. Each task computes it
 * from what it reads anyway: the whole query file, the items file's size
 * and first 4096 bytes (its header, so its rows and dimensions), and the
 * options that change ranks, as the caller lists them. */
#ifndef RK_FINGERPRINT_H
#define RK_FINGERPRINT_H
#include <stddef.h>
#include <stdint.h>

struct fpsource {
	const char *whole[8];	/* files hashed whole (NULL: none) */
	const char *head[8];	/* files of which size and first 4096 bytes */
	const char *const *more;	/* and nmore files more so (a gallery of */
	size_t nmore;			/* several items files: the second on) */
	const char *options;	/* the options that change ranks, as text */
};

/* dies naming a file that cannot be read; standard input ("-") counts
 * by its name only: it cannot be read twice */
uint64_t fingerprint_run(const struct fpsource *s);

#endif
