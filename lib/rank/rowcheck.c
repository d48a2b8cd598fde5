/* The ids of label and qrels files against the rows of the embeddings. */
#include "util/err.h"
#include "rank/rowcheck.h"


/* The records of F that name no row of rows (nor of other, when given).
 * A note, not an error: a label file of a whole data set serves a subset
 * of its rows (the 1K test split of 5K labels); ids that are wrong
 * altogether leave rows without a label, and that is an error. */
static void check_records(const struct labelfile *lf,
			  const struct rowindex *rows,
			  const struct rowindex *other, const char *what)
{
	size_t e, bad = 0, first = NO_RECORD;

	if (lf->numbered && rows->numbered && (!other || other->numbered)) {
		/* record e names row e: those past the rows name none */
		size_t n = rows->rows;
		if (other && other->rows > n)
			n = other->rows;
		if (lf->nrec > n) {
			first = n;
			bad = lf->nrec - n;
		}
	} else for (e = 0; e < lf->nrec; e++) {
		struct slice id = labelfile_id(lf, e);
		if (rowindex_get(rows, id) != NO_ROW ||
		    (other && rowindex_get(other, id) != NO_ROW))
			continue;
		if (first == NO_RECORD)
			first = e;
		bad++;
	}
	if (bad == 0)
		return;
	struct slice id = labelfile_id(lf, first);
	note("%s:%ld: %zu of the %zu ids name no row of %s, the first '%.*s'",
	     lf->name, lf->rec[first].line, bad, lf->nrec, what, (int)id.n,
	     id.p);
}

/* A .npy label array names rows by their numbers: one of another length
 * than its embedding rows (rows rows of path) cannot be meant (a subset,
 * a drop_last), and its extra labels would be relevant items never
 * retrieved, its missing ones rows without a label */
static void check_npy_length(const struct labelfile *lf, size_t rows,
			     const char *path)
{
	if (lf->npy && lf->nall != rows)
		die_at(lf->name, 0, "%zu labels for the %zu rows of %s: a .npy "
		       "label array gives row i its label i, so the lengths must "
		       "be equal (save the labels of these rows)", lf->nall,
		       rows, path);
}

static void check_labels(const struct relsrc *rel,
			 const struct rowindex *qrow, const struct embed *qemb,
			 const struct embed *iemb, const struct rowindex *irow)
{
	size_t i, bad = 0, first = NO_ROW;

	/* qrow counts the query rows before --shard kept a share */
	if (rel->one_file)	/* its rows are the queries' and the items' */
		check_npy_length(&rel->ilab, qrow->rows > iemb->rows ?
				 qrow->rows : iemb->rows, qrow->rows > iemb->rows ?
				 qemb->path : iemb->path);
	else {
		check_npy_length(&rel->ilab, iemb->rows, iemb->path);
		check_npy_length(&rel->qlab, qrow->rows, qemb->path);
	}
	if (rel->ilab.some) {
		/* a gallery shard's part of the labels: it checks its own
		 * rows (the other shards check theirs) */
		for (i = rel->ilab.lo; i < rel->ilab.hi && i < iemb->rows; i++)
			if (labelfile_find(&rel->ilab, embed_id(iemb, i), i) == NO_RECORD) {
				if (first == NO_ROW)
					first = i;
				bad++;
			}
	} else if (rel->ilab.numbered && irow->numbered) {
		/* row i is named i, and so is record i: the rows past the
		 * records have no label */
		if (iemb->rows > rel->ilab.nrec) {
			first = rel->ilab.nrec;
			bad = iemb->rows - rel->ilab.nrec;
		}
	} else for (i = 0; i < iemb->rows; i++)
		if (labelfile_find(&rel->ilab, embed_id(iemb, i), i) == NO_RECORD) {
			if (first == NO_ROW)
				first = i;
			bad++;
		}
	if (bad && !rel->unlabeled_ok) {
		struct slice id = embed_id(iemb, first);
		die_at(rel->ilab.name, 0,
		       "%zu of the %zu rows of %s have no label, the first "
		       "'%.*s' (--unlabeled-irrelevant ranks them as never "
		       "relevant)", bad, iemb->rows, iemb->path, (int)id.n, id.p);
	}
	if (bad)
		note("%zu of the %zu rows of %s have no label: ranked as never "
		     "relevant (--unlabeled-irrelevant)", bad, iemb->rows, iemb->path);

	if (rel->one_file) {
		check_records(&rel->ilab, irow, qrow, "the queries or the items");
	} else {
		check_records(&rel->ilab, irow, NULL, iemb->path);
		check_records(&rel->qlab, qrow, NULL, qemb->path);
	}
}

static void check_qrels(const struct relsrc *rel, const struct embed *iemb,
			const struct rowindex *irow)
{
	size_t j, nj = rel->jbeg[rel->qq.nent], bad = 0;

	for (j = 0; j < nj; j++) {
		long g = rel->jgrade[j];
		if (g < rel->min_grade || g < 0)
			continue;
		struct slice id = strmap_key(&rel->jids, rel->jent[j]);
		if (rowindex_get(irow, id) == NO_ROW)
			bad++;
	}
	if (bad)
		note("%s: %zu relevant judgments name no row of %s: they are "
		     "never retrieved", rel->qrels_name, bad, iemb->path);
}

void rowcheck_queries(struct rowindex *qrow, const struct embed *qemb)
{
	/* rows named by their numbers cost nothing; named rows, a map (the
	 * qrels check does not read it) */
	rowindex_init(qrow, qemb);
}

void rowcheck(const struct relsrc *rel, const struct rowindex *qrow,
	      const struct embed *qemb, const struct embed *iemb,
	      const struct rowindex *irow)
{
	if (rel->kind == REL_LABELS)
		check_labels(rel, qrow, qemb, iemb, irow);
	else
		check_qrels(rel, iemb, irow);
}
