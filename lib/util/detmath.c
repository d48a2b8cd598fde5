/* log and exp from the four operations (see detmath.h). The reductions
 * are the textbook ones (Muller, "Elementary Functions", ch. 11): the
 * exponent taken out exactly, ln 2 split into a high part with trailing
 * zero bits (so k*LN2_HI is exact for |k| < 2^11) and a low part, and a
 * series on a small argument summed by Horner's rule. */
#include <math.h>
#include "util/detmath.h"

static const double LN2_HI = 6.93147180369123816490e-01;
static const double LN2_LO = 1.90821492927058770002e-10;

double det_log(double x)
{
	if (x != x || x < 0)
		return NAN;
	if (x == 0)
		return -INFINITY;
	if (x == INFINITY)
		return x;
	int e;
	double m = frexp(x, &e);	/* exact: x = m * 2^e, 0.5 <= m < 1 */
	if (m < 0.70710678118654752440) {
		m *= 2;
		e--;
	}
	/* log m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), s = (m-1)/(m+1),
	 * |s| <= 0.1716: the term of s^29 is below 2^-60 of the sum */
	double s = (m - 1) / (m + 1), s2 = s * s, sum = 0;
	for (int k = 29; k >= 3; k -= 2)
		sum = (sum + 1.0 / k) * s2;
	double logm = 2 * s + 2 * s * sum;
	return e * LN2_HI + (e * LN2_LO + logm);
}

double det_exp(double x)
{
	if (x != x)
		return x;
	if (x > 709.782712893384)
		return INFINITY;
	if (x < -745.2)
		return 0;
	/* x = k ln 2 + r, |r| <= ln2/2 */
	double k = floor(x / (LN2_HI + LN2_LO) + 0.5);
	double r = (x - k * LN2_HI) - k * LN2_LO;
	/* e^r by Taylor's series to r^20/20!, below 2^-60 for |r| <= 0.35 */
	double sum = 1;
	for (int n = 20; n >= 1; n--)
		sum = 1 + sum * r / n;
	/* exact scaling, one rounding where the result is subnormal */
	return ldexp(sum, (int)k);
}
