/* A bar chart as a standalone SVG 1.1 file: one bar per value, in the
 * order given, from a line at 0 (bootstrap's per-query differences with
 * the baseline, sorted). */
#ifndef RK_SVGBARS_H
#define RK_SVGBARS_H
#include <stddef.h>

struct barspec {
	const double *v;	/* the bars' values, n >= 1 of them, finite */
	const char *const *name;	/* each bar's name, in its tooltip */
	size_t n;
	const char *xlabel, *ylabel;	/* axis titles */
	const char *title;	/* above the plot (NULL: none) */
	/* the y range: NaN for the values' extremes and 0, rounded out to a
	   tick */
	double ymin, ymax;
	int width, height;	/* pixels (0: 640 x 400) */
};

/* writes it to the file path ("-": standard output), under a temporary
 * name renamed when complete; dies on a write failure, naming the file */
void svgbars_save(const struct barspec *spec, const char *path);

#endif
