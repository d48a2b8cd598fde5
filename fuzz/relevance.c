/* libFuzzer: the qrels and label readers, and a query's relevant set. The
 * first byte chooses qrels or labels (and, for labels, one file for both
 * sides, or the file as query labels and as a gallery shard's item labels
 * of rows lo .. lo+2, read in part; for qrels, a --protocol or none, and
 * an item looked up among those it ignores); the rest is the file. With
 * bit 6 of the first byte, labels only: the rest up to its first NUL is
 * the labels file and what follows the items' cameras file
 * (--item-cameras). */
#include "fuzz.h"
#include "stream/relevance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	int labels = data[0] & 1;
	const uint8_t *nul = memchr(data + 1, 0, size - 1);
	int cams = labels && (data[0] >> 6) & 1 && nul;
	size_t nlab = cams ? (size_t)(nul - data - 1) : size - 1;
	const char *path = fuzz_file("rel", data + 1, nlab);
	const char *campath = cams ? fuzz_file("cam", nul + 1,
					       size - 2 - nlab) : NULL;
	FUZZ_TRAPPED({
		struct relsrc rel;
		struct relquery rq;
		struct slice q = { "q1", 2 };
		memset(&rel, 0, sizeof rel);
		memset(&rq, 0, sizeof rq);
		rel.min_grade = 1;
		rel.exclude_self = (data[0] >> 1) & 1;
		rel.icams = campath;
		if (labels && (data[0] >> 2) & 1) {
			rel.item_rows = 1;
			rel.item_lo = (size_t)(data[0] >> 3) & 7;
			rel.item_hi = rel.item_lo + 2;
			rel_load_labels(&rel, path, path);
		} else if (labels)
			rel_load_labels(&rel, NULL, path);
		else {
			rel.protocol = (data[0] >> 2) & 3;	/* PROTO_* */
			rel_load_qrels(&rel, path);
		}
		if (rel_query(&rel, q, &rq, "-", 1) && rq.n + rq.nign > size)
			abort();
		if (rq.nign && rel_exclusion(&rel, &rq, q, rq.ign[rq.nign / 2]) !=
		    EXCL_PROTOCOL)
			abort();
		free(rq.item);
		free(rq.grade);
		free(rq.ign);
	});
	return 0;
}
