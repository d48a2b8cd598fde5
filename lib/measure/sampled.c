/* Corrected measures from ranks among sampled negatives (sampled.h).
 *
 * Model (Krichene and Rendle, KDD 2020, their sampled metrics): the
 * relevant item has full rank R among N candidates, so R - 1 of the N - 1
 * others rank above it; each of M negatives drawn uniformly with
 * replacement ranks above it with probability p_R = (R-1)/(N-1), and its
 * sampled rank r has
 *
 *   P(r = i+1 | R) = B(i; M, p_R) = C(M, i) p_R^i q_R^(M-i),
 *   q_R = (N-R)/(N-1).
 *
 * Estimators (their corrected metrics). A corrected measure is a vector
 * c, c_i the value given to sampled rank i+1. With A[R][i] = B(i; M,
 * p_R), f_R the measure at full rank R and the paper's uniform weight over
 * R = 1..N (a common factor, dropped), the objective
 *
 *   J(c) = sum_R (A_R c - f_R)^2
 *          + gamma sum_R (sum_i A[R][i] c_i^2 - (A_R c)^2)
 *
 * (bias squared plus gamma times the variance of c_r given R) is quadratic
 * in c; its gradient is 0 where
 *
 *   ((1 - gamma) A'A + gamma diag(d)) c = A'f,   d_i = sum_R A[R][i],
 *
 * the paper's closed form. gamma = 0 is the least-squares (minimal-bias)
 * solution; the matrix is positive definite for 0 <= gamma <= 1 as long
 * as N >= M + 1 (A has full column rank: distinct p_R, Bernstein basis).
 *
 * Cost. A'A has (M+1)^2 entries of N terms each; the product of two
 * binomial probabilities of the same p is a binomial probability of 2M
 * trials times a hypergeometric one,
 *
 *   B(i; M, p) B(j; M, p) = [C(M,i) C(M,j) / C(2M, i+j)] B(i+j; 2M, p),
 *
 * so (A'A)[i][j] = H(i, j) T_(i+j) with T_k = sum_R B(k; 2M, p_R): one pass
 * over R of 2M + 1 terms, O(N M), and d_i = sum_j (A'A)[i][j] (each row of
 * A sums to 1). A'f is one pass over the R where f is not 0 (R <= K for a
 * cut-off measure). Each row of binomial probabilities is walked from its
 * mode by the ratio of neighbours, B(i+1)/B(i) = (M-i)/(i+1) p/q: one
 * logarithm per row, no overflow (every term is at most 1), terms below
 * the smallest double lost (2^-1074, nothing to any sum here).
 *
 * Error bound. Each sum carries a relative rounding of at most about
 * (2M + 10) double epsilons (the walk's products, then long double sums);
 * the solution of a perturbed positive definite system moves by at most
 * its condition number times that, relative to |c|. The bound stated is
 * cond_1 (2M + 10) eps max(1, max |c_i|), cond_1 = |S|_1 |S^-1|_1 with
 * S^-1 from the same Cholesky factors. The minimal-bias system is ill
 * conditioned: A's columns are a Bernstein basis sampled on a grid, and
 * the least-squares c oscillates with a size that grows exponentially in
 * M (the paper's figure 4): at N = 1000, hit@10's |c| reaches 28 at M = 10
 * and 3.8e3 at M = 20, cond(A'A) 4.8e5 and 3.7e11. So the minimal-bias
 * estimate is refused past a bound of 1e-6, from M of about 12 (for
 * gamma = 0.1 the bound stays near 1e-12 at M = 100). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/sampled.h"
#include "measure/ties.h"

/* what a row of binomial(n, p) probabilities needs beside p: lf[k] =
 * log k! for k <= n, and the neighbours' ratios without p, up[i] =
 * (n-i)/(i+1) and down[i] = i/(n-i+1) (no division in the walk) */
struct binomtab {
	long n;
	long double *lf;
	double *up, *down;
};

static void binomtab_init(struct binomtab *t, long n)
{
	long k;

	t->n = n;
	t->lf = xmalloc((size_t)(n + 1) * sizeof *t->lf);
	t->up = xmalloc((size_t)(n + 1) * sizeof *t->up);
	t->down = xmalloc((size_t)(n + 1) * sizeof *t->down);
	for (k = 0; k <= n; k++) {
		t->lf[k] = lgammal((long double)k + 1);
		t->up[k] = (double)(n - k) / (double)(k + 1);
		t->down[k] = (double)k / (double)(n - k + 1);
	}
}

static void binomtab_free(struct binomtab *t)
{
	free(t->lf);
	free(t->up);
	free(t->down);
}

/* B(0..n; n, p) into b, p = x / (x + y) and q = y / (x + y) for whole
 * x, y >= 0 (x + y > 0) */
static void binom_row(const struct binomtab *t, long x, long y, double *b)
{
	long n = t->n, mode, i;
	double r, rinv, lp, lq;

	memset(b, 0, (size_t)(n + 1) * sizeof *b);
	if (x == 0 || y == 0) {
		b[x == 0 ? 0 : n] = 1;
		return;
	}
	lp = log((double)x) - log((double)(x + y));
	lq = log((double)y) - log((double)(x + y));
	/* the mode of binomial(n, p): floor((n + 1) p) */
	mode = (long)((double)(n + 1) * (double)x / (double)(x + y));
	if (mode > n)
		mode = n;
	b[mode] = exp((double)(t->lf[n] - t->lf[mode] - t->lf[n - mode]) +
		      (double)mode * lp + (double)(n - mode) * lq);
	r = (double)x / (double)y;
	rinv = (double)y / (double)x;
	for (i = mode; i < n && b[i] > 0; i++)
		b[i + 1] = b[i] * t->up[i] * r;
	for (i = mode; i > 0 && b[i] > 0; i--)
		b[i - 1] = b[i] * t->down[i] * rinv;
}

void sampled_law(struct sampledlaw *L, long M, long N)
{
	long n = M + 1, R, i, j;
	long double *T = xcalloc((size_t)(2 * M + 1), sizeof *T);
	double *b = xmalloc((size_t)(2 * M + 1) * sizeof *b);
	const long double *lf;
	struct binomtab t;

	binomtab_init(&t, 2 * M);
	lf = t.lf;

	L->M = M;
	L->N = N;
	L->G = xmalloc((size_t)(n * n) * sizeof *L->G);
	for (R = 1; R <= N; R++) {
		binom_row(&t, R - 1, N - R, b);
		for (i = 0; i <= 2 * M; i++)
			T[i] += b[i];
	}
	for (i = 0; i <= M; i++)
		for (j = 0; j <= M; j++)
			L->G[i * n + j] = T[i + j] *
				expl(lf[M] - lf[i] - lf[M - i] + lf[M] - lf[j] -
				     lf[M - j] - lf[2 * M] + lf[i + j] +
				     lf[2 * M - i - j]);
	free(b);
	binomtab_free(&t);
	free(T);
}

void sampled_law_free(struct sampledlaw *L)
{
	free(L->G);
	L->G = NULL;
}

/* S = L L' in place (the lower triangle); 0 when S is not positive
 * definite to working precision */
static int cholesky(long double *S, long n)
{
	long i, j, k;

	for (j = 0; j < n; j++) {
		long double s = S[j * n + j];
		for (k = 0; k < j; k++)
			s -= S[j * n + k] * S[j * n + k];
		if (!(s > 0))
			return 0;
		S[j * n + j] = sqrtl(s);
		for (i = j + 1; i < n; i++) {
			long double t = S[i * n + j];
			for (k = 0; k < j; k++)
				t -= S[i * n + k] * S[j * n + k];
			S[i * n + j] = t / S[j * n + j];
		}
	}
	return 1;
}

/* x = S^-1 x from the factor L of S = L L' */
static void cholesky_solve(const long double *L, long n, long double *x)
{
	long i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < i; k++)
			x[i] -= L[i * n + k] * x[k];
		x[i] /= L[i * n + i];
	}
	for (i = n - 1; i >= 0; i--) {
		for (k = i + 1; k < n; k++)
			x[i] -= L[k * n + i] * x[k];
		x[i] /= L[i * n + i];
	}
}

/* |S|_1 of a symmetric matrix: its largest column sum of |entries| */
static long double norm1(const long double *S, long n)
{
	long double best = 0;
	long i, j;

	for (j = 0; j < n; j++) {
		long double s = 0;
		for (i = 0; i < n; i++)
			s += fabsl(S[i * n + j]);
		if (s > best)
			best = s;
	}
	return best;
}

const char *sampled_fit(const struct sampledlaw *L, fullvalue f, long K,
			long Rmax, double gamma, double *c, double *bound)
{
	long M = L->M, N = L->N, n = M + 1, R, i, j;
	long double *S = xmalloc((size_t)(n * n) * sizeof *S);
	long double *h = xcalloc((size_t)n, sizeof *h);
	long double *e = xmalloc((size_t)n * sizeof *e);
	double *b = xmalloc((size_t)n * sizeof *b);
	struct binomtab t;
	long double snorm, inorm = 0, cmax = 1;
	const char *why = NULL;

	/* A'f over the R where f may be nonzero */
	binomtab_init(&t, M);
	for (R = 1; R <= (Rmax < N ? Rmax : N); R++) {
		double fr = f(R, K);
		if (fr == 0)
			continue;
		binom_row(&t, R - 1, N - R, b);
		for (i = 0; i < n; i++)
			h[i] += (long double)b[i] * fr;
	}
	/* (1 - gamma) A'A + gamma diag(d), d the row sums of A'A */
	for (i = 0; i < n; i++) {
		long double d = 0;
		for (j = 0; j < n; j++) {
			d += L->G[i * n + j];
			S[i * n + j] = (1 - (long double)gamma) * L->G[i * n + j];
		}
		S[i * n + i] += (long double)gamma * d;
	}
	snorm = norm1(S, n);
	if (!cholesky(S, n)) {
		*bound = INFINITY;
		why = "its least-squares system is singular to working precision";
		goto out;
	}
	cholesky_solve(S, n, h);
	/* |S^-1|_1, column by column */
	for (j = 0; j < n; j++) {
		long double s = 0;
		memset(e, 0, (size_t)n * sizeof *e);
		e[j] = 1;
		cholesky_solve(S, n, e);
		for (i = 0; i < n; i++)
			s += fabsl(e[i]);
		if (s > inorm)
			inorm = s;
	}
	for (i = 0; i < n; i++) {
		c[i] = (double)h[i];
		if (fabsl(h[i]) > cmax)
			cmax = fabsl(h[i]);
	}
	*bound = (double)(snorm * inorm * (long double)(2 * M + 10) *
			  DBL_EPSILON * cmax);
	if (!(*bound <= 1e-6))
		why = "its least-squares solution is not known to 1e-6";
out:
	free(b);
	binomtab_free(&t);
	free(e);
	free(h);
	free(S);
	return why;
}

double sampled_value(const double *c, const struct rquery *q, int mode)
{
	long a = q->g[0].a, t = q->g[0].t, i;
	double s = 0;

	if (mode == TIE_OPT)
		return c[a];
	if (mode == TIE_PESS)
		return c[a + t - 1];
	/* the one relevant item is at each place of its group alike */
	for (i = a; i < a + t; i++)
		s += c[i];
	return s / (double)t;
}

const char *sampled_check(const struct rquery *q, long M)
{
	if (q->m == 0)
		return "has no relevant item, not one";
	if (q->m > 1)
		return "has more than one relevant item, not one";
	if (q->nret == 0)
		return "its relevant item is not ranked";
	if (q->n != M + 1)
		return "has a number of candidates other than M + 1";
	return NULL;
}
