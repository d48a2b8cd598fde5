/* The ANN benchmark formats .fvecs, .bvecs and .ivecs (embed.h): records
 * of a little-endian int32 dimension and its values. */
#include <stdint.h>
#include <string.h>
#include "stream/embformat.h"
#include "util/err.h"

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
		float *v = xmalloc(mul_or_die(emb->path, n, 4));
		emb->type = EMB_F32;
		for (r = 0; r < emb->rows; r++)
			for (i = 0; i < emb->dim; i++)
				v[r * emb->dim + i] = b->p[r * rec + 4 + i];
		emb->data = v;
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
