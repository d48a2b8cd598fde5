/* libFuzzer: a group file (--group-by's 'query group' lines) read whole,
 * then every query it names looked up again, and a name it lacks. The
 * input is the file. */
#include "fuzz.h"
#include "stream/groupfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file("groups", data, size);
	FUZZ_TRAPPED({
		struct groupfile g;
		groupfile_read(&g, path);
		if (g.queries.nent == 0 || g.groups.nent > g.queries.nent)
			abort();
		for (size_t e = 0; e < g.queries.nent; e++)
			if (groupfile_group(&g, strmap_key(&g.queries, e)) !=
			    g.group[e] || g.group[e] >= g.groups.nent)
				abort();
		if (groupfile_group(&g, (struct slice){ "", 0 }) !=
		    STRMAP_ABSENT)
			abort();
		groupfile_free(&g);
	});
	return 0;
}
