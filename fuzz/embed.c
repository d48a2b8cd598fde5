/* libFuzzer: the embedding readers (.npy by its magic, .fvecs, .bvecs,
 * .ivecs by the name, text otherwise) and id files. The first byte
 * chooses the name; the rest is the file. */
#include "fuzz.h"
#include "stream/embed.h"

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
		}
		embed_check_unique(&emb);
		if (emb.rows && !emb.data)
			abort();
		embed_free(&emb);
	});
	return 0;
}
