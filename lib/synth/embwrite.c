/* The generator's file formats (see embwrite.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "synth/embwrite.h"
#include "synth/outfile.h"

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* the value's bits, little-endian, as float32 or float64 */
static void put_value(unsigned char *p, double v, int bytes)
{
	if (bytes == 4) {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, 4);
		put_le(p, u, 4);
	} else {
		uint64_t u;
		memcpy(&u, &v, 8);
		put_le(p, u, 8);
	}
}

static void write_rows(struct outfile *o, const struct matrix *mat, int bytes,
		       int fvecs)
{
	unsigned char buf[8];
	size_t i, j;

	for (i = 0; i < mat->rows; i++) {
		const double *x = matrix_row(mat, i);
		if (fvecs) {
			put_le(buf, (uint32_t)mat->cols, 4);
			outfile_bytes(o, buf, 4);
		}
		for (j = 0; j < mat->cols; j++) {
			put_value(buf, x[j], bytes);
			outfile_bytes(o, buf, (size_t)bytes);
		}
	}
}

void write_npy(const char *dir, const char *name, const struct matrix *mat,
	       int bytes)
{
	struct outfile o;
	char dict[128];
	unsigned char pre[10] = { 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0, 0 };
	int n = snprintf(dict, sizeof dict,
			 "{'descr': '<f%d', 'fortran_order': False, 'shape': (%zu, %zu), }",
			 bytes, mat->rows, mat->cols);
	/* spaces and a newline so that the data starts at a multiple of 64 */
	size_t len = (size_t)n + 1, total = sizeof pre + len;
	size_t pad = (64 - total % 64) % 64;

	if (n < 0 || (size_t)n >= sizeof dict)
		die(EXIT_DATA, "%s: shape too large for a .npy header", name);
	put_le(pre + 8, (uint16_t)(len + pad), 2);
	outfile_open(&o, dir, name);
	outfile_bytes(&o, pre, sizeof pre);
	outfile_bytes(&o, dict, (size_t)n);
	while (pad--)
		outfile_char(&o, ' ');
	outfile_char(&o, '\n');
	write_rows(&o, mat, bytes, 0);
	outfile_close(&o);
}

void write_fvecs(const char *dir, const char *name, const struct matrix *mat)
{
	struct outfile o;

	outfile_open(&o, dir, name);
	write_rows(&o, mat, 4, 1);
	outfile_close(&o);
}

void write_text(const char *dir, const char *name, const struct matrix *mat,
		int bytes)
{
	struct outfile o;
	char buf[FMTSCORE_MAX];
	size_t i, j;

	outfile_open(&o, dir, name);
	for (i = 0; i < mat->rows; i++) {
		const double *x = matrix_row(mat, i);
		outfile_long(&o, (long)i);
		for (j = 0; j < mat->cols; j++) {
			size_t n = bytes == 4 ? fmt_float(buf, (float)x[j]) :
					        fmt_double(buf, x[j]);
			outfile_char(&o, '\t');
			outfile_bytes(&o, buf, n);
		}
		outfile_char(&o, '\n');
	}
	outfile_close(&o);
}

void write_labels(const char *dir, const char *name, size_t n,
		  const long *label, const long *cam)
{
	struct outfile o;
	size_t i;

	outfile_open(&o, dir, name);
	for (i = 0; i < n; i++) {
		outfile_long(&o, (long)i);
		outfile_char(&o, '\t');
		outfile_long(&o, label[i]);
		if (cam) {
			outfile_char(&o, '\t');
			outfile_long(&o, cam[i]);
		}
		outfile_char(&o, '\n');
	}
	outfile_close(&o);
}
