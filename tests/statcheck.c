/* statcheck: the functions of lib/stats on the command line, for
 * tests/bootstrap.bats (not installed). Numbers print with %.17g.
 *   statcheck cdf X ...            Phi(X)
 *   statcheck quantile P ...       Phi^-1(P)
 *   statcheck holm|bh|bonferroni|none P ...
 *                                  adjusted p-values, in input order
 *   statcheck ttest D ...          the paired t-test's p of differences D
 *   statcheck wilcoxon D ...       the signed-rank test's p, then 1 for the
 *                                  exact distribution, 0 for the normal one
 *   statcheck wilson K N CONF      Wilson's interval for K of N
 *   statcheck quantile7 P X ...    the P-quantile of the sorted X ... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/adjust.h"
#include "stats/interval.h"
#include "stats/pairedtest.h"
#include "stats/normal.h"

/* the ADJUST_ named, or -1 */
static int adjust_method(const char *name)
{
	for (int i = 0; adjust_names[i]; i++)
		if (strcmp(name, adjust_names[i]) == 0)
			return i;
	return -1;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	const char *what = argv[1];
	int n = argc - 2;
	double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
	for (int i = 0; i < n; i++)
		x[i] = strtod(argv[2 + i], NULL);
	if (strcmp(what, "cdf") == 0 || strcmp(what, "quantile") == 0) {
		for (int i = 0; i < n; i++)
			printf("%.17g\n", what[0] == 'c' ? norm_cdf(x[i])
			       : norm_quantile(x[i]));
	} else if (adjust_method(what) >= 0) {
		p_adjust(adjust_method(what), x, (size_t)n, y);
		for (int i = 0; i < n; i++)
			printf("%.17g\n", y[i]);
	} else if (strcmp(what, "ttest") == 0) {
		printf("%.17g\n", paired_t_p(x, (size_t)n));
	} else if (strcmp(what, "wilcoxon") == 0) {
		int exact;
		double p = wilcoxon_p(x, (size_t)n, &exact);
		printf("%.17g\n%d\n", p, exact);
	} else if (strcmp(what, "wilson") == 0 && n == 3) {
		double lo, hi;
		interval_wilson(x[0] / x[1], x[1], x[2], &lo, &hi);
		printf("%.17g\n%.17g\n", lo, hi);
	} else if (strcmp(what, "quantile7") == 0 && n >= 2) {
		printf("%.17g\n", quantile_sorted(x + 1, (size_t)n - 1, x[0]));
	} else {
		return 2;
	}
	free(x);
	free(y);
	return 0;
}
