/* cmc: rank streams to the hit-rate curve, hit@K at every K from 1 to a
 * last K (the cumulative matching characteristic of re-identification,
 * the Recall@N curve of place recognition), as a measure stream, as
 * columns, or drawn. Each input stream is one system. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optable.h"
#include "util/out.h"
#include "measure/curverun.h"
#include "measure/curvegal.h"
#include "measure/commonopts.h"
#include "measure/explain.h"
#include "plot/svgplot.h"
#include "plot/termplot.h"

static const char usage_line[] =
	"cmc [-f] [-K N|all] [-T MODE] [-p N] [--empty miss|skip|error] [--judged-only] "
	"[--folds N] [--group-by FILE [--group-mean macro|micro]] [--curve | --plot [--ascii]] [--svg FILE] [--log-k] "
	"[--ymin Y] [--ymax Y] [--xlabel TEXT] [--ylabel TEXT] [--title TEXT] "
	"[--width PX] [--height PX] "
	"[--label NAME ...] [--explain QUERY ...] [--quiet] [--format stream|table|jsonl|csv] "
	"[--names rankkit] [--gallery-curve K] [RANKS ...]";

enum { O_CURVE = OPT_OWN, O_PLOT, O_ASCII, O_SVG, O_LOGK, O_LABEL,
       O_GALCURVE, O_YMIN, O_YMAX, O_XLABEL, O_YLABEL, O_TITLE, O_WIDTH,
       O_HEIGHT };

/* the options and --help in its order: cmc's own among those it shares
 * with the measure programs (commonopts.h) */
static const struct optdef opts[] = {
	{ NULL, 0, 0,
	  "Reads rank streams (one per system) and writes hit@K for K = 1 .. N.\n" },
	{ "max-rank", 'K', 1,
	  "  -K, --max-rank N|all    last K (default 50; all: the largest gallery)\n" },
	CO_OPT_TIES,
	CO_OPT_EMPTY,
	CO_OPT_JUDGED_ONLY,
	CO_OPT_FOLDS,
	CO_OPT_PARTIAL,
	CO_OPT_GROUP_BY("a curve per group of FILE's 'query group' lines\n"),
	CO_OPT_GROUP_MEAN("all = the mean of the groups' curves (macro,\n"
			  "                          default) or the curve of the queries (micro)\n"),
	CO_OPT_FRACTIONS,
	CO_OPT_PRECISION,
	{ "curve", O_CURVE, 0,
	  "      --curve             columns 'K value' (one value column per system)\n" },
	{ "plot", O_PLOT, 0,
	  "      --plot              the curve drawn for a terminal of $COLUMNS columns\n" },
	{ "ascii", O_ASCII, 0,
	  "      --ascii             the plot in plain ASCII (implies --plot)\n" },
	{ "svg", O_SVG, 1,
	  "      --svg FILE          the curve as an SVG 1.1 picture too (-: instead)\n" },
	{ "log-k", O_LOGK, 0,
	  "      --log-k             K on a logarithmic scale in the plots\n" },
	{ "ymin", O_YMIN, 1,
	  "      --ymin Y, --ymax Y  the SVG's y range (default: the curves' values,\n"
	  "                          rounded out to ticks); finite, |Y| <= 1e15\n" },
	{ "ymax", O_YMAX, 1, NULL },
	{ "xlabel", O_XLABEL, 1,
	  "      --xlabel TEXT       the x axis title of the plots (default K)\n" },
	{ "ylabel", O_YLABEL, 1,
	  "      --ylabel TEXT       the y axis title (default hit@K (%) or hit@K)\n" },
	{ "title", O_TITLE, 1,
	  "      --title TEXT        a title above the SVG plot\n" },
	{ "width", O_WIDTH, 1,
	  "      --width PX, --height PX  the SVG's size (default 640 x 400)\n" },
	{ "height", O_HEIGHT, 1, NULL },
	{ "label", O_LABEL, 1,
	  "      --label NAME        a system's name in outputs and legends (once per input)\n" },
	CO_OPT_EXPLAIN("how the query's hit@K are made, on stderr (all: every query)\n"),
	CO_OPT_FORMAT("stream (default); table: --curve's columns aligned\n"
		      "                          (--curve --format table is the same table);\n"
		      "                          jsonl or csv: a record per row, for pandas\n"),
	CO_OPT_QUIET,
	CO_OPT_NAMES("rankkit (default); trec_eval has no CMC curve\n"),
	{ "gallery-curve", O_GALCURVE, 1,
	  "      --gallery-curve K   hit@K against the gallery size G instead (expected over\n"
	  "                          random sub-galleries of G that keep the relevant items)\n" },
	CO_OPT_HELP,
	CO_OPT_VERSION,
};

/* the curve at K is trec_eval's success_K only where trec_eval has that
 * K (1, 5, 10): hitrate prints those */
static const char no_trec[] = "--names trec: trec_eval has no CMC curve; "
	"its success_1, success_5 and success_10 are hitrate --names trec "
	"-k 1,5,10 -m success";

/* the most rows cmc writes: the largest -K, and the largest gallery of -K
 * all unless the output is a plot alone */
#define MAX_RANK 100000000L
#define YEND_MAX 1e15	/* the largest |--ymin|, |--ymax| */

struct cmcopts {
	struct curveopts c;
	int curve, plot, ascii, logk;
	const char *svg;
	const char **label;
	size_t nlabel;
	long galK;		/* --gallery-curve K; 0: the curve against K */
	struct groupfile groups;	/* --group-by's */
	double ymin, ymax;	/* NaN: from the curves */
	const char *xlabel, *ylabel, *title;
	int width, height;
};

/* an end of the SVG's y axis: finite, and within 10^15 of 0, where its
 * tick labels, printed whole, still spell only digits a double holds and
 * the span of the two ends is a finite double */
static double y_end(const char *opt, const char *arg)
{
	double v = arg_double(opt, arg);

	if (!isfinite(v))
		usage_error(usage_line, "%s %s: the y axis needs a finite end",
			    opt, arg);
	if (fabs(v) > YEND_MAX)
		usage_error(usage_line, "%s %s: beyond 1e15 the y axis's labels "
			    "would spell digits a double lacks", opt, arg);
	return v;
}

/* the options of the plots' looks */
static int plot_option(struct cmcopts *o, int key, const char *arg)
{
	switch (key) {
	case O_YMIN: o->ymin = y_end("--ymin", arg); return 1;
	case O_YMAX: o->ymax = y_end("--ymax", arg); return 1;
	case O_XLABEL: o->xlabel = arg; return 1;
	case O_YLABEL: o->ylabel = arg; return 1;
	case O_TITLE: o->title = arg; return 1;
	case O_WIDTH: o->width = (int)arg_long("--width", arg, 200, 20000); return 1;
	case O_HEIGHT: o->height = (int)arg_long("--height", arg, 150, 20000); return 1;
	default: return 0;
	}
}

/* one of cmc's own options; 0 if key is none of them */
static int take(void *ctx, int key, const char *arg)
{
	struct cmcopts *o = ctx;

	switch (key) {
	case 'K':
		o->c.maxK = strcmp(arg, "all") == 0 ? 0 :
			(size_t)arg_long("-K", arg, 1, MAX_RANK);
		return 1;
	case O_CURVE:
		o->curve = 1;
		return 1;
	case O_ASCII:
		o->ascii = 1;
		/* fall through */
	case O_PLOT:
		o->plot = 1;
		return 1;
	case O_SVG:
		o->svg = arg;
		return 1;
	case O_LOGK:
		o->logk = 1;
		return 1;
	case O_LABEL:
		o->label = xrealloc(o->label, (o->nlabel + 1) * sizeof *o->label);
		o->label[o->nlabel++] = arg;
		return 1;
	case O_GALCURVE:
		o->galK = arg_long("--gallery-curve", arg, 1, MAX_RANK);
		return 1;
	}
	return plot_option(o, key, arg);
}

/* a system's name: its --label, or its file name */
static const char *system_name(const struct cmcopts *o, char **files,
			       int nfiles, int i)
{
	if (o->nlabel)
		return o->label[i];
	return nfiles == 0 || strcmp(files[i], "-") == 0 ? "stdin" : files[i];
}

/* the column names of --curve and the table: one for one system
 * ("value", "hit@K"; NULL for the stream, which then names none), else
 * the systems' names with blanks made underscores, so that the header
 * splits into fields */
static char **column_names(const struct cmcopts *o, char **files, int nfiles,
			   int nsys, const char *one)
{
	char **names = xcalloc((size_t)nsys, sizeof *names);
	int i;
	for (i = 0; i < nsys; i++) {
		const char *n = nsys == 1 && !o->nlabel ? one :
			system_name(o, files, nfiles, i);
		char *p;
		if (!n)
			continue;
		names[i] = xstrndup(n, strlen(n));
		for (p = names[i]; *p; p++)
			if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
				*p = '_';
	}
	return names;
}

/* what a plotted curve asks for: a system's value in the output's units */
struct plotted {
	struct curveresult *r;
	int mode;
	double scale;
};

static double plotted_y(void *ctx, size_t K)
{
	struct plotted *p = ctx;
	return curveresult_value(p->r, K, p->mode) * p->scale;
}

/* RANKKIT_PLOT_EVERY: the largest curve drawn through every K (tests) */
static size_t plot_every(void)
{
	const char *e = getenv("RANKKIT_PLOT_EVERY");
	long v;
	if (!e || parse_long((struct slice){ e, strlen(e) }, &v) != NUM_OK ||
	    v < 1)
		return 0;
	return (size_t)v;
}

/* the curves as a plot: percent or fractions as the output has them,
 * each value made when the plot asks for it */
static void draw(const struct cmcopts *o, struct curveresult *r,
		 char **files, int nfiles, int nsys, int terminal)
{
	struct series *s = xcalloc((size_t)nsys, sizeof *s);
	struct plotted *p = xcalloc((size_t)nsys, sizeof *p);
	double scale = o->c.common.fractions ? 1 : 100;
	struct plotspec spec = {
		.s = s, .ns = (size_t)nsys, .xlabel = o->xlabel ? o->xlabel : "K",
		.ylabel = o->ylabel ? o->ylabel : o->c.common.fractions ? "hit@K" : "hit@K (%)",
		.svg_ymin = o->ymin, .svg_ymax = o->ymax, .title = o->title,
		.width = o->width, .height = o->height,
		.ymax = scale, .ydecimals = o->c.common.fractions ? 1 : 0,
		.logx = o->logk, .legend = nsys > 1 || o->nlabel,
		.every = plot_every(),
	};
	int i;

	for (i = 0; i < nsys; i++) {
		p[i] = (struct plotted){ &r[i], o->c.common.mode, scale };
		s[i].label = system_name(o, files, nfiles, i);
		s[i].n = r[i].nK;
		s[i].y = plotted_y;
		s[i].ctx = &p[i];
	}
	if (terminal)
		termplot_write(&spec, termplot_columns(), o->ascii);
	else
		svgplot_save(&spec, o->svg);
	free(p);
	free(s);
}

/* --gallery-curve: one system's hit@K at x = G, in the output's units */
struct galplotted {
	const struct galcurve *c;
	long K;
	int mode;
	double scale;
};

static double galplotted_y(void *ctx, size_t G)
{
	const struct galplotted *p = ctx;
	return galcurve_value(p->c, (long)G, p->K, p->mode) * p->scale;
}

/* the gallery curve of every system: its rows, or its plot */
static void galcurve_out(const struct cmcopts *o, struct galcurve *c,
			 char **files, int nfiles, int nsys)
{
	struct series *s = xcalloc((size_t)nsys, sizeof *s);
	struct galplotted *p = xcalloc((size_t)nsys, sizeof *p);
	double scale = o->c.common.fractions ? 1 : 100;
	char ylabel[64];
	struct plotspec spec = {
		.s = s, .ns = (size_t)nsys,
		.xlabel = o->xlabel ? o->xlabel : "gallery size G",
		.ylabel = o->ylabel ? o->ylabel : ylabel,
		.svg_ymin = o->ymin, .svg_ymax = o->ymax, .title = o->title,
		.width = o->width, .height = o->height, .ymax = scale,
		.ydecimals = o->c.common.fractions ? 1 : 0, .logx = o->logk,
		.legend = nsys > 1 || o->nlabel,
		.every = plot_every() ? plot_every() : 1,
	};
	int i;

	snprintf(ylabel, sizeof ylabel, "hit@%ld%s", o->galK,
		 o->c.common.fractions ? "" : " (%)");
	for (i = 0; i < nsys; i++) {
		p[i] = (struct galplotted){ &c[i], o->galK, o->c.common.mode, scale };
		s[i].label = system_name(o, files, nfiles, i);
		s[i].n = (size_t)c[i].gmax;
		s[i].y = galplotted_y;
		s[i].ctx = &p[i];
	}
	if (o->plot)
		termplot_write(&spec, termplot_columns(), o->ascii);
	else if (!o->svg || strcmp(o->svg, "-") != 0) {
		char **names = o->curve ? column_names(o, files, nfiles, nsys,
						       "value") : NULL;
		galcurve_write(c, (size_t)nsys, o->galK,
			       (const char *const *)names, &o->c);
		for (i = 0; names && i < nsys; i++)
			free(names[i]);
		free(names);
	}
	if (o->svg)
		svgplot_save(&spec, o->svg);
	free(p);
	free(s);
}

/* --gallery-curve: the curves against G instead of K; exits */
static _Noreturn void gallery_curve(const struct cmcopts *o, char **files,
				    int nfiles, int nsys)
{
	static char dash[] = "-";
	struct galcurve *c = xcalloc((size_t)nsys, sizeof *c);
	int i;

	if (o->c.common.folds || o->c.common.nexplain ||
	    o->c.common.format != FORMAT_STREAM)
		usage_error(usage_line, "--gallery-curve: no --folds, "
			    "--explain or --format other than stream");
	for (i = 0; i < nsys; i++)
		galcurve_read(nfiles ? files[i] : dash, o->c.common.empty,
			      o->c.common.partial, o->c.common.quiet, &c[i]);
	galcurve_out(o, c, files, nfiles, nsys);
	out_flush();
	for (i = 0; i < nsys; i++)
		galcurve_free(&c[i]);
	free(c);
	out_finish();
}

/* the curves on the standard output: a terminal plot, columns, the
 * table or the streams (the SVG goes to its file after them) */
static void write_curves(const struct cmcopts *o, struct curveresult *r,
			 char **files, int nfiles, int nsys, int svg_out)
{
	int table = o->c.common.format == FORMAT_TABLE, i;
	char **names;

	if (o->plot) {
		draw(o, r, files, nfiles, nsys, 1);
		return;
	}
	if (svg_out && !o->curve && !table)
		return;
	if (o->c.common.format == FORMAT_JSONL ||
	    o->c.common.format == FORMAT_CSV) {
		/* records name their system unblanked: the quoting keeps it */
		if (o->c.groups)
			record_begin_kind(o->c.common.format, 1);
		else
			record_begin(o->c.common.format, 1);
		for (i = 0; i < nsys; i++)
			curve_write_stream(&r[i], &o->c, nsys == 1 && !o->nlabel ?
					   NULL : system_name(o, files, nfiles, i));
		return;
	}
	/* the stream names each block when there are several, or a label */
	names = column_names(o, files, nfiles, nsys, table ? "hit@K" :
			     o->curve ? "value" : NULL);
	if (table)
		curve_write_table(r, (size_t)nsys, (const char *const *)names,
				  &o->c);
	else if (o->curve)
		curve_write_columns(r, (size_t)nsys,
				    (const char *const *)names, &o->c);
	else
		for (i = 0; i < nsys; i++)
			curve_write_stream(&r[i], &o->c, names[i]);
	for (i = 0; i < nsys; i++)
		free(names[i]);
	free(names);
}

/* --group-by (its checks shared with the measure programs, commonopts.h)
 * against --gallery-curve, then its file read */
static void take_groups(struct cmcopts *o)
{
	if (!o->c.common.group_by)
		return;
	if (o->galK)
		usage_error(usage_line, "--group-by: not with --gallery-curve");
	groupfile_read(&o->groups, o->c.common.group_by);
	o->c.groups = &o->groups;
}

/* the options, then what they ask for together; returns the index of
 * the first operand */
static int options(int argc, char **argv, struct cmcopts *o)
{
	struct optable t = { .name = "cmc", .usage = usage_line, .defs = opts,
			     .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = o };
	int first, nsys, svg_out;

	*o = (struct cmcopts){ .c = { .maxK = 50 }, .ymin = NAN, .ymax = NAN };
	first = commonopts_parse(&o->c.common, &t, no_trec, argc, argv);
	nsys = argc > first ? argc - first : 1;
	svg_out = o->svg && strcmp(o->svg, "-") == 0;
	if ((o->curve || o->c.common.format == FORMAT_TABLE) + o->plot +
	    svg_out > 1)
		usage_error(usage_line, "--curve (or --format table), --plot "
			    "and --svg - each take the standard output");
	if ((o->c.common.format == FORMAT_JSONL ||
	     o->c.common.format == FORMAT_CSV) && (o->curve || o->plot || svg_out))
		usage_error(usage_line, "--format %s: no --curve, --plot or "
			    "--svg - (its records take the standard output)",
			    o->c.common.format == FORMAT_CSV ? "csv" : "jsonl");
	if (o->nlabel && o->nlabel != (size_t)nsys)
		usage_error(usage_line, "%zu --label for %d input%s", o->nlabel,
			    nsys, nsys == 1 ? "" : "s");
	if (!isnan(o->ymin) && !isnan(o->ymax) && !(o->ymin < o->ymax))
		usage_error(usage_line, "--ymin %g is not below --ymax %g",
			    o->ymin, o->ymax);
	take_groups(o);
	/* -K all writes a row per K up to the largest gallery: as many as
	 * -K allows; a plot alone samples the curve, whatever the gallery */
	o->c.rows_max = o->plot || svg_out ? 0 : MAX_RANK;
	return first;
}

/* the curves against K: each system's rank stream read, then written */
static void hit_curves(const struct cmcopts *o, char **files, int nfiles,
		       int nsys)
{
	static char dash[] = "-";
	struct curveresult *r = xcalloc((size_t)nsys, sizeof *r);
	const char *who;
	size_t nK = 0;
	int i;

	for (i = 0; i < nsys; i++) {
		curve_read(nfiles ? files[i] : dash, &o->c, &r[i]);
		if (r[i].nK > nK)
			nK = r[i].nK;
	}
	/* -K all: every curve runs to the largest gallery of them all;
	 * --explain's absent queries said before any output (under --quiet
	 * too: asked for) */
	for (i = 0; i < nsys; i++) {
		curveresult_extend(&r[i], nK);
		explain_missing(o->c.common.explain, o->c.common.nexplain,
				r[i].explained, nsys > 1 ?
				system_name(o, files, nfiles, i) : NULL);
	}
	write_curves(o, r, files, nfiles, nsys,
		     o->svg && strcmp(o->svg, "-") == 0);
	if (o->svg)
		draw(o, r, files, nfiles, nsys, 0);
	out_flush();
	for (i = 0; i < nsys; i++) {
		who = nsys > 1 ? system_name(o, files, nfiles, i) : NULL;
		curve_notes(&r[i], &o->c, who);
		curveresult_free(&r[i]);
	}
	free(r);
}

int main(int argc, char **argv)
{
	struct cmcopts o;
	int first = options(argc, argv, &o);
	char **files = argv + first;
	int nfiles = argc - first, nsys = nfiles ? nfiles : 1;

	if (o.galK)
		gallery_curve(&o, files, nfiles, nsys);
	hit_curves(&o, files, nfiles, nsys);
	free(o.label);
	free(o.c.common.explain);
	if (o.c.groups)
		groupfile_free(&o.groups);
	out_finish();
}
