/* Expectations over hypergeometric counts, exact to a stated bound at any
 * size (populations up to 2^53): the sums the measures at a gallery size
 * (gallery.h) are made of. A population of N holds M marked members; g of
 * the N are drawn without replacement, X of them marked:
 *   P(X = x) = C(M, x) C(N-M, g-x) / C(N, g),
 *   max(0, g-(N-M)) <= x <= min(M, g).
 * Pure functions, no I/O; the method and its error bound are in
 * hypergeom.c. */
#ifndef RK_HYPERGEOM_H
#define RK_HYPERGEOM_H

/* a function of the count, with its context */
struct hypfn {
	double (*f)(long x, const void *ctx);
	const void *ctx;
};

/* hyp_mean and hyp_pmf return NAN, at once, when their walk over X
 * would take more than 2^22 terms (drawn_mean2: the product of its two
 * walks'). */

/* E[f(X)], X hypergeometric (N, M, g); 0 <= M <= N, 0 <= g <= N. f is
 * called once for each x whose probability is not negligible (O(min(M, g,
 * N-M, N-g) + 1) calls at most, about 20 standard deviations in
 * practice); terms below that carry less than 2^-58 of the probability
 * in all. */
double hyp_mean(long N, long M, long g, struct hypfn fn);

/* whether P(X < k) <= e^-42 (below 2^-60) by the lower-tail bound
 * P(X <= mu - t) <= exp(-t^2 / (2 mu)), mu = g M / N: O(1) */
int hyp_below_negligible(long N, long M, long g, long k);

/* P(X = j) into p[0 .. jmax] (0 where negligible or outside the
 * support); returns P(X > jmax), to the same bound */
double hyp_pmf(long N, long M, long g, long jmax, double *p);

/* E[f2(X, Y)] where, of N members, A are of a first kind and B of a
 * second (A + B <= N), g are drawn, X of the first kind and Y of the
 * second: without replacement X is hypergeometric (N, A, g) and, given X
 * = x, Y is hypergeometric (N-A, B, g-x) (drawn_mean2 with replace = 0).
 * E[f(X)] likewise drawn with replacement (replace = 1: X binomial (g,
 * M/N), and below Y | X = x binomial (g-x, B/(N-A)), N > 0 when g > 0)
 * or without (replace = 0: hyp_mean) */
double drawn_mean(int replace, long N, long M, long g, struct hypfn fn);
double drawn_mean2(int replace, long N, long A, long B, long g,
		   double (*f2)(long x, long y, const void *ctx),
		   const void *ctx);

#endif
