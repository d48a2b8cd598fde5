/* Adjustments of m p-values for multiple comparisons, over the
 * comparisons of one measure with the baseline:
 *   Holm's step-down method (Scand. J. Statistics 6(2), 1979): with
 *   p(1) <= ... <= p(m), the adjusted p(i) is the largest of
 *   min(1, (m-j+1) p(j)) over j <= i; rejecting where it is at most alpha
 *   keeps the chance of any false rejection at most alpha.
 *   Benjamini and Hochberg's step-up method (J. Royal Statistical Society
 *   B 57(1), 1995): the adjusted p(i) is the least of min(1, m p(j) / j)
 *   over j >= i; it keeps the expected share of false rejections among
 *   the rejections (the false discovery rate) at most alpha.
 *   Bonferroni: min(1, m p(i)).
 *   none: p(i) itself. */
#ifndef RK_ADJUST_H
#define RK_ADJUST_H
#include <stddef.h>

enum { ADJUST_HOLM, ADJUST_BH, ADJUST_BONFERRONI, ADJUST_NONE };

/* the names --adjust takes, in the enum's order, NULL-terminated */
extern const char *const adjust_names[];
/* how a sentence names the adjusted p of a method: "Holm-adjusted",
 * "BH-adjusted", "Bonferroni-adjusted", or NULL for none */
const char *adjust_adjective(int method);

/* adj[i] for p[i], i < m, by the method; NaN entries stay NaN and do not
 * count in m */
void p_adjust(int method, const double *p, size_t m, double *adj);

#endif
