/* libFuzzer: the line reader and the field splitter on any bytes. */
#include "fuzz.h"
#include "util/lines.h"
#include "util/slice.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file("lines", data, size);
	FUZZ_TRAPPED({
		struct lines lines;
		struct slice line, f[8];
		size_t total = 0;
		lines_open(&lines, path);
		while (lines_next(&lines, &line)) {
			size_t nf = split_fields(line, f, 8), i;
			if (line.n > size)
				abort();
			for (i = 0; i < nf && i < 8; i++)
				if (f[i].n == 0 || f[i].p < line.p ||
				    f[i].p + f[i].n > line.p + line.n)
					abort();
			total += line.n;
		}
		if (total > size)
			abort();
		lines_close(&lines);
	});
	return 0;
}
