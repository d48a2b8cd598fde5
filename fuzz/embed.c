/* libFuzzer: the embedding readers (.npy by its magic, .fvecs, .bvecs,
 * .ivecs by the name, text otherwise), id files, --packed-bits and a
 * gallery of two items files. The first byte chooses the name (its value
 * mod 6), whether the file is the second of a gallery of two items files
 * (embparts.c) after a .fvecs file of two float32 rows of two values,
 * every row then read as a run reads them (its value / 6 mod 2), and
 * otherwise, when its top bit is set, unpacks the rows as np.packbits
 * codes (8 bits a byte, or 3 fewer: its next bit); the rest is the file. */
#include "fuzz.h"
#include "stream/embed.h"
#include "stream/embformat.h"
#include "stream/packedbits.h"

/* the gallery's first file: rows (1, 2) and (3, 4) */
static const uint8_t first_fvecs[] = {
	2, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40,
	2, 0, 0, 0, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40
};

/* the file as the second of two items files, every row copied in */
static void gallery_of_two(struct embed *emb, const char *path)
{
	const char *paths[2];

	paths[0] = fuzz_file("f.fvecs", first_fvecs, sizeof first_fvecs);
	paths[1] = path;
	embparts_read(emb, paths, 2);
	if (emb->rows < 3 || emb->dim != 2)
		abort();
	embed_advise_rows(emb, 0, emb->rows, NULL, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {
		"e.npy", "e.fvecs", "e.bvecs", "e.ivecs", "e.txt", "e.ids"
	};
	if (size < 1)
		return 0;
	int k = data[0] % 6, gallery = data[0] / 6 % 2;
	const char *path = fuzz_file(names[k], data + 1, size - 1);
	FUZZ_TRAPPED({
		struct embed emb;
		if (gallery && k < 4) {
			gallery_of_two(&emb, path);
		} else if (k == 5) {
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
