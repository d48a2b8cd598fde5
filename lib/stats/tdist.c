/* The t distribution's tail (see tdist.h). log Gamma by Stirling's
 * series after shifting the argument to 16 or more; I_x(a, b) by its
 * continued fraction (DLMF 8.17.22), evaluated by the modified Lentz
 * method, on the side of x where it converges fast (DLMF 8.17.4 for the
 * other). */
#include <math.h>
#include "util/detmath.h"
#include "stats/tdist.h"

/* log Gamma(z), z > 0: Gamma(z) = Gamma(z + k) / (z (z+1) ... (z+k-1))
 * with z + k >= 16, where Stirling's series to z^-9 is within 1e-17
 * (DLMF 5.11.1) */
static double log_gamma(double z)
{
	static const double half_log_2pi = 0.91893853320467274178;
	double shift = 0, prod = 1;
	while (z < 16) {
		prod *= z;
		z += 1;
	}
	shift = det_log(prod);
	double r = 1 / z, r2 = r * r;
	double series = r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 -
	    r2 * (1.0 / 1680 - r2 * (1.0 / 1188)))));
	return (z - 0.5) * det_log(z) - z + half_log_2pi + series - shift;
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

/* I_x(a, b), the regularised incomplete beta function, 0 <= x <= 1,
 * a, b > 0; y = 1 - x given separately so that it keeps its digits when
 * x is near 1 */
static double beta_reg(double x, double y, double a, double b)
{
	if (x <= 0)
		return 0;
	if (y <= 0)
		return 1;
	double log_front = a * det_log(x) + b * det_log(y) + log_gamma(a + b)
	    - log_gamma(a) - log_gamma(b);
	double front = det_exp(log_front);
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
	/* x = df/(df + t^2) and 1 - x = t^2/(df + t^2), each from its own
	 * quotient */
	return beta_reg(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
}
