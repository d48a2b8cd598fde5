/* libFuzzer: the measure stream read whole (bootstrap's reader), with
 * trec_eval -q output's text values and run rows, then the note on what
 * was left out. The input is the file. */
#include "fuzz.h"
#include "stream/measuretable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file("measures", data, size);
	FUZZ_TRAPPED({
		struct mtable tab;
		mtable_read(&tab, path);
		if (tab.nm * tab.nq == 0 || tab.nq > size)
			abort();
		mtable_note_left_out(&tab, 1);
		mtable_free(&tab);
	});
	return 0;
}
