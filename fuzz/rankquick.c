/* libFuzzer: the rank-stream reader's quick path (rankfast.c) against its
 * exact path. The input is read twice, once with every line taken by the
 * exact path (rd.exact_only) and once as the programs read it; both must
 * give the same queries (id, n, first line, relevant and judged items with
 * grade, rank, ties, kind and line, tie groups) and, when the input is
 * refused, the same error at the same line, or the harness aborts. */
#include "fuzz.h"
#include "stream/rankstream.h"

/* FNV-1a over n bytes, into *h */
static void mix(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *u = p;
	size_t i;

	for (i = 0; i < n; i++)
		*h = (*h ^ u[i]) * UINT64_C(0x100000001b3);
}

static void mix_long(uint64_t *h, long v)
{
	mix(h, &v, sizeof v);
}

static void mix_items(uint64_t *h, const struct relitem *it, size_t n)
{
	size_t i;

	mix_long(h, (long)n);
	for (i = 0; i < n; i++) {
		mix_long(h, it[i].grade);
		mix_long(h, it[i].rank);
		mix_long(h, it[i].ties);
		mix_long(h, it[i].line);
		mix_long(h, it[i].kind);
	}
}

static void mix_query(uint64_t *h, const struct rquery *q)
{
	size_t g;

	mix(h, q->id, strlen(q->id) + 1);
	mix_long(h, q->n);
	mix_long(h, q->line);
	mix_long(h, (long)q->nret);
	mix_long(h, q->v2);
	mix_items(h, q->rel, q->m);
	mix_items(h, q->jud, q->nj);
	mix_long(h, (long)q->ng);
	for (g = 0; g < q->ng; g++) {
		mix_long(h, q->g[g].a);
		mix_long(h, q->g[g].t);
		mix_long(h, (long)q->g[g].s);
		mix_long(h, (long)q->g[g].first);
	}
}

/* the digest of what reading path gives: its queries, then its error.
 * The reader is closed after an error too (static: its state survives
 * the jump), or the inputs that are refused would add up to gigabytes. */
static uint64_t read_all(char *path, int exact_only)
{
	static struct errtrap trap;
	static struct rankreader rd;
	static struct rquery q;
	static int opened;
	static uint64_t h;
	static char *files[1];
	uint64_t fds = fuzz_open_fds();

	files[0] = path;
	h = UINT64_C(0xcbf29ce484222325);
	opened = 0;
	memset(&q, 0, sizeof q);
	err_trap = &trap;
	fuzz_track_begin();
	if (setjmp(trap.jb) == 0) {
		rankreader_open(&rd, files, 1);
		opened = 1;
		rd.v2ok = 1;
		rd.exact_only = exact_only;
		while (rankreader_next(&rd, &q))
			mix_query(&h, &q);
		mix_long(&h, -1);
	} else {
		mix_long(&h, trap.status);
		mix_long(&h, trap.line);
		mix(&h, trap.msg, strlen(trap.msg));
	}
	err_trap = NULL;
	rquery_free(&q);
	if (opened)
		rankreader_close(&rd);
	fuzz_track_end();	/* an error's leftovers beyond the reader */
	fuzz_close_new_fds(fds);
	return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[256];

	snprintf(path, sizeof path, "%s", fuzz_file("quick", data, size));
	if (read_all(path, 1) != read_all(path, 0))
		abort();
	return 0;
}
