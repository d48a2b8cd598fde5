/* How a scoring job is cut (kernel.h's kernel_run and kernel_run_pieces):
 * into folds, and each fold's queries into chunks of consecutive queries
 * scored against the fold's items. */
#ifndef RK_GRID_H
#define RK_GRID_H
#include <stddef.h>
#include "kernel/kernel.h"

/* queries of a chunk: a multiple of every variant's MR (2, 6, 12) */
enum { GRID_MR_ALL = 24 };

struct grid {
	const struct kernel *kern;
	size_t qf, nif, qb;	/* queries and items per fold, chunk size */
	size_t nchunks, cpf;	/* chunks, chunks per fold */
};

/* queries per chunk so that a chunk's scores take about `bytes` (at least
 * GRID_MR_ALL and at most 264, a multiple of GRID_MR_ALL) */
size_t grid_chunk_queries(const struct kernel *kern, size_t folds,
			  size_t bytes);
void grid_init(struct grid *g, const struct kernel *kern, size_t folds,
	       size_t qb);
/* chunk n: its queries and items, c->passed NULL (c->slot and c->scores
 * untouched) */
void grid_chunk(const struct grid *g, size_t n, struct kchunk *c);
/* the chunk that holds query q */
size_t grid_chunk_of_query(const struct grid *g, size_t q);

#endif
