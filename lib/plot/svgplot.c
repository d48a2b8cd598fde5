/* The SVG plot. Text is measured by an estimate of its width (digits and
 * letters of a 12 px sans-serif face are at most about 7 px wide), so the
 * layout needs no font; coordinates print with two decimals, the same
 * bytes on every machine. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/err.h"
#include "util/escape.h"
#include "util/out.h"
#include "util/savefile.h"
#include "plot/scale.h"
#include "plot/svgplot.h"

enum { WIDTH = 640, HEIGHT = 400, LEFT = 70, RIGHT = 24, TOP = 20,
       BOTTOM = 64, YTICKS = 5, MAXTICKS = 64 };
#define CHARW 7.0

/* Okabe and Ito's palette, told apart with colour-blindness too */
static const char *const colour[] = { "#0072B2", "#D55E00", "#009E73",
	"#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999933" };
static const char *const dashes[] = { "", "8 4", "2 3", "8 3 2 3" };
#define NCOLOUR 8

static void num(double v)
{
	char b[64];
	snprintf(b, sizeof b, "%.2f", v == 0 ? 0 : v);
	out_str(b);
}

/* U+FFFE and U+FFFF: valid UTF-8 that XML 1.0 does not allow */
static int xml_nonchar(const char *u, size_t k)
{
	return k == 3 && memcmp(u, "\xEF\xBF", 2) == 0 &&
	       (u[2] == '\xBE' || u[2] == '\xBF');
}

/* The bytes of s as XML character data, at most maxch characters: markup
 * escaped, and what the terminal's text escapes (control bytes, tab and
 * newline too, broken UTF-8: escape.h), which XML 1.0 does not allow or a
 * reader would not see, as its text \xHH. */
static void xml_text(const char *s, size_t maxch)
{
	size_t n = strlen(s), nch = 0, used, one, k, i;
	char u[ESC_MAX];
	int raw;

	for (; n && nch < maxch; s += used, n -= used) {
		k = esc_unit(s, n, &used, u, &raw);
		if (raw && xml_nonchar(u, k)) {
			/* each of its bytes alone is broken UTF-8 */
			for (i = 0; i < k; i++) {
				size_t e = esc_unit(s + i, 1, &one, u, &raw);
				out_bytes(u, e);
			}
			nch += ESC_MAX * k;
		} else if (raw && k == 1 && strchr("&<>\"", u[0])) {
			out_str(u[0] == '&' ? "&amp;" : u[0] == '<' ? "&lt;" :
				u[0] == '>' ? "&gt;" : "&quot;");
			nch++;
		} else {
			out_bytes(u, k);
			nch += raw ? 1 : k;
		}
	}
}

/* the characters of s as xml_text writes them */
static size_t text_chars(const char *s)
{
	size_t n = strlen(s), nch = 0, used, k;
	char u[ESC_MAX];
	int raw;

	for (; n; s += used, n -= used) {
		k = esc_unit(s, n, &used, u, &raw);
		nch += raw && !xml_nonchar(u, k) ? 1 : raw ? ESC_MAX * k : k;
	}
	return nch;
}

static void line(double x1, double y1, double x2, double y2, const char *style)
{
	out_str("<line x1=\"");
	num(x1);
	out_str("\" y1=\"");
	num(y1);
	out_str("\" x2=\"");
	num(x2);
	out_str("\" y2=\"");
	num(y2);
	out_str("\" ");
	out_str(style);
	out_str("/>\n");
}

static void text(double x, double y, const char *anchor, const char *s)
{
	out_str("<text x=\"");
	num(x);
	out_str("\" y=\"");
	num(y);
	out_str("\" text-anchor=\"");
	out_str(anchor);
	out_str("\">");
	xml_text(s, (size_t)-1);
	out_str("</text>\n");
}

static double ypos(const struct plotspec *spec, double v)
{
	v = v < 0 ? 0 : v > spec->ymax ? spec->ymax : v;
	return (HEIGHT - BOTTOM) - v / spec->ymax * (HEIGHT - BOTTOM - TOP);
}

static void y_axis(const struct plotspec *spec)
{
	int i;
	for (i = 0; i <= YTICKS; i++) {
		double v = spec->ymax * i / YTICKS, y = ypos(spec, v);
		char lab[32];
		snprintf(lab, sizeof lab, "%.*f", spec->ydecimals, v);
		line(LEFT, y, WIDTH - RIGHT, y, "class=\"grid\"");
		line(LEFT - 5, y, LEFT, y, "class=\"axis\"");
		text(LEFT - 8, y + 4, "end", lab);
	}
	out_str("<text transform=\"translate(18,");
	num((HEIGHT - BOTTOM + TOP) / 2.0);
	out_str(") rotate(-90)\" text-anchor=\"middle\">");
	xml_text(spec->ylabel, (size_t)-1);
	out_str("</text>\n");
}

static void x_axis(const struct plotspec *spec, const struct axis *xax)
{
	double tick[MAXTICKS];
	size_t nt = axis_ticks(xax, CHARW, 10, tick, MAXTICKS), t;

	for (t = 0; t < nt; t++) {
		double x = axis_pos(xax, tick[t]);
		char lab[32];
		snprintf(lab, sizeof lab, "%.0f", tick[t]);
		line(x, TOP, x, HEIGHT - BOTTOM, "class=\"grid\"");
		line(x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 5, "class=\"axis\"");
		text(x, HEIGHT - BOTTOM + 19, "middle", lab);
	}
	text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - BOTTOM + 44, "middle",
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
		num(bk->x[j]);
		out_char(',');
		num(bk->y[j]);
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

static void series(const struct plotspec *spec, const struct axis *xax, size_t si)
{
	const struct series *ser = &spec->s[si];
	struct bucket bucket;
	char style[128];
	int open = 0;
	size_t i;

	snprintf(style, sizeof style, "class=\"curve\" stroke=\"%s\"%s%s%s",
		 colour[si % NCOLOUR], *dashes[si / NCOLOUR % 4] ?
		 " stroke-dasharray=\"" : "", dashes[si / NCOLOUR % 4],
		 *dashes[si / NCOLOUR % 4] ? "\"" : "");
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
		y = ypos(spec, v);
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

/* bottom right, where a rising curve leaves room */
static void legend(const struct plotspec *spec)
{
	size_t i, longest = 0, maxch = (size_t)((WIDTH - LEFT - RIGHT - 80) / CHARW);
	double w, h, x, y;

	for (i = 0; i < spec->ns; i++)
		if (text_chars(spec->s[i].label) > longest)
			longest = text_chars(spec->s[i].label);
	if (longest > maxch)
		longest = maxch;
	w = 46 + (double)longest * CHARW;
	h = 10 + 18.0 * (double)spec->ns;
	x = WIDTH - RIGHT - 10 - w;
	y = HEIGHT - BOTTOM - 10 - h;
	out_str("<rect class=\"legend\" x=\"");
	num(x);
	out_str("\" y=\"");
	num(y);
	out_str("\" width=\"");
	num(w);
	out_str("\" height=\"");
	num(h);
	out_str("\"/>\n");
	for (i = 0; i < spec->ns; i++) {
		double ly = y + 14 + 18.0 * (double)i;
		char style[128];
		snprintf(style, sizeof style, "class=\"curve\" stroke=\"%s\"%s%s%s",
			 colour[i % NCOLOUR], *dashes[i / NCOLOUR % 4] ?
			 " stroke-dasharray=\"" : "", dashes[i / NCOLOUR % 4],
			 *dashes[i / NCOLOUR % 4] ? "\"" : "");
		line(x + 8, ly, x + 34, ly, style);
		out_str("<text x=\"");
		num(x + 40);
		out_str("\" y=\"");
		num(ly + 4);
		out_str("\">");
		xml_text(spec->s[i].label, maxch);
		out_str("</text>\n");
	}
}

void svgplot_write(const struct plotspec *spec)
{
	struct axis axis;
	size_t i;

	axis.lo = 1;
	axis.hi = (double)plot_xmax(spec);
	axis.log = spec->logx;
	axis.p0 = LEFT;
	axis.p1 = WIDTH - RIGHT;
	out_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ");
	out_str("width=\"640\" height=\"400\" viewBox=\"0 0 640 400\">\n<title>");
	xml_text(spec->ylabel, (size_t)-1);
	out_str("</title>\n<style>\n"
		"text { font-family: sans-serif; font-size: 12px; fill: #000000; }\n"
		".grid { stroke: #dddddd; stroke-width: 1; }\n"
		".axis { stroke: #000000; stroke-width: 1; }\n"
		".curve { fill: none; stroke-width: 2; stroke-linejoin: round; }\n"
		".legend { fill: #ffffff; fill-opacity: 0.9; stroke: #999999; }\n"
		"</style>\n"
		"<rect x=\"0\" y=\"0\" width=\"640\" height=\"400\" fill=\"#ffffff\"/>\n");
	y_axis(spec);
	x_axis(spec, &axis);
	out_str("<rect x=\"");
	num(LEFT);
	out_str("\" y=\"");
	num(TOP);
	out_str("\" width=\"");
	num(WIDTH - LEFT - RIGHT);
	out_str("\" height=\"");
	num(HEIGHT - TOP - BOTTOM);
	out_str("\" fill=\"none\" class=\"axis\"/>\n");
	for (i = 0; i < spec->ns; i++)
		series(spec, &axis, i);
	if (spec->legend || spec->ns > 1)
		legend(spec);
	out_str("</svg>\n");
}

void svgplot_save(const struct plotspec *spec, const char *path)
{
	struct membuf m = { NULL, 0, 0 };
	struct savefile f;
	size_t off = 0;

	if (strcmp(path, "-") == 0) {
		svgplot_write(spec);
		return;
	}
	out_capture(&m);
	svgplot_write(spec);
	out_capture(NULL);
	savefile_open(&f, path);
	while (off < m.n) {
		ssize_t w = write(f.fd, m.p + off, m.n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			die(EXIT_DATA, "%s: write error: %s", path, strerror(errno));
		off += (size_t)w;
	}
	savefile_close(&f);
	free(m.p);
}
