/* Binary codes packed by np.packbits: each byte holds 8 bits of a code,
 * the first in its most significant bit (numpy's default bitorder='big'),
 * a row of B bytes the code's first bits, its last byte padded with zeros
 * (simmat, rankof -e --packed-bits). */
#ifndef RK_PACKEDBITS_H
#define RK_PACKEDBITS_H
#include <stddef.h>
#include "stream/embed.h"

/* emb's rows of bytes (every value an integer 0 .. 255) made rows of
 * `bits` values 0 and 1, float32 (bits 0: 8 per byte); dies naming the
 * file, row and column of a value that is no byte, or when the rows'
 * bytes do not hold exactly `bits` bits (ceil(bits / 8) bytes) */
void embed_unpack_bits(struct embed *emb, size_t bits);
/* both sides of a job (simmat, rankof -e) unpacked when packed is set
 * (--packed-bits), left as they are otherwise */
void embed_unpack_pair(struct embed *qemb, struct embed *iemb, int packed,
		       size_t bits);

#endif
