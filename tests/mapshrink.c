/* mapshrink: a mapped .npy file that shrinks while it is read, for
 * tests/mapped.bats (not installed). Writes FILE, a .npy of 1024 rows of 8
 * float64 values (64 KiB of values, 16 pages past the first), reads it
 * with embed_read (mapped), cuts the file to its first page with
 * ftruncate, then reads the values, which lie past the file's end now:
 *   mapshrink FILE main     the reads in the calling thread
 *   mapshrink FILE thread   the reads in a second thread
 *   mapshrink FILE kernel   the reads of kernel_init's packing and norms
 *   mapshrink FILE other    no read past the end: a SIGBUS sent with
 *                           raise(3), which is not the mapping's
 *   mapshrink FILE own      a read past the end of a mapping of FILE made
 *                           here, not by embed_read
 * The first three should end with the one-line error naming FILE and exit
 * status 1; the last two killed by SIGBUS. Prints "not mapped" and exits 3
 * when embed_read read the file instead of mapping it, and "read it all"
 * and exits 4 when the reads went through. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/err.h"
#include "stream/embed.h"
#include "kernel/kernel.h"

enum { ROWS = 1024, DIM = 8, PAGE = 4096 };

/* a .npy 1.0 of ROWS x DIM '<f8' values k + 0.5 (little-endian host, as
 * the mapping needs): magic, version, header length, the dict padded to
 * 128 bytes with spaces and a newline */
static void write_npy(const char *path)
{
	char head[128];
	double *v = malloc(ROWS * DIM * sizeof *v);
	size_t k;
	int n;
	FILE *f = fopen(path, "wb");

	if (!f || !v)
		die(EXIT_DATA, "%s: cannot write it", path);
	memset(head, ' ', sizeof head);
	memcpy(head, "\x93NUMPY\x01\x00\x76\x00", 10);	/* 118 bytes */
	n = snprintf(head + 10, sizeof head - 10, "{'descr': '<f8', "
		     "'fortran_order': False, 'shape': (%d, %d), }", ROWS, DIM);
	head[10 + n] = ' ';
	head[sizeof head - 1] = '\n';
	for (k = 0; k < ROWS * DIM; k++)
		v[k] = (double)k + 0.5;
	if (fwrite(head, 1, sizeof head, f) != sizeof head ||
	    fwrite(v, sizeof *v, ROWS * DIM, f) != ROWS * DIM || fclose(f))
		die(EXIT_DATA, "%s: cannot write it", path);
	free(v);
}

static void cut(const char *path)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || ftruncate(fd, PAGE) != 0 || close(fd) != 0)
		die(EXIT_DATA, "%s: cannot cut it", path);
}

/* the sum of every value (volatile: the reads happen) */
static void *touch(void *arg)
{
	const struct embed *emb = arg;
	const volatile double *v = emb->data;
	double s = 0;
	size_t k;

	for (k = 0; k < emb->rows * emb->dim; k++)
		s += v[k];
	printf("read it all: %g\n", s);
	exit(4);
}

/* a mapping of path's first 16 pages made here, then read past the page
 * the file keeps */
static void own(const char *path)
{
	int fd = open(path, O_RDONLY);
	const volatile char *m;

	if (fd < 0)
		die(EXIT_DATA, "%s: cannot open it", path);
	m = mmap(NULL, 16 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	if (m == MAP_FAILED)
		die(EXIT_DATA, "%s: cannot map it", path);
	cut(path);
	printf("read it all: %d\n", m[8 * PAGE]);
	exit(4);
}

int main(int argc, char **argv)
{
	struct embed emb;
	struct kernel kern;
	pthread_t t;

	set_progname(argv[0]);
	if (argc != 3)
		usage_error("mapshrink FILE main|thread|kernel|other|own",
			    "expected FILE and a mode");
	write_npy(argv[1]);
	embed_read(&emb, argv[1]);
	if (!emb.map) {
		printf("not mapped\n");
		return 3;
	}
	if (strcmp(argv[2], "own") == 0)
		own(argv[1]);
	if (strcmp(argv[2], "other") == 0) {
		raise(SIGBUS);
		return 5;
	}
	cut(argv[1]);
	if (strcmp(argv[2], "main") == 0)
		touch(&emb);
	if (strcmp(argv[2], "thread") == 0 &&
	    pthread_create(&t, NULL, touch, &emb) == 0)
		pthread_join(t, NULL);
	if (strcmp(argv[2], "kernel") == 0) {
		kernel_init(&kern, MET_COS, &emb, &emb);
		printf("read it all\n");
		return 4;
	}
	usage_error("mapshrink FILE main|thread|kernel|other|own",
		    "no mode '%s'", argv[2]);
}
