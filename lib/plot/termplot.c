/* The terminal plot. The curves are drawn on a grid of dots (braille: 2 x 4
 * per character cell; otherwise one per cell), point to point with the
 * vertical runs filled, so a steep rise stays a line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
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

static void set_dot(struct canvas *C, long x, long y, int series)
{
	/* braille dot numbering: 1-3 and 7 down the left column, 4-6 and 8
	 * down the right one */
	static const int bit[2][4] = { { 0x01, 0x02, 0x04, 0x40 },
				       { 0x08, 0x10, 0x20, 0x80 } };
	if (x < 0 || y < 0 || x >= C->xdots || y >= C->ydots)
		return;
	if (C->braille)
		C->cell[(y / 4) * C->cols + x / 2] |= bit[x % 2][y % 4];
	else
		C->cell[y * C->cols + x] = series + 1;
}

static void draw_segment(struct canvas *C, double x0, double y0, double x1,
			 double y1, int series)
{
	long c0 = lround(x0), c1 = lround(x1), c, prev = lround(y0);

	for (c = c0; c <= c1; c++) {
		double y = c1 == c0 ? y1 :
			y0 + (y1 - y0) * (double)(c - c0) / (double)(c1 - c0);
		long row = lround(y), r;
		for (r = prev < row ? prev : row; r <= (prev < row ? row : prev); r++)
			set_dot(C, c, r, series);
		prev = row;
	}
}

static double dot_row(const struct canvas *C, const struct plotspec *P,
		      double v)
{
	v = v < 0 ? 0 : v > P->ymax ? P->ymax : v;
	return (1 - v / P->ymax) * (C->ydots - 1);
}

static void draw_series(struct canvas *C, const struct plotspec *P,
			const struct axis *X, int si)
{
	const struct series *S = &P->s[si];
	double px = 0, py = 0;
	int have = 0;
	size_t i;

	for (i = 0; i < S->n; i++) {
		double x, y;
		if (isnan(S->y[i])) {
			have = 0;
			continue;
		}
		x = axis_pos(X, (double)(i + 1));
		y = dot_row(C, P, S->y[i]);
		if (have)
			draw_segment(C, px, py, x, y, si);
		else
			draw_segment(C, x, y, x, y, si);
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

static void put_cell(char **p, const struct canvas *C, int v, int ascii)
{
	if (v == 0) {
		*(*p)++ = ' ';
	} else if (C->braille) {
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
static void put_rows(const struct canvas *C, const struct plotspec *P,
		     int lw, int ascii, char *line)
{
	int r, i;
	for (r = 0; r < ROWS; r++) {
		char *p = line;
		int tick = -1;
		for (i = 0; i <= YTICKS; i++) {
			double v = P->ymax * i / YTICKS;
			if (lround(dot_row(C, P, v)) / (C->ydots / ROWS) == r)
				tick = i;
		}
		if (tick >= 0)
			p += sprintf(p, "%*.*f ", lw, P->ydecimals,
				     P->ymax * tick / YTICKS);
		else
			p += sprintf(p, "%*s ", lw, "");
		p += sprintf(p, "%s", ascii ? (tick >= 0 ? "+" : "|") :
			     tick >= 0 ? "\xe2\x94\xa4" : "\xe2\x94\x82");
		for (i = 0; i < C->cols; i++)
			put_cell(&p, C, C->cell[r * C->cols + i], ascii);
		*p = '\0';
		put_line(line);
	}
}

/* the x axis line, its tick labels and its title */
static void put_xaxis(const struct canvas *C, const struct plotspec *P,
		      const struct axis *X, int lw, int width, int ascii,
		      char *line)
{
	int dpc = C->braille ? 2 : 1, i, at[MAXTICKS];
	struct axis cells = *X;
	double tick[MAXTICKS];
	size_t nt, t;
	char *p = line;

	cells.p1 = (double)(C->xdots - 1) / dpc;
	nt = axis_ticks(&cells, 1, 1, tick, MAXTICKS);
	for (t = 0; t < nt; t++)
		at[t] = (int)(lround(axis_pos(X, tick[t])) / dpc);
	p += sprintf(p, "%*s %s", lw, "", ascii ? "+" : "\xe2\x94\x94");
	for (i = 0, t = 0; i < C->cols; i++) {
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
		int len = (int)strlen(P->xlabel);
		int start = lw + 2 + (C->cols - len) / 2;
		sprintf(line, "%*s%s", start > 0 ? start : 0, "", P->xlabel);
		put_line(line);
	}
}

/* one line per curve: its marker and its label, cut to the width */
static void put_legend(const struct plotspec *P, int width, int ascii,
		       char *line)
{
	size_t i;
	for (i = 0; i < P->ns; i++) {
		const char *l = P->s[i].label;
		char *p = line;
		int room;
		if (ascii)
			p += sprintf(p, "  %c ", ascii_marker[i % NMARKER]);
		else
			p += sprintf(p, "  %s ", utf8_marker[i % NMARKER]);
		room = width - 4;
		/* whole UTF-8 characters only */
		for (; *l && (room > 0 || ((unsigned char)*l & 0xc0) == 0x80); l++) {
			if (((unsigned char)*l & 0xc0) != 0x80)
				room--;
			*p++ = *l;
		}
		*p = '\0';
		put_line(line);
	}
}

void termplot_write(const struct plotspec *P, int columns, int ascii)
{
	struct canvas C;
	struct axis X;
	char lab[32], *line;
	size_t xmax = plot_xmax(P), i;
	int lw = snprintf(lab, sizeof lab, "%.*f", P->ydecimals, P->ymax);
	int rm = digits_of((double)xmax) / 2;

	C.braille = !ascii && P->ns == 1;
	C.cols = columns - lw - 2 - rm;
	C.xdots = C.cols * (C.braille ? 2 : 1);
	C.ydots = ROWS * (C.braille ? 4 : 1);
	C.cell = xcalloc((size_t)C.cols * ROWS, sizeof *C.cell);
	X.lo = 1;
	X.hi = (double)xmax;
	X.log = P->logx;
	X.p0 = 0;
	X.p1 = C.xdots - 1;
	for (i = 0; i < P->ns; i++)
		draw_series(&C, P, &X, (int)i);

	line = xmalloc((size_t)columns * 4 + 64);
	put_line(P->ylabel);
	put_rows(&C, P, lw, ascii, line);
	put_xaxis(&C, P, &X, lw, columns, ascii, line);
	if (P->legend || P->ns > 1)
		put_legend(P, columns, ascii, line);
	free(line);
	free(C.cell);
}
