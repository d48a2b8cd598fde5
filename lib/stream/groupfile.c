/* Reading a group file (groupfile.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "stream/stream.h"
#include "stream/groupfile.h"

/* whether a name is that of a summary row of the measure stream: "all",
 * or "fold" followed by digits only */
static int summary_row_name(struct slice s)
{
	size_t i;

	if (slice_eqs(s, "all"))
		return 1;
	if (s.n <= 4 || memcmp(s.p, "fold", 4) != 0)
		return 0;
	for (i = 4; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
	return 1;
}

void groupfile_read(struct groupfile *g, const char *path)
{
	struct stream st;
	struct slice f[3];
	size_t nf;

	memset(g, 0, sizeof *g);
	g->name = path;
	strmap_init(&g->queries);
	strmap_init(&g->groups);
	stream_open(&st, path, NULL);
	while (stream_next(&st, f, 3, &nf)) {
		long ln = st.lines.lineno;
		int created;
		size_t e;

		if (nf != 2)
			die_at(path, ln, "expected 2 fields (query group), "
			       "found %zu", nf);
		if (summary_row_name(f[1]))
			die_at(path, ln, "group '%.*s' has the name of a "
			       "summary row: rename it", (int)f[1].n, f[1].p);
		e = strmap_put(&g->queries, f[0], &created);
		if (!created)
			die_at(path, ln, "a second line for query '%.*s' "
			       "(the first is line %ld)", (int)f[0].n, f[0].p,
			       g->line[e]);
		xgrow((void **)&g->group, &g->cap, e + 1, sizeof *g->group);
		xgrow((void **)&g->line, &g->linecap, e + 1, sizeof *g->line);
		g->group[e] = strmap_put(&g->groups, f[1], &created);
		g->line[e] = ln;
	}
	stream_close(&st);
	if (g->queries.nent == 0)
		die_at(path, 0, "no line 'query group': no group");
}

size_t groupfile_group(const struct groupfile *g, struct slice query)
{
	size_t e = strmap_get(&g->queries, query);
	return e == STRMAP_ABSENT ? e : g->group[e];
}

void groupfile_free(struct groupfile *g)
{
	strmap_free(&g->queries);
	strmap_free(&g->groups);
	free(g->group);
	free(g->line);
	memset(g, 0, sizeof *g);
}
