/* What a plot shows: curves y(x) sampled at x = 1, 2, ..., n (a CMC curve:
 * the hit rate at each K), each with a label, on a y range [0, ymax]. */
#ifndef RK_PLOT_H
#define RK_PLOT_H
#include <stddef.h>

struct series {
	const char *label;
	const double *y;	/* y[i] is the value at x = i + 1 */
	size_t n;		/* at least 1 */
};

struct plotspec {
	const struct series *s;
	size_t ns;
	const char *xlabel, *ylabel;	/* axis titles */
	double ymax;		/* top of the y axis (1, or 100 for percent) */
	int ydecimals;		/* decimals of the y tick labels */
	int logx;		/* x on a logarithmic scale */
	int legend;		/* the labels drawn (always with several curves) */
};

/* the largest n of the series: the x axis runs from 1 to it */
size_t plot_xmax(const struct plotspec *spec);

#endif
