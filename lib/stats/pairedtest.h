/* The paired tests of a column of per-query differences that need no
 * random draws (the sign-flip test is stats/signflip.h): both two-sided,
 * over the queries that have a difference (NaN: none).
 *   Paired t-test (Student 1908): t = mean / (sd / sqrt(n)), sd with
 *   n - 1, p = P(|T| >= |t|) with n - 1 degrees of freedom; scipy's
 *   ttest_rel. When sd is 0, or n < 2, t does not exist and p is 1.
 *   Wilcoxon's signed-rank test (Biometrics Bulletin 1(6), 1945): zero
 *   differences dropped, the others ranked by |d| (ties get their mean
 *   rank), R+ the sum of the ranks of the positive ones. With n <= 50
 *   and no ties or zeros, p from the exact distribution of R+ (every
 *   sign pattern equally likely): twice the smaller tail through R+,
 *   capped at 1, and 1 at the centre; otherwise the normal approximation
 *   with the tie correction and no continuity correction:
 *   z = (min(R+, R-) - n(n+1)/4) / sqrt((n(n+1)(2n+1) - sum t(t^2-1)/2)
 *   / 24), p = 2 Phi(-|z|). scipy 1.10's wilcoxon(zero_method='wilcox',
 *   correction=False) with method 'exact', respectively 'approx'. No
 *   difference left: p is 1. */
#ifndef RK_PAIREDTEST_H
#define RK_PAIREDTEST_H
#include <stddef.h>

/* the largest n whose signed-rank distribution is counted exactly */
#define WILCOXON_EXACT_MAX 50

double paired_t_p(const double *d, size_t n);
/* *exact (may be NULL) is set to 1 when p came from the exact
 * distribution */
double wilcoxon_p(const double *d, size_t n, int *exact);

#endif
