/* The ANN benchmark formats .fvecs, .bvecs and .ivecs (embed.h): records
 * of a little-endian int32 dimension and its values. */
#include <stdint.h>
#include <string.h>
#include "stream/embformat.h"
#include "util/err.h"

/* the bytes of .bvecs records of rec bytes into emb's matrix: float32, or
 * float64 when rows are too long for float32's exact sums (embformat.h) */
static void bvecs_values(struct embed *emb, const struct embbuf *b, size_t rec)
{
	size_t r, i, n = emb->rows * emb->dim;
	float *f = NULL;
	double *d = NULL;

	emb->type = exact_int_type(255, emb->dim);
	if (emb->type == EMB_F32)
		emb->data = f = xmalloc(mul_or_die(emb->path, n, 4));
	else
		emb->data = d = xmalloc(mul_or_die(emb->path, n, 8));
	for (r = 0; r < emb->rows; r++)
		for (i = 0; i < emb->dim; i++) {
			unsigned char v = b->p[r * rec + 4 + i];
			if (f)
				f[r * emb->dim + i] = v;
			else
				d[r * emb->dim + i] = v;
		}
}

void vecs_read(struct embed *emb, struct embbuf *b, int kind)
{
	size_t vsz = kind == 'b' ? 1 : 4, rec, off, r, i, n;
	int32_t d;	/* as stored: a negative one is printed as such */

	if (b->n < 4)
		die_at(emb->path, 0, b->n ? "truncated record 0" : "no rows");
	d = (int32_t)rd_le32(b->p);
	if (d <= 0 || d > (1L << 30))
		die_at(emb->path, 0, "record 0: bad dimension %ld", (long)d);
	emb->dim = (size_t)d;
	rec = 4 + emb->dim * vsz;
	emb->rows = b->n / rec;
	for (r = 0, off = 0; off < b->n; r++, off += rec) {
		int32_t dr;
		if (b->n - off < 4)
			die_at(emb->path, 0, "truncated record %zu", r);
		dr = (int32_t)rd_le32(b->p + off);
		if (dr != d)
			die_at(emb->path, 0, "record %zu: dimension %ld, record 0 "
			       "has %ld", r, (long)dr, (long)d);
		if (b->n - off < rec)
			die_at(emb->path, 0, "truncated record %zu", r);
	}
	n = mul_or_die(emb->path, emb->rows, emb->dim);
	if (kind == 'f') {
		float *v = xmalloc(mul_or_die(emb->path, n, 4));
		emb->type = EMB_F32;
		for (r = 0; r < emb->rows; r++)
			memcpy(v + r * emb->dim, b->p + r * rec + 4, emb->dim * 4);
		native_order((unsigned char *)v, n, 4);
		emb->data = v;
	} else if (kind == 'b') {
		bvecs_values(emb, b, rec);
	} else {
		double *v = xmalloc(mul_or_die(emb->path, n, 8));
		emb->type = EMB_F64;
		for (r = 0; r < emb->rows; r++)
			for (i = 0; i < emb->dim; i++)
				v[r * emb->dim + i] = (int32_t)rd_le32(
					b->p + r * rec + 4 + 4 * i);
		emb->data = v;
	}
}
