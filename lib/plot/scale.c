/* Axis mapping and tick choice. */
#include <float.h>
#include <math.h>
#include "util/detmath.h"
#include "plot/scale.h"

double axis_pos(const struct axis *ax, double v)
{
	double u;
	if (ax->hi <= ax->lo)
		return ax->p0;
	if (ax->log)
		u = det_log(v / ax->lo) / det_log(ax->hi / ax->lo);
	else
		u = (v - ax->lo) / (ax->hi - ax->lo);
	return ax->p0 + u * (ax->p1 - ax->p0);
}

int digits_of(double v)
{
	int d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* The tick candidate after prev on level L: linear, the next multiple of
 * a step of 1, 2 or 5 times 10^(L/3); log, the next of 1, 2, 5 times a
 * power of ten (L = 0) or of 10^(jL), j = 0, 1, ... (L > 0). */
static double next_candidate(const struct axis *ax, int L, double prev)
{
	static const double mant[] = { 1, 2, 5 };
	double p = 1, v;
	int i;

	if (!ax->log) {
		for (i = 0; i < L / 3; i++)
			p *= 10;
		p *= mant[L % 3];
		return (floor(prev / p) + 1) * p;
	}
	for (;;) {
		if (L == 0) {
			for (i = 0; i < 3; i++)
				if ((v = mant[i] * p) > prev)
					return v;
			p *= 10;
			continue;
		}
		if (p > prev)
			return p;
		for (i = 0; i < L; i++)
			p *= 10;
	}
}

size_t axis_ticks(const struct axis *ax, double charw, double gap,
		  double *out, size_t max)
{
	size_t n = 0;
	int L;

	for (L = 0; L < 60; L++) {
		double v = ax->lo, last_end = -DBL_MAX;
		size_t tried = 0;
		int crowded = 0;
		n = 0;
		for (; v <= ax->hi && n < max; v = next_candidate(ax, L, v)) {
			double p = axis_pos(ax, v), w = digits_of(v) * charw;
			tried++;
			if (p - w / 2 < last_end + gap) {
				/* only the first tick after lo may give way */
				if (tried != 2) {
					crowded = 1;
					break;
				}
				continue;
			}
			out[n++] = v;
			last_end = p + w / 2;
		}
		if (!crowded)
			break;
	}
	return n;
}

/* the x of screen position p on the axis (axis_pos undone) */
double axis_value(const struct axis *ax, double p)
{
	double f = (p - ax->p0) / (ax->p1 - ax->p0);
	if (ax->log)
		return ax->lo * det_exp(f * det_log(ax->hi / ax->lo));
	return ax->lo + f * (ax->hi - ax->lo);
}

/* 1, 2 or 5 times a power of ten, the least at or above span; *dec the
 * decimals its multiples need. By multiplying by ten, not by the C
 * library's log and pow: the same bytes on every machine. A span beyond
 * 10^306 (or infinite) gets 10^307 times 1, 2, 5 or 10 at most: the loop
 * ends, whatever it is given. */
double round_step(double span, int *dec)
{
	double e = 1;
	*dec = 0;
	while (e > span && e > 1e-12) {
		e /= 10;
		++*dec;
	}
	while (e * 10 <= span && e <= DBL_MAX / 100) {
		e *= 10;
		*dec = *dec > 0 ? *dec - 1 : 0;
	}
	if (span <= e)
		return e;
	if (span <= 2 * e)
		return 2 * e;
	if (span <= 5 * e)
		return 5 * e;
	*dec = *dec > 0 ? *dec - 1 : 0;
	return 10 * e;
}
