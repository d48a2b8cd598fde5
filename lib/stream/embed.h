/* Embedding readers: a matrix of rows x dim values, float32 or float64, and
 * one identifier per row.
 *
 * Formats, chosen by content first and then by the file name:
 * - .npy (any name; recognised by its magic "\x93NUMPY"): format versions
 *   1.0, 2.0 and 3.0 as NumPy's format.py documents them: magic, major and
 *   minor version bytes, a little-endian header length (2 bytes in 1.0, 4 in
 *   2.0 and 3.0), then a Python dict literal with 'descr', 'fortran_order'
 *   and 'shape', padded with spaces and a newline so the data is aligned.
 *   rankkit reads 2-D arrays of float16, float32, float64, int8, int16,
 *   uint8, uint16 and bool, in either byte order, C or Fortran order
 *   (npy.c: which are converted, and to float32 or float64); anything
 *   else is a clear error naming the numpy conversion.
 * - .fvecs / .bvecs / .ivecs (the ANN benchmark formats of the TEXMEX
 *   corpus): records of a little-endian int32 dimension d followed by d
 *   float32 / uint8 / int32 values. bvecs become float32 (float64 in rows
 *   of more than 258 bytes, for exact sums), ivecs float64 (exact).
 *   Every record must have the same dimension.
 * - anything else is text: "id v1 v2 ... vD" per line, fields separated by
 *   runs of blanks, '#' comment lines and blank lines skipped, CRLF
 *   accepted; values are read as float64.
 * Rows of binary formats are named by their row number from 0.
 * Non-finite values (inf, NaN) are an error in every format. */
#ifndef RK_EMBED_H
#define RK_EMBED_H
#include <stddef.h>
#include "util/slice.h"

enum embtype { EMB_F32 = 4, EMB_F64 = 8 };	/* the value is the size */

struct embed {
	const char *path;
	size_t rows, dim;
	enum embtype type;
	void *data;		/* rows * dim values, row after row */
	void *map;		/* data lies in this read-only mapping of the
				 * file, or NULL */
	size_t maplen;
	/* identifiers: row i is ids[idoff[i] .. idoff[i] + idlen[i]) */
	char *ids;
	size_t *idoff;
	size_t *idlen;
	const char *idfile;	/* where the ids came from (NULL: row numbers) */
	long *idline;		/* and the line of each (NULL: row numbers) */
	/* row i is row keep_first + i * keep_step of the file (rows
	 * dropped by embed_keep_rows) */
	size_t keep_first, keep_step;
	/* several files as one matrix (embparts.c): row r is row r -
	 * part_row0[k] of part[k], the k for which part_row0[k] <= r <
	 * part_row0[k + 1]; data is a block of zeros (big_alloc_sparse: pages never
	 * written are never given memory) into which embed_advise_rows copies
	 * the rows a run says it reads; npart 0: one file */
	struct embed *part;
	size_t npart, *part_row0;
	char *joined;		/* path, when it names several files */
};

/* Reads a file ("-" is stdin) or dies "prog: FILE: what" (exit 1). */
void embed_read(struct embed *emb, const char *path);
/* Names the rows by the lines of an id file, one identifier per line
 * (blank and '#' lines skipped); the count must equal the rows. */
void embed_read_ids(struct embed *emb, const char *idpath);
/* Dies "prog: FILE:LINE: duplicate id 'X'" when two rows share an id
 * (file is the id file or the embedding file that named them). */
void embed_check_unique(const struct embed *emb);
/* The two sides of a scoring job (simmat, rankof -e): both files read,
 * their rows named by the id files when given (NULL: not), both checked
 * for duplicate ids, and both row counts checked to split into `folds`
 * equal blocks; dies naming the file otherwise. The values of binary
 * formats are not checked here: kernel_init checks every row it is given
 * in the pass that packs the rows or takes their norms (a separate pass
 * over a large gallery costs as much as the packing). */
/* The items may be several files, one gallery (niparts > 1): rows are
 * numbered on through the files in their order; they must be of a binary
 * format (rows named by their numbers, or by iids), with one dimension
 * and one value type (float32 or float64); only the rows a run reads are
 * read from them (embed_advise_rows). */
void embed_read_pair(struct embed *qemb, const char *qpath, const char *qids,
		     struct embed *iemb, const char *const *ipaths,
		     size_t niparts, const char *iids, size_t folds);
/* Says that rows r0 .. r1-1 will be read in order and the n rows rows[]
 * (ascending) besides, no other (several files: those rows are read from
 * them now, checked, and nothing else) (a gallery shard: its own rows, then its
 * queries' relevant rows; a whole run: all rows): the pages of r0 .. r1-1
 * of a mapped file are mapped at once, not a fault at a time, and when
 * that is not every row, the file is read ahead there only and the pages
 * of rows[] are asked for at once, so that a large file costs the disk
 * the pages read, not the whole file. */
void embed_advise_rows(const struct embed *emb, size_t r0, size_t r1,
		       const size_t *rows, size_t n);
/* Dies "prog: FILE: row R, column C: value is not finite" when row holds
 * an infinite or NaN value (R: the row of the file). */
void embed_check_row(const struct embed *emb, size_t row);
/* Keeps the rows whose number is congruent to `first` modulo `step`, in
 * their order (rankof --shard). */
void embed_keep_rows(struct embed *emb, size_t first, size_t step);
/* Converts the matrix to float64 in place (for mixed inputs). */
void embed_to_f64(struct embed *emb);
/* Gives the values back to the system (a mapped file unmapped, rows read
 * into memory freed), keeping the ids: data is then NULL. */
void embed_free_values(struct embed *emb);
void embed_free(struct embed *emb);

static inline struct slice embed_id(const struct embed *emb, size_t i)
{
	struct slice s = { emb->ids + emb->idoff[i], emb->idlen[i] };
	return s;
}

#endif
