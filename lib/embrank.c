/* rankof -e (see embrank.h). The worker threads of kernel_run compute the
 * blocks of scores; the calling thread feeds them to the ranker in query
 * order, so the rank stream is that of `simmat | rankof`: the same
 * candidates in the same order with the same values (a float32 score is
 * the same number whether it travels as the float or as its shortest
 * decimal read back in double: neither order nor ties change). */
#include <stdint.h>
#include <stdlib.h>
#include "embed.h"
#include "embrank.h"
#include "err.h"

struct ctx {
	struct ranker *R;
	const struct embed *Q, *I;
	enum embtype type;
	const char *qpath;
};

static void feed(void *arg, int slot, size_t q0, size_t q1, size_t i0,
		 size_t i1, const void *S)
{
	struct ctx *C = arg;
	size_t q, i, n = i1 - i0;

	for (q = q0; q < q1; q++) {
		struct slice qid = embed_id(C->Q, q);
		if (C->type == EMB_F32) {
			const float *row = (const float *)S + (q - q0) * n;
			for (i = i0; i < i1; i++)
				ranker_add(C->R, qid, embed_id(C->I, i),
					   row[i - i0], C->qpath, 0);
		} else {
			const double *row = (const double *)S + (q - q0) * n;
			for (i = i0; i < i1; i++)
				ranker_add(C->R, qid, embed_id(C->I, i),
					   row[i - i0], C->qpath, 0);
		}
	}
}

void embrank_run(struct ranker *R, const char *queries, const char *items,
		 const struct embrank_opts *o)
{
	struct embed Q, I;
	struct kernel K;
	struct ctx C;
	size_t folds = o->folds ? o->folds : 1;

	embed_read(&Q, queries);
	embed_read(&I, items);
	if (o->qids)
		embed_read_ids(&Q, o->qids);
	if (o->iids)
		embed_read_ids(&I, o->iids);
	embed_check_unique(&Q);
	embed_check_unique(&I);
	if (Q.rows % folds)
		die(EXIT_DATA, "%zu queries do not split into %zu equal folds",
		    Q.rows, folds);
	if (I.rows % folds)
		die(EXIT_DATA, "%zu items do not split into %zu equal folds",
		    I.rows, folds);
	kernel_init(&K, o->metric, &Q, &I);

	C.R = R;
	C.Q = &Q;
	C.I = &I;
	C.type = K.type;
	C.qpath = queries;
	kernel_run(&K, o->nthreads ? o->nthreads : kernel_ncpu(), folds,
		   NULL, feed, &C);
	kernel_free(&K);
	embed_free(&Q);
	embed_free(&I);
}
