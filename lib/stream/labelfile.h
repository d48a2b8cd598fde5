/* A labels file read whole: "id label" or "id label camera" per line, one
 * record per line in file order. Ids that are the record numbers written
 * as rows are named ("%zu" from 0: the usual file beside a .npy) are found
 * by reading the number, with no table; any other file is indexed by a
 * hash map of its ids, built from the first id that is not its record's
 * number on. */
#ifndef RK_LABELFILE_H
#define RK_LABELFILE_H
#include <stddef.h>
#include <stdint.h>
#include "util/strmap.h"

struct labelrec {
	size_t label;		/* interned label */
	long cam;		/* interned camera, -1: none */
	size_t pos;		/* line order in its file, from 0 */
	long line;		/* its line, for messages */
};

struct labelfile {
	const char *name;
	struct labelrec *rec;
	size_t nrec, reccap;
	char *ids;		/* every id, each followed by '\0' */
	size_t idused, idcap;
	size_t *idoff;		/* record e's id at ids + idoff[e] (nrec + 1) */
	size_t offcap;
	int numbered;		/* record e is named e: map unused */
	int npy;		/* read from a .npy array: rows numbered;
				   cameras only when of shape (N, 2) */
	int some;		/* labelfile_load_some: the records kept */
	size_t lo, hi;		/* ... and the positions kept whole */
	size_t nall;		/* the records of the file, kept or not */
	/* some: every record kept is named by its position, so those of
	 * positions lo .. hi-1 are found by number (from record base on) and
	 * only the others are in the map */
	int posnamed;
	size_t base;
	size_t *maprec, mrcap;	/* some: map entry -> record */
	struct strmap map;	/* id -> record */
};

/* Reads path; labels and cameras are interned into the maps given (shared
 * by both files of a query/item pair). Dies naming file and line on a line
 * of the wrong shape, a duplicate id or a file without records. */
void labelfile_load(struct labelfile *lf, const char *path,
		    struct strmap *labels, struct strmap *cams);

/* A gallery shard's part of a labels file, in one pass: the records at
 * positions lo .. hi-1 (its rows, in a file in row order) and those whose
 * label is one of the first nkeep entries of labels (the queries' labels,
 * interned first: the items that may be relevant to them); every other
 * line is split and its label looked up, and nothing of it is kept.
 * Records keep their position in the file (pos) and their line. Errors
 * as labelfile_load's, a duplicate id among the records kept. */
void labelfile_load_some(struct labelfile *lf, const char *path,
			 struct strmap *labels, struct strmap *cams,
			 size_t nkeep, size_t lo, size_t hi);

void labelfile_free(struct labelfile *lf);

static inline struct slice labelfile_id(const struct labelfile *lf, size_t e)
{
	struct slice s = { lf->ids + lf->idoff[e],
			   lf->idoff[e + 1] - lf->idoff[e] - 1 };
	return s;
}

/* no record: what a lookup gives for an id that names none (STRMAP_ABSENT:
 * a lookup in the map is returned as it is) */
#define NO_RECORD STRMAP_ABSENT

/* the record of id, or NO_RECORD; _h with h = hash_bytes(id) */
size_t labelfile_get(const struct labelfile *lf, struct slice id);
size_t labelfile_get_h(const struct labelfile *lf, struct slice id,
		       uint64_t h);

/* the same, trying record hint first, so that a file in the order of the
 * embedding rows is read without hashing */
static inline size_t labelfile_find(const struct labelfile *lf,
				    struct slice id, size_t hint)
{
	if (!lf->numbered && hint < lf->nrec &&
	    slice_eq(labelfile_id(lf, hint), id))
		return hint;
	return labelfile_get(lf, id);
}

#endif
