/* libFuzzer: the qrels and label readers, and a query's relevant set. The
 * first byte chooses qrels or labels; the rest is the file. */
#include "fuzz.h"
#include "stream/relevance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	int labels = data[0] & 1;
	const char *path = fuzz_file("rel", data + 1, size - 1);
	FUZZ_TRAPPED({
		struct relsrc R;
		struct relquery rq;
		struct slice q = { "q1", 2 };
		memset(&R, 0, sizeof R);
		memset(&rq, 0, sizeof rq);
		R.min_grade = 1;
		R.exclude_self = (data[0] >> 1) & 1;
		if (labels)
			rel_load_labels(&R, NULL, path);
		else
			rel_load_qrels(&R, path);
		if (rel_query(&R, q, &rq, "-", 1) && rq.n > size)
			abort();
		free(rq.item);
		free(rq.grade);
	});
	return 0;
}
