/*
 * genemb: write random float32 embeddings as a .npy file, for the k-NN
 * benchmark (bench/knn.sh), fast at sizes synthemb takes long for.
 *
 * usage: genemb ROWS DIM SEED OUT.npy [f8]
 *
 * With f8, the same float32 values widened to float64 ('<f8'): the float64
 * copy of the same rows, for timing float64 against float32.
 *
 * Row i is a standard normal vector (Box-Muller over splitmix64), the same
 * bytes on every machine for the same arguments. numpy's .npy format 1.0:
 * the magic, version 1.0, a 2-byte little-endian header length, the header
 * dict padded with spaces to a multiple of 64 bytes, then the values
 * little-endian. Written under a temporary name and renamed.
 *
 * Needs only a C99 compiler and POSIX: cc -O2 -o genemb genemb.c -lm
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t state;

static uint64_t splitmix64(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* uniform in (0, 1]: never 0, so that its log is finite */
static double unit(void)
{
	return ((double)(splitmix64() >> 11) + 1) * 0x1p-53;
}

/* the value at p little-endian, as float32 or (f8) widened to float64 */
static void put_le(unsigned char *p, float f, int f8)
{
	uint64_t u;
	int b;

	if (f8) {
		double d = f;
		memcpy(&u, &d, 8);
	} else {
		uint32_t v;
		memcpy(&v, &f, 4);
		u = v;
	}
	for (b = 0; b < (f8 ? 8 : 4); b++)
		p[b] = (unsigned char)(u >> 8 * b);
}

int main(int argc, char **argv)
{
	char hdr[128], tmp[4096];
	unsigned char *row;
	unsigned long rows, dim, i, k;
	int n, pad, f8 = argc == 6 && strcmp(argv[5], "f8") == 0;
	size_t esz = f8 ? 8 : 4;
	FILE *f;

	if (argc != 5 && !f8) {
		fprintf(stderr, "usage: genemb ROWS DIM SEED OUT.npy [f8]\n");
		return 2;
	}
	rows = strtoul(argv[1], NULL, 10);
	dim = strtoul(argv[2], NULL, 10);
	state = strtoull(argv[3], NULL, 10);
	if (rows == 0 || dim == 0 || dim > 1u << 20) {
		fprintf(stderr, "genemb: ROWS and DIM must be positive\n");
		return 2;
	}
	n = snprintf(hdr, sizeof hdr, "{'descr': '<f%d', 'fortran_order': "
		     "False, 'shape': (%lu, %lu), }", (int)esz, rows, dim);
	pad = 64 - (10 + n + 1) % 64;
	if (pad == 64)
		pad = 0;
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", argv[4], (long)getpid());
	if (!(f = fopen(tmp, "wb")) || !(row = malloc(dim * esz))) {
		perror("genemb");
		return 1;
	}
	fwrite("\x93NUMPY\x01\x00", 1, 8, f);
	fputc((n + pad + 1) & 0xff, f);
	fputc((n + pad + 1) >> 8, f);
	fprintf(f, "%s%*s\n", hdr, pad, "");
	for (i = 0; i < rows; i++) {
		for (k = 0; k < dim; k += 2) {
			double r = sqrt(-2 * log(unit())), t = 6.283185307179586 * unit();
			put_le(row + esz * k, (float)(r * cos(t)), f8);
			if (k + 1 < dim)
				put_le(row + esz * (k + 1), (float)(r * sin(t)),
				       f8);
		}
		fwrite(row, esz, dim, f);
	}
	if (fclose(f) != 0 || rename(tmp, argv[4]) != 0) {
		perror("genemb");
		remove(tmp);
		return 1;
	}
	return 0;
}
