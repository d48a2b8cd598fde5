/* The measure programs' options (driver.h): those they share with cmc
 * (commonopts.h), their own (-k, -m, -q, --chance, --gallery-size) and
 * each program's choices and flags, in one table that is also --help. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "measure/driver.h"
#include "measure/gallery.h"
#include "measure/sampled.h"
#include "measure/trecnames.h"

enum { M_CHANCE = OPT_OWN, M_GALLERY, M_DRAWS, M_SAMPLED, M_FULL, M_GAMMA,
       M_CHOICE = OPT_OWN + 1000,	/* + i: the program's choice i */
       M_FLAG = OPT_OWN + 2000,		/* + i: the program's flag i */
       M_NUMBER = OPT_OWN + 3000,	/* + i: the program's number i */
       M_TEXT = OPT_OWN + 4000 };	/* + i: the program's text i */

/* the table's entries after the program's own options */
static const struct optdef tail[] = {
	{ "chance", M_CHANCE, 0,
	  "      --chance            also each cut-off measure for a random ranking\n" },
	CO_OPT_JUDGED_ONLY,
	CO_OPT_FOLDS,
	CO_OPT_GROUP_BY("a row per group of FILE's 'query group' lines\n"),
	CO_OPT_GROUP_MEAN("all = the mean of the groups' rows (macro, default)\n"
			  "                          or of the queries' (micro)\n"),
	CO_OPT_PARTIAL,
	{ "gallery-size", M_GALLERY, 1,
	  "      --gallery-size G    each measure's expectation over random sub-galleries of\n"
	  "                          G candidates that keep the relevant items (hit@10/G1000)\n" },
	{ "gallery-draws", M_DRAWS, 1,
	  "      --gallery-draws HOW the G - m others of --gallery-size drawn without\n"
	  "                          (default) or with replacement (hit@10/G101:replace)\n" },
	{ "per-query", 'q', 0, "  -q, --per-query         per-query rows too\n" },
	CO_OPT_FRACTIONS,
	CO_OPT_PRECISION,
	CO_OPT_EXPLAIN("how the query's values are made, on stderr (all: every query)\n"),
	CO_OPT_QUIET,
	CO_OPT_NAMES("rankkit (default); trec: trec_eval's names, order, layout;\n"
		     "                          irm: ir_measures' names (nDCG@10, R@1000, RR)\n"),
	CO_OPT_FORMAT("stream (default); table: aligned, a column per\n"
		      "                          measure; jsonl or csv: a record per row, for pandas\n"),
	CO_OPT_HELP,
	CO_OPT_VERSION,
};

static const char *const draws_names[] = { "without", "with", NULL };

/* the entries of a program that reads ranks among sampled negatives
 * (measureprog.sampled), after --gallery-size */
static const struct optdef sampled_opts[] = {
	{ "sampled-negatives", M_SAMPLED, 1,
	  "      --sampled-negatives M\n"
	  "                          each query ranks one relevant item among M sampled\n"
	  "                          negatives: name:sampled, and name:bv (name:mes on\n"
	  "                          request) estimating the measure at --full-size N\n" },
	{ "full-size", M_FULL, 1,
	  "      --full-size N       candidates of the full gallery the negatives came from\n" },
	{ "bv-gamma", M_GAMMA, 1,
	  "      --bv-gamma G        the bias-variance trade-off of name:bv, 0 < G <= 1\n"
	  "                          (default 0.1, Krichene and Rendle's)\n" },
};
enum { NSAMPLED = sizeof sampled_opts / sizeof sampled_opts[0],
       TAIL_GALLERY = 7 };	/* --gallery-draws's place in tail: the sampled options follow */

/* the help lines that name the program's defaults and measures */
struct proghelp {
	char cutoffs[256];	/* -k */
	char *measures;		/* -m */
};

static void proghelp_make(struct proghelp *h, const struct measureprog *prog)
{
	static const char m[] = "  -m, --measures LIST     ";
	size_t i, n;

	n = (size_t)snprintf(h->cutoffs, sizeof h->cutoffs,
			     "  -k, --cutoffs LIST      cut-offs (default ");
	for (i = 0; i < prog->ndefault_cutoffs && n < sizeof h->cutoffs; i++)
		n += (size_t)snprintf(h->cutoffs + n, sizeof h->cutoffs - n,
				      "%s%ld", i ? "," : "",
				      prog->default_cutoffs[i]);
	if (n < sizeof h->cutoffs)
		snprintf(h->cutoffs + n, sizeof h->cutoffs - n, ")\n");
	h->measures = xmalloc(sizeof m + strlen(prog->measures));
	memcpy(h->measures, m, sizeof m - 1);
	strcpy(h->measures + sizeof m - 1, prog->measures);
}

/* the table in --help's order: -k, -m, -T, --empty, the program's own
 * options (their help in one piece: choices, flags, numbers, texts), then
 * the tail; *n entries */
static struct optdef *table(const struct measureprog *prog,
			    const struct proghelp *h, size_t *n)
{
	size_t nch = 0, nfl = 0, nnum = 0, ntext = 0, i, k = 0;
	struct optdef *t;

	while (prog->choices && prog->choices[nch].name)
		nch++;
	while (prog->flags && prog->flags[nfl].name)
		nfl++;
	while (prog->numbers && prog->numbers[nnum].name)
		nnum++;
	while (prog->texts && prog->texts[ntext].name)
		ntext++;
	*n = 6 + nch + nfl + nnum + ntext + sizeof tail / sizeof tail[0] +
		(prog->sampled ? NSAMPLED : 0);
	t = xcalloc(*n, sizeof *t);
	t[k++] = (struct optdef){ NULL, 0, 0, prog->about };
	t[k++] = (struct optdef){ "cutoffs", 'k', 1, h->cutoffs };
	t[k++] = (struct optdef){ "measures", 'm', 1, h->measures };
	t[k++] = (struct optdef)CO_OPT_TIES;
	t[k++] = (struct optdef)CO_OPT_EMPTY;
	t[k++] = (struct optdef){ NULL, 0, 0, prog->own_help };
	for (i = 0; i < nch; i++)
		t[k++] = (struct optdef){ prog->choices[i].name,
					  M_CHOICE + (int)i, 1, NULL };
	for (i = 0; i < nfl; i++)
		t[k++] = (struct optdef){ prog->flags[i].name,
					  M_FLAG + (int)i, 0, NULL };
	for (i = 0; i < nnum; i++)
		t[k++] = (struct optdef){ prog->numbers[i].name,
					  M_NUMBER + (int)i, 1, NULL };
	for (i = 0; i < ntext; i++)
		t[k++] = (struct optdef){ prog->texts[i].name,
					  M_TEXT + (int)i, 1, NULL };
	if (!prog->sampled) {
		memcpy(t + k, tail, sizeof tail);
		return t;
	}
	memcpy(t + k, tail, (TAIL_GALLERY + 1) * sizeof tail[0]);
	k += TAIL_GALLERY + 1;
	memcpy(t + k, sampled_opts, sizeof sampled_opts);
	k += NSAMPLED;
	memcpy(t + k, tail + TAIL_GALLERY + 1,
	       sizeof tail - (TAIL_GALLERY + 1) * sizeof tail[0]);
	return t;
}

/* a program's choice: --NAME takes one of names, its value to *target */
static void choice_option(const struct choiceopt *ch, const char *arg,
			  const char *usage)
{
	char flag[64];
	snprintf(flag, sizeof flag, "--%s", ch->name);
	*ch->target = ch->values[parse_choice(flag, arg, ch->names, usage)];
}

/* a program's number: --NAME takes a number in [lo, hi] */
static void number_option(const struct numberopt *nu, const char *arg,
			  const char *usage)
{
	char flag[64];
	double v;

	snprintf(flag, sizeof flag, "--%s", nu->name);
	v = nu->whole ? (double)arg_long(flag, arg, (long)nu->lo, (long)nu->hi)
	    : arg_double(flag, arg);
	if (!(v >= nu->lo && v <= nu->hi))
		usage_error(usage, "%s: '%s' is not a number with %s", flag,
			    arg, nu->range);
	*nu->target = v;
	if (nu->given)
		*nu->given = 1;
}

/* one of the measure programs' options; 0 if key is none of them (the
 * table holds no other: getopt_long returns only its keys) */
static int take(void *ctx, int key, const char *arg)
{
	struct driver *d = ctx;
	struct measureopts *o = &d->opt;
	const char *usage = d->prog->usage;

	switch (key) {
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
	case 'q':
		o->perquery = 1;
		return 1;
	case M_CHANCE:
		o->chance = 1;
		return 1;
	case M_GALLERY:
		o->gallery = arg_long("--gallery-size", arg, 1, LONG_MAX);
		return 1;
	case M_DRAWS:
		o->replace = parse_choice("--gallery-draws", arg, draws_names,
					  usage);
		o->draws_given = 1;
		return 1;
	case M_SAMPLED:
		o->sampled = arg_long("--sampled-negatives", arg, 1, 1000);
		return 1;
	case M_FULL:
		o->full = arg_long("--full-size", arg, 2, 1000000000L);
		return 1;
	case M_GAMMA:
		o->gamma = arg_double("--bv-gamma", arg);
		if (!(o->gamma > 0 && o->gamma <= 1))
			usage_error(usage, "--bv-gamma: '%s' is not a number "
				    "with 0 < G <= 1", arg);
		return 1;
	}
	if (key >= M_TEXT)
		d->prog->texts[key - M_TEXT].take(arg, usage);
	else if (key >= M_NUMBER)
		number_option(&d->prog->numbers[key - M_NUMBER], arg, usage);
	else if (key >= M_FLAG)
		o->flags |= 1UL << (key - M_FLAG);
	else if (key >= M_CHOICE)
		choice_option(&d->prog->choices[key - M_CHOICE], arg, usage);
	else
		return 0;
	return 1;
}

/* --sampled-negatives M with --full-size N > M, --bv-gamma with them,
 * none with what measures another gallery or explains one (a usage
 * error) */
static void sampled_options(struct measureopts *o, const char *usage)
{
	if (!o->sampled) {
		if (o->full || o->gamma)
			usage_error(usage, "--%s: only with --sampled-negatives",
				    o->full ? "full-size" : "bv-gamma");
		return;
	}
	if (!o->full)
		usage_error(usage, "--sampled-negatives: the estimates need "
			    "--full-size N, the full gallery's candidates");
	if (o->full <= o->sampled)
		usage_error(usage, "--full-size %ld: not more than the %ld "
			    "sampled negatives and the relevant item", o->full,
			    o->sampled);
	if (!o->gamma)
		o->gamma = SAMPLED_GAMMA;
	if (o->gallery || o->chance || o->common.nexplain ||
	    o->common.judged_only || o->common.names != NAMES_RANKKIT)
		usage_error(usage, "--sampled-negatives: not with %s",
			    o->gallery ? "--gallery-size" : o->chance ?
			    "--chance" : o->common.nexplain ? "--explain" :
			    o->common.judged_only ? "--judged-only" :
			    "--names trec or irm");
}

void driver_parse_options(struct driver *d, int argc, char **argv)
{
	const struct measureprog *prog = d->prog;
	struct measureopts *o = &d->opt;
	struct proghelp h;
	struct optable t = { .name = prog->name, .usage = prog->usage,
			     .take = take, .ctx = d };
	struct optdef *defs;
	int first;

	memset(o, 0, sizeof *o);
	proghelp_make(&h, prog);
	t.defs = defs = table(prog, &h, &t.ndefs);
	first = commonopts_parse(&o->common, &t, NULL, argc, argv);
	free(defs);
	free(h.measures);
	if (!o->cutoffs) {
		o->ncutoffs = prog->ndefault_cutoffs;
		o->cutoffs = xmalloc(o->ncutoffs * sizeof *o->cutoffs);
		memcpy(o->cutoffs, prog->default_cutoffs,
		       o->ncutoffs * sizeof *o->cutoffs);
	}
	/* a value at G under trec_eval's name would pass for the whole
	 * gallery's; --explain shows the whole gallery's formulas */
	if (o->gallery && o->common.names != NAMES_RANKKIT)
		usage_error(prog->usage, "--gallery-size: the values at G have "
			    "no %s names (--names rankkit)",
			    o->common.names == NAMES_TREC ? "trec_eval" :
			    "ir_measures");
	if (o->gallery && o->common.nexplain)
		usage_error(prog->usage, "--gallery-size: --explain shows the "
			    "whole gallery only");
	if (o->draws_given && !o->gallery)
		usage_error(prog->usage, "--gallery-draws: only with "
			    "--gallery-size");
	gallery_draws(o->replace);
	sampled_options(o, prog->usage);
	d->files = argv + first;
	d->nfiles = argc - first;
	if (prog->check)
		prog->check(o, prog->ctx);
}
