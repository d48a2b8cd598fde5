/* Estimates of a full-gallery measure from ranks among sampled negatives
 * (Krichene and Rendle, "On Sampled Metrics for Item Recommendation", KDD
 * 2020, their corrected metrics): a query has one relevant item of full
 * rank R among N candidates; M negatives drawn uniformly with
 * replacement from its N - 1 others leave it at sampled rank r, r - 1 ~
 * binomial(M, (R-1)/(N-1)).
 * A corrected measure gives each sampled rank r a value c_r, the c that
 * minimizes, over R = 1..N equally weighted (the paper's uniform prior),
 *
 *   sum_R [ (E[c_r | R] - f(R))^2 + gamma Var[c_r | R] ],
 *
 * gamma = 0: the minimal-bias estimator (MES), gamma > 0 the bias-variance
 * one (BV). The derivation, the cost and the error bound are in
 * sampled.c. Pure functions, no I/O. */
#ifndef RK_SAMPLED_H
#define RK_SAMPLED_H
#include "stream/rankstream.h"

/* the paper's bias-variance trade-off of its experiments (table 4: the
 * best orderings at gamma = 0.1) */
#define SAMPLED_GAMMA 0.1

/* the law of the sampled rank given the full one, summed over R: G[i][j]
 * = sum_R P(r = i+1 | R) P(r = j+1 | R), (M+1)^2 of them */
struct sampledlaw {
	long M, N;
	long double *G;
};

/* G for M negatives from N candidates (1 <= M, M + 1 <= N): O(N M) */
void sampled_law(struct sampledlaw *L, long M, long N);
void sampled_law_free(struct sampledlaw *L);

/* the measure at full rank R of a query with one relevant item, at
 * cut-off K (0: none) */
typedef double (*fullvalue)(long R, long K);

/* c[0 .. M] (c[i] for sampled rank i+1) for the measure f at K, which is
 * 0 beyond full rank Rmax (K for a cut-off measure, N otherwise): O(Rmax
 * M + M^3). NULL, or why no c is given: the system's error bound (its
 * condition number times the rounding of its sums times the largest
 * |c_i|) passes 10^-6. *bound gets that bound. */
const char *sampled_fit(const struct sampledlaw *L, fullvalue f, long K,
			long Rmax, double gamma, double *c, double *bound);

/* the corrected value of q (one relevant item, n = M + 1, sampled_check)
 * in tie mode mode: c at its rank, the mean of c over the ranks of its tie
 * group in the expected mode */
double sampled_value(const double *c, const struct rquery *q, int mode);

/* NULL when q can be read as ranks among M sampled negatives, else why
 * not (a static string) */
const char *sampled_check(const struct rquery *q, long M);

#endif
