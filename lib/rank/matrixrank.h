/* A result matrix as a run (rankof RUN as a .npy, .ivecs or .ibin file
 * of ids): row i is query i's result list, its column j + 1 the rank;
 * with a distance matrix of the same shape the distances are the scores
 * (lower is better, equal distances tied), else the columns are. */
#ifndef RK_MATRIXRANK_H
#define RK_MATRIXRANK_H
#include "rank/ranker.h"
#include "stream/matrixfile.h"

struct matrixrun {
	struct matrixfile ids, dist;	/* dist.val NULL: none */
};

/* the run's ids and (distpath not NULL) distances read and checked */
void matrixrank_open(struct matrixrun *mr, const char *path,
		     const char *distpath);
/* every row's candidates into rk, a query at a time: negative ids (no
 * result: faiss's padding) left out, an id repeated in a row taken at
 * its first column, with one note counting such rows */
void matrixrank_run(struct ranker *rk, struct matrixrun *mr);
/* each returned item's Euclidean distance to its query, in double from
 * the query and base vectors (any embedding file: row i is query i, base
 * row x item x), NaN for no result; as ann-benchmarks recomputes them */
double *matrixrank_distances(const struct matrixrun *mr, const char *qpath,
			     const char *bpath);

#endif
