/* CUHK03's single-shot CMC of one query (torchreid's eval_cuhk03): the
 * exact expectation of hit@K over the draws of one gallery item per
 * identity, each drawn uniformly and independently, ties in the drawn
 * gallery in the expected mode of rankkit(7). singleshot.c derives it. */
#ifndef RK_SINGLESHOT_H
#define RK_SINGLESHOT_H
#include <stddef.h>

/* one query's gallery, its items grouped by identity: identity j's
 * scores are score[beg[j] .. beg[j+1]-1], highest first; identity pos is
 * the query's own (its items the relevant ones, at least one) */
struct ssgallery {
	const double *score;
	const size_t *beg;	/* m + 1 entries */
	size_t m;		/* identities, the query's own included */
	size_t pos;
};

/* the scratch of the computation, grown as queries need; zero is empty */
struct ssscratch {
	double *p;		/* the joint law of (above, tied), row by row */
	size_t pcap;
	double *q;		/* each identity's chances: above, tied */
	size_t qcap;
};

/* hit[i] = the expected hit@K[i] (K[i] >= 1, kmax their largest) of the
 * query; time O(|S_p| (m log n + min(kmax, m) (m + D^2))) for n items,
 * D the identities with an item tied with a relevant one (0 without
 * ties), memory O(min(kmax, m) (D + 1) + m) */
void singleshot_hits(const struct ssgallery *g, const long *K, size_t nK,
		     long kmax, struct ssscratch *w, double *hit);
void ssscratch_free(struct ssscratch *w);

#endif
