/* cmc: rank streams to the hit-rate curve, hit@K at every K from 1 to a
 * last K (the cumulative matching characteristic of re-identification,
 * the Recall@N curve of place recognition), as a measure stream, as
 * columns, or drawn. Each input stream is one system. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/optlist.h"
#include "util/num.h"
#include "util/helpversion.h"
#include "util/out.h"
#include "measure/curverun.h"
#include "measure/curvegal.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "plot/svgplot.h"
#include "plot/termplot.h"

static const char usage_line[] =
	"cmc [-f] [-K N|all] [-T MODE] [-p N] [--empty miss|skip|error] "
	"[--folds N] [--curve | --plot [--ascii]] [--svg FILE] [--log-k] "
	"[--ymin Y] [--ymax Y] [--xlabel TEXT] [--ylabel TEXT] [--title TEXT] "
	"[--width PX] [--height PX] "
	"[--label NAME ...] [--explain QUERY ...] [--quiet] [--format stream|table] "
	"[--names rankkit] [--gallery-curve K] [RANKS ...]";

static const char help[] =
	"Reads rank streams (one per system) and writes hit@K for K = 1 .. N.\n"
	"  -K, --max-rank N|all    last K (default 50; all: the largest gallery)\n"
	"  -T, --ties MODE         expected (default), optimistic or pessimistic\n"
	"      --empty POLICY      queries without relevant items: miss (default), skip, error\n"
	"      --folds N           N equal consecutive folds of queries; all = their mean\n"
	"  -f, --fractions         fractions instead of percent\n"
	"  -p, --precision N       decimals (default 2, or 4 with -f)\n"
	"      --curve             columns 'K value' (one value column per system)\n"
	"      --plot              the curve drawn for a terminal of $COLUMNS columns\n"
	"      --ascii             the plot in plain ASCII (implies --plot)\n"
	"      --svg FILE          the curve as an SVG 1.1 picture too (-: instead)\n"
	"      --log-k             K on a logarithmic scale in the plots\n"
	"      --ymin Y, --ymax Y  the SVG's y range (default: the curves' values,\n"
	"                          rounded out to ticks)\n"
	"      --xlabel TEXT       the x axis title of the plots (default K)\n"
	"      --ylabel TEXT       the y axis title (default hit@K (%) or hit@K)\n"
	"      --title TEXT        a title above the SVG plot\n"
	"      --width PX, --height PX  the SVG's size (default 640 x 400)\n"
	"      --label NAME        a system's name in outputs and legends (once per input)\n"
	"      --explain QUERY     how the query's hit@K are made, on stderr (all: every query)\n"
	"      --format FORMAT     stream (default) or table: --curve's columns aligned\n"
	"                          (--curve --format table is the same table)\n"
	"      --quiet             no notes on the standard error (errors stay)\n"
	"      --names NAMING      rankkit (default); trec_eval has no CMC curve\n"
	"      --gallery-curve K   hit@K against the gallery size G instead (expected over\n"
	"                          random sub-galleries of G that keep the relevant items)\n"
	"  -h, --help              this help\n"
	"      --version           version\n";

enum { O_EMPTY = 256, O_FOLDS, O_CURVE, O_PLOT, O_ASCII, O_SVG, O_LOGK,
       O_LABEL, O_EXPLAIN, O_QUIET, O_FORMAT, O_NAMES, O_VERSION,
       O_GALCURVE, O_YMIN, O_YMAX, O_XLABEL, O_YLABEL, O_TITLE, O_WIDTH,
       O_HEIGHT };

static const struct option opts[] = {
	{ "max-rank", required_argument, 0, 'K' },
	{ "ties", required_argument, 0, 'T' },
	{ "empty", required_argument, 0, O_EMPTY },
	{ "folds", required_argument, 0, O_FOLDS },
	{ "fractions", no_argument, 0, 'f' },
	{ "precision", required_argument, 0, 'p' },
	{ "curve", no_argument, 0, O_CURVE },
	{ "plot", no_argument, 0, O_PLOT },
	{ "ascii", no_argument, 0, O_ASCII },
	{ "svg", required_argument, 0, O_SVG },
	{ "log-k", no_argument, 0, O_LOGK },
	{ "label", required_argument, 0, O_LABEL },
	{ "ymin", required_argument, 0, O_YMIN },
	{ "ymax", required_argument, 0, O_YMAX },
	{ "xlabel", required_argument, 0, O_XLABEL },
	{ "ylabel", required_argument, 0, O_YLABEL },
	{ "title", required_argument, 0, O_TITLE },
	{ "width", required_argument, 0, O_WIDTH },
	{ "height", required_argument, 0, O_HEIGHT },
	{ "explain", required_argument, 0, O_EXPLAIN },
	{ "quiet", no_argument, 0, O_QUIET },
	{ "format", required_argument, 0, O_FORMAT },
	{ "names", required_argument, 0, O_NAMES },
	{ "gallery-curve", required_argument, 0, O_GALCURVE },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
	{ 0, 0, 0, 0 }
};

/* the most rows cmc writes: the largest -K, and the largest gallery of -K
 * all unless the output is a plot alone */
#define MAX_RANK 100000000L

struct cmcopts {
	struct curveopts c;
	int curve, plot, ascii, logk;
	int format;		/* enum format (driver.h) */
	const char *svg;
	char **label;
	size_t nlabel;
	long galK;		/* --gallery-curve K; 0: the curve against K */
	double ymin, ymax;	/* NaN: from the curves */
	const char *xlabel, *ylabel, *title;
	int width, height;
};

/* the options of the plots' looks */
static int plot_option(int c, struct cmcopts *o)
{
	switch (c) {
	case O_YMIN: o->ymin = arg_double("--ymin", optarg); return 1;
	case O_YMAX: o->ymax = arg_double("--ymax", optarg); return 1;
	case O_XLABEL: o->xlabel = optarg; return 1;
	case O_YLABEL: o->ylabel = optarg; return 1;
	case O_TITLE: o->title = optarg; return 1;
	case O_WIDTH: o->width = (int)arg_long("--width", optarg, 200, 20000); return 1;
	case O_HEIGHT: o->height = (int)arg_long("--height", optarg, 150, 20000); return 1;
	default: return 0;
	}
}

static void parse_options(int argc, char **argv, struct cmcopts *o)
{
	static const char *const empties[] = { "miss", "skip", "error", NULL };
	static const char *const formats[] = { "stream", "table", NULL };
	static const char *const namings[] = { "rankkit", "trec", NULL };
	int c;

	while ((c = getopt_long(argc, argv, ":K:T:fp:h", opts, NULL)) != -1) {
		if (plot_option(c, o))
			continue;
		switch (c) {
		case 'K':
			o->c.maxK = strcmp(optarg, "all") == 0 ? 0 :
				(size_t)arg_long("-K", optarg, 1, MAX_RANK);
			break;
		case 'T':
			o->c.mode = parse_choice("-T", optarg, tiemode_name, usage_line);
			break;
		case O_EMPTY:
			o->c.empty = parse_choice("--empty", optarg, empties, usage_line);
			break;
		case O_FOLDS:
			o->c.folds = arg_long("--folds", optarg, 1, 1000000000L);
			break;
		case 'f':
			o->c.fractions = 1;
			break;
		case 'p':
			o->c.decimals = (int)arg_long("-p", optarg, 0, 17);
			break;
		case O_CURVE:
			o->curve = 1;
			break;
		case O_ASCII:
			o->ascii = 1;
			/* fall through */
		case O_PLOT:
			o->plot = 1;
			break;
		case O_SVG:
			o->svg = optarg;
			break;
		case O_LOGK:
			o->logk = 1;
			break;
		case O_LABEL:
			o->label = xrealloc(o->label,
					    (o->nlabel + 1) * sizeof *o->label);
			o->label[o->nlabel++] = optarg;
			break;
		case O_EXPLAIN:
			o->c.explain = xrealloc(o->c.explain, (o->c.nexplain + 1) *
						sizeof *o->c.explain);
			o->c.explain[o->c.nexplain++] = optarg;
			break;
		case O_QUIET:
			o->c.quiet = 1;
			break;
		case O_FORMAT:
			o->format = parse_choice("--format", optarg, formats, usage_line);
			break;
		case O_NAMES:
			/* the curve at K is trec_eval's success_K only where
			 * trec_eval has that K (1, 5, 10): hitrate prints those */
			if (parse_choice("--names", optarg, namings, usage_line))
				usage_error(usage_line, "--names trec: trec_eval has "
					    "no CMC curve; its success_1, success_5 "
					    "and success_10 are hitrate --names trec "
					    "-k 1,5,10 -m success");
			break;
		case O_GALCURVE:
			o->galK = arg_long("--gallery-curve", optarg, 1, MAX_RANK);
			break;
		case 'h':
			show_help(usage_line, help);
		case O_VERSION:
			show_version("cmc");
		default:
			opt_error(argv, c);
		}
	}
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
	double scale = o->c.fractions ? 1 : 100;
	struct plotspec spec = {
		.s = s, .ns = (size_t)nsys, .xlabel = o->xlabel ? o->xlabel : "K",
		.ylabel = o->ylabel ? o->ylabel : o->c.fractions ? "hit@K" : "hit@K (%)",
		.svg_ymin = o->ymin, .svg_ymax = o->ymax, .title = o->title,
		.width = o->width, .height = o->height,
		.ymax = scale, .ydecimals = o->c.fractions ? 1 : 0,
		.logx = o->logk, .legend = nsys > 1 || o->nlabel,
		.every = plot_every(),
	};
	int i;

	for (i = 0; i < nsys; i++) {
		p[i] = (struct plotted){ &r[i], o->c.mode, scale };
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
	double scale = o->c.fractions ? 1 : 100;
	char ylabel[64];
	struct plotspec spec = {
		.s = s, .ns = (size_t)nsys,
		.xlabel = o->xlabel ? o->xlabel : "gallery size G",
		.ylabel = o->ylabel ? o->ylabel : ylabel,
		.svg_ymin = o->ymin, .svg_ymax = o->ymax, .title = o->title,
		.width = o->width, .height = o->height, .ymax = scale,
		.ydecimals = o->c.fractions ? 1 : 0, .logx = o->logk,
		.legend = nsys > 1 || o->nlabel,
		.every = plot_every() ? plot_every() : 1,
	};
	int i;

	snprintf(ylabel, sizeof ylabel, "hit@%ld%s", o->galK,
		 o->c.fractions ? "" : " (%)");
	for (i = 0; i < nsys; i++) {
		p[i] = (struct galplotted){ &c[i], o->galK, o->c.mode, scale };
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

	if (o->c.folds || o->c.nexplain || o->format == FORMAT_TABLE)
		usage_error(usage_line, "--gallery-curve: no --folds, "
			    "--explain or --format table");
	for (i = 0; i < nsys; i++)
		galcurve_read(nfiles ? files[i] : dash, o->c.empty, &c[i]);
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
	int table = o->format == FORMAT_TABLE, i;
	char **names;

	if (o->plot) {
		draw(o, r, files, nfiles, nsys, 1);
		return;
	}
	if (svg_out && !o->curve && !table)
		return;
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

int main(int argc, char **argv)
{
	struct cmcopts o = { .c = { .maxK = 50, .mode = TIE_EXP,
				    .empty = EMPTY_MISS, .decimals = -1 },
			     .ymin = NAN, .ymax = NAN };
	struct curveresult *r;
	static char dash[] = "-";
	char **files;
	size_t nK = 0;
	int nfiles, nsys, i, svg_out;

	set_progname(argv[0]);
	prog_usage = usage_line;
	opterr = 0;
	parse_options(argc, argv, &o);
	files = argv + optind;
	nfiles = argc - optind;
	nsys = nfiles ? nfiles : 1;
	svg_out = o.svg && strcmp(o.svg, "-") == 0;
	if ((o.curve || o.format == FORMAT_TABLE) + o.plot + svg_out > 1)
		usage_error(usage_line, "--curve (or --format table), --plot "
			    "and --svg - each take the standard output");
	if (o.nlabel && o.nlabel != (size_t)nsys)
		usage_error(usage_line, "%zu --label for %d input%s", o.nlabel,
			    nsys, nsys == 1 ? "" : "s");
	if (!isnan(o.ymin) && !isnan(o.ymax) && !(o.ymin < o.ymax))
		usage_error(usage_line, "--ymin %g is not below --ymax %g",
			    o.ymin, o.ymax);
	if (o.c.decimals < 0)
		o.c.decimals = o.c.fractions ? 4 : 2;
	if (o.galK)
		gallery_curve(&o, files, nfiles, nsys);

	/* -K all writes a row per K up to the largest gallery: as many as
	 * -K allows; a plot alone samples the curve, whatever the gallery */
	if (o.plot || svg_out)
		o.c.rows_max = 0;
	else
		o.c.rows_max = MAX_RANK;
	r = xcalloc((size_t)nsys, sizeof *r);
	for (i = 0; i < nsys; i++) {
		curve_read(nfiles ? files[i] : dash, &o.c, &r[i]);
		if (r[i].nK > nK)
			nK = r[i].nK;
	}
	/* -K all: every curve runs to the largest gallery of them all;
	 * --explain's absent queries said before any output (under --quiet
	 * too: asked for) */
	for (i = 0; i < nsys; i++) {
		curveresult_extend(&r[i], nK);
		explain_missing(o.c.explain, o.c.nexplain,
				r[i].explained, nsys > 1 ?
				system_name(&o, files, nfiles, i) : NULL);
	}

	write_curves(&o, r, files, nfiles, nsys, svg_out);
	if (o.svg)
		draw(&o, r, files, nfiles, nsys, 0);
	out_flush();
	for (i = 0; i < nsys; i++) {
		curve_notes(&r[i], &o.c, nsys > 1 ? system_name(&o, files, nfiles, i) : NULL);
		curveresult_free(&r[i]);
	}
	free(r);
	free(o.label);
	free(o.c.explain);
	out_finish();
}
