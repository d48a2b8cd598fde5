/* What a plot shows: curves y(x) at x = 1, 2, ..., n (a CMC curve: the
 * hit rate at each K), each with a label, on a y range [0, ymax]. A curve
 * is a function the plot asks for the x it draws, so a curve of 1e9
 * points costs the plot its width, not 1e9 values. */
#ifndef RK_PLOT_H
#define RK_PLOT_H
#include <stddef.h>

struct series {
	const char *label;
	size_t n;		/* x runs 1 .. n, n at least 1 */
	/* the value at x, NaN for none; asked for at increasing x */
	double (*y)(void *ctx, size_t x);
	void *ctx;
};

struct plotspec {
	const struct series *s;
	size_t ns;
	const char *xlabel, *ylabel;	/* axis titles */
	double ymax;		/* top of the y axis (1, or 100 for percent) */
	int ydecimals;		/* decimals of the y tick labels */
	int logx;		/* x on a logarithmic scale */
	int legend;		/* the labels drawn (always with several curves) */
	size_t every;		/* curves of at most this many points are
				   drawn at every x (0: PLOT_EVERY) */
	/* the SVG plot's own: its y range, [ymin, ymax] of the curves' values
	   widened to round ticks within [0, ymax above] where NaN, else as
	   given; a title above the plot (NULL: none); the picture's size in
	   pixels (0: 640 x 400) */
	double svg_ymin, svg_ymax;
	const char *title;
	int width, height;
};

/* curves up to this many points are drawn through every x */
#define PLOT_EVERY 65536

/* the largest n of the series: the x axis runs from 1 to it */
size_t plot_xmax(const struct plotspec *spec);

/* The x to draw after x (0: the first) of a curve of n points, n + 1 when
 * none is left: every x while n <= every; past that, the first and the last
 * x of each cell, cell(ctx, x) the screen cell of x, never decreasing in
 * x. A curve that never falls, as a CMC curve, has its lowest and highest
 * values of a cell there, and the plot drawn from them is the one drawn
 * from every x. */
size_t plot_next_x(size_t x, size_t n, size_t every,
		   long (*cell)(const void *ctx, size_t x), const void *ctx);

#endif
