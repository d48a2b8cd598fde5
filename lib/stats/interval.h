/* Confidence intervals from a bootstrap distribution, and Wilson's
 * interval for a proportion. conf is the coverage, 0 < conf < 1. */
#ifndef RK_INTERVAL_H
#define RK_INTERVAL_H
#include <stddef.h>

/* the p-quantile of x[0] <= ... <= x[n-1], n >= 1: linear interpolation
 * between order statistics, x[h] with h = (n-1) p (Hyndman and Fan's
 * type 7, R's and NumPy's default) */
double quantile_sorted(const double *x, size_t n, double p);

/* the percentile interval (Efron and Tibshirani, "An Introduction to the
 * Bootstrap", 1993, ch. 13): the (1-conf)/2 and (1+conf)/2 quantiles of
 * the sorted replicates */
void interval_percentile(const double *sorted, size_t B, double conf,
			 double *lo, double *hi);

/* the acceleration of BCa for a mean, from the jackknife (ibid., eq.
 * 14.15): a = sum u_i^3 / (6 (sum u_i^2)^(3/2)) with u_i the mean of the
 * leave-one-out means minus the one without query i. For the mean of the
 * m values that are not NaN, u_i = (x_i - mean)/(m - 1), and 0 for a query
 * without a value (leaving it out changes nothing): a is the formula on
 * x_i - mean. 0 when every value is the same. */
double bca_acceleration(const double *x, size_t n);

/* the BCa interval (Efron, "Better bootstrap confidence intervals", JASA
 * 82(397), 1987): z0 = Phi^-1 of the share of replicates below the
 * estimate (replicates equal to it count one half, and the share stays in
 * [1/(2B), 1 - 1/(2B)]), then the quantiles at
 * Phi(z0 + (z0 + z)/(1 - a (z0 + z))) for z = Phi^-1((1 -+ conf)/2) */
void interval_bca(const double *sorted, size_t B, double estimate,
		  double accel, double conf, double *lo, double *hi);

/* Wilson's score interval (JASA 22(158), 1927) for a proportion phat of
 * n trials: (phat + z^2/2n -+ z sqrt(phat(1-phat)/n + z^2/4n^2)) /
 * (1 + z^2/n), z = Phi^-1((1 + conf)/2) */
void interval_wilson(double phat, double n, double conf, double *lo,
		     double *hi);

#endif
