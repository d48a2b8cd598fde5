/* The bar chart (svgbars.h). Each bar is a rect whose height is its
 * value's distance from 0 on the y axis, blue above 0 and orange below
 * (Okabe and Ito's colours, as the curves'), with a tooltip naming its
 * query and value, exactly; the line at 0 is drawn over them. */
#include <math.h>
#include <stdio.h>
#include "util/fmtscore.h"
#include "util/out.h"
#include "plot/scale.h"
#include "plot/svgdoc.h"
#include "plot/svgbars.h"

/* the y axis: the values' range with 0 in it (or the ends given),
 * rounded out to a step of about a fifth of it */
static void bar_range(const struct barspec *spec, struct svgframe *fr)
{
	double lo = 0, hi = 0;
	for (size_t i = 0; i < spec->n; i++) {
		lo = fmin(lo, spec->v[i]);
		hi = fmax(hi, spec->v[i]);
	}
	if (!isnan(spec->ymin))
		lo = spec->ymin;
	if (!isnan(spec->ymax))
		hi = spec->ymax;
	if (!(hi > lo)) {	/* every value 0: a band around it */
		lo = isnan(spec->ymin) ? -1 : lo;
		hi = isnan(spec->ymax) || !(spec->ymax > lo) ? lo + 2 : hi;
	}
	fr->ystep = round_step(hi / 5 - lo / 5, &fr->ydec);
	fr->ylo = isnan(spec->ymin) ? floor(lo / fr->ystep + 1e-9) * fr->ystep : lo;
	fr->yhi = isnan(spec->ymax) ? ceil(hi / fr->ystep - 1e-9) * fr->ystep : hi;
}

/* the x axis: ticks at the bars' numbers, 1 to n, under their middles */
static void bar_x_axis(const struct barspec *spec, const struct svgframe *fr,
		       double slot)
{
	struct axis ax = { .lo = 1, .hi = (double)spec->n,
			   .p0 = SVG_LEFT + slot / 2,
			   .p1 = fr->w - SVG_RIGHT - slot / 2 };
	double tick[64];
	size_t nt = 1;
	tick[0] = 1;
	if (spec->n > 1)	/* one bar: its tick at its middle */
		nt = axis_ticks(&ax, SVG_CHARW, 10, tick, 64);
	else
		ax.hi = 2, ax.p1 = ax.p0 + 1;
	for (size_t t = 0; t < nt; t++) {
		double x = axis_pos(&ax, tick[t]);
		char lab[32];
		snprintf(lab, sizeof lab, "%.0f", tick[t]);
		svg_line(x, fr->h - SVG_BOTTOM, x, fr->h - SVG_BOTTOM + 5,
			 "class=\"axis\"");
		svg_text(x, fr->h - SVG_BOTTOM + 19, "middle", lab);
	}
	svg_text((SVG_LEFT + fr->w - SVG_RIGHT) / 2.0, fr->h - SVG_BOTTOM + 44,
		 "middle", spec->xlabel);
}

/* bar i: from 0 to its value, a tenth of its slot empty on each side
 * while the slots are 3 px or wider */
static void bar(const struct barspec *spec, const struct svgframe *fr,
		double slot, size_t i)
{
	double v = spec->v[i], gap = slot >= 3 ? slot / 10 : 0;
	double y0 = svg_ypos(fr, 0), y1 = svg_ypos(fr, v);
	char value[FMTSCORE_MAX + 2] = ": ";
	out_str("<rect class=\"");
	out_str(v < 0 ? "below" : "above");
	out_str("\" x=\"");
	svg_num(SVG_LEFT + slot * (double)i + gap);
	out_str("\" y=\"");
	svg_num(fmin(y0, y1));
	out_str("\" width=\"");
	svg_num(slot - 2 * gap);
	out_str("\" height=\"");
	svg_num(fabs(y1 - y0));
	out_str("\"><title>");
	svg_xml_text(spec->name[i], (size_t)-1);
	fmt_double(value + 2, v);	/* the shortest text that reads back */
	svg_xml_text(value, (size_t)-1);
	out_str("</title></rect>\n");
}

static void svgbars_write(const void *ctx)
{
	const struct barspec *spec = ctx;
	struct svgframe fr = svg_frame(spec->width, spec->height, spec->title);
	double slot = (fr.w - SVG_LEFT - SVG_RIGHT) / (double)spec->n, y0;

	bar_range(spec, &fr);
	svg_begin(&fr, spec->title, spec->ylabel,
		  ".above { fill: #0072B2; }\n"
		  ".below { fill: #D55E00; }\n");
	bar_x_axis(spec, &fr, slot);
	for (size_t i = 0; i < spec->n; i++)
		bar(spec, &fr, slot, i);
	y0 = svg_ypos(&fr, 0);
	svg_line(SVG_LEFT, y0, fr.w - SVG_RIGHT, y0, "class=\"axis\"");
	svg_box(&fr);
	out_str("</svg>\n");
}

void svgbars_save(const struct barspec *spec, const char *path)
{
	svg_save(path, svgbars_write, spec);
}
