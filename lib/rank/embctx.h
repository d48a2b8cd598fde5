/* The state rankof -e's two paths share (embrank.c): the job's context,
 * per slot of the pool what the workers leave for the writer, and the
 * steps of one query that both paths take. For lib/rank/emb*.c only. */
#ifndef RK_EMBCTX_H
#define RK_EMBCTX_H
#include <stddef.h>
#include "kernel/kernel.h"
#include "rank/ranker.h"
#include "rank/rankcount.h"
#include "stream/embed.h"
#include "stream/relevance.h"
#include "stream/rowindex.h"

/* what the workers leave for the writer, one per slot */
struct slot {
	struct relquery rq;
	unsigned char *mask;	/* per item row: left the query's gallery */
	size_t *excl, ecap;	/* the rows marked in mask */
	/* per query of the chunk */
	size_t *qn, *qbeg, qcap;	/* candidates, first line */
	int *qjudged;
	/* the row of the first target whose score is beyond the range
	 * (kernel.h: +-inf), or NO_ROW; the writer stops there */
	size_t *qbig;
	struct rankline *ln;
	size_t lcap;
	/* the row path's counts */
	struct rankcount g;
	/* the fused path: per query of the chunk, its state and the
	 * kernel's counters */
	struct fusedquery *fused;
	struct kcount *counts;
	struct counttarget *targets;	/* targets, query after query */
	size_t targetcap;
	size_t *xrows, xrowcap;	/* excluded rows, query after query */
	/* per query, at its targets' offset tfirst (d <= k): the distinct
	 * target scores (d), the groups' starts (d + 1, at tfirst + j), the
	 * candidates above each (d + 1, at tfirst + j) and equal to each
	 * (d) */
	double *gscore;
	size_t *gstart, *gabove, *gequal, gcap;
	void *row;		/* a fallback's row of scores */
	size_t rowcap;
};

/* one query of a chunk on the fused path */
struct fusedquery {
	size_t tfirst, k;	/* its k targets at targets + tfirst */
	size_t xfirst, nexcl;	/* its excluded rows at xrows + xfirst */
	size_t d;		/* its distinct target scores */
	int fallback;		/* the row path instead */
};

struct ctx {
	struct ranker *rk;
	struct relsrc *rel;
	const struct embed *qemb, *iemb;
	const struct kernel *kern;
	enum embtype type;
	const char *qpath;
	int brk;
	size_t ifold;		/* items per kernel fold */
	int items;		/* --items: a gallery shard */
	struct rowindex irow;	/* item id -> row */
	/* labels with junk, same-camera junk or folds */
	const struct labelrec **irec;	/* per item row, or NULL */
	size_t *recrow;		/* item label record -> row or NO_ROW */
	size_t *junk, njunk;	/* rows of the junk label */
	long *rfold;		/* --folds: per row its label fold, -1: none */
	unsigned char *pure;	/* --folds: per kernel fold, 1 when its rows
				 * all have that label fold (or none) */
	struct slot *slot;
};

/* the row path (embrows.c): a chunk's block of scores, one row per query */
void embrank_work_rows(void *arg, const struct kchunk *ch);
/* the fused path (embfused.c): each query's targets scored alone, then
 * the counts of the whole chunk by kernel_count */
void embrank_work_fused(void *arg, const struct kchunk *ch);
/* --explain (embexplain.c): query q's candidates and lines ln[0 .. m-1] */
void embrank_explain(struct ctx *cx, const struct kchunk *ch, size_t q,
		     const struct rankline *ln, size_t m);

/* the steps of one query (embrows.c), j-th of its chunk, items i0 .. i1-1:
 * it begins (its lines unranked at sl->ln + nl, *m of them; the rows that
 * leave its gallery marked, *ne of them; 0 when it has no relevance), its
 * targets are taken (a score beyond the range noted in sl->qbig[j]), its
 * lines sorted, its marks cleared; a query on its row of scores, whole;
 * room for nq queries in a slot */
int query_begin(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		size_t i0, size_t i1, size_t nl, size_t *m, size_t *ne);
size_t query_targets(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		     size_t i0, size_t i1, const void *row, size_t m,
		     struct counttarget *t);
void query_sort_lines(const struct ctx *cx, struct rankline *ln, size_t m);
void query_unmark(struct slot *sl, size_t ne);
void query_rank_row(struct ctx *cx, struct slot *sl, size_t j, size_t q,
		    size_t i0, size_t i1, const void *row, size_t *nl);
void slot_reserve_queries(struct slot *sl, size_t nq);

#endif
