/* The axes of a plot: data to screen positions on a linear or logarithmic
 * scale, and tick values whose labels do not overlap. Shared by the
 * terminal and the SVG plots, so both place K alike. */
#ifndef RK_SCALE_H
#define RK_SCALE_H
#include <stddef.h>

struct axis {
	double lo, hi;		/* data range; lo > 0 on a log scale */
	int log;		/* logarithmic scale */
	double p0, p1;		/* screen positions of lo and hi */
};

/* the screen position of data value v */
double axis_pos(const struct axis *ax, double v);

/* Tick values of an axis of integers lo..hi: 1, 2 or 5 times a power of
 * ten (a log scale: 1, 2, 5 per decade, or 1 per decade, or every other
 * decade), the finest step whose labels, charw screen units per digit,
 * keep gap units apart; lo itself is the first tick, and a tick too close
 * to the one before it is dropped. At most max values into out. */
size_t axis_ticks(const struct axis *ax, double charw, double gap,
		  double *out, size_t max);

/* the data value at screen position p: axis_pos undone */
double axis_value(const struct axis *ax, double p);

/* 1, 2 or 5 times a power of ten, the least at or above span > 0, found
 * by multiplying by ten (the same on every machine); *dec the decimals
 * its multiples need */
double round_step(double span, int *dec);

/* the decimal digits of integer v >= 0 */
int digits_of(double v);

#endif
