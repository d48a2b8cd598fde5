/* The t distribution's tail (see tdist.h). log Gamma by Stirling's
 * series after shifting the argument to 16 or more; I_x(a, b) by its
 * continued fraction (DLMF 8.17.22), evaluated by the modified Lentz
 * method, on the side of x where it converges fast (DLMF 8.17.4 for the
 * other); logarithms of x, 1 - x and the beta function taken so that
 * none loses its digits for many degrees of freedom. */
#include <math.h>
#include "util/detmath.h"
#include "stats/tdist.h"

/* Stirling's series of log Gamma(z) to z^-9 (DLMF 5.11.1), z >= 16:
 * log Gamma(z) = (z - 1/2) log z - z + log(2 pi)/2 + this, within 1e-17 */
static double stirling_series(double z)
{
	double r = 1 / z, r2 = r * r;
	return r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 -
	    r2 * (1.0 / 1680 - r2 * (1.0 / 1188)))));
}

/* log Gamma(z), z > 0: Gamma(z) = Gamma(z + k) / (z (z+1) ... (z+k-1))
 * with z + k >= 16, then Stirling */
static double log_gamma(double z)
{
	static const double half_log_2pi = 0.91893853320467274178;
	double prod = 1;
	while (z < 16) {
		prod *= z;
		z += 1;
	}
	return (z - 0.5) * det_log(z) - z + half_log_2pi + stirling_series(z)
	    - det_log(prod);
}

/* the continued fraction of I_x(a, b) * a B(a, b) / (x^a y^b), good for
 * x < (a + 1)/(a + b + 2) */
static double beta_fraction(double x, double a, double b)
{
	const double tiny = 1e-300, eps = 1e-16;
	double c = 1, d = 1 - (a + b) * x / (a + 1), f;
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	f = d;
	for (int m = 1; m <= 100000; m++) {
		double m2 = 2.0 * m;
		/* the even step, d_2m, then the odd one, d_2m+1 */
		double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		for (int odd = 0; odd < 2; odd++) {
			if (odd)
				num = -(a + m) * (a + b + m) * x /
				    ((a + m2) * (a + m2 + 1));
			d = 1 + num * d;
			if (fabs(d) < tiny)
				d = tiny;
			c = 1 + num / c;
			if (fabs(c) < tiny)
				c = tiny;
			d = 1 / d;
			f *= d * c;
		}
		if (fabs(d * c - 1) < eps)
			break;
	}
	return f;
}

/* log(1 + x), x > -1, keeping the digits of a small x: the rounding
 * of 1 + x undone by x / (u - 1) (Goldberg, "What every computer
 * scientist should know about floating-point arithmetic", 1991, thm. 4) */
static double log_1p(double x)
{
	double u = 1 + x;
	if (u == 1)
		return x;
	return det_log(u) * x / (u - 1);
}

/* log B(a, b) = log Gamma(a) + log Gamma(b) - log Gamma(a + b). For a
 * large beside b the two large terms would cancel: their difference
 * comes from Stirling's series directly, (a - 1/2) log(1 + b/a) +
 * b log(a + b) - b and the series' terms, none of them large. */
static double log_beta(double a, double b)
{
	if (a < b) {
		double t = a;
		a = b;
		b = t;
	}
	if (a < 16)
		return log_gamma(a) + log_gamma(b) - log_gamma(a + b);
	double ratio = (a - 0.5) * log_1p(b / a) + b * det_log(a + b) - b
	    + stirling_series(a + b) - stirling_series(a);
	return log_gamma(b) - ratio;	/* ratio: log Gamma(a+b)/Gamma(a) */
}

/* I_x(a, b), the regularised incomplete beta function, 0 < x < 1 and
 * y = 1 - x, with their logarithms, each given separately so that it
 * keeps its digits when x is near 0 or 1; a, b > 0 */
static double beta_reg(double x, double y, double log_x, double log_y,
		       double a, double b)
{
	double front = det_exp(a * log_x + b * log_y - log_beta(a, b));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(x, a, b) / a;
	return 1 - front * beta_fraction(y, b, a) / b;
}

double t_two_sided(double t, double df)
{
	if (isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	double t2 = t * t;
	if (t2 == 0)
		return 1;
	/* x = df/(df + t^2) = 1/(1 + r) and y = 1 - x = r/(1 + r),
	 * r = t^2/df, each from its own quotient */
	double r = t2 / df, log_x = -log_1p(r);
	return beta_reg(df / (df + t2), t2 / (df + t2), log_x,
			det_log(r) + log_x, df / 2, 0.5);
}
