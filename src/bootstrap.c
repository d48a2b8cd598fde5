/* bootstrap: measure streams to confidence intervals of the mean (one
 * file) and paired comparisons of systems (several files of the same
 * queries), by resampling queries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/optable.h"
#include "util/out.h"
#include "util/pool.h"
#include "util/stdinonce.h"
#include "stream/groupfile.h"
#include "stream/measuretable.h"
#include "stats/adjust.h"
#include "stats/bootreport.h"
#include "stats/bootwords.h"
#include "stats/diffbars.h"
#include "stats/resulttable.h"

static const char usage_line[] =
	"bootstrap [--wilson] [-B N] [-s seed] [-c percent] [--method percentile|bca] "
	"[--group-by FILE] [--test signflip|t|wilcoxon] [--adjust holm|bh|bonferroni|none] [--all-pairs] "
	"[--permutations N] [-j N] [-p decimals] [--format FORMAT] [--label NAME ...] "
	"[--baseline NAME] [--svg FILE [--svg-measure NAME] [--xlabel TEXT] "
	"[--ylabel TEXT] [--title TEXT] [--width PX] [--height PX]] [FILE ...]";

enum { O_METHOD = OPT_OWN, O_PERM, O_WILSON, O_FORMAT, O_LABEL,
	O_BASELINE, O_TEST, O_ADJUST, O_ALLPAIRS, O_SVG, O_SVGMEASURE, O_XLABEL,
	O_YLABEL, O_TITLE, O_WIDTH, O_HEIGHT, O_GROUPBY };

enum { FMT_STREAM, FMT_REPORT, FMT_TEXT, FMT_MARKDOWN, FMT_LATEX };

/* the options and --help in its order */
static const struct optdef opts[] = {
	{ NULL, 0, 0,
	  "Reads per-query measure streams (-q output of hitrate, mapr, ndcg).\n"
	  "One file: each measure's mean and its bootstrap interval. Several files\n"
	  "(systems on the same queries): each against the first, the interval of\n"
	  "the mean difference and a paired test's p (adjusted for three or more\n"
	  "files).\n" },
	{ "format", O_FORMAT, 1,
	  "      --format F          stream (default), report (in words), or a results\n"
	  "                          table: text, markdown, latex\n" },
	{ "label", O_LABEL, 1,
	  "      --label NAME        a system's name (once per file; default the file's)\n" },
	{ "baseline", O_BASELINE, 1,
	  "      --baseline NAME     the system the others are compared with (default\n"
	  "                          the first; in a report, a table or --svg)\n" },
	{ "resamples", 'B', 1,
	  "  -B, --resamples N       bootstrap resamples (default 10000)\n" },
	{ "seed", 's', 1,
	  "  -s, --seed S            seed of the random generator (default 1)\n" },
	{ "confidence", 'c', 1,
	  "  -c, --confidence C      coverage in percent (default 95)\n" },
	{ "method", O_METHOD, 1,
	  "      --method M          percentile (default) or bca\n" },
	{ "group-by", O_GROUPBY, 1,
	  "      --group-by FILE     resample the queries within the groups of FILE's\n"
	  "                          'query group' lines (one file; percentile)\n" },
	{ "test", O_TEST, 1,
	  "      --test T            the paired test: signflip (default; randomization),\n"
	  "                          t (paired t-test), wilcoxon (signed-rank)\n" },
	{ "adjust", O_ADJUST, 1,
	  "      --adjust A          p adjusted over each measure's comparisons with\n"
	  "                          the baseline: holm (default), bh (Benjamini-\n"
	  "                          Hochberg), bonferroni, none\n" },
	{ "all-pairs", O_ALLPAIRS, 0,
	  "      --all-pairs         every pair of systems by the randomised Tukey HSD\n"
	  "                          (no baseline; not with --test or --adjust)\n" },
	{ "permutations", O_PERM, 1,
	  "      --permutations N    sign-flip or Tukey HSD draws for p (default 10000)\n" },
	{ "svg", O_SVG, 1,
	  "      --svg FILE          two files: the per-query differences with the\n"
	  "                          baseline, sorted, as SVG bars too (-: instead)\n" },
	{ "svg-measure", O_SVGMEASURE, 1,
	  "      --svg-measure NAME  the measure drawn (default the first)\n" },
	{ "xlabel", O_XLABEL, 1,
	  "      --xlabel TEXT       the SVG's x axis title (default queries, by\n"
	  "                          difference)\n" },
	{ "ylabel", O_YLABEL, 1,
	  "      --ylabel TEXT       its y axis title (default MEASURE: B - A)\n" },
	{ "title", O_TITLE, 1,
	  "      --title TEXT        a title above the SVG plot\n" },
	{ "width", O_WIDTH, 1,
	  "      --width PX, --height PX  the SVG's size (default 640 x 400)\n" },
	{ "height", O_HEIGHT, 1, NULL },
	{ "wilson", O_WILSON, 0,
	  "      --wilson            Wilson's interval too, for 0/1 measures (one file)\n" },
	OPTDEF_JOBS("  -j, --jobs N            threads (default: online CPUs, at most 8)\n"),
	{ "precision", 'p', 1,
	  "  -p, --precision N       decimals (default 4; p has at least 6)\n" },
	{ "help", OPT_HELP, 0,
	  "  -h, --help              this help\n" },
	{ "version", OPT_VERSION, 0,
	  "      --version           version\n" },
};

static double confidence_arg(const char *text)
{
	double c = arg_double("-c", text);
	if (!(c > 0 && c < 100))
		usage_error(NULL, "-c: '%s' is not a percentage between 0 and 100",
			    text);
	return c / 100;
}

/* the command line beside the engines' options */
struct cmdline {
	struct bootopts o;
	int format;
	const char **label;
	size_t nlabel;
	const char *baseline;
	int all_pairs;
	int test_given, adjust_given;	/* --test, --adjust on the command line */
	const char *svg;	/* --svg's file */
	const char *group_by;	/* --group-by's file */
	struct difflook look;	/* and how it looks */
};

/* one option (optable.h's take) */
static int take(void *ctx, int key, const char *arg)
{
	static const char *const methods[] = { "percentile", "bca", NULL };
	static const char *const formats[] = {
		"stream", "report", "text", "markdown", "latex", NULL
	};
	struct cmdline *cl = ctx;
	struct bootopts *o = &cl->o;

	switch (key) {
	case 'B': o->resamples = arg_long("-B", arg, 1, 100000000L); break;
	case 's': o->seed = (uint64_t)arg_long("-s", arg, 0, 2147483647L); break;
	case 'c': o->confidence = confidence_arg(arg); break;
	case O_METHOD: o->method = parse_choice("--method", arg, methods, NULL); break;
	case O_PERM:
		o->permutations = arg_long("--permutations", arg, 1, 1000000000L);
		break;
	case O_WILSON: o->wilson = 1; break;
	case O_TEST:
		o->test = parse_choice("--test", arg, boot_test_names, NULL);
		cl->test_given = 1;
		break;
	case O_ADJUST:
		o->adjust = parse_choice("--adjust", arg, adjust_names, NULL);
		cl->adjust_given = 1;
		break;
	case O_ALLPAIRS: cl->all_pairs = 1; break;
	case 'j': o->threads = jobs_arg(arg); break;
	case 'p': o->decimals = (int)arg_long("-p", arg, 0, 17); break;
	case O_FORMAT: cl->format = parse_choice("--format", arg, formats, NULL); break;
	case O_LABEL:
		cl->label = xrealloc(cl->label, (cl->nlabel + 1) * sizeof *cl->label);
		cl->label[cl->nlabel++] = arg;
		break;
	case O_BASELINE: cl->baseline = arg; break;
	case O_GROUPBY: cl->group_by = arg; break;
	case O_SVG: cl->svg = arg; break;
	case O_SVGMEASURE: cl->look.measure = arg; break;
	case O_XLABEL: cl->look.xlabel = arg; break;
	case O_YLABEL: cl->look.ylabel = arg; break;
	case O_TITLE: cl->look.title = arg; break;
	case O_WIDTH:
		cl->look.width = (int)arg_long("--width", arg, 200, 20000);
		break;
	case O_HEIGHT:
		cl->look.height = (int)arg_long("--height", arg, 150, 20000);
		break;
	default:
		return 0;
	}
	return 1;
}

/* the usage rules between the options and the files */
static void check_usage(const struct cmdline *cl, int first, int argc,
			char **argv)
{
	int nfiles = argc - first;
	if (nfiles > 26)
		usage_error(NULL, "at most 26 files (systems A to Z)");
	if (cl->o.wilson && (nfiles > 1 || cl->format != FMT_STREAM))
		usage_error(NULL, "--wilson needs exactly one file and --format stream");
	stdin_once(stdin_uses((const char *const *)argv + first,
			      (size_t)nfiles));
	if (cl->nlabel && cl->nlabel != (size_t)(nfiles ? nfiles : 1))
		usage_error(NULL, "%zu --label for %d file%s", cl->nlabel,
			    nfiles ? nfiles : 1, nfiles == 1 ? "" : "s");
	if (cl->all_pairs && (cl->test_given || cl->adjust_given))
		usage_error(NULL, "--all-pairs is its own test, the randomised "
			    "Tukey HSD, which guards the family of pairs itself: "
			    "not with --%s", cl->test_given ? "test" : "adjust");
	if (cl->all_pairs && (nfiles < 2 || cl->format != FMT_STREAM))
		usage_error(NULL, "--all-pairs needs two files or more and "
			    "--format stream");
	if (cl->format == FMT_STREAM && !cl->svg && (cl->nlabel || cl->baseline))
		usage_error(NULL, "--label and --baseline name systems in a "
			    "report, table or --svg, not in --format stream");
	if (cl->svg && (nfiles != 2 || cl->all_pairs))
		usage_error(NULL, "--svg draws one comparison: two files, "
			    "without --all-pairs");
	if (cl->group_by && (nfiles > 1 || cl->o.method == METHOD_BCA ||
			     cl->o.wilson))
		usage_error(NULL, "--group-by: one file and the percentile "
			    "interval (not several files, --method bca or "
			    "--wilson)");
	if (cl->group_by && strcmp(cl->group_by, "-") == 0)
		usage_error(NULL, "--group-by: a file, not the standard input");
	if (!cl->svg && (cl->look.measure || cl->look.xlabel || cl->look.ylabel ||
			 cl->look.title || cl->look.width || cl->look.height))
		usage_error(NULL, "--svg-measure, --xlabel, --ylabel, --title, "
			    "--width and --height describe --svg's picture: "
			    "not without it");
}

/* the index of the system named by --baseline (a label, or a file name
 * when there are no labels), 0 without it */
static int baseline_index(const struct cmdline *cl, const char *const *name,
			  int n)
{
	if (!cl->baseline)
		return 0;
	for (int i = 0; i < n; i++)
		if (strcmp(name[i], cl->baseline) == 0)
			return i;
	usage_error(NULL, "--baseline '%s' names none of the systems%s",
		    cl->baseline, cl->nlabel ? " (their --label)" : "");
}

/* the systems' names: their labels, or their files' */
static const char **system_names(const struct cmdline *cl,
				 const struct mtable *tab, int n)
{
	const char **name = xmalloc((size_t)n * sizeof *name);
	boot_labels_unique(cl->label, cl->nlabel);
	for (int i = 0; i < n; i++)
		name[i] = cl->nlabel ? cl->label[i] :
		    strcmp(tab[i].file, "-") ? tab[i].file : "stdin";
	return name;
}

/* --svg: the other system's differences with the baseline, of two */
static void write_svg(const struct cmdline *cl, const struct mtable *tab)
{
	const char **name = system_names(cl, tab, 2);
	int b = baseline_index(cl, name, 2);
	diffbars_save(&tab[b], &tab[1 - b], name[b], name[1 - b], &cl->look,
		      cl->svg);
	free(name);
}

/* the report or a results table */
static void write_results(const struct cmdline *cl, const struct mtable *tab,
			  int n)
{
	const struct mtable **t = xmalloc((size_t)n * sizeof *t);
	const char **name = system_names(cl, tab, n);
	struct bootresults r;
	for (int i = 0; i < n; i++)
		t[i] = &tab[i];
	boot_results(&r, t, name, n, baseline_index(cl, name, n), &cl->o);
	if (cl->format == FMT_REPORT)
		boot_words(&r);
	else
		boot_table(&r, cl->format == FMT_TEXT ? TABLE_TEXT :
			   cl->format == FMT_MARKDOWN ? TABLE_MARKDOWN : TABLE_LATEX);
	boot_results_free(&r);
	free(name);
	free(t);
}

/* --group-by: each query's group; a stream whose "all" is the mean of
 * its groups' rows (macro) needs them, so that the interval is that
 * mean's */
static void take_groups(const struct cmdline *cl, struct mtable *tab, int n)
{
	struct groupfile g;

	for (int i = 0; i < n; i++) {
		if (tab[i].macro && n > 1)
			usage_error(NULL, "%s: its all is the mean of its groups' "
				    "rows (--group-mean macro): systems are "
				    "compared on their means over queries "
				    "(--group-mean micro)", tab[i].file);
		if (tab[i].macro && !cl->group_by)
			usage_error(NULL, "%s: its all is the mean of its groups' "
				    "rows (--group-mean macro): give the same "
				    "--group-by FILE", tab[i].file);
	}
	if (!cl->group_by)
		return;
	groupfile_read(&g, cl->group_by);
	mtable_groups(&tab[0], &g);
	groupfile_free(&g);
}

int main(int argc, char **argv)
{
	struct cmdline cl = { .o = {
		.resamples = 10000, .permutations = 10000, .seed = 1,
		.confidence = 0.95, .method = METHOD_PERCENTILE,
		.test = TEST_SIGNFLIP, .adjust = ADJUST_HOLM,
		.threads = pool_default_jobs(8), .decimals = 4,
	} };
	struct optable t = { .name = "bootstrap", .usage = usage_line,
			     .defs = opts, .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = &cl };
	int first = optable_parse(&t, argc, argv);

	check_usage(&cl, first, argc, argv);
	int nfiles = argc - first, n = nfiles ? nfiles : 1;
	struct mtable *tab = xcalloc((size_t)n, sizeof *tab);
	for (int i = 0; i < n; i++)
		mtable_read(&tab[i], nfiles ? argv[first + i] : "-");
	take_groups(&cl, tab, n);
	mtable_note_left_out(tab, n);
	if (cl.svg)	/* first: a measure it lacks is refused before output */
		write_svg(&cl, tab);
	if (cl.svg && strcmp(cl.svg, "-") == 0)
		;	/* the picture instead of the numbers */
	else if (cl.format != FMT_STREAM)
		write_results(&cl, tab, n);
	else if (cl.all_pairs)
		boot_all_pairs_stream(tab, n, &cl.o);
	else if (n == 1)
		boot_one(&tab[0], &cl.o);
	else
		boot_compare(tab, n, &cl.o);
	for (int i = 0; i < n; i++)
		mtable_free(&tab[i]);
	free(tab);
	free(cl.label);
	out_finish();
}
