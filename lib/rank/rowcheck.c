/* The ids of label and qrels files against the rows of the embeddings. */
#include <stdlib.h>
#include "util/err.h"
#include "rank/rowcheck.h"

#define NONE ((size_t)-1)

/* The records of F that name no row of rows (nor of other, when given).
 * A note, not an error: a label file of a whole data set serves a subset
 * of its rows (the 1K test split of 5K labels); ids that are wrong
 * altogether leave rows without a label, and that is an error. */
static void check_records(const struct labelfile *F,
			  const struct rowindex *rows,
			  const struct rowindex *other, const char *what)
{
	size_t e, bad = 0, first = NONE;

	for (e = 0; e < F->nrec; e++) {
		struct slice id = strmap_key(&F->ids, e);
		if (rowindex_get(rows, id) != NONE ||
		    (other && rowindex_get(other, id) != NONE))
			continue;
		if (first == NONE)
			first = e;
		bad++;
	}
	if (bad == 0)
		return;
	struct slice id = strmap_key(&F->ids, first);
	note("%s:%ld: %zu of the %zu ids name no row of %s, the first '%.*s'",
	     F->name, F->rec[first].line, bad, F->nrec, what, (int)id.n,
	     id.p);
}

static void check_labels(const struct relsrc *R,
			 const struct rowindex *qrow, const struct embed *Q,
			 const struct embed *I, const struct rowindex *irow)
{
	size_t i, bad = 0, first = NONE;

	for (i = 0; i < I->rows; i++)
		if (labelfile_find(&R->ilab, embed_id(I, i), i) == NONE) {
			if (first == NONE)
				first = i;
			bad++;
		}
	if (bad && !R->unlabeled_ok) {
		struct slice id = embed_id(I, first);
		die_at(R->ilab.name, 0,
		       "%zu of the %zu rows of %s have no label, the first "
		       "'%.*s' (--unlabeled-irrelevant ranks them as never "
		       "relevant)", bad, I->rows, I->path, (int)id.n, id.p);
	}
	if (bad)
		note("%zu of the %zu rows of %s have no label: ranked as never "
		     "relevant (--unlabeled-irrelevant)", bad, I->rows, I->path);

	if (R->one_file) {
		check_records(&R->ilab, irow, qrow, "the queries or the items");
	} else {
		check_records(&R->ilab, irow, NULL, I->path);
		check_records(&R->qlab, qrow, NULL, Q->path);
	}
}

static void check_qrels(const struct relsrc *R, const struct embed *I,
			const struct rowindex *irow)
{
	size_t j, nj = R->jbeg[R->qq.nent], bad = 0;

	for (j = 0; j < nj; j++) {
		long g = R->jgrade[j];
		if (g < R->min_grade || g < 0)
			continue;
		struct slice id = strmap_key(&R->jids, R->jent[j]);
		if (rowindex_get(irow, id) == NONE)
			bad++;
	}
	if (bad)
		note("%s: %zu relevant judgments name no row of %s: they are "
		     "never retrieved", R->qrels_name, bad, I->path);
}

void rowcheck_queries(struct rowindex *qrow, const struct relsrc *R,
		      const struct embed *Q)
{
	/* rows named by their numbers cost nothing; named rows, a map (the
	 * qrels check does not read it) */
	(void)R;
	rowindex_init(qrow, Q);
}

void rowcheck(const struct relsrc *R, const struct rowindex *qrow,
	      const struct embed *Q, const struct embed *I,
	      const struct rowindex *irow)
{
	if (R->kind == REL_LABELS)
		check_labels(R, qrow, Q, I, irow);
	else
		check_qrels(R, I, irow);
}
