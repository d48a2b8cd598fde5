/* The SVG document's pieces (svgdoc.h). Coordinates print with two
 * decimals, the same bytes on every machine. */
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
#include "plot/svgdoc.h"

void svg_num(double v)
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
void svg_xml_text(const char *s, size_t maxch)
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
size_t svg_text_chars(const char *s)
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

void svg_line(double x1, double y1, double x2, double y2, const char *style)
{
	out_str("<line x1=\"");
	svg_num(x1);
	out_str("\" y1=\"");
	svg_num(y1);
	out_str("\" x2=\"");
	svg_num(x2);
	out_str("\" y2=\"");
	svg_num(y2);
	out_str("\" ");
	out_str(style);
	out_str("/>\n");
}

void svg_text(double x, double y, const char *anchor, const char *s)
{
	out_str("<text x=\"");
	svg_num(x);
	out_str("\" y=\"");
	svg_num(y);
	out_str("\" text-anchor=\"");
	out_str(anchor);
	out_str("\">");
	svg_xml_text(s, (size_t)-1);
	out_str("</text>\n");
}

/* at most this many ticks on an axis */
enum { SVG_MAXTICKS = 64 };

struct svgframe svg_frame(int width, int height, const char *title)
{
	struct svgframe fr = {
		.w = width ? width : SVG_WIDTH,
		.h = height ? height : SVG_HEIGHT,
		.top = title ? SVG_TOP + SVG_TITLE : SVG_TOP,
	};
	return fr;
}

double svg_ypos(const struct svgframe *fr, double v)
{
	double y0 = fr->h - SVG_BOTTOM - SVG_PAD, y1 = fr->top + SVG_PAD;
	v = v < fr->ylo ? fr->ylo : v > fr->yhi ? fr->yhi : v;
	return y0 - (v - fr->ylo) / (fr->yhi - fr->ylo) * (y0 - y1);
}

/* the y axis: a grid line, tick and label at each multiple of the step
 * within the range, and the axis title turned upright */
static void svg_y_axis(const struct svgframe *fr, const char *ylabel)
{
	/* the first multiple of the step at or above ylo, then each step */
	double first = ceil(fr->ylo / fr->ystep - 1e-9) * fr->ystep;
	for (int i = 0; i < SVG_MAXTICKS; i++) {
		double v = first + fr->ystep * i, y;
		char lab[32];
		if (v > fr->yhi + fr->ystep * 1e-9)
			break;
		y = svg_ypos(fr, v);
		snprintf(lab, sizeof lab, "%.*f", fr->ydec, v);
		svg_line(SVG_LEFT, y, fr->w - SVG_RIGHT, y, "class=\"grid\"");
		svg_line(SVG_LEFT - 5, y, SVG_LEFT, y, "class=\"axis\"");
		svg_text(SVG_LEFT - 8, y + 4, "end", lab);
	}
	out_str("<text transform=\"translate(18,");
	svg_num((fr->h - SVG_BOTTOM + fr->top) / 2.0);
	out_str(") rotate(-90)\" text-anchor=\"middle\">");
	svg_xml_text(ylabel, (size_t)-1);
	out_str("</text>\n");
}

/* the title above the plot area (NULL: none) */
static void svg_title(const struct svgframe *fr, const char *title)
{
	if (!title)
		return;
	out_str("<text class=\"title\" x=\"");
	svg_num((SVG_LEFT + fr->w - SVG_RIGHT) / 2.0);
	out_str("\" y=\"28\" text-anchor=\"middle\">");
	svg_xml_text(title, (size_t)-1);
	out_str("</text>\n");
}

void svg_box(const struct svgframe *fr)
{
	out_str("<rect x=\"");
	svg_num(SVG_LEFT);
	out_str("\" y=\"");
	svg_num(fr->top);
	out_str("\" width=\"");
	svg_num(fr->w - SVG_LEFT - SVG_RIGHT);
	out_str("\" height=\"");
	svg_num(fr->h - fr->top - SVG_BOTTOM);
	out_str("\" fill=\"none\" class=\"axis\"/>\n");
}

void svg_begin(const struct svgframe *fr, const char *title,
	       const char *ylabel, const char *css)
{
	out_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ");
	out_str("width=\"");
	svg_num(fr->w);
	out_str("\" height=\"");
	svg_num(fr->h);
	out_str("\" viewBox=\"0 0 ");
	svg_num(fr->w);
	out_char(' ');
	svg_num(fr->h);
	out_str("\">\n<title>");
	svg_xml_text(title ? title : ylabel, (size_t)-1);
	out_str("</title>\n<style>\n"
		"text { font-family: sans-serif; font-size: 12px; fill: #000000; }\n"
		".title { font-size: 15px; font-weight: bold; }\n"
		".grid { stroke: #dddddd; stroke-width: 1; }\n"
		".axis { stroke: #000000; stroke-width: 1; }\n");
	out_str(css);
	out_str("</style>\n<rect x=\"0\" y=\"0\" width=\"");
	svg_num(fr->w);
	out_str("\" height=\"");
	svg_num(fr->h);
	out_str("\" fill=\"#ffffff\"/>\n");
	svg_title(fr, title);
	svg_y_axis(fr, ylabel);
}

void svg_save(const char *path, void (*write_doc)(const void *ctx),
	      const void *ctx)
{
	struct membuf m = { NULL, 0, 0 };
	struct savefile f;
	size_t off = 0;

	if (strcmp(path, "-") == 0) {
		write_doc(ctx);
		return;
	}
	out_capture(&m);
	write_doc(ctx);
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
