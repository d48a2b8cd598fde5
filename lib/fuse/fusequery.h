/* One query fused: the union of its items over the runs that hold it,
 * each run's scores in rank order (the best first, ties by item id
 * descending in byte order: rankof --break id, trec_eval's rule, never a
 * file's rank column), normalised, combined per item, and written as the
 * score stream's lines (or a TREC run's) from the best fused score down,
 * ties in the same order. Memory: the query's items over all runs. */
#ifndef RK_FUSEQUERY_H
#define RK_FUSEQUERY_H
#include "util/strmap.h"
#include "fuse/fusecomb.h"
#include "fuse/fusenorm.h"
#include "fuse/runread.h"

struct fuser {
	/* the options */
	struct fusecomb comb;
	enum fusenorm norm;
	int trec;		/* --format trec */
	const char *tag;	/* its run tag */
	size_t nruns;
	/* --lower-is-better: per run, its scores are distances, taken
	 * negated (NULL: none is) */
	const unsigned char *lower;
	struct runread *runs;	/* the runs, each with its query taken */
	const char *const *explain;	/* --explain's queries */
	size_t nexplain;
	unsigned char *explained;	/* per one of them: it was met */
	/* --optimize: each query's values go to keep instead of the output
	 * (NULL: written) */
	void (*keep)(void *ctx, const struct fuser *f, struct slice q,
		     size_t u);
	void *keep_ctx;
	/* the query: its items (the union), per item and run whether the
	 * run holds it, its score, value and rank there; per item the
	 * fused score; the order of the output */
	struct strmap cand;
	size_t cap;		/* items the arrays below hold room for */
	unsigned char *held;
	double *raw, *val;
	long *rank;
	double *fused;
	size_t *order;
	/* scratch: a run's items in rank order, their scores and values,
	 * the entries of its lines, combmed's values */
	struct byrank {
		double s;
		struct slice id;
		size_t e;
	} *by;
	size_t bycap;
	double *sorted, *normed, *tmp;
	size_t *entry;
};

void fuser_init(struct fuser *f);
void fuser_free(struct fuser *f);
/* fuses query q from the runs r with has[r] set (each has taken q) and
 * writes its lines */
void fuser_query(struct fuser *f, struct slice q, const unsigned char *has);

#endif
