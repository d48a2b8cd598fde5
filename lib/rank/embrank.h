/* rankof -e: scores computed from embeddings by the kernel of simmat and
 * fed to rankof's per-query machine (ranker.h), query by query and each
 * query's items in row order, exactly as `simmat | rankof` would feed them,
 * without a score stream in between: the ranks are counted inside the
 * kernel, tile by tile (kernel_count), and a query the counts cannot serve
 * gets one row of scores (embrank.c). */
#ifndef RK_EMBRANK_H
#define RK_EMBRANK_H
#include <stddef.h>
#include "kernel/kernel.h"
#include "rank/ranker.h"

struct embrank_opts {
	enum metric metric;
	size_t folds;		/* 1: none */
	int nthreads;		/* 0: the online CPUs */
	const char *qids, *iids;	/* id files or NULL */
	long shard, nshards;	/* --shard: query rows shard mod nshards */
	int items;		/* --items: item rows ibeg .. iend-1 only */
	size_t ibeg, iend;
	int packed;		/* --packed-bits: np.packbits codes */
	size_t bits;		/* --bits (0: 8 per byte) */
	/* writes the stream's header: called once every input is read and
	 * checked, before the items line and the first rank */
	void (*header)(void *ctx);
	void *header_ctx;
};

/* reads the embedding files (the queries, the items: one file, or
 * several as one gallery, embed.h) and feeds every (query, item, score) of
 * the job to R; dies (exit 1) on bad files, rows that the relevance or
 * --items name and the files lack, or counts that do not split into the
 * folds, before o->header is called */
void embrank_run(struct ranker *rk, const char *queries,
		 const char *const *items, size_t nitems,
		 const struct embrank_opts *o);

#endif
