/* libFuzzer: fuse's reader and pass (lib/fuse/): two runs fused with the
 * method, normalisation, weights and format the first bytes choose. Byte
 * 0: the method (9) and --require-all; byte 1: the normalisation (6; none
 * for rrf and isr), weights, --format trec and --explain q1, else -j 2
 * (the queries fused on two threads, lib/fuse/fusejobs.c); the rest is
 * the first run, up to a NUL byte, then the second. Output goes to memory;
 * on success a stream must end with "# end" and no score be "nan" (every
 * fused score is a number). */
#include "fuzz.h"
#include "fuse/fusepass.h"
#include "util/out.h"

static const double weights[] = { 0.5, 2 };
static const char *const explained[] = { "q1" };

/* whether the n bytes at p end with s */
static int ends_with(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s);
	return n >= k && memcmp(p + n - k, s, k) == 0;
}

/* whether s occurs in the n bytes at p */
static int holds(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s), i;
	for (i = 0; i + k <= n; i++)
		if (memcmp(p + i, s, k) == 0)
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char a[256], b[256];
	static struct membuf out;
	const uint8_t *sep;
	const char *paths[2] = { a, b };
	struct fuser f;
	int require_all, threads = 1;

	if (size < 2)
		return 0;
	memset(&f, 0, sizeof f);
	f.comb.method = (enum fusemethod)(data[0] % 9);
	require_all = data[0] / 9 % 2;
	f.norm = fusemethod_ranked(f.comb.method) ? NORM_NONE :
		(enum fusenorm)(data[1] % 6);
	if (data[1] / 6 % 2 && fusemethod_weighted(f.comb.method))
		f.comb.w = weights;
	f.comb.rrf_k = 60;
	f.trec = data[1] / 12 % 2;
	f.tag = "fz";
	if (data[1] / 24 % 2) {
		f.explain = explained;
		f.nexplain = 1;
	} else if (data[1] / 48 % 2)
		threads = 2;
	f.nruns = 2;
	data += 2;
	size -= 2;
	sep = memchr(data, 0, size);
	snprintf(a, sizeof a, "%s", fuzz_file("run1", data,
		 sep ? (size_t)(sep - data) : size));
	snprintf(b, sizeof b, "%s", sep ? fuzz_file("run2", sep + 1,
		 size - (size_t)(sep + 1 - data)) : fuzz_file("run2", data, 0));
	/* the tracker frees what the last input's output took */
	memset(&out, 0, sizeof out);
	out_capture(&out);
	FUZZ_TRAPPED({
		fusepass_run(&f, paths, require_all, threads);
		out_flush();
		if (!f.trec && !ends_with(out.p, out.n, "# end\n"))
			abort();
		/* a score is the last field (stream) or the one before the
		 * tag (trec), never an id */
		if (holds(out.p, out.n, "\tnan\n") ||
		    holds(out.p, out.n, "\t-nan\n") ||
		    holds(out.p, out.n, " nan fz\n") ||
		    holds(out.p, out.n, " -nan fz\n"))
			abort();
	});
	out_capture(NULL);
	return 0;
}
