/* The measure programs' common pass (driver.h): options and their help,
 * the columns, each query's record in the three tie modes, its rows, the
 * summary rows and the notes. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/out.h"
#include "stream/stream.h"

enum { O_EMPTY = 1000, O_FOLDS, O_CHANCE, O_EXPLAIN, O_VERSION };

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
	       "  -q, --per-query         per-query rows too\n"
	       "  -f, --fractions         fractions instead of percent\n"
	       "  -p, --precision N       decimals (default 2, or 4 with -f)\n"
	       "      --explain QUERY     how the query's values are made, on stderr (all: every query)\n"
	       "  -h, --help              this help\n"
	       "      --version           version\n");
	out_finish();
}

/* one common option; 0 if c is not one of them */
static int common_option(struct measureopts *o, int c, const char *arg,
			 const char *usage)
{
	static const char *const empties[] = { "miss", "skip", "error", NULL };

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
	}
	return 0;
}

static void parse_options(struct driver *d, int argc, char **argv)
{
	const struct measureprog *prog = d->prog;
	size_t ncommon = sizeof common_opts / sizeof common_opts[0], nown = 0;
	struct measureopts *o = &d->opt;
	struct option *opts;
	int c;

	rk_setprog(argv[0]);
	rk_usage = prog->usage;
	opterr = 0;
	while (prog->own_opts && prog->own_opts[nown].name)
		nown++;
	opts = xcalloc(ncommon + nown + 1, sizeof *opts);
	memcpy(opts, common_opts, sizeof common_opts);
	if (nown)
		memcpy(opts + ncommon, prog->own_opts, nown * sizeof *opts);
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
			printf("%s (rankkit) %s\n", prog->name, RK_VERSION);
			out_finish();
		}
		if (c == '?' || c == ':' || !prog->option)
			opt_error(argv, c);
		prog->option(c, optarg, prog->ctx);
	}
	free(opts);
	if (!o->cutoffs) {
		o->ncutoffs = prog->ndefault_cutoffs;
		o->cutoffs = xmalloc(o->ncutoffs * sizeof *o->cutoffs);
		memcpy(o->cutoffs, prog->default_cutoffs,
		       o->ncutoffs * sizeof *o->cutoffs);
	}
	if (o->decimals < 0)
		o->decimals = o->fractions ? 4 : 2;
	d->files = argv + optind;
	d->nfiles = argc - optind;
}

/* -m names: a whole-list measure by its name ("AP"), a cut-off one by
 * its name with "@K" ("AP@K"), or by its bare name ("hit") when no
 * whole-list measure has it */
static const struct mdef *find_def(const struct mdef *defs, size_t n,
				   const char *name)
{
	size_t i, len = strlen(name);
	for (i = 0; i < n; i++) {
		const char *dn = defs[i].name;
		size_t dl = strlen(dn);
		if (!defs[i].cutoff && strcmp(dn, name) == 0)
			return &defs[i];
		if (defs[i].cutoff && len == dl + 2 &&
		    strncmp(dn, name, dl) == 0 && strcmp(name + dl, "@K") == 0)
			return &defs[i];
	}
	for (i = 0; i < n; i++)
		if (defs[i].cutoff && strcmp(defs[i].name, name) == 0)
			return &defs[i];
	return NULL;
}

static _Noreturn void unknown_measure(const struct measureprog *prog,
				      const char *name)
{
	char known[256] = "";
	size_t j;

	for (j = 0; j < prog->ndefs; j++) {
		size_t l = strlen(known);
		snprintf(known + l, sizeof known - l, "%s%s%s",
			 j ? ", " : "", prog->defs[j].name,
			 prog->defs[j].cutoff ? "@K" : "");
	}
	usage_error(prog->usage, "-m: unknown measure '%s' (known: %s)",
		    name, known);
}

static void add_column(struct driver *d, size_t *cap, const struct mdef *def,
		       long K, int chance)
{
	struct column *x;

	xgrow((void **)&d->col, cap, d->ncol + 1, sizeof *d->col);
	x = &d->col[d->ncol++];
	x->def = def;
	x->K = K;
	x->chance = chance;
	if (def->cutoff)
		snprintf(x->name, sizeof x->name, "%s@%ld%s", def->name, K,
			 chance ? ":chance" : "");
	else
		snprintf(x->name, sizeof x->name, "%s", def->name);
}

/* the columns: chosen measures in the order given, each cut-off */
static void build_columns(struct driver *d)
{
	const struct measureprog *prog = d->prog;
	const struct measureopts *o = &d->opt;
	size_t cap = 0, i, j;

	for (i = 0; i < (o->sel ? o->nsel : prog->ndefs); i++) {
		const struct mdef *def = o->sel ?
			find_def(prog->defs, prog->ndefs, o->sel[i]) :
			&prog->defs[i];
		if (!def)
			unknown_measure(prog, o->sel[i]);
		if (!def->cutoff) {
			add_column(d, &cap, def, 0, 0);
			continue;
		}
		for (j = 0; j < o->ncutoffs; j++) {
			add_column(d, &cap, def, o->cutoffs[j], 0);
			if (o->chance && def->chance)
				add_column(d, &cap, def, o->cutoffs[j], 1);
		}
	}
}

void driver_init(struct driver *d, int argc, char **argv,
		 const struct measureprog *prog)
{
	memset(d, 0, sizeof *d);
	d->prog = prog;
	parse_options(d, argc, argv);
	build_columns(d);
	d->rec.q = &d->q;
	d->rec.v = xmalloc((d->ncol ? d->ncol : 1) * NTIEMODES * sizeof *d->rec.v);
	summary_init(&d->sum, d->col, d->ncol, d->opt.folds, prog->ctx);
	rankreader_open(&d->reader, d->files, d->nfiles);
}

/* the record of q: every column in every mode */
static void query_values(const struct driver *d, const struct rquery *q,
			 double *v)
{
	/* a random ordering of the gallery: all n candidates tie */
	struct tgroup g = { .a = 0, .t = q->n, .s = q->nret };
	struct rquery shuffled = *q;
	struct mcall call = { .ctx = d->prog->ctx };
	size_t i;
	int m;

	shuffled.g = &g;
	shuffled.ng = q->nret > 0;
	for (i = 0; i < d->ncol; i++) {
		const struct column *c = &d->col[i];
		double *w = v + i * NTIEMODES;
		call.K = c->K;
		call.q = c->chance ? &shuffled : q;
		for (m = 0; m < NTIEMODES; m++) {
			call.mode = c->chance ? TIE_EXP : m;
			if (q->m == 0)
				w[m] = d->opt.empty == EMPTY_MISS &&
					!c->def->needs_rel ? 0 : NAN;
			else
				w[m] = c->def->value(&call);
		}
	}
}

const struct qrecord *driver_next(struct driver *d)
{
	if (!rankreader_next(&d->reader, &d->q))
		return NULL;
	if (d->q.m == 0 && d->opt.empty == EMPTY_ERROR)
		die_at(d->q.file, d->q.line,
		       "query '%s' has no relevant item (--empty error)", d->q.id);
	query_values(d, &d->q, d->rec.v);
	return &d->rec;
}

static void format_value(char *buf, size_t n, const struct measureopts *o,
			 const struct column *c, double v)
{
	if (isnan(v)) {
		snprintf(buf, n, "-");
		return;
	}
	if (c->def->rate && !o->fractions)
		v *= 100;
	if (v == 0)
		v = 0;
	snprintf(buf, n, "%.*f", o->decimals, v);
}

static void write_row(const struct measureopts *o, const struct column *c,
		      const char *query, double v)
{
	char buf[512];

	format_value(buf, sizeof buf, o, c, v);
	out_str(c->name);
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(buf);
	out_char('\n');
}

void driver_write_rows(const struct driver *d, const struct qrecord *rec)
{
	size_t i;

	if (!d->opt.perquery)
		return;
	for (i = 0; i < d->ncol; i++) {
		double x = rec->v[i * NTIEMODES + (size_t)d->opt.mode];
		if (d->col[i].def->kind != MK_MEDIAN && !isnan(x))
			write_row(&d->opt, &d->col[i], rec->q->id, x);
	}
}

void driver_add(struct driver *d, const struct qrecord *rec)
{
	size_t i;

	if (rec->q->m == 0)
		d->sum.nempty++;
	for (i = 0; i < d->ncol; i++)
		if (rec->q->m &&
		    isnan(rec->v[i * NTIEMODES + (size_t)d->opt.mode]))
			d->sum.noval[i]++;
	summary_add(&d->sum, rec->v);
}

void driver_write_summary(const struct driver *d, const struct summaryrows *s)
{
	size_t f, i, mode = (size_t)d->opt.mode;

	for (f = 0; f < s->nfold; f++) {
		char name[32];
		snprintf(name, sizeof name, "fold%zu", f + 1);
		for (i = 0; i < d->ncol; i++)
			write_row(&d->opt, &d->col[i], name,
				  s->fold[(f * d->ncol + i) * NTIEMODES + mode]);
	}
	for (i = 0; i < d->ncol; i++)
		write_row(&d->opt, &d->col[i], "all", s->all[i * NTIEMODES + mode]);
}

/* the columns that left out queries with relevant items but no value */
static void note_left_out(const struct driver *d)
{
	char names[256] = "";
	long cnt = 0;
	size_t i;

	for (i = 0; i < d->ncol; i++)
		if (d->col[i].def->needs_rel && d->sum.noval[i] &&
		    !strstr(names, d->col[i].name)) {
			if (*names)
				strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, d->col[i].name, sizeof names - strlen(names) - 1);
			cnt = d->sum.noval[i];
		}
	if (cnt)
		note("%s: %ld quer%s without a retrieved relevant item left out",
		     names, cnt, cnt == 1 ? "y" : "ies");
}

void driver_write_notes(const struct driver *d, const struct summaryrows *s)
{
	long nempty = d->sum.nempty;
	size_t i;

	if (nempty)
		note("%ld quer%s with no relevant item %s", nempty,
		     nempty == 1 ? "y" : "ies",
		     d->opt.empty == EMPTY_MISS ? "counted as 0 (--empty miss)" :
		     "left out (--empty skip)");
	note_left_out(d);
	for (i = 0; i < d->ncol; i++) {
		char opt[512], pess[512];
		if (d->col[i].chance)
			continue;
		format_value(opt, sizeof opt, &d->opt, &d->col[i],
			     s->all[i * NTIEMODES + TIE_OPT]);
		format_value(pess, sizeof pess, &d->opt, &d->col[i],
			     s->all[i * NTIEMODES + TIE_PESS]);
		if (strcmp(opt, pess) != 0)
			note("ties change %s: optimistic %s, pessimistic %s",
			     d->col[i].name, opt, pess);
	}
}

void driver_free(struct driver *d)
{
	struct measureopts *o = &d->opt;

	summary_free(&d->sum);
	free(d->rec.v);
	free(d->col);
	free(o->cutoffs);
	free(o->explain);
	if (o->sel) {
		free(o->sel[0]);
		free(o->sel);
	}
	rquery_free(&d->q);
	rankreader_close(&d->reader);
	memset(d, 0, sizeof *d);
}

void driver_main(int argc, char **argv, const struct measureprog *prog)
{
	struct driver d;
	struct summaryrows s;
	const struct qrecord *rec;

	driver_init(&d, argc, argv, prog);
	stream_write_header(HDR_MEASURE);
	while ((rec = driver_next(&d))) {
		if (explain_wanted(d.opt.explain, d.opt.nexplain, rec->q->id))
			explain_record(&d, rec);
		driver_write_rows(&d, rec);
		driver_add(&d, rec);
	}
	summary_rows(&d.sum, &s);
	driver_write_summary(&d, &s);
	stream_write_end();
	out_flush();
	driver_write_notes(&d, &s);
	summaryrows_free(&s);
	driver_free(&d);
	out_finish();
}
