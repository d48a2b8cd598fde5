/* libFuzzer: the embedding readers (.npy by its magic, .fvecs, .bvecs,
 * .ivecs by the name, text otherwise), id files and --packed-bits. The
 * first byte chooses the name (its value mod 6) and, when its top bit is
 * set, unpacks the rows as np.packbits codes (8 bits a byte, or 3 fewer:
 * its next bit); the rest is the file. */
#include "fuzz.h"
#include "stream/embed.h"
#include "stream/packedbits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {
		"e.npy", "e.fvecs", "e.bvecs", "e.ivecs", "e.txt", "e.ids"
	};
	if (size < 1)
		return 0;
	int k = data[0] % 6;
	const char *path = fuzz_file(names[k], data + 1, size - 1);
	FUZZ_TRAPPED({
		struct embed emb;
		if (k == 5) {
			/* ids for a text matrix of two rows */
			static const uint8_t two[] = "a 1 2\nb 3 4\n";
			embed_read(&emb, fuzz_file("e.txt", two, sizeof two - 1));
			embed_read_ids(&emb, path);
		} else {
			embed_read(&emb, path);
			if (data[0] & 0x80)
				embed_unpack_bits(&emb, emb.dim * 8 -
						  (data[0] & 0x40 ? 3 : 0));
		}
		embed_check_unique(&emb);
		if (emb.rows && !emb.data)
			abort();
		embed_free(&emb);
	});
	return 0;
}
