/* A 2-D matrix read whole, as ANN libraries and benchmarks write their
 * results and ground truth: a .npy array (integers or floats, C order,
 * little-endian), TEXMEX's .ivecs and .fvecs (records of an int32 width
 * and its values), big-ann-benchmarks' .ibin and .fbin (uint32 rows,
 * uint32 columns, then the values), and big-ann's ground-truth file (an
 * .ibin whose int32 ids are followed by as many float32 distances). */
#ifndef RK_MATRIXFILE_H
#define RK_MATRIXFILE_H
#include <stddef.h>
#include <stdint.h>

struct matrixfile {
	const char *path;
	size_t rows, cols;
	int64_t *id;	/* an integer matrix's values, row after row */
	double *val;	/* a float matrix's values; a ground-truth file's
			 * distances */
};

/* 1 when path names a result matrix rather than a score stream or TREC
 * run: a file that begins with the .npy magic, or a name ending in
 * .ivecs or .ibin */
int matrixfile_is(const char *path);
/* path read whole into m: ids (want_ids, integers) or values (floats);
 * dies naming the file on a bad header, a truncated file, bytes after the
 * data, a dtype of the other kind, or more than 2^31 columns */
void matrixfile_read(struct matrixfile *m, const char *path, int want_ids);
void matrixfile_free(struct matrixfile *m);

#endif
