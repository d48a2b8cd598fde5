/* libFuzzer: the rank-stream reader and its tie groups. */
#include "fuzz.h"
#include "stream/rankstream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[256];
	char *files[1] = { path };
	snprintf(path, sizeof path, "%s", fuzz_file("ranks", data, size));
	FUZZ_TRAPPED({
		struct rankreader rd;
		struct rquery q;
		memset(&q, 0, sizeof q);
		rankreader_open(&rd, files, 1);
		while (rankreader_next(&rd, &q)) {
			size_t g, s = 0;
			for (g = 0; g < q.ng; g++) {
				if (q.g[g].a < 0 || (long)q.g[g].s > q.g[g].t ||
				    q.g[g].a + q.g[g].t > q.n)
					abort();
				s += q.g[g].s;
			}
			if (s != q.nret || q.nret > q.m)
				abort();
		}
		rquery_free(&q);
		rankreader_close(&rd);
	});
	return 0;
}
