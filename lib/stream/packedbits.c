/* np.packbits codes unpacked into 0/1 rows (packedbits.h), as numpy's
 * np.unpackbits(a, axis=1, count=bits) gives them: bit j of a row is bit
 * 7 - j % 8 of its byte j / 8. */
#include <stdlib.h>
#include "stream/packedbits.h"
#include "util/err.h"

/* value i of emb's matrix */
static double value(const struct embed *emb, size_t i)
{
	return emb->type == EMB_F32 ? ((const float *)emb->data)[i] :
	       ((const double *)emb->data)[i];
}

void embed_unpack_bits(struct embed *emb, size_t bits)
{
	size_t r, j, nbytes = emb->dim;
	float *out;

	if (bits == 0)
		bits = nbytes * 8;
	if ((bits + 7) / 8 != nbytes)
		die_at(emb->path, 0, "--packed-bits: rows of %zu bytes hold %zu "
		       "to %zu bits, not --bits %zu", nbytes, nbytes * 8 - 7,
		       nbytes * 8, bits);
	if (bits > (size_t)-1 / sizeof *out / (emb->rows ? emb->rows : 1))
		die_at(emb->path, 0, "--packed-bits: %zu rows of %zu bits are "
		       "too many", emb->rows, bits);
	out = xmalloc(emb->rows * bits * sizeof *out + 1);
	for (r = 0; r < emb->rows; r++)
		for (j = 0; j < nbytes; j++) {
			double v = value(emb, r * nbytes + j);
			size_t b, byte;
			if (!(v >= 0 && v <= 255 && v == (double)(size_t)v))
				die_at(emb->path, 0, "row %zu, column %zu: %g is "
				       "not a byte (--packed-bits reads "
				       "np.packbits output, dtype uint8)",
				       emb->keep_first + r * emb->keep_step, j, v);
			byte = (size_t)v;
			for (b = 0; b < 8 && j * 8 + b < bits; b++)
				out[r * bits + j * 8 + b] =
					(float)(byte >> (7 - b) & 1);
		}
	embed_free_values(emb);
	emb->data = out;
	emb->dim = bits;
	emb->type = EMB_F32;
}

void embed_unpack_pair(struct embed *qemb, struct embed *iemb, int packed,
		       size_t bits)
{
	if (!packed)
		return;
	embed_unpack_bits(qemb, bits);
	embed_unpack_bits(iemb, bits);
}
