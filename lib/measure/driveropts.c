/* The measure programs' common options and their help (driver.h). */
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "measure/trecnames.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/helpversion.h"
#include "util/out.h"
#include "stream/stream.h"

enum { O_EMPTY = 1000, O_FOLDS, O_CHANCE, O_EXPLAIN, O_QUIET, O_NAMES,
       O_FORMAT, O_VERSION, O_GALLERY, O_CHOICE = 2000,	/* + i: the program's choice i */
       O_FLAG = 3000 };				/* + i: the program's flag i */

static const struct option common_opts[] = {
	{ "cutoffs", required_argument, 0, 'k' },
	{ "measures", required_argument, 0, 'm' },
	{ "ties", required_argument, 0, 'T' },
	{ "empty", required_argument, 0, O_EMPTY },
	{ "folds", required_argument, 0, O_FOLDS },
	{ "per-query", no_argument, 0, 'q' },
	{ "fractions", no_argument, 0, 'f' },
	{ "precision", required_argument, 0, 'p' },
	{ "chance", no_argument, 0, O_CHANCE },
	{ "explain", required_argument, 0, O_EXPLAIN },
	{ "quiet", no_argument, 0, O_QUIET },
	{ "names", required_argument, 0, O_NAMES },
	{ "format", required_argument, 0, O_FORMAT },
	{ "gallery-size", required_argument, 0, O_GALLERY },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
};

/* --help: the program's lines where they belong among the common ones */
static _Noreturn void help(const struct measureprog *prog)
{
	size_t i;

	printf("usage: %s\n%s", prog->usage, prog->about);
	printf("  -k, --cutoffs LIST      cut-offs (default ");
	for (i = 0; i < prog->ndefault_cutoffs; i++)
		printf("%s%ld", i ? "," : "", prog->default_cutoffs[i]);
	printf(")\n");
	printf("  -m, --measures LIST     %s", prog->measures);
	printf("%s",
	       "  -T, --ties MODE         expected (default), optimistic or pessimistic\n"
	       "      --empty POLICY      queries without relevant items: miss (default), skip, error\n");
	printf("%s", prog->own_help);
	printf("%s",
	       "      --chance            also each cut-off measure for a random ranking\n"
	       "      --folds N           N equal consecutive folds of queries; all = their mean\n"
	       "      --gallery-size G    each measure's expectation over random sub-galleries of\n"
	       "                          G candidates that keep the relevant items (hit@10/G1000)\n"
	       "  -q, --per-query         per-query rows too\n"
	       "  -f, --fractions         fractions instead of percent\n"
	       "  -p, --precision N       decimals (default 2, or 4 with -f)\n"
	       "      --explain QUERY     how the query's values are made, on stderr (all: every query)\n"
	       "      --quiet             no notes on the standard error (errors stay)\n"
	       "      --names NAMING      rankkit (default) or trec: trec_eval's names, order, layout\n"
	       "      --format FORMAT     stream (default) or table: aligned, a column per measure\n"
	       "  -h, --help              this help\n"
	       "      --version           version\n");
	out_finish();
}

/* one common option; 0 if c is not one of them */
static int common_option(struct measureopts *o, int c, const char *arg,
			 const char *usage)
{
	static const char *const empties[] = { "miss", "skip", "error", NULL };
	static const char *const namings[] = { "rankkit", "trec", NULL };
	static const char *const formats[] = { "stream", "table", NULL };

	switch (c) {
	case 'k':
		free(o->cutoffs);
		parse_cutoffs("-k", arg, &o->cutoffs, &o->ncutoffs, 0, NULL, usage);
		return 1;
	case 'm':
		if (o->sel) {
			free(o->sel[0]);
			free(o->sel);
		}
		parse_names("-m", arg, &o->sel, &o->nsel, usage);
		return 1;
	case 'T':
		o->mode = parse_choice("-T", arg, tiemode_name, usage);
		return 1;
	case O_EMPTY:
		o->empty = parse_choice("--empty", arg, empties, usage);
		return 1;
	case O_FOLDS:
		o->folds = arg_long("--folds", arg, 1, 1000000000L);
		return 1;
	case 'q':
		o->perquery = 1;
		return 1;
	case 'f':
		o->fractions = 1;
		return 1;
	case 'p':
		o->decimals = (int)arg_long("-p", arg, 0, 17);
		return 1;
	case O_CHANCE:
		o->chance = 1;
		return 1;
	case O_EXPLAIN:
		o->explain = xrealloc(o->explain,
				      (o->nexplain + 1) * sizeof *o->explain);
		o->explain[o->nexplain++] = arg;
		return 1;
	case O_QUIET:
		o->quiet = 1;
		return 1;
	case O_NAMES:
		o->names = parse_choice("--names", arg, namings, usage);
		return 1;
	case O_FORMAT:
		o->format = parse_choice("--format", arg, formats, usage);
		return 1;
	case O_GALLERY:
		o->gallery = arg_long("--gallery-size", arg, 1, LONG_MAX);
		return 1;
	}
	return 0;
}

static void choice_option(const struct choiceopt *ch, const char *arg,
			  const char *usage)
{
	char flag[64];
	snprintf(flag, sizeof flag, "--%s", ch->name);
	*ch->target = ch->values[parse_choice(flag, arg, ch->names, usage)];
}

/* the program's own options after the common ones in opts: nchoice
 * choices, then its flags */
static size_t own_options(const struct measureprog *prog, struct option *opts,
			  size_t *nchoice)
{
	size_t n = 0, i;

	*nchoice = 0;
	while (prog->choices && prog->choices[*nchoice].name) {
		i = (*nchoice)++;
		if (opts)
			opts[n] = (struct option){ prog->choices[i].name,
				required_argument, 0, O_CHOICE + (int)i };
		n++;
	}
	for (i = 0; prog->flags && prog->flags[i].name; i++, n++)
		if (opts)
			opts[n] = (struct option){ prog->flags[i].name,
				no_argument, 0, O_FLAG + (int)i };
	return n;
}

void driver_parse_options(struct driver *d, int argc, char **argv)
{
	const struct measureprog *prog = d->prog;
	size_t ncommon = sizeof common_opts / sizeof common_opts[0], nchoice;
	size_t nown = own_options(prog, NULL, &nchoice);
	struct measureopts *o = &d->opt;
	struct option *opts;
	int c;

	set_progname(argv[0]);
	prog_usage = prog->usage;
	opterr = 0;
	opts = xcalloc(ncommon + nown + 1, sizeof *opts);
	memcpy(opts, common_opts, sizeof common_opts);
	own_options(prog, opts + ncommon, &nchoice);
	memset(o, 0, sizeof *o);
	o->mode = TIE_EXP;
	o->empty = EMPTY_MISS;
	o->decimals = -1;
	while ((c = getopt_long(argc, argv, ":k:m:T:qfp:h", opts, NULL)) != -1) {
		if (common_option(o, c, optarg, prog->usage))
			continue;
		if (c == 'h')
			help(prog);
		if (c == O_VERSION) {
			show_version(prog->name);
		}
		if (c >= O_FLAG && c < O_FLAG + (int)(nown - nchoice)) {
			o->flags |= 1UL << (c - O_FLAG);
			continue;
		}
		if (c < O_CHOICE || c >= O_CHOICE + (int)nchoice)
			opt_error(argv, c);
		choice_option(&prog->choices[c - O_CHOICE], optarg, prog->usage);
	}
	free(opts);
	if (!o->cutoffs) {
		o->ncutoffs = prog->ndefault_cutoffs;
		o->cutoffs = xmalloc(o->ncutoffs * sizeof *o->cutoffs);
		memcpy(o->cutoffs, prog->default_cutoffs,
		       o->ncutoffs * sizeof *o->cutoffs);
	}
	/* a value at G under trec_eval's name would pass for the whole
	 * gallery's; --explain shows the whole gallery's formulas */
	if (o->gallery && o->names == NAMES_TREC)
		usage_error(prog->usage, "--gallery-size: the values at G have "
			    "no trec_eval names (--names rankkit)");
	if (o->gallery && o->nexplain)
		usage_error(prog->usage, "--gallery-size: --explain shows the "
			    "whole gallery only");
	/* trec_eval prints fractions */
	if (o->names == NAMES_TREC)
		o->fractions = 1;
	if (o->decimals < 0)
		o->decimals = o->fractions ? 4 : 2;
	d->files = argv + optind;
	d->nfiles = argc - optind;
	if (prog->check)
		prog->check(o, prog->ctx);
}

/* -m names: a whole-list measure by its name ("AP"), a cut-off one by
 * its name with "@K" ("AP@K"), or by its bare name ("hit") when no
 * whole-list measure has it */
