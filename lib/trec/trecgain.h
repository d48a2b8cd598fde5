/* trec_eval's measures of graded gains (treceval): G, dcg, ideal_dcg,
 * ndcg, ndcg_rel, Rndcg, rbp with their LEVEL=GAIN parameters, and
 * ndcg_cut, whose gain is the grade. A grade's gain is the one a parameter
 * gives it, else the grade itself; the ideal ranking puts the judged
 * documents of each grade in order of gain, as trec_eval's qsort() orders
 * its table of gains (its comparison truncates to int). Each value is
 * summed position by position in trec_eval's order, so that it has
 * trec_eval's bits. A topic's documents of no gain are not in its ranks:
 * only the retrieved documents of a grade >= g0 (trecmeas.h) are. */
#ifndef RK_TRECGAIN_H
#define RK_TRECGAIN_H
#include "trec/trecmeas.h"

void trec_G(const struct trectopic *t, const struct trecasked *a, double *v);
void trec_dcg(const struct trectopic *t, const struct trecasked *a,
	      double *v);
void trec_ideal_dcg(const struct trectopic *t, const struct trecasked *a,
		    double *v);
void trec_ndcg(const struct trectopic *t, const struct trecasked *a,
	       double *v);
void trec_ndcg_rel(const struct trectopic *t, const struct trecasked *a,
		   double *v);
void trec_Rndcg(const struct trectopic *t, const struct trecasked *a,
		double *v);
void trec_ndcg_cut(const struct trectopic *t, const struct trecasked *a,
		   double *v);
void trec_rbp(const struct trectopic *t, const struct trecasked *a,
	      double *v);

/* 1 when a LEVEL=GAIN parameter's LEVEL is a level (trec_eval's test: a
 * sign and digits), its value in *level */
int trec_gain_level(const char *name, long *level);

#endif
