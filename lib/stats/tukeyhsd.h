/* The randomised Tukey HSD test of every pair of k systems (Carterette,
 * ACM TOIS 30(1), 2012; Sakai, "Laboratory Experiments in Information
 * Retrieval", 2018, ch. 4): under the null hypothesis that the systems
 * do not differ, each query's k values are as likely in any order across
 * the systems. Each of B draws permutes every query's row of values
 * (Fisher and Yates, uniformly), the same permutations for every
 * measure, and takes the range of the systems' means, max - min; c counts
 * the draws whose range is at least the observed |mean_i - mean_j| of a
 * pair, and p = (c + 1)/(B + 1). The largest difference of any pair is
 * compared with the observed one, so the family of the k(k-1)/2 pairs
 * is guarded as a whole: no further adjustment. Draw d uses the
 * generator seeded with seed and jumped d times: the same p for every
 * thread count. */
#ifndef RK_TUKEYHSD_H
#define RK_TUKEYHSD_H
#include <stddef.h>
#include <stdint.h>

/* v[(m * n + q) * k + s]: measure m (of nm), query q (of n), system s
 * (of k >= 2); a query that lacks a value of a measure for any system
 * (NaN) takes no part in that measure. For pair (i, j), i < j, in the
 * order (0,1), (0,2), ..., (1,2), ..., at P = m * k(k-1)/2 + pair:
 * diff[P] = mean_i - mean_j over the queries that take part, p[P] the
 * test's p; both NaN when no query takes part. */
void tukey_hsd(const double *v, size_t nm, size_t n, int k, long B,
	       uint64_t seed, int threads, double *diff, double *p);

#endif
