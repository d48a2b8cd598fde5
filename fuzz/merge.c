/* libFuzzer: rankof --merge (lib/rank/rankmerge.c and queryjoin.c): the
 * input is up to three rank streams apart by NUL bytes, each a file, added
 * up as gallery shards or joined as query shards as their lines say.
 * Output goes to memory; on success the stream must end with "# end". */
#include "fuzz.h"
#include "rank/rankmerge.h"
#include "util/out.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "shard0", "shard1", "shard2" };
	static char path[3][300];
	static struct membuf out;
	char *files[3];
	int n = 0;

	while (n < 3) {
		const uint8_t *sep = memchr(data, 0, size);
		size_t len = sep ? (size_t)(sep - data) : size;
		snprintf(path[n], sizeof path[n], "%s",
			 fuzz_file(names[n], data, len));
		files[n] = path[n];
		n++;
		if (!sep)
			break;
		size -= len + 1;
		data = sep + 1;
	}
	memset(&out, 0, sizeof out);
	out_capture(&out);
	FUZZ_TRAPPED({
		rankmerge_run(rankmerge_open(files, n));
		out_flush();
		if (out.n < 6 || memcmp(out.p + out.n - 6, "# end\n", 6) != 0)
			abort();
	});
	out_capture(NULL);
	return 0;
}
