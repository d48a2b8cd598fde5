/* Phi and its inverse (see normal.h).
 *
 * |x| <= 3: Marsaglia's series (J. Statistical Software 11(4), 2004),
 *   Phi(x) = 1/2 + phi(x) (x + x^3/3 + x^5/(3*5) + ...), all terms of one
 *   sign, summed until they no longer change the sum.
 * |x| > 3: the tail 1 - Phi(|x|) = phi(x) / (x + 1/(x + 2/(x + 3/(x + ...))))
 *   (Laplace's continued fraction, Abramowitz and Stegun 26.2.14), summed
 *   from a fixed depth back, which converges to the last bit for x > 3.
 * The inverse starts from Abramowitz and Stegun 26.2.23 (error below
 * 4.5e-4) and takes Newton steps on Phi, which double the correct digits. */
#include <math.h>
#include "util/detmath.h"
#include "stats/normal.h"

static const double INV_SQRT_2PI = 0.39894228040143267794;

static double density(double x)
{
	return INV_SQRT_2PI * det_exp(-0.5 * x * x);
}

/* 1 - Phi(x) for x > 3 */
static double upper_tail(double x)
{
	double f = x;
	for (int k = 200; k >= 1; k--)
		f = x + k / f;
	return density(x) / f;
}

double norm_cdf(double x)
{
	if (x != x)
		return x;
	if (x > 3)
		return x > 40 ? 1 : 1 - upper_tail(x);
	if (x < -3)
		return x < -40 ? 0 : upper_tail(-x);
	double term = x, sum = x, x2 = x * x;
	for (int k = 3; k < 200; k += 2) {
		term *= x2 / k;
		double next = sum + term;
		if (next == sum)
			break;
		sum = next;
	}
	return 0.5 + density(x) * sum;
}

double norm_quantile(double p)
{
	if (!(p > 0))
		return p == 0 ? -INFINITY : NAN;
	if (!(p < 1))
		return p == 1 ? INFINITY : NAN;
	double q = p < 0.5 ? p : 1 - p;
	double t = sqrt(-2 * det_log(q));
	double x = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
		(1 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
	if (p < 0.5)
		x = -x;
	for (int i = 0; i < 6; i++) {
		double d = density(x);
		if (d == 0)
			break;
		x -= (norm_cdf(x) - p) / d;
	}
	return x;
}
