/* The item rows that may be relevant to a set of queries (see relrows.h).
 * A mark per row, then the marked rows in order: the cost is the queries'
 * relevant items and a pass over a byte per row, never the rows' values. */
#include <stdlib.h>
#include "util/err.h"
#include "rank/relrows.h"


static void mark(unsigned char *m, const struct rowindex *irow,
		 struct slice id)
{
	size_t r = rowindex_get(irow, id);
	if (r != NO_ROW)
		m[r] = 1;
}

/* labels: the items of each label that a query has */
static void mark_labels(const struct relsrc *rel, const struct embed *qemb,
			const struct rowindex *irow, unsigned char *m)
{
	unsigned char *used = xcalloc(rel->labels.nent + 1, 1);
	size_t q, l, k;

	for (q = 0; q < qemb->rows; q++) {
		size_t e = labelfile_find(&rel->qlab, embed_id(qemb, q), q);
		if (e != NO_RECORD)	/* a query without a label dies later */
			used[rel->qlab.rec[e].label] = 1;
	}
	for (l = 0; l < rel->labels.nent; l++) {
		if (!used[l])
			continue;
		for (k = rel->lbeg[l]; k < rel->lbeg[l + 1]; k++)
			mark(m, irow, labelfile_id(&rel->ilab, rel->litem[k]));
	}
	free(used);
}

/* qrels: the items each query's judgments name */
static void mark_qrels(const struct relsrc *rel, const struct embed *qemb,
		       const struct rowindex *irow, unsigned char *m)
{
	size_t q, j;

	for (q = 0; q < qemb->rows; q++) {
		size_t e = strmap_get(&rel->qq, embed_id(qemb, q));
		if (e == STRMAP_ABSENT)
			continue;
		for (j = rel->jbeg[e]; j < rel->jbeg[e + 1]; j++)
			mark(m, irow, strmap_key(&rel->jids, rel->jent[j]));
	}
}

size_t relrows(const struct relsrc *rel, const struct embed *qemb,
	       const struct rowindex *irow, size_t nrows, size_t lo, size_t hi,
	       size_t **out)
{
	unsigned char *m = xcalloc(nrows + 1, 1);
	size_t r, n = 0, *rows;

	if (rel->kind == REL_LABELS)
		mark_labels(rel, qemb, irow, m);
	else
		mark_qrels(rel, qemb, irow, m);
	for (r = 0; r < nrows; r++)
		n += m[r] && (r < lo || r >= hi);
	rows = xmalloc((n + 1) * sizeof *rows);
	for (n = 0, r = 0; r < nrows; r++)
		if (m[r] && (r < lo || r >= hi))
			rows[n++] = r;
	free(m);
	*out = rows;
	return n;
}
