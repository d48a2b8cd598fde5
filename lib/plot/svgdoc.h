/* What every SVG picture of rankkit writes with: numbers with two
 * decimals (the same bytes on every machine), text as XML character data,
 * lines and labels, the document's head, and the file written whole under
 * a temporary name. Shared by the curves (svgplot) and the bars (svgbars). */
#ifndef RK_SVGDOC_H
#define RK_SVGDOC_H
#include <stddef.h>

/* digits and letters of a 12 px sans-serif face are at most about 7 px
 * wide: text is measured by this estimate, so the layout needs no font */
#define SVG_CHARW 7.0

/* the layout both pictures share: margins around the plot area, a title's
 * room above it, the default size */
enum { SVG_WIDTH = 640, SVG_HEIGHT = 400, SVG_LEFT = 70, SVG_RIGHT = 24,
       SVG_TOP = 20, SVG_TITLE = 24, SVG_BOTTOM = 64, SVG_PAD = 8 };

/* a picture's size and its y axis */
struct svgframe {
	double w, h, top;	/* size; the plot area starts at top */
	double ylo, yhi, ystep;	/* the y axis: range and tick step */
	int ydec;		/* decimals of its labels */
};

/* the frame of a picture width x height (0: the default), the plot area
 * lower with a title (NULL: none); its y axis still to be set */
struct svgframe svg_frame(int width, int height, const char *title);

/* a value's screen y: [ylo, yhi] inside the plot area less SVG_PAD
 * pixels at each end, so that a value at an end of the range stays off
 * the frame; values beyond the range at its ends */
double svg_ypos(const struct svgframe *fr, double v);

/* the plot area's frame */
void svg_box(const struct svgframe *fr);

/* v with two decimals (-0 as 0) */
void svg_num(double v);

/* The bytes of s as XML character data, at most maxch characters: markup
 * escaped, and what the terminal's text escapes (control bytes, broken
 * UTF-8: util/escape.h), which XML 1.0 does not allow, as its text \xHH. */
void svg_xml_text(const char *s, size_t maxch);

/* the characters of s as svg_xml_text writes them */
size_t svg_text_chars(const char *s);

/* a line from (x1, y1) to (x2, y2) with the attributes style */
void svg_line(double x1, double y1, double x2, double y2, const char *style);

/* text s at (x, y), anchored start, middle or end */
void svg_text(double x, double y, const char *anchor, const char *s);

/* the document's head and what every picture has: the XML declaration,
 * the svg element of fr's size, its <title> (title, else ylabel), the style
 * sheet (text, title, grid and axis, then the lines of css), a white
 * background, the title above the plot area and the y axis */
void svg_begin(const struct svgframe *fr, const char *title,
	       const char *ylabel, const char *css);

/* write(ctx) run into the file path ("-": standard output), under a
 * temporary name renamed when complete (util/savefile.h); dies on a write
 * failure, naming the file */
void svg_save(const char *path, void (*write)(const void *ctx),
	      const void *ctx);

#endif
