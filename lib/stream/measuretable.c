/* Reading a measure stream into a table (see measuretable.h). Rows are
 * kept as (measure, query, value) until the end, when the table's size is
 * known. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "stream/measurestream.h"
#include "stream/measuretable.h"

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
static void fill(struct mtable *T, struct cell *cell, size_t ncell)
{
	qsort(cell, ncell, sizeof *cell, cell_order);
	T->v = xmalloc((T->nm * T->nq + 1) * sizeof *T->v);
	for (size_t j = 0; j < T->nm * T->nq; j++)
		T->v[j] = NAN;
	for (size_t j = 0; j < ncell; j++) {
		const struct cell *c = &cell[j];
		if (j > 0 && c->m == cell[j - 1].m && c->q == cell[j - 1].q) {
			struct slice m = strmap_key(&T->measures, c->m);
			struct slice q = strmap_key(&T->queries, c->q);
			die_at(T->file, c->line,
			       "second row of measure '%.*s' for query '%.*s'",
			       (int)m.n, m.p, (int)q.n, q.p);
		}
		T->v[c->m * T->nq + c->q] = c->value;
	}
}

void mtable_read(struct mtable *T, const char *path)
{
	struct mreader R;
	struct mrow row;
	struct cell *cell = NULL;
	size_t ncell = 0, cellcap = 0, qcap = 0, mcap = 0;

	*T = (struct mtable){ .file = path };
	strmap_init(&T->measures);
	strmap_init(&T->queries);
	mreader_open(&R, path);
	T->file = mreader_name(&R);
	while (mreader_next(&R, &row)) {
		if (slice_eqs(row.query, "all"))
			continue;
		xgrow((void **)&cell, &cellcap, ncell + 1, sizeof *cell);
		cell[ncell++] = (struct cell){
			.m = put_name(&T->measures, row.measure, row.line,
				      &T->measure_line, &mcap),
			.q = put_name(&T->queries, row.query, row.line,
				      &T->query_line, &qcap),
			.value = row.value,
			.line = row.line,
		};
	}
	if (ncell == 0)
		die_at(T->file, 0,
		       "no per-query rows (the measure programs write them with -q)");
	T->nm = T->measures.nent;
	T->nq = T->queries.nent;
	fill(T, cell, ncell);
	free(cell);
	mreader_close(&R);
}

void mtable_free(struct mtable *T)
{
	strmap_free(&T->measures);
	strmap_free(&T->queries);
	free(T->query_line);
	free(T->measure_line);
	free(T->v);
}
