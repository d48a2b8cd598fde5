/* libFuzzer: the result and ground-truth matrix reader (.npy by its
 * magic, .ivecs/.fvecs, .ibin/.fbin by the name) and the ground truth made
 * relevance. The first byte chooses the name, ids or values, and --knn;
 * the rest is the file. */
#include "fuzz.h"
#include "stream/matrixfile.h"
#include "stream/relevance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {
		"m.npy", "m.ivecs", "m.fvecs", "m.ibin", "m.fbin"
	};
	if (size < 1)
		return 0;
	int k = data[0] % 5, want_ids = (data[0] / 5) & 1;
	size_t knn = 1 + (size_t)(data[0] / 10 % 3);
	const char *path = fuzz_file(names[k], data + 1, size - 1);
	FUZZ_TRAPPED({
		struct matrixfile m;
		matrixfile_read(&m, path, want_ids);
		if (m.rows * m.cols && !(want_ids ? (void *)m.id : (void *)m.val))
			abort();
		if (want_ids && m.cols) {
			struct relsrc rel = { .min_grade = 1 };
			rel_load_truth(&rel, &m, m.val, knn, m.val ? 1e-3 : -1,
				       -1, NULL, NULL);
		}
		matrixfile_free(&m);
	});
	return 0;
}
