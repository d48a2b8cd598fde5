/* Percentile, BCa and Wilson intervals (see interval.h). */
#include <math.h>
#include "stats/interval.h"
#include "stats/normal.h"

double quantile_sorted(const double *x, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	if (h <= 0)
		return x[0];
	if (h >= (double)(n - 1))
		return x[n - 1];
	size_t j = (size_t)h;
	double frac = h - (double)j;
	/* equal neighbours give their value exactly */
	if (frac == 0 || x[j] == x[j + 1])
		return x[j];
	return x[j] + frac * (x[j + 1] - x[j]);
}

void interval_percentile(const double *sorted, size_t B, double conf,
			 double *lo, double *hi)
{
	*lo = quantile_sorted(sorted, B, (1 - conf) / 2);
	*hi = quantile_sorted(sorted, B, (1 + conf) / 2);
}

double bca_acceleration(const double *x, size_t n)
{
	double sum = 0, m = 0, top = 0;
	int e;
	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]) && fabs(x[i]) > top)
			top = fabs(x[i]);
	/* the values times 2^-e lie in (-1, 1): the cubes below cannot
	 * overflow, and the ratio, of degree 0, is the same bits */
	e = top > 0 && isfinite(top) ? ilogb(top) + 1 : 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i])) {
			sum += ldexp(x[i], -e);
			m++;
		}
	if (m < 2)
		return 0;
	double mean = sum / m, s2 = 0, s3 = 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i])) {
			double u = ldexp(x[i], -e) - mean;
			s2 += u * u;
			s3 += u * u * u;
		}
	if (s2 == 0)
		return 0;
	return s3 / (6 * s2 * sqrt(s2));
}

/* the share of replicates below the estimate, ties counting one half */
static double share_below(const double *sorted, size_t B, double estimate)
{
	size_t below = 0, equal = 0;
	for (size_t b = 0; b < B; b++) {
		below += sorted[b] < estimate;
		equal += sorted[b] == estimate;
	}
	double share = (below + 0.5 * equal) / (double)B;
	double edge = 0.5 / (double)B;
	return share < edge ? edge : share > 1 - edge ? 1 - edge : share;
}

static double bca_level(double z0, double accel, double z)
{
	double t = z0 + z;
	return norm_cdf(z0 + t / (1 - accel * t));
}

void interval_bca(const double *sorted, size_t B, double estimate,
		  double accel, double conf, double *lo, double *hi)
{
	double z0 = norm_quantile(share_below(sorted, B, estimate));
	double zlo = norm_quantile((1 - conf) / 2);
	double zhi = norm_quantile((1 + conf) / 2);
	*lo = quantile_sorted(sorted, B, bca_level(z0, accel, zlo));
	*hi = quantile_sorted(sorted, B, bca_level(z0, accel, zhi));
}

void interval_wilson(double phat, double n, double conf, double *lo,
		     double *hi)
{
	double z = norm_quantile((1 + conf) / 2), z2 = z * z;
	double centre = phat + z2 / (2 * n);
	double half = z * sqrt(phat * (1 - phat) / n + z2 / (4 * n * n));
	*lo = (centre - half) / (1 + z2 / n);
	*hi = (centre + half) / (1 + z2 / n);
}
