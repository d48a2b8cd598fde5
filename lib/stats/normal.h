/* The standard normal distribution function and its inverse, from the
 * four operations, sqrt and util/detmath.h: the same bits on every
 * machine, absolute error below 1e-15 (tests/bootstrap.bats, statcheck). */
#ifndef RK_NORMAL_H
#define RK_NORMAL_H

/* Phi(x) = P(Z <= x) */
double norm_cdf(double x);
/* the x with Phi(x) = p, for 0 < p < 1 (-inf at 0, inf at 1) */
double norm_quantile(double p);

#endif
