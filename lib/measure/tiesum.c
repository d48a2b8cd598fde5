/* Sums over a tie group's positions without a term per position
 * (tiesum.h). Notation: the group holds positions a+1 .. a+t after a
 * candidates, s of them relevant, r = t - s irrelevant; every order of
 * the group is equally likely (McSherry & Najork, ECIR 2008).
 *
 * Harmonic numbers. H(a+u) - H(a) is summed directly up to 32 terms (and
 * below 32), else it is ln((a+u)/a) + tail(a+u) - tail(a), tail(n) = H(n) -
 * ln n - gamma by Euler-Maclaurin, whose first omitted term bounds the
 * error by 691/(32760 n^12) < 1e-19 for n >= 32.
 *
 * DCG discounts. f(x) = 1/log2(1+x) = ln2 g(1+x), g(y) = 1/ln y. The
 * derivatives are g^(k)(y) = (-1)^k y^-k P_k(1/ln y) with P_0(z) = z and
 * P_(k+1)(z) = k P_k(z) + z^2 P_k'(z) (differentiate y^-k z^j, dz/dy =
 * -z^2/y), so P_k has positive coefficients and every g^(k) keeps one sign
 * on y > 1. Positions below TIESUM_DIRECT are added term by term; the rest,
 * m .. n with m >= 64, by Euler-Maclaurin with five correction terms:
 *
 *   sum f(p) = int_m^n f + (f(m) + f(n))/2
 *              + sum_{k=1..5} B_2k/(2k)! (f^(2k-1)(n) - f^(2k-1)(m)) + R,
 *
 * |R| <= 2 zeta(10)/(2 pi)^10 int |f^(10)| = 2 zeta(10)/(2 pi)^10
 * |f^(9)(n) - f^(9)(m)| (f^(10) keeps its sign) <= 6.8e-21 at m = 64,
 * against a sum of at least f(64) = 0.166: below 2^-60 of it. The
 * integral, with y = 1+x = e^v, is int e^v/v dv; over a block [x0, x1]
 * with y1 <= 2 y0 (v from v0 to v0 + d, d <= ln 2, v0 >= ln 65) it is
 *
 *   y0 int_0^d e^z/(v0+z) dz = (y0/v0) sum_k c_k d^(k+1)/(k+1),
 *   c_0 = 1, c_k = 1/k! - c_(k-1)/v0   (the series of e^z/(1+z/v0)).
 *
 * By Cauchy on the circle |z| = v0/2, |c_k| <= 2 e^(v0/2) (2/v0)^k, so
 * after 44 terms the rest is below 2^-60 of the block for every v0 >=
 * ln 65 (the bound falls as v0 grows up to 88 > ln 2^63). Block ends are
 * integers and d = log1p((x1 - x0)/(1 + x0)) is taken from their exact
 * difference, so a block far out (x0 = 2^62, x1 = x0 + 100) loses nothing
 * to cancellation; at most 63 blocks reach 2^63.
 *
 * First relevant item (MRR). J, the position of the first relevant item,
 * has P(J = j) = C(t-j, s-1) / C(t, s), j = 1 .. r+1; E_s = E[1/(a+J)].
 *   (i) s = 1: J is uniform, E_1 = (H(a+t) - H(a)) / t.
 *  (ii) C(t-j, s-1)(t-j-s+1) = s C(t-j, s) with t-j-s+1 = (a+t-s+1) -
 *       (a+j); divided by a+j and summed over j (sum_j C(t-j, s-1) =
 *       C(t, s), the hockey stick), with C(t, s+1) = C(t, s)(t-s)/(s+1):
 *         E_(s+1) = (s+1) / (s (t-s)) ((a+t-s+1) E_s - 1).
 * (iii) The same relation solved for E_s and unrolled up to s = t, where
 *       the factor t-s vanishes, gives a sum of positive terms,
 *         E_s = sum_{m=0..r} d_m, d_0 = 1/(a+r+1),
 *         d_(m+1) = d_m (r-m)(s+m) / ((a+r-m)(s+m+1)),
 *       whose ratio is at most r/(a+r); it also says that E(a, t, s) =
 *       s/(a+1) E(s-1, r+a+1, a+1): a+1 and s swap roles.
 *  (iv) The defining sum, term by term: P(1) = s/t, P(j+1)/P(j) =
 *       (t-j-s+1)/(t-j), a ratio of terms at most r/(t-1).
 * A series with ratio at most q stops once its last term d bounds the
 * rest, d q/(1-q), below 2^-60 of the sum. (ii) run forward from (i) has
 * the homogeneous solution prod_k (k+1)(a+t-k+1)/(k(t-k)) = s prod_k
 * (1 + (a+1)/(t-k)) <= s exp((a+1)(s-1)/(r+1)), so relative errors grow
 * by at most e s E_1/E_s, a few hundred at worst, while (a+1)(s-1) <=
 * r+1. Otherwise one of the series is short: its ratio bound is r/(a+r)
 * or r/(r+s-1), so it needs about 42 (r+1)/max(a+1, s-1) < 42 min(a+1,
 * s-1) terms. Each group takes the cheaper of the series and, where it is
 * stable, the recurrence: O(s) steps at most, O(1) for most groups. A cut
 * at J <= u subtracts P(J > u) times the group (a+u, t-u, s) that the
 * first relevant item then starts: P(J > u) = C(t-u, s)/C(t, s).
 *
 * Last relevant item (mINP). X, the position of the last one, has
 * P(X = j) = C(j-1, s-1)/C(t, s), j = s .. t; W = t - X is the number of
 * irrelevant positions after it, with E[W(W-1)..(W-k+1)] = k! C(r, k) /
 * C(s+k, k). For an integer 0 <= w < c, 1/(c-w) = sum_k w(w-1)..(w-k+1) /
 * (c(c-1)..(c-k)), so with c = a+t
 *
 *   E[1/(a+X)] = sum_{k=0..r} e_k, e_0 = 1/c,
 *   e_(k+1) = e_k (r-k)(k+1) / ((s+k+1)(c-k-1)),
 *
 * positive terms with ratio at most r/(r+a+s-1). While a+s-1 < r/8 the
 * forward recurrence V_(k+1) = (k+1)/(k(t-k)) (1 - (a+k) V_k), from V_1 =
 * E_1 above (same derivation as (ii) with C(j-1, s-1)(j-s) = s C(j-1, s)
 * and j-s = (a+j) - (a+s)), is stable instead: an error in V_k reaches
 * V_(k+1) times (k+1)(a+k)/(k(t-k)) < 2 (1/8) = 1/4. */
#include <math.h>
#include "measure/tiesum.h"

#define HDIRECT 32	/* harmonic_diff: direct sums up to this many terms */
#define SERIES_EPS 8.67361737988403547e-19	/* 2^-60 */
#define EM_TERMS 44	/* terms of a block's integral series */
#define LN2 0.693147180559945309417232121458176568

/* H(n) - ln(n) - gamma for n >= HDIRECT: the Euler-Maclaurin tail, error
 * below 691/(32760 n^12) < 1e-19 */
static double harm_tail(double n)
{
	double r = 1 / (n * n);

	return 1 / (2 * n) - r * (1.0 / 12 - r * (1.0 / 120 - r * (1.0 / 252
	    - r * (1.0 / 240 - r * (1.0 / 132)))));
}

double harmonic_diff(long a, long u)
{
	double s = 0;
	long k;

	if (u <= 0)
		return 0;
	if (u <= HDIRECT) {
		for (k = a + u; k > a; k--)	/* smallest terms first */
			s += 1.0 / (double)k;
		return s;
	}
	if (a < HDIRECT) {
		for (k = HDIRECT; k > a; k--)
			s += 1.0 / (double)k;
		return s + harmonic_diff(HDIRECT, u - (HDIRECT - a));
	}
	/* H(a+u) - H(a) = ln((a+u)/a) + tail(a+u) - tail(a) */
	return log1p((double)u / (double)a) + harm_tail((double)a + (double)u)
	    - harm_tail((double)a);
}

static double discount(long p)
{
	return 1 / log2(1 + (double)p);
}

/* int_x0^x1 dx / ln(1+x) for x0 >= 64, x1 <= 2 x0 + 1: see the top */
static double em_block(long x0, long x1)
{
	double y0 = 1 + (double)x0, v0 = log1p((double)x0);
	double d = log1p((double)(x1 - x0) / y0), c = 1, fact = 1, dk = d;
	double sum = d;		/* k = 0: c_0 d / 1 */
	int k;

	for (k = 1; k < EM_TERMS; k++) {
		fact /= k;
		c = fact - c / v0;
		dk *= d;
		sum += c * dk / (k + 1);
	}
	return y0 / v0 * sum;
}

/* g^(k)(1+x) (-1)^k for k = 1, 3, 5, 7, 9: y^-k P_k(1/ln y) */
static void em_derivatives(long x, double *deriv)
{
	static const double P[5][9] = {	/* coefficients of z^2 .. z^10 */
		{ 1 },
		{ 2, 6, 6 },
		{ 24, 100, 210, 240, 120 },
		{ 720, 3528, 9744, 17640, 21000, 15120, 5040 },
		{ 40320, 219168, 708744, 1614816, 2693880, 3265920,
		  2751840, 1451520, 362880 },
	};
	double y = 1 + (double)x, z = 1 / log(y), yk = 1 / y;
	int i, j;

	for (i = 0; i < 5; i++) {
		double p = 0;
		for (j = 8; j >= 0; j--)	/* Horner from z^10 down */
			p = p * z + P[i][j];
		deriv[i] = yk * p * z * z;
		yk /= y * y;
	}
}

/* sum of 1/ln(1+p) for p = m .. n, 64 <= m <= n: Euler-Maclaurin */
static double em_sum(long m, long n)
{
	/* B_2k / (2k)! for k = 1 .. 5 */
	static const double B[5] = { 1.0 / 12, -1.0 / 720, 1.0 / 30240,
				     -1.0 / 1209600, 1.0 / 47900160 };
	double integral = 0, corr = 0, dm[5], dn[5];
	long x0 = m, x1;
	int k;

	while (x0 < n) {
		x1 = x0 > (n - 1) / 2 ? n : 2 * x0 + 1;
		integral += em_block(x0, x1);
		x0 = x1;
	}
	em_derivatives(m, dm);
	em_derivatives(n, dn);
	/* f^(2k-1) = -deriv (odd order): B (f'(n) - f'(m)) = B (dm - dn) */
	for (k = 4; k >= 0; k--)
		corr += B[k] * (dm[k] - dn[k]);
	return integral + (1 / log1p((double)m) + 1 / log1p((double)n)) / 2
	    + corr;
}

double discount_sum(long a, long u)
{
	double d = 0;
	long i, lo;

	if (u <= 0)
		return 0;
	if (u <= TIESUM_DIRECT) {
		for (i = u; i >= 1; i--)	/* smallest terms first */
			d += discount(a + i);
		return d;
	}
	lo = a + 1 > TIESUM_DIRECT ? a + 1 : TIESUM_DIRECT;
	d = LN2 * em_sum(lo, a + u);
	for (i = lo - 1; i > a; i--)
		d += discount(i);
	return d;
}

double none_in_top(long t, long s, long k)
{
	double miss = 1;
	long i;

	if (k <= 0 || s <= 0)
		return 1;
	if (k > t - s)
		return 0;
	/* C(t-s, k)/C(t, k) = prod_{i<k} (t-s-i)/(t-i)
	 *                   = prod_{i<s} (t-k-i)/(t-i): the shorter one */
	if (k <= s)
		for (i = 0; i < k; i++)
			miss *= (double)(t - s - i) / (double)(t - i);
	else
		for (i = 0; i < s; i++)
			miss *= (double)(t - k - i) / (double)(t - i);
	return miss;
}

/* the terms a series needs whose ratio of terms is at most q = 1 - x: the
 * first k with q^k q/(1-q) below 2^-60 (an estimate for choosing; the
 * loops test the real rest). x is passed, not q, which rounds to 1 when x
 * is below 2^-53. */
static double series_length(double x)
{
	if (x >= 1)
		return 1;
	return (log(SERIES_EPS) + log(x)) / log1p(-x) + 1;
}

/* (iv) of the top, u terms or until the rest is negligible (stop) */
static double first_direct(long a, long t, long s, long u, int stop)
{
	double p = (double)s / (double)t, rr = 0, term;
	double x = (double)(s - 1) / (double)(t > 1 ? t - 1 : 1), q = 1 - x;
	long j;

	for (j = 1; j <= u; j++) {
		term = p / (double)(a + j);
		rr += term;
		if (stop && term * q <= SERIES_EPS * rr * x)
			break;
		if (j < t)
			p *= (double)(t - j - s + 1) / (double)(t - j);
	}
	return rr;
}

/* (iii) of the top: the positive series of ratio at most r/(a+r) */
static double first_dual(long a, long t, long s)
{
	long r = t - s, m;
	double d = 1 / ((double)a + (double)r + 1), sum = d;
	double x = (double)a / ((double)a + (double)r), q = 1 - x;

	for (m = 0; m < r && d * q > SERIES_EPS * sum * x; m++) {
		d *= (double)(r - m) * (double)(s + m) /
		    (((double)a + (double)(r - m)) * (double)(s + m + 1));
		sum += d;
	}
	return sum;
}

/* E[1/(a+J)] over all orders of the group (no cut) */
static double first_full(long a, long t, long s)
{
	long r = t - s, k;
	double lo, ld, e;

	if (s == t)
		return 1 / ((double)a + 1);
	if (s == 1)
		return harmonic_diff(a, t) / (double)t;
	if (r + 1 <= TIESUM_DIRECT)
		return first_direct(a, t, s, r + 1, 0);
	lo = series_length((double)(s - 1) / (double)(t - 1));
	ld = a > 0 ? series_length((double)a / ((double)a + (double)r))
		   : HUGE_VAL;
	/* the recurrence where it is stable and shorter */
	if (((double)a + 1) * (double)(s - 1) <= (double)r + 1 &&
	    (double)(s - 1) < (lo < ld ? lo : ld)) {
		e = harmonic_diff(a, t) / (double)t;
		for (k = 1; k < s; k++)
			e = (double)(k + 1) / ((double)k * (double)(t - k)) *
			    (((double)a + (double)(t - k + 1)) * e - 1);
		return e;
	}
	return lo <= ld ? first_direct(a, t, s, r + 1, 1)
			: first_dual(a, t, s);
}

double first_rr(long a, long t, long s, long u)
{
	long r = t - s;

	if (s <= 0 || u <= 0)
		return 0;
	if (u > r + 1)
		u = r + 1;	/* the first relevant item is never later */
	if (u <= TIESUM_DIRECT)
		return first_direct(a, t, s, u, 0);
	if (s == 1)
		return harmonic_diff(a, u) / (double)t;
	if (u == r + 1)
		return first_full(a, t, s);
	return first_full(a, t, s) - none_in_top(t, s, u) *
	    first_full(a + u, t - u, s);
}

double last_rr(long a, long t, long s)
{
	long r = t - s, j, k;
	double c = (double)a + (double)t, w, e, q, x;

	if (s <= 0)
		return 0;
	if (s == t)
		return 1 / (double)(a + t);
	if (s == 1)
		return harmonic_diff(a, t) / (double)t;
	if (r + 1 <= TIESUM_DIRECT) {
		/* P(X = j) = C(j-1, s-1)/C(t, s): s/t at j = t, and
		 * P(X = j-1)/P(X = j) = (j-s)/(j-1) */
		e = 0;
		w = (double)s / (double)t;
		for (j = t; j >= s; j--) {
			e += w / (double)(a + j);
			w *= (double)(j - s) / (double)(j - 1);
		}
		return e;
	}
	x = ((double)a + (double)(s - 1)) /
	    ((double)r + (double)a + (double)(s - 1));
	q = 1 - x;
	if ((double)a + (double)(s - 1) < (double)r / 8 &&
	    (double)s < series_length(x)) {
		e = harmonic_diff(a, t) / (double)t;
		for (k = 1; k < s; k++)
			e = (double)(k + 1) / ((double)k * (double)(t - k)) *
			    (1 - ((double)a + (double)k) * e);
		return e;
	}
	w = 1 / c;
	e = w;
	for (k = 0; k < r && w * q > SERIES_EPS * e * x; k++) {
		w *= (double)(r - k) * (double)(k + 1) /
		    ((double)(s + k + 1) * (c - (double)k - 1));
		e += w;
	}
	return e;
}
