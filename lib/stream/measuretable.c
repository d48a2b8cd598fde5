/* Reading a measure stream into a table (see measuretable.h). Rows are
 * kept as (measure, query, value) until the end, when the table's size is
 * known. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "stream/measurestream.h"
#include "stream/measuretable.h"
#include "stream/groupfile.h"

struct cell {
	size_t m, q;
	double value;
	long line;
};

static size_t put_name(struct strmap *map, struct slice name, long line,
		       long **lines, size_t *cap)
{
	int created;
	size_t e = strmap_put(map, name, &created);
	if (created) {
		xgrow((void **)lines, cap, e + 1, sizeof **lines);
		(*lines)[e] = line;
	}
	return e;
}

static int cell_order(const void *a, const void *b)
{
	const struct cell *x = a, *y = b;
	if (x->m != y->m)
		return x->m < y->m ? -1 : 1;
	if (x->q != y->q)
		return x->q < y->q ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* the table from the cells; a second cell for the same place is an error
 * at the later line */
static void fill(struct mtable *tab, struct cell *cell, size_t ncell)
{
	qsort(cell, ncell, sizeof *cell, cell_order);
	tab->v = xmalloc((tab->nm * tab->nq + 1) * sizeof *tab->v);
	for (size_t j = 0; j < tab->nm * tab->nq; j++)
		tab->v[j] = NAN;
	for (size_t j = 0; j < ncell; j++) {
		const struct cell *c = &cell[j];
		if (j > 0 && c->m == cell[j - 1].m && c->q == cell[j - 1].q) {
			struct slice m = strmap_key(&tab->measures, c->m);
			struct slice q = strmap_key(&tab->queries, c->q);
			die_at(tab->file, c->line,
			       "second row of measure '%.*s' for query '%.*s'",
			       (int)m.n, m.p, (int)q.n, q.p);
		}
		tab->v[c->m * tab->nq + c->q] = c->value;
	}
}

/* tab->summary_only, which holds every measure with a summary row, keeps
 * those without a per-query row, in the order of their first rows */
static void keep_summary_only(struct mtable *tab)
{
	struct strmap all = tab->summary_only;
	strmap_init(&tab->summary_only);
	for (size_t e = 0; e < all.nent; e++) {
		struct slice name = strmap_key(&all, e);
		int created;
		if (strmap_get(&tab->measures, name) == STRMAP_ABSENT)
			strmap_put(&tab->summary_only, name, &created);
	}
	strmap_free(&all);
}

void mtable_read(struct mtable *tab, const char *path)
{
	struct mreader mr;
	struct mrow row;
	struct cell *cell = NULL;
	size_t ncell = 0, cellcap = 0, qcap = 0, mcap = 0;

	*tab = (struct mtable){ .file = path };
	strmap_init(&tab->measures);
	strmap_init(&tab->queries);
	strmap_init(&tab->summary_only);
	strmap_init(&tab->text_only);
	mreader_open(&mr, path);
	tab->file = mreader_name(&mr);
	while (mreader_next(&mr, &row)) {
		int created;
		/* a group's row (version 2) is a summary of queries */
		if (row.kind == MROW_GROUP)
			continue;
		tab->macro |= row.kind == MROW_MACRO;
		if (row.text && !slice_eqs(row.query, "all")) {
			strmap_put(&tab->text_only, row.measure, &created);
			continue;
		}
		if (slice_eqs(row.query, "all") || row.kind == MROW_MACRO ||
		    row.kind == MROW_MICRO) {
			/* a run's tag (runid) is no measure */
			tab->has_num_q |= slice_eqs(row.measure, "num_q");
			if (!isnan(row.value))
				strmap_put(&tab->summary_only, row.measure,
					   &created);
			continue;
		}
		xgrow((void **)&cell, &cellcap, ncell + 1, sizeof *cell);
		cell[ncell++] = (struct cell){
			.m = put_name(&tab->measures, row.measure, row.line,
				      &tab->measure_line, &mcap),
			.q = put_name(&tab->queries, row.query, row.line,
				      &tab->query_line, &qcap),
			.value = row.value,
			.line = row.line,
		};
	}
	if (ncell == 0)
		die_at(tab->file, 0,
		       "no per-query rows (the measure programs write them with -q)");
	tab->nm = tab->measures.nent;
	tab->nq = tab->queries.nent;
	fill(tab, cell, ncell);
	free(cell);
	keep_summary_only(tab);
	mreader_close(&mr);
}

void mtable_free(struct mtable *tab)
{
	strmap_free(&tab->measures);
	strmap_free(&tab->queries);
	strmap_free(&tab->summary_only);
	strmap_free(&tab->text_only);
	free(tab->query_line);
	free(tab->measure_line);
	free(tab->v);
	free(tab->stratum);
}

void mtable_groups(struct mtable *tab, const struct groupfile *g)
{
	tab->nstrata = g->groups.nent;
	tab->stratum = xmalloc((tab->nq + 1) * sizeof *tab->stratum);
	for (size_t q = 0; q < tab->nq; q++) {
		struct slice id = strmap_key(&tab->queries, q);
		tab->stratum[q] = groupfile_group(g, id);
		if (tab->stratum[q] == STRMAP_ABSENT)
			die_at(tab->file, tab->query_line[q], "query '%.*s' has "
			       "no group in %s (--group-by): give it a line "
			       "'query group'", (int)id.n, id.p, g->name);
	}
}

void mtable_note_left_out(const struct mtable *tab, int n)
{
	const struct mtable *text = NULL;
	int trec = 0;
	for (int i = 0; i < n; i++) {
		trec |= tab[i].has_num_q || tab[i].text_only.nent > 0;
		if (!text && tab[i].text_only.nent > 0)
			text = &tab[i];
	}
	if (!trec)
		return;
	char *names = xstrndup("", 0);
	size_t len = 0;
	for (size_t e = 0; text && e < text->text_only.nent; e++) {
		struct slice m = strmap_key(&text->text_only, e);
		names = xrealloc(names, len + m.n + 3);
		if (e) {
			memcpy(names + len, ", ", 2);
			len += 2;
		}
		memcpy(names + len, m.p, m.n);
		len += m.n;
		names[len] = '\0';
	}
	note("left out of trec_eval's -q output: %s%sthe rows of the whole run "
	     "(query 'all': runid, num_q, the means)", names,
	     len ? " (its values are text) and " : "");
	free(names);
}
