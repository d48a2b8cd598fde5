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
#include "measure/trecnames.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/out.h"
#include "stream/stream.h"

enum { O_EMPTY = 1000, O_FOLDS, O_CHANCE, O_EXPLAIN, O_QUIET, O_NAMES,
       O_FORMAT, O_VERSION, O_CHOICE = 2000,	/* + i: the program's choice i */
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

static void parse_options(struct driver *d, int argc, char **argv)
{
	const struct measureprog *prog = d->prog;
	size_t ncommon = sizeof common_opts / sizeof common_opts[0], nchoice;
	size_t nown = own_options(prog, NULL, &nchoice);
	struct measureopts *o = &d->opt;
	struct option *opts;
	int c;

	rk_setprog(argv[0]);
	rk_usage = prog->usage;
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
			printf("%s (rankkit) %s\n", prog->name, RK_VERSION);
			out_finish();
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
	int trec = d->opt.names == NAMES_TREC && def->trec && !chance;

	xgrow((void **)&d->col, cap, d->ncol + 1, sizeof *d->col);
	x = &d->col[d->ncol++];
	x->def = def;
	x->K = K;
	x->chance = chance;
	x->trec_rank = trec_rank(trec ? def->trec : NULL);
	if (trec)
		trec_column_name(x->name, sizeof x->name, def, K);
	else if (def->cutoff)
		snprintf(x->name, sizeof x->name, "%s@%ld%s", def->name, K,
			 chance ? ":chance" : "");
	else
		snprintf(x->name, sizeof x->name, "%s", def->name);
}

/* a column named as printed, "hit@10" or "hit@10:chance": its cut-off
 * measure and K, or NULL */
static const struct mdef *find_column(const struct measureprog *prog,
				      const char *name, long *K, int *chance)
{
	const char *at = strrchr(name, '@');
	char digits[32];
	size_t i, len;

	if (!at)
		return NULL;
	len = strspn(at + 1, "0123456789");
	*chance = strcmp(at + 1 + len, ":chance") == 0;
	if (len == 0 || len >= sizeof digits || (at[1 + len] && !*chance))
		return NULL;
	memcpy(digits, at + 1, len);
	digits[len] = '\0';
	for (i = 0; i < prog->ndefs; i++)
		if (prog->defs[i].cutoff && (!*chance || prog->defs[i].chance) &&
		    strlen(prog->defs[i].name) == (size_t)(at - name) &&
		    strncmp(prog->defs[i].name, name, (size_t)(at - name)) == 0) {
			*K = arg_long("-m", digits, 1, 1000000000L);
			return &prog->defs[i];
		}
	return NULL;
}

/* --names trec: the columns in trec_eval's order of measures, each
 * measure's cut-offs ascending, as trec_eval sorts them; the columns
 * trec_eval lacks after them in the order given (a stable insertion
 * sort) */
static void trec_order_columns(struct column *col, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct column x = col[i];
		for (j = i; j > 0; j--) {
			const struct column *y = &col[j - 1];
			int before = x.trec_rank < y->trec_rank ||
				(x.trec_rank == y->trec_rank &&
				 x.trec_rank < trec_rank(NULL) && x.K < y->K);
			if (!before)
				break;
			col[j] = col[j - 1];
		}
		col[j] = x;
	}
}

/* the columns of the program's flags given, after the chosen ones */
static void add_flag_columns(struct driver *d, size_t *cap)
{
	const struct measureflag *flags = d->prog->flags;
	size_t i, j;

	for (i = 0; flags && flags[i].name; i++) {
		const struct mdef *def = find_def(d->prog->defs, d->prog->ndefs,
						  flags[i].measure);
		if (!(d->opt.flags & 1UL << i))
			continue;
		for (j = 0; j < d->ncol && d->col[j].def != def; j++)
			;
		if (j == d->ncol)
			add_column(d, cap, def, 0, 0);
	}
}

/* the columns: chosen measures in the order given, each cut-off */
static void build_columns(struct driver *d)
{
	const struct measureprog *prog = d->prog;
	const struct measureopts *o = &d->opt;
	size_t cap = 0, i, j;
	long K;
	int chance;

	for (i = 0; i < (o->sel ? o->nsel : prog->ndefs); i++) {
		const struct mdef *def = o->sel ?
			find_def(prog->defs, prog->ndefs, o->sel[i]) :
			&prog->defs[i];
		if (!def && (def = find_column(prog, o->sel[i], &K, &chance))) {
			add_column(d, &cap, def, K, chance);
			continue;
		}
		if (!def && (def = trec_find(prog->defs, prog->ndefs,
					     o->sel[i], &K)) && K) {
			if (K > 1000000000L)
				usage_error(prog->usage, "-m: '%s': the cut-off "
					    "is not an integer from 1 to "
					    "1000000000", o->sel[i]);
			add_column(d, &cap, def, K, 0);
			continue;
		}
		if (!def)
			unknown_measure(prog, o->sel[i]);
		if (!o->sel && def->on_request)
			continue;
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
	add_flag_columns(d, &cap);
	if (o->names == NAMES_TREC)
		trec_order_columns(d->col, d->ncol);
}

/* --format table: the header row, names left and values right */
static void table_begin(struct driver *d)
{
	int *align = xmalloc((d->ncol + 1) * sizeof *align);
	size_t i;

	align[0] = ALIGN_LEFT;
	for (i = 0; i < d->ncol; i++)
		align[i + 1] = d->col[i].def->kind == MK_RUN ?
			ALIGN_LEFT : ALIGN_RIGHT;
	texttable_init(&d->table, d->ncol + 1, align);
	free(align);
	texttable_cell(&d->table, "query");
	for (i = 0; i < d->ncol; i++)
		texttable_cell(&d->table, d->col[i].name);
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
	d->noval = xcalloc(d->ncol ? d->ncol : 1, sizeof *d->noval);
	d->beyond = xcalloc(d->ncol ? d->ncol : 1, sizeof *d->beyond);
	if (d->opt.format == FORMAT_TABLE)
		table_begin(d);
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
			if (q->m == 0 && d->opt.empty == EMPTY_MISS &&
			    c->def->with_empty)
				w[m] = c->def->value(&call);
			else if (q->m == 0)
				w[m] = d->opt.empty == EMPTY_MISS &&
					!c->def->needs_rel ? 0 : NAN;
			else
				w[m] = c->def->value(&call);
		}
	}
}

/* whether a query id is the name of a summary row: "all", or "foldN"
 * under --folds; such a query is refused, so that no reader can take a
 * summary for a query */
static int summary_name(const struct driver *d, const char *id)
{
	size_t digits;

	if (strcmp(id, "all") == 0)
		return 1;
	if (!d->opt.folds || strncmp(id, "fold", 4) != 0)
		return 0;
	digits = strspn(id + 4, "0123456789");
	return digits > 0 && id[4 + digits] == '\0';
}

const struct qrecord *driver_next(struct driver *d)
{
	if (!rankreader_next(&d->reader, &d->q)) {
		if (d->nread == 0)
			die(EXIT_DATA, "no query in the input: nothing to measure");
		return NULL;
	}
	if (d->q.m == 0 && d->opt.empty == EMPTY_ERROR)
		die_at(d->q.file, d->q.line,
		       "query '%s' has no relevant item (--empty error)", d->q.id);
	if (summary_name(d, d->q.id))
		die_at(d->q.file, d->q.line,
		       "query '%s' has the name of a summary row: rename it",
		       d->q.id);
	d->nread++;
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
	if (c->def->integer)
		snprintf(buf, n, "%.0f", v);
	else if (o->names == NAMES_TREC && o->format == FORMAT_STREAM)
		snprintf(buf, n, "%6.*f", o->decimals, v);	/* trec_eval's %6.4f */
	else
		snprintf(buf, n, "%.*f", o->decimals, v);
}

/* the value field of a row or a cell of the table: the run's tag, or
 * the value */
static void value_text(const struct driver *d, const struct column *c,
		       double v, char *buf, size_t size)
{
	if (c->def->kind == MK_RUN)
		snprintf(buf, size, "%s",
			 d->reader.runtag ? d->reader.runtag : "-");
	else
		format_value(buf, size, &d->opt, c, v);
}

static void write_row(const struct driver *d, const struct column *c,
		      const char *query, double v)
{
	char buf[512];

	value_text(d, c, v, buf, sizeof buf);
	if (d->opt.names == NAMES_TREC) {
		trec_write_row(c->name, query, buf);
		return;
	}
	out_str(c->name);
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(buf);
	out_char('\n');
}

/* whether a column has a row for each query */
static int has_query_rows(const struct column *c)
{
	const struct mdef *def = c->def;
	return def->kind != MK_MEDIAN && def->kind != MK_RUN &&
		!def->summary_only;
}

/* a row of the table: the query or summary row's name, then each
 * column's value v[c * NTIEMODES + mode], "-" where it has none */
static void table_row(struct driver *d, const char *name, const double *v,
		      int query_row)
{
	char buf[512];
	size_t i;

	texttable_cell(&d->table, name);
	for (i = 0; i < d->ncol; i++) {
		const struct column *c = &d->col[i];
		if (query_row && !has_query_rows(c))
			snprintf(buf, sizeof buf, "-");
		else
			value_text(d, c, v[i * NTIEMODES + (size_t)d->opt.mode],
				   buf, sizeof buf);
		texttable_cell(&d->table, buf);
	}
}

void driver_write_rows(struct driver *d, const struct qrecord *rec)
{
	size_t i;

	if (!d->opt.perquery)
		return;
	if (d->opt.format == FORMAT_TABLE) {
		table_row(d, rec->q->id, rec->v, 1);
		return;
	}
	for (i = 0; i < d->ncol; i++) {
		double x = rec->v[i * NTIEMODES + (size_t)d->opt.mode];
		if (has_query_rows(&d->col[i]) && !isnan(x))
			write_row(d, &d->col[i], rec->q->id, x);
	}
}

/* the deepest rank a column's value looks at; 0: the whole list */
static long deepest_rank(const struct column *c)
{
	return c->def->cutoff ? c->K : c->def->depth;
}

void driver_add(struct driver *d, const struct qrecord *rec)
{
	const struct rquery *q = rec->q;
	size_t i;

	if (q->m == 0)
		d->nempty++;
	for (i = 0; i < d->ncol && q->m; i++) {
		const struct column *c = &d->col[i];
		if (isnan(rec->v[i * NTIEMODES + (size_t)d->opt.mode]))
			d->noval[i]++;
		/* a relevant item missing from a ranking shorter than K
		 * might have been found by K in the whole ranking */
		if (!c->chance && q->n < deepest_rank(c) && q->nret < q->m)
			d->beyond[i]++;
	}
	summary_add(&d->sum, rec->v);
}

void driver_write_summary(struct driver *d, const struct summaryrows *s)
{
	size_t f, i, mode = (size_t)d->opt.mode;

	for (f = 0; f < s->nfold; f++) {
		char name[32];
		snprintf(name, sizeof name, "fold%zu", f + 1);
		if (d->opt.format == FORMAT_TABLE) {
			table_row(d, name, s->fold + f * d->ncol * NTIEMODES, 0);
			continue;
		}
		for (i = 0; i < d->ncol; i++)
			write_row(d, &d->col[i], name,
				  s->fold[(f * d->ncol + i) * NTIEMODES + mode]);
	}
	if (d->opt.format == FORMAT_TABLE) {
		table_row(d, "all", s->all, 0);
		return;
	}
	for (i = 0; i < d->ncol; i++)
		write_row(d, &d->col[i], "all", s->all[i * NTIEMODES + mode]);
}

/* the names of the columns that pick() takes, each name once: a list for
 * a note */
static void column_names(const struct driver *d,
			 int (*pick)(const struct driver *, size_t),
			 char *names, size_t size)
{
	size_t i, j;

	*names = '\0';
	for (i = 0; i < d->ncol; i++) {
		if (!pick(d, i))
			continue;
		for (j = 0; j < i; j++)
			if (pick(d, j) && strcmp(d->col[j].name, d->col[i].name) == 0)
				break;
		if (j < i)
			continue;
		if (*names)
			strncat(names, ", ", size - strlen(names) - 1);
		strncat(names, d->col[i].name, size - strlen(names) - 1);
	}
}

static int needs_rel(const struct driver *d, size_t i)
{
	return d->col[i].def->needs_rel;
}

static int left_out(const struct driver *d, size_t i)
{
	return d->col[i].def->needs_rel && d->noval[i];
}

/* queries with relevant items, none retrieved, have no first rank */
static void note_left_out(const struct driver *d)
{
	char names[256];
	long cnt = 0;
	size_t i;

	for (i = 0; i < d->ncol; i++)
		if (left_out(d, i))
			cnt = d->noval[i];
	if (!cnt)
		return;
	column_names(d, left_out, names, sizeof names);
	note("%s: %ld quer%s without a retrieved relevant item left out",
	     names, cnt, cnt == 1 ? "y" : "ies");
}

/* an empty query counts 0 under --empty miss, but in a measure that
 * needs a relevant item it has no value and is left out */
static void note_empty(const struct driver *d)
{
	char names[256];
	long n = d->nempty;

	if (!n)
		return;
	if (d->opt.empty != EMPTY_MISS) {
		note("%ld quer%s with no relevant item left out (--empty skip)",
		     n, n == 1 ? "y" : "ies");
		return;
	}
	column_names(d, needs_rel, names, sizeof names);
	note("%ld quer%s with no relevant item counted as 0 (--empty miss)%s%s%s",
	     n, n == 1 ? "y" : "ies", *names ? "; " : "", names,
	     *names ? " leave them out" : "");
}

/* cut-offs deeper than the candidates of queries that miss a relevant
 * item: a truncated ranking (simmat -k, a run's depth) may hold it below
 * the cut, so the values at those K are lower bounds */
static void note_beyond(const struct driver *d)
{
	char names[256] = "", range[64];
	long lo = 0, hi = 0, most = 0;
	size_t i, j;

	for (i = 0; i < d->ncol; i++) {
		if (!d->beyond[i])
			continue;
		long K = deepest_rank(&d->col[i]);
		lo = !lo || K < lo ? K : lo;
		hi = K > hi ? K : hi;
		most = d->beyond[i] > most ? d->beyond[i] : most;
		for (j = 0; j < i; j++)
			if (d->beyond[j] && d->col[j].def == d->col[i].def)
				break;
		if (j < i)
			continue;
		snprintf(names + strlen(names), sizeof names - strlen(names),
			 "%s%s%s", *names ? ", " : "", d->col[i].def->name,
			 d->col[i].def->cutoff ? "@K" : "");
	}
	if (!most)
		return;
	if (lo == hi)
		snprintf(range, sizeof range, "K=%ld exceeds", lo);
	else
		snprintf(range, sizeof range, "K=%ld to %ld exceed", lo, hi);
	note("%s the candidates of %s%ld quer%s missing a relevant item: if "
	     "rankings were cut short (simmat -k, a run's depth), %s there "
	     "are lower bounds", range, lo == hi ? "" : "up to ", most,
	     most == 1 ? "y" : "ies", names);
}

void driver_write_notes(const struct driver *d, const struct summaryrows *s)
{
	size_t i;

	if (d->opt.quiet)
		return;
	note_empty(d);
	note_left_out(d);
	note_beyond(d);
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
	texttable_free(&d->table);
	free(d->noval);
	free(d->beyond);
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
	if (d.opt.format == FORMAT_STREAM)
		stream_write_header(HDR_MEASURE);
	while ((rec = driver_next(&d))) {
		if (explain_wanted(d.opt.explain, d.opt.nexplain, rec->q->id))
			explain_record(&d, rec);
		driver_write_rows(&d, rec);
		driver_add(&d, rec);
	}
	summary_rows(&d.sum, &s);
	driver_write_summary(&d, &s);
	/* the table is written only when every query was read: a failed
	 * run leaves the standard output empty */
	if (d.opt.format == FORMAT_TABLE)
		texttable_write(&d.table);
	else
		stream_write_end();
	out_flush();
	driver_write_notes(&d, &s);
	summaryrows_free(&s);
	driver_free(&d);
	out_finish();
}
