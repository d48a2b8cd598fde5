/* Holm's step-down adjustment of m p-values for multiple comparisons
 * (Scand. J. Statistics 6(2), 1979): with p(1) <= ... <= p(m) in
 * ascending order, the adjusted p(i) is the largest of min(1, (m-j+1) p(j))
 * over j <= i. Rejecting where the adjusted p is at most alpha keeps the
 * chance of any false rejection at most alpha. */
#ifndef RK_HOLM_H
#define RK_HOLM_H
#include <stddef.h>

/* adj[i] for p[i], i < m; NaN entries stay NaN and do not count in m */
void holm_adjust(const double *p, size_t m, double *adj);

#endif
