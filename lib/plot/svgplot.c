/* The SVG plot. Text is measured by an estimate of its width (digits and
 * letters of a 12 px sans-serif face are at most about 7 px wide), so the
 * layout needs no font; coordinates print with two decimals, the same
 * bytes on every machine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/out.h"
#include "plot/scale.h"
#include "plot/svgdoc.h"
#include "plot/svgplot.h"

enum { LEFT = SVG_LEFT, RIGHT = SVG_RIGHT, BOTTOM = SVG_BOTTOM, MAXTICKS = 64,
       MARKS = 8 };

/* Okabe and Ito's palette, told apart with colour-blindness too; each
 * curve also has its own dash pattern and marker, so that curves that
 * overlap and a print in grey stay apart */
static const char *const colour[] = { "#0072B2", "#D55E00", "#009E73",
	"#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999933" };
static const char *const dashes[] = { "", "8 4", "2 3", "8 3 2 3", "12 4", "4 4" };
#define NCOLOUR 8
#define NDASH 6
#define NMARKER 6

static void x_axis(const struct plotspec *spec, const struct svgframe *fr,
		   const struct axis *xax)
{
	double tick[MAXTICKS];
	size_t nt = axis_ticks(xax, SVG_CHARW, 10, tick, MAXTICKS), t;

	for (t = 0; t < nt; t++) {
		double x = axis_pos(xax, tick[t]);
		char lab[32];
		snprintf(lab, sizeof lab, "%.0f", tick[t]);
		svg_line(x, fr->top, x, fr->h - BOTTOM, "class=\"grid\"");
		svg_line(x, fr->h - BOTTOM, x, fr->h - BOTTOM + 5, "class=\"axis\"");
		svg_text(x, fr->h - BOTTOM + 19, "middle", lab);
	}
	svg_text((LEFT + fr->w - RIGHT) / 2.0, fr->h - BOTTOM + 44, "middle",
	     spec->xlabel);
}

/* Points of a curve within half a pixel of each other collapse to the
 * first, lowest, highest and last of them, in order: a curve of 25,000
 * values draws as it would in full, in a few kilobytes. */
struct bucket {
	long key;		/* floor(2x) of its points */
	size_t n, idx[4];	/* first, lowest, highest, last */
	double x[4], y[4];
};

static void bucket_flush(struct bucket *bk, int *open, const char *style)
{
	size_t order[4] = { 0, 1, 2, 3 }, i, j, last = (size_t)-1;
	if (bk->n == 0)
		return;
	if (!*open) {
		out_str("<polyline ");
		out_str(style);
		out_str(" points=\"");
		*open = 1;
	}
	/* lowest and highest in the order they came */
	if (bk->idx[2] < bk->idx[1]) {
		order[1] = 2;
		order[2] = 1;
	}
	for (i = 0; i < 4; i++) {
		j = order[i];
		if (bk->idx[j] == last)
			continue;
		last = bk->idx[j];
		svg_num(bk->x[j]);
		out_char(',');
		svg_num(bk->y[j]);
		out_char(' ');
	}
	bk->n = 0;
}

static void polyline_end(int *open)
{
	if (*open)
		out_str("\"/>\n");
	*open = 0;
}

/* the half-pixel bucket of x, for plot_next_x */
static long half_pixel(const void *ctx, size_t x)
{
	return (long)floor(axis_pos(ctx, (double)x) * 2);
}

/* curve si's stroke: its colour and dash pattern */
static void curve_style(char *style, size_t size, size_t si)
{
	const char *d = dashes[si % NDASH];
	snprintf(style, size, "class=\"curve\" stroke=\"%s\"%s%s%s",
		 colour[si % NCOLOUR], *d ? " stroke-dasharray=\"" : "", d,
		 *d ? "\"" : "");
}

static void series(const struct plotspec *spec, const struct svgframe *fr,
		   const struct axis *xax, size_t si)
{
	const struct series *ser = &spec->s[si];
	struct bucket bucket;
	char style[128];
	int open = 0;
	size_t i;

	curve_style(style, sizeof style, si);
	bucket.n = 0;
	for (i = plot_next_x(0, ser->n, spec->every, half_pixel, xax);
	     i <= ser->n;
	     i = plot_next_x(i, ser->n, spec->every, half_pixel, xax)) {
		double x, y, v = ser->y(ser->ctx, i);
		long key;
		if (isnan(v)) {
			bucket_flush(&bucket, &open, style);
			polyline_end(&open);
			continue;
		}
		x = axis_pos(xax, (double)i);
		y = svg_ypos(fr, v);
		key = (long)floor(x * 2);
		if (bucket.n && key != bucket.key)
			bucket_flush(&bucket, &open, style);
		if (bucket.n == 0) {
			bucket.key = key;
			bucket.idx[0] = bucket.idx[1] = bucket.idx[2] = i;
			bucket.x[0] = bucket.x[1] = bucket.x[2] = x;
			bucket.y[0] = bucket.y[1] = bucket.y[2] = y;
		}
		/* screen y grows downwards: the lowest value has the largest y */
		if (y > bucket.y[1]) {
			bucket.idx[1] = i;
			bucket.x[1] = x;
			bucket.y[1] = y;
		}
		if (y < bucket.y[2]) {
			bucket.idx[2] = i;
			bucket.x[2] = x;
			bucket.y[2] = y;
		}
		bucket.idx[3] = i;
		bucket.x[3] = x;
		bucket.y[3] = y;
		bucket.n++;
	}
	bucket_flush(&bucket, &open, style);
	polyline_end(&open);
}

/* marker shape m at (x, y), in the stroke given */
static void marker(size_t m, double x, double y, const char *stroke)
{
	static const char *const shape[NMARKER] = {
		NULL,				/* a circle */
		"m-3.5,-3.5 h7 v7 h-7 z",	/* a square */
		"m0,-4.5 l4,7 h-8 z",		/* a triangle */
		"m0,-4.5 l4.5,4.5 l-4.5,4.5 l-4.5,-4.5 z",	/* a diamond */
		"m0,4.5 l4,-7 h-8 z",		/* a triangle upside down */
		"m-4,-4 l8,8 m-8,0 l8,-8",	/* a cross */
	};
	if (!shape[m % NMARKER]) {
		out_str("<circle class=\"mark\" cx=\"");
		svg_num(x);
		out_str("\" cy=\"");
		svg_num(y);
		out_str("\" r=\"3.5\" stroke=\"");
	} else {
		out_str("<path class=\"mark\" d=\"M");
		svg_num(x);
		out_char(',');
		svg_num(y);
		out_char(' ');
		out_str(shape[m % NMARKER]);
		out_str("\" stroke=\"");
	}
	out_str(stroke);
	out_str("\"/>\n");
}

/* marker si at x = i of curve si */
static void mark_at(const struct plotspec *spec, const struct svgframe *fr,
		    const struct axis *xax, size_t si, size_t i)
{
	double v = spec->s[si].y(spec->s[si].ctx, i);
	if (!isnan(v))
		marker(si, axis_pos(xax, (double)i), svg_ypos(fr, v),
		       colour[si % NCOLOUR]);
}

/* About MARKS markers along curve si, at x no other curve marks, so that
 * the markers of curves that overlap do not cover each other: on a short
 * curve every ns-th x from x = si + 1; on a long one evenly across the
 * plot's width, each curve's shifted by its share of the spacing. */
static void markers(const struct plotspec *spec, const struct svgframe *fr,
		    const struct axis *xax, size_t si)
{
	const struct series *ser = &spec->s[si];
	double gap = (xax->p1 - xax->p0) / MARKS;
	double shift = gap * (double)(si + 1) / (double)(spec->ns + 1);
	size_t last = 0;
	if (ser->n <= (size_t)MARKS * (spec->ns + 1)) {
		for (size_t i = si + 1; i <= ser->n; i += spec->ns)
			mark_at(spec, fr, xax, si, i);
		return;
	}
	for (int j = 0; j < MARKS; j++) {
		double x = axis_value(xax, xax->p0 + gap * j + shift);
		size_t i = x < 1 ? 1 : (size_t)(x + 0.5);
		if (i > ser->n || i <= last)
			continue;
		last = i;
		mark_at(spec, fr, xax, si, i);
	}
}

/* how many of the curves' points, at 4 px steps along x, fall in the box
 * (x, y, w, h) */
static long covered(const struct plotspec *spec, const struct svgframe *fr,
		    const struct axis *xax, double x, double y, double w,
		    double h)
{
	long hits = 0;
	for (size_t si = 0; si < spec->ns; si++) {
		const struct series *ser = &spec->s[si];
		size_t last = 0;
		for (double p = x; p <= x + w; p += 4) {
			double v = axis_value(xax, p), py;
			size_t i = v < 1 ? 1 : (size_t)(v + 0.5);
			if (i > ser->n || i <= last)
				continue;
			last = i;
			v = ser->y(ser->ctx, i);
			py = isnan(v) ? -1 : svg_ypos(fr, v);
			hits += py >= y - 4 && py <= y + h + 4;
		}
	}
	return hits;
}

/* the legend's corner: bottom right, where a rising curve leaves room,
 * unless the curves cross it more than the top left, bottom left or
 * top right */
static void legend_place(const struct plotspec *spec, const struct svgframe *fr,
			 const struct axis *xax, double w, double h,
			 double *x, double *y)
{
	double xs[4] = { fr->w - RIGHT - 10 - w, LEFT + 10, LEFT + 10,
			 fr->w - RIGHT - 10 - w };
	double ys[4] = { fr->h - BOTTOM - 10 - h, fr->top + 10,
			 fr->h - BOTTOM - 10 - h, fr->top + 10 };
	long best = -1;
	for (int c = 0; c < 4; c++) {
		long n = covered(spec, fr, xax, xs[c], ys[c], w, h);
		if (best < 0 || n < best) {
			best = n;
			*x = xs[c];
			*y = ys[c];
		}
	}
}

/* in the corner the curves leave most room */
static void legend(const struct plotspec *spec, const struct svgframe *fr,
		   const struct axis *xax)
{
	size_t i, longest = 0, maxch = (size_t)((fr->w - LEFT - RIGHT - 80) / SVG_CHARW);
	double w, h, x = 0, y = 0;

	for (i = 0; i < spec->ns; i++)
		if (svg_text_chars(spec->s[i].label) > longest)
			longest = svg_text_chars(spec->s[i].label);
	if (longest > maxch)
		longest = maxch;
	w = 46 + (double)longest * SVG_CHARW;
	h = 10 + 18.0 * (double)spec->ns;
	legend_place(spec, fr, xax, w, h, &x, &y);
	out_str("<rect class=\"legend\" x=\"");
	svg_num(x);
	out_str("\" y=\"");
	svg_num(y);
	out_str("\" width=\"");
	svg_num(w);
	out_str("\" height=\"");
	svg_num(h);
	out_str("\"/>\n");
	for (i = 0; i < spec->ns; i++) {
		double ly = y + 14 + 18.0 * (double)i;
		char style[128];
		curve_style(style, sizeof style, i);
		svg_line(x + 8, ly, x + 34, ly, style);
		marker(i, x + 21, ly, colour[i % NCOLOUR]);
		out_str("<text x=\"");
		svg_num(x + 40);
		out_str("\" y=\"");
		svg_num(ly + 4);
		out_str("\">");
		svg_xml_text(spec->s[i].label, maxch);
		out_str("</text>\n");
	}
}

/* the lowest and highest value of the curves at the x they are drawn at */
static void data_range(const struct plotspec *spec, const struct axis *xax,
		       double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t si = 0; si < spec->ns; si++) {
		const struct series *ser = &spec->s[si];
		for (size_t i = plot_next_x(0, ser->n, spec->every, half_pixel, xax);
		     i <= ser->n;
		     i = plot_next_x(i, ser->n, spec->every, half_pixel, xax)) {
			double v = ser->y(ser->ctx, i);
			if (isnan(v))
				continue;
			*lo = v < *lo ? v : *lo;
			*hi = v > *hi ? v : *hi;
		}
	}
}

/* the y axis: given ends kept, a free end at the curves' extreme rounded
 * out to a tick, within [0, spec->ymax]; about four to six ticks */
static void y_range(const struct plotspec *spec, const struct axis *xax,
		    struct svgframe *fr)
{
	double lo, hi, span, full = spec->ymax;
	int fixlo = !isnan(spec->svg_ymin), fixhi = !isnan(spec->svg_ymax);
	data_range(spec, xax, &lo, &hi);
	if (lo > hi)		/* no value at all */
		lo = 0, hi = full;
	lo = fixlo ? spec->svg_ymin : lo;
	hi = fixhi ? spec->svg_ymax : hi;
	if (hi - lo < full / 50) {	/* a flat curve: a band around it */
		if (!fixlo && !fixhi)
			lo -= full / 100;
		if (!fixhi)
			hi = lo + full / 50;
		else if (!fixlo)
			lo = hi - full / 50;
	}
	/* ends beyond DBL_MAX / 2 apart: the fifth of each end, which does
	 * not overflow (cmc keeps its ends within 1e15; this is the guard) */
	span = isfinite(hi - lo) ? (hi - lo) / 5 : hi / 5 - lo / 5;
	fr->ystep = round_step(span, &fr->ydec);
	fr->ylo = fixlo ? lo : floor(lo / fr->ystep + 1e-9) * fr->ystep;
	fr->yhi = fixhi ? hi : ceil(hi / fr->ystep - 1e-9) * fr->ystep;
	if (!fixlo && fr->ylo < 0)
		fr->ylo = 0;
	if (!fixhi && fr->yhi > full && full > fr->ylo)
		fr->yhi = full;
}

/* writes the SVG document through out_* */
static void svgplot_write(const void *ctx)
{
	const struct plotspec *spec = ctx;
	struct svgframe fr = svg_frame(spec->width, spec->height, spec->title);
	struct axis axis = { .lo = 1, .hi = (double)plot_xmax(spec),
			     .log = spec->logx, .p0 = LEFT };
	size_t i;

	axis.p1 = fr.w - RIGHT;
	y_range(spec, &axis, &fr);
	svg_begin(&fr, spec->title, spec->ylabel,
		  ".curve { fill: none; stroke-width: 2; stroke-linejoin: round; }\n"
		  ".mark { fill: none; stroke-width: 1.5; }\n"
		  ".legend { fill: #ffffff; fill-opacity: 0.9; stroke: #999999; }\n");
	x_axis(spec, &fr, &axis);
	svg_box(&fr);
	for (i = 0; i < spec->ns; i++) {
		series(spec, &fr, &axis, i);
		markers(spec, &fr, &axis, i);
	}
	if (spec->legend || spec->ns > 1)
		legend(spec, &fr, &axis);
	out_str("</svg>\n");
}

void svgplot_save(const struct plotspec *spec, const char *path)
{
	svg_save(path, svgplot_write, spec);
}
