/* Expectations over hypergeometric counts (hypergeom.h).
 *
 * Method. No probability is computed on its own: C(N, g) at N = 1e8 is far
 * beyond a double, and lgamma's logarithms of such numbers (about 1.7e9)
 * carry an absolute error near 1e-7, a relative error of 1e-7 in every
 * probability. Instead the terms are weights relative to the mode: w = 1
 * at the mode x0 = floor((g+1)(M+1)/(N+2)) (clamped to the support), and
 * from one x to the next by the ratios
 *
 *   up:   w(x+1) = w(x) (M-x)(g-x) / ((x+1)(N-M-g+x+1)),
 *   down: w(x-1) = w(x) x(N-M-g+x) / ((M-x+1)(g-x+1)),
 *
 * and E[f(X)] = sum w f / sum w. Every weight is at most 1 and the sums at
 * most the number of terms: nothing overflows, whatever N.
 *
 * Where the walk stops. The hypergeometric law is log-concave: the up
 * ratio falls as x grows and the down ratio falls as x shrinks. So once a
 * weight w is reached whose next ratio is q < 1, the weights left on that
 * side sum to at most w q / (1 - q); the walk stops when that is below
 * 2^-60 of the weights summed so far. The neglected probability is below
 * 2^-59 on both sides together, and for 0 <= f <= F the absolute error
 * it makes is below 2^-59 F. A walk makes at most the support's size of
 * steps, min(M, g) - max(0, g-(N-M)) + 1, and in practice about 20
 * standard deviations, sqrt(g (M/N) (1-M/N) (N-g)/(N-1)), on each side.
 *
 * Rounding. Each ratio takes four roundings (two products, a quotient and
 * the product into w), so the weight S steps from the mode is within 4 S u
 * (u = 2^-53) of its exact value relative to it, first order, and for f
 * >= 0 the quotient of the two sums is within (8 S + 2) u of the exact
 * quotient, S the longest walk. At S = 1e4 that is below 1e-11 relative.
 * Below 2^53 every count is exact as a double; above it each count in a
 * ratio is rounded once more, 8 roundings a step, (16 S + 2) u in all.
 *
 * Bounds on the cost. A walk is refused (NAN, at once) when it would take
 * more than 2^22 terms (hyp_walk_len), a pair of walks when their product
 * would; the callers refuse the measure with its reason. A support of one
 * point (g = N: the whole gallery) is one term at any size. */
#include <math.h>
#include "util/minmax.h"
#include "measure/hypergeom.h"

#define TAIL 8.67361737988403547e-19	/* 2^-60 */
#define WALK_MAX 4194304.0	/* 2^22: the most terms a call may take */

/* With replacement (drawn_mean) the count is binomial (g, M/N), also
 * log-concave, and walked the same way with its ratios
 *
 *   up:   w(x+1) = w(x) (g-x) M / ((x+1)(N-M)),
 *   down: w(x-1) = w(x) x (N-M) / ((g-x+1) M),
 *
 * over 0 <= x <= g from the mode floor((g+1) M/N); its rounding is that
 * of the hypergeometric walk. */
static double up_ratio(int replace, long N, long M, long g, long x)
{
	if (replace)
		return (double)(g - x) * (double)M /
		    ((double)(x + 1) * (double)(N - M));
	return (double)(M - x) * (double)(g - x) /
	    ((double)(x + 1) * (double)(N - M - g + x + 1));
}

static double down_ratio(int replace, long N, long M, long g, long x)
{
	if (replace)
		return (double)x * (double)(N - M) /
		    ((double)(g - x + 1) * (double)M);
	return (double)x * (double)(N - M - g + x) /
	    ((double)(M - x + 1) * (double)(g - x + 1));
}

/* the support [*lo, *hi] of the count */
static void support(int replace, long N, long M, long g, long *lo, long *hi)
{
	if (!replace) {
		*lo = lmax(0, g - (N - M));
		*hi = lmin(M, g);
	} else {
		*lo = M == N ? g : 0;
		*hi = M == 0 ? 0 : g;
	}
}

/* whether the weights left after w, the next ratio q, are negligible
 * against wsum */
static int negligible(double w, double q, double wsum)
{
	return q < 1 && w * q <= TAIL * wsum * (1 - q);
}

/* the walk: visit(x, w) for every weight w not neglected, the mode's
 * first; returns the sum of the weights */
static double walk(int replace, long N, long M, long g,
		   void (*visit)(long x, double w, void *ctx), void *ctx)
{
	long lo, hi, x0, x;
	double w, q, wsum;

	support(replace, N, M, g, &lo, &hi);
	if (lo >= hi) {
		visit(lo, 1, ctx);
		return 1;
	}
	x0 = replace ? (long)(((double)g + 1) * ((double)M / (double)N)) :
		(long)(((double)g + 1) * ((double)M + 1) / ((double)N + 2));
	x0 = lmin(hi, lmax(lo, x0));
	wsum = 1;
	visit(x0, 1, ctx);
	for (w = 1, x = x0; x < hi; x++) {
		q = up_ratio(replace, N, M, g, x);
		if (negligible(w, q, wsum))
			break;
		w *= q;
		wsum += w;
		visit(x + 1, w, ctx);
	}
	for (w = 1, x = x0; x > lo; x--) {
		q = down_ratio(replace, N, M, g, x);
		if (negligible(w, q, wsum))
			break;
		w *= q;
		wsum += w;
		visit(x - 1, w, ctx);
	}
	return wsum;
}

/* The lower tail. By Hoeffding (1963, theorem 4) E[phi(X)] <= E[phi(X')]
 * for every continuous convex phi, X' binomial (g, M/N): sampling without
 * replacement is at least as concentrated as with it. So the binomial's
 * Chernoff bound holds for X: P(X <= mu - t) <= exp(-t^2 / (2 mu)). With
 * t = mu - (k - 1) and t^2 >= 84 mu, P(X < k) <= e^-42 < 2^-60. The
 * test is made in doubles with the margin of 85 for 84: their rounding
 * (a few units of 2^-53) cannot turn a false into a true. */
int hyp_below_negligible(long N, long M, long g, long k)
{
	double mu, t;

	if (N <= 0 || M <= 0 || g <= 0)
		return 0;
	mu = (double)g * ((double)M / (double)N);
	t = mu - ((double)k - 1);
	return t > 0 && t * t >= 85 * mu;
}

/* Cost. A walk takes about 9 standard deviations on each side before
 * its tail is below 2^-60 of the sum (a normal tail e^(-x^2/2) is 2^-60
 * at x = 9.1), and never more than the support: the terms a walk over
 * X hypergeometric (N, M, g) takes, about. */
static double hyp_walk_len(int replace, long N, long M, long g)
{
	long lo, hi;
	double p, var, len;

	support(replace, N, M, g, &lo, &hi);
	if (lo >= hi)
		return 1;
	p = (double)M / (double)N;
	var = (double)g * p * (1 - p) *
		(replace ? 1 : (double)(N - g) / (double)(N - 1));
	len = 2 * (10 * sqrt(var) + 1);
	return len < (double)(hi - lo) + 1 ? len : (double)(hi - lo) + 1;
}

struct meanacc {
	struct hypfn fn;
	double sum;
};

static void mean_visit(long x, double w, void *ctx)
{
	struct meanacc *m = ctx;

	m->sum += w * m->fn.f(x, m->fn.ctx);
}

double drawn_mean(int replace, long N, long M, long g, struct hypfn fn)
{
	struct meanacc m = { fn, 0 };
	double wsum;

	if (hyp_walk_len(replace, N, M, g) > WALK_MAX)
		return NAN;
	wsum = walk(replace, N, M, g, mean_visit, &m);

	return m.sum / wsum;
}

double hyp_mean(long N, long M, long g, struct hypfn fn)
{
	return drawn_mean(0, N, M, g, fn);
}

struct pmfacc {
	double *p;
	long jmax;
};

static void pmf_visit(long x, double w, void *ctx)
{
	struct pmfacc *a = ctx;

	if (x <= a->jmax)
		a->p[x] = w;
}

double hyp_pmf(long N, long M, long g, long jmax, double *p)
{
	struct pmfacc a = { p, jmax };
	double wsum, below = 0;
	long j;

	for (j = 0; j <= jmax; j++)
		p[j] = hyp_walk_len(0, N, M, g) > WALK_MAX ? NAN : 0;
	if (isnan(p[0]))
		return NAN;
	wsum = walk(0, N, M, g, pmf_visit, &a);
	for (j = 0; j <= jmax; j++) {
		p[j] /= wsum;
		below += p[j];
	}
	return below < 1 ? 1 - below : 0;
}

/* drawn_mean2's inner expectation: over Y given X = x */
struct inner {
	int replace;
	long N, A, B, g, x;
	double (*f2)(long x, long y, const void *ctx);
	const void *ctx;
};

static double inner_f(long y, const void *ctx)
{
	const struct inner *in = ctx;

	return in->f2(in->x, y, in->ctx);
}

static double outer_f(long x, const void *ctx)
{
	struct inner in = *(const struct inner *)ctx;

	in.x = x;
	if (in.B == 0)
		return in.f2(x, 0, in.ctx);
	return drawn_mean(in.replace, in.N - in.A, in.B, in.g - x,
			  (struct hypfn){ inner_f, &in });
}

double drawn_mean2(int replace, long N, long A, long B, long g,
		   double (*f2)(long x, long y, const void *ctx),
		   const void *ctx)
{
	struct inner in = { replace, N, A, B, g, 0, f2, ctx };
	double gy = (double)g * (1 - (double)A / (double)N);	/* g - E[X] */

	if (B > 0 && hyp_walk_len(replace, N, A, g) *
	    hyp_walk_len(replace, N - A, B, (long)gy) > WALK_MAX)
		return NAN;
	return drawn_mean(replace, N, A, g, (struct hypfn){ outer_f, &in });
}
