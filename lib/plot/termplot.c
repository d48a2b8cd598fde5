/* The terminal plot. The curves are drawn on a grid of dots (braille: 2 x 4
 * per character cell; otherwise one per cell), point to point with the
 * vertical runs filled, so a steep rise stays a line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/escape.h"
#include "util/num.h"
#include "util/out.h"
#include "plot/scale.h"
#include "plot/termplot.h"

enum { ROWS = 16, YTICKS = 5, MAXTICKS = 64 };

static const char *const utf8_marker[] = { "\xe2\x97\x8f", "\xe2\x97\x8b",
	"\xe2\x96\xa0", "\xe2\x96\xa1", "\xe2\x96\xb2", "\xe2\x96\xb3",
	"\xe2\x97\x86", "\xe2\x97\x87" };	/* filled and hollow shapes */
static const char ascii_marker[] = "*o+x#@%&";
#define NMARKER 8

struct canvas {
	int braille;		/* 2 x 4 dots a cell, bits of a mask */
	int cols;		/* cells across */
	int xdots, ydots;
	int *cell;		/* mask, or 1 + the series of the last dot */
};

int termplot_columns(void)
{
	const char *c = getenv("COLUMNS");
	long w;
	if (!c || parse_long((struct slice){ c, strlen(c) }, &w) != NUM_OK ||
	    w <= 0)
		return 80;
	return w < TERMPLOT_MIN_COLUMNS ? TERMPLOT_MIN_COLUMNS :
		w > 4096 ? 4096 : (int)w;
}

static void set_dot(struct canvas *cnv, long x, long y, int series)
{
	/* braille dot numbering: 1-3 and 7 down the left column, 4-6 and 8
	 * down the right one */
	static const int bit[2][4] = { { 0x01, 0x02, 0x04, 0x40 },
				       { 0x08, 0x10, 0x20, 0x80 } };
	if (x < 0 || y < 0 || x >= cnv->xdots || y >= cnv->ydots)
		return;
	if (cnv->braille)
		cnv->cell[(y / 4) * cnv->cols + x / 2] |= bit[x % 2][y % 4];
	else
		cnv->cell[y * cnv->cols + x] = series + 1;
}

static void draw_segment(struct canvas *cnv, double x0, double y0, double x1,
			 double y1, int series)
{
	long c0 = lround(x0), c1 = lround(x1), c, prev = lround(y0);

	for (c = c0; c <= c1; c++) {
		double y = c1 == c0 ? y1 :
			y0 + (y1 - y0) * (double)(c - c0) / (double)(c1 - c0);
		long row = lround(y), r;
		for (r = prev < row ? prev : row; r <= (prev < row ? row : prev); r++)
			set_dot(cnv, c, r, series);
		prev = row;
	}
}

static double dot_row(const struct canvas *cnv, const struct plotspec *spec,
		      double v)
{
	v = v < 0 ? 0 : v > spec->ymax ? spec->ymax : v;
	return (1 - v / spec->ymax) * (cnv->ydots - 1);
}

/* the dot column of x, for plot_next_x */
static long dot_column(const void *ctx, size_t x)
{
	return lround(axis_pos(ctx, (double)x));
}

static void draw_series(struct canvas *cnv, const struct plotspec *spec,
			const struct axis *xax, int si)
{
	const struct series *ser = &spec->s[si];
	double px = 0, py = 0;
	int have = 0;
	size_t i;

	for (i = plot_next_x(0, ser->n, spec->every, dot_column, xax);
	     i <= ser->n;
	     i = plot_next_x(i, ser->n, spec->every, dot_column, xax)) {
		double x, y, v = ser->y(ser->ctx, i);
		if (isnan(v)) {
			have = 0;
			continue;
		}
		x = axis_pos(xax, (double)i);
		y = dot_row(cnv, spec, v);
		if (have)
			draw_segment(cnv, px, py, x, y, si);
		else
			draw_segment(cnv, x, y, x, y, si);
		px = x;
		py = y;
		have = 1;
	}
}

/* the characters of one line, trailing blanks dropped */
static void put_line(const char *s)
{
	size_t n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	out_bytes(s, n);
	out_char('\n');
}

static void put_cell(char **p, const struct canvas *cnv, int v, int ascii)
{
	if (v == 0) {
		*(*p)++ = ' ';
	} else if (cnv->braille) {
		/* U+2800 + mask in UTF-8 */
		*(*p)++ = (char)0xe2;
		*(*p)++ = (char)(0xa0 | (v >> 6));
		*(*p)++ = (char)(0x80 | (v & 0x3f));
	} else if (ascii) {
		*(*p)++ = ascii_marker[(v - 1) % NMARKER];
	} else {
		const char *m = utf8_marker[(v - 1) % NMARKER];
		size_t l = strlen(m);
		memcpy(*p, m, l);
		*p += l;
	}
}

/* the rows of the plot area with the y axis and its labels */
static void put_rows(const struct canvas *cnv, const struct plotspec *spec,
		     int lw, int ascii, char *line)
{
	int r, i;
	for (r = 0; r < ROWS; r++) {
		char *p = line;
		int tick = -1;
		for (i = 0; i <= YTICKS; i++) {
			double v = spec->ymax * i / YTICKS;
			if (lround(dot_row(cnv, spec, v)) / (cnv->ydots / ROWS) == r)
				tick = i;
		}
		if (tick >= 0)
			p += sprintf(p, "%*.*f ", lw, spec->ydecimals,
				     spec->ymax * tick / YTICKS);
		else
			p += sprintf(p, "%*s ", lw, "");
		p += sprintf(p, "%s", ascii ? (tick >= 0 ? "+" : "|") :
			     tick >= 0 ? "\xe2\x94\xa4" : "\xe2\x94\x82");
		for (i = 0; i < cnv->cols; i++)
			put_cell(&p, cnv, cnv->cell[r * cnv->cols + i], ascii);
		*p = '\0';
		put_line(line);
	}
}

/* the x axis line, its tick labels and its title */
static void put_xaxis(const struct canvas *cnv, const struct plotspec *spec,
		      const struct axis *xax, int lw, int width, int ascii,
		      char *line)
{
	int dpc = cnv->braille ? 2 : 1, i, at[MAXTICKS];
	struct axis cells = *xax;
	double tick[MAXTICKS];
	size_t nt, t;
	char *p = line;

	cells.p1 = (double)(cnv->xdots - 1) / dpc;
	nt = axis_ticks(&cells, 1, 1, tick, MAXTICKS);
	for (t = 0; t < nt; t++)
		at[t] = (int)(lround(axis_pos(xax, tick[t])) / dpc);
	p += sprintf(p, "%*s %s", lw, "", ascii ? "+" : "\xe2\x94\x94");
	for (i = 0, t = 0; i < cnv->cols; i++) {
		int is_tick = t < nt && at[t] == i;
		if (is_tick)
			t++;
		p += sprintf(p, "%s", ascii ? (is_tick ? "+" : "-") :
			     is_tick ? "\xe2\x94\xac" : "\xe2\x94\x80");
	}
	put_line(line);

	memset(line, ' ', (size_t)width);
	line[width] = '\0';
	for (t = 0; t < nt; t++) {
		char lab[32];
		int len = snprintf(lab, sizeof lab, "%.0f", tick[t]);
		int start = lw + 2 + at[t] - (len - 1) / 2;
		if (start + len > width)
			start = width - len;
		memcpy(line + start, lab, (size_t)len);
	}
	put_line(line);

	{
		int len = (int)strlen(spec->xlabel);
		int start = lw + 2 + (cnv->cols - len) / 2;
		sprintf(line, "%*s%s", start > 0 ? start : 0, "", spec->xlabel);
		put_line(line);
	}
}

/* one line per curve: its marker and its label, cut to the width */
static void put_legend(const struct plotspec *spec, int width, int ascii,
		       char *line)
{
	size_t i, n, used;
	int raw;
	for (i = 0; i < spec->ns; i++) {
		const char *l = spec->s[i].label;
		char *p = line;
		int room;
		if (ascii)
			p += sprintf(p, "  %c ", ascii_marker[i % NMARKER]);
		else
			p += sprintf(p, "  %s ", utf8_marker[i % NMARKER]);
		room = width - 4;
		/* whole characters, control bytes escaped (escape.h): an
		 * escape is as wide as its text, at most 4 bytes a column */
		for (n = strlen(l); n && room > 0; l += used, n -= used) {
			char u[ESC_MAX];
			size_t k = esc_unit(l, n, &used, u, &raw);
			int w = raw ? 1 : (int)k;
			if (w > room)
				break;
			memcpy(p, u, k);
			p += k;
			room -= w;
		}
		*p = '\0';
		put_line(line);
	}
}

void termplot_write(const struct plotspec *spec, int columns, int ascii)
{
	struct canvas canvas;
	struct axis axis;
	char lab[32], *line;
	size_t xmax = plot_xmax(spec), i;
	int lw = snprintf(lab, sizeof lab, "%.*f", spec->ydecimals, spec->ymax);
	int rm = digits_of((double)xmax) / 2;

	canvas.braille = !ascii && spec->ns == 1;
	canvas.cols = columns - lw - 2 - rm;
	canvas.xdots = canvas.cols * (canvas.braille ? 2 : 1);
	canvas.ydots = ROWS * (canvas.braille ? 4 : 1);
	canvas.cell = xcalloc((size_t)canvas.cols * ROWS, sizeof *canvas.cell);
	axis.lo = 1;
	axis.hi = (double)xmax;
	axis.log = spec->logx;
	axis.p0 = 0;
	axis.p1 = canvas.xdots - 1;
	for (i = 0; i < spec->ns; i++)
		draw_series(&canvas, spec, &axis, (int)i);

	line = xmalloc((size_t)columns * 4 + 64);
	put_line(spec->ylabel);
	put_rows(&canvas, spec, lw, ascii, line);
	put_xaxis(&canvas, spec, &axis, lw, columns, ascii, line);
	if (spec->legend || spec->ns > 1)
		put_legend(spec, columns, ascii, line);
	free(line);
	free(canvas.cell);
}
