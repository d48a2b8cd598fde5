/* rankof --single-shot: each query's candidates, grouped by their items'
 * labels (identities), to its single-shot CMC values (singleshot.h), written
 * as measure-stream rows "hit@K:single-shot QUERY VALUE", then the "all"
 * rows, the exact means over the queries that have a relevant candidate
 * (torchreid skips the others). The rankers of every worker thread share
 * one struct singleshot: the means are exact sums, the same in any order. */
#ifndef RK_SINGLESHOTRUN_H
#define RK_SINGLESHOTRUN_H
#include <pthread.h>
#include <stddef.h>
#include "measure/exactsum.h"
#include "rank/ranker.h"

struct singleshot {
	const long *K;		/* the cut-offs, in the order written */
	size_t nK;
	long kmax;
	int decimals;		/* of the percentages */
	pthread_mutex_t lock;	/* over what follows */
	struct exactmean *mean;	/* per cut-off */
	long measured, skipped;
};

/* K (nK cut-offs) must outlive s */
void singleshot_init(struct singleshot *s, const long *K, size_t nK,
		     int decimals);
/* rk's queries (and its workers', ranker_inherit) go to s */
void singleshot_attach(struct singleshot *s, struct ranker *rk);
/* the "all" rows, and a note on the queries left out */
void singleshot_finish(struct singleshot *s);

#endif
