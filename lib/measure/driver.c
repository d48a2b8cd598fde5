/* The metric programs' common pass: per query, every column in the three
 * tie modes; summaries by running sums (or, with --folds, from the stored
 * per-query values, since fold boundaries need the query count); medians
 * keep their column's values. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/driver.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/out.h"
#include "stream/stream.h"

struct metricopts {
	long *K;
	size_t nK;
	char **sel;		/* -m: names chosen, NULL for all */
	size_t nsel;
	int mode;		/* enum tiemode */
	int empty;		/* enum empty_policy */
	long folds;		/* 0: none */
	int perquery;		/* -q */
	int fractions;		/* -f */
	int decimals;		/* -p, -1: default */
	int chance;
	void *ctx;		/* handed to the measure functions */
};

enum { O_EMPTY = 1000, O_FOLDS, O_CHANCE, O_VERSION };

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
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
};

struct col {
	const struct mdef *d;
	long K;
	int chance;
	char name[64];
};

struct acc {
	double sum[NTIEMODES];
	long cnt[NTIEMODES];
	double *med[NTIEMODES];
	size_t nmed[NTIEMODES], medcap[NTIEMODES];
};

static void driver_defaults(struct metricopts *o)
{
	memset(o, 0, sizeof *o);
	o->mode = TIE_EXP;
	o->empty = EMPTY_MISS;
	o->decimals = -1;
}

/* one common option; 0 if c is not one of them */
static int driver_option(struct metricopts *o, int c, const char *arg,
			 const char *usage)
{
	static const char *const empties[] = { "miss", "skip", "error", NULL };

	switch (c) {
	case 'k':
		free(o->K);
		parse_cutoffs("-k", arg, &o->K, &o->nK, 0, NULL, usage);
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
	}
	return 0;
}

/* -m names: a whole-list measure by its name ("AP"), a cut-off one by
 * its name with "@K" ("AP@K"), or by its bare name ("hit") when no
 * whole-list measure has it */
static const struct mdef *find_def(const struct mdef *defs, size_t n,
				   const char *name)
{
	size_t i, len = strlen(name);
	for (i = 0; i < n; i++) {
		const char *d = defs[i].name;
		size_t dl = strlen(d);
		if (!defs[i].cutoff && strcmp(d, name) == 0)
			return &defs[i];
		if (defs[i].cutoff && len == dl + 2 &&
		    strncmp(d, name, dl) == 0 && strcmp(name + dl, "@K") == 0)
			return &defs[i];
	}
	for (i = 0; i < n; i++)
		if (defs[i].cutoff && strcmp(defs[i].name, name) == 0)
			return &defs[i];
	return NULL;
}

static void add_col(struct col **c, size_t *n, size_t *cap,
		    const struct mdef *d, long K, int chance)
{
	xgrow((void **)c, cap, *n + 1, sizeof **c);
	struct col *x = &(*c)[(*n)++];
	x->d = d;
	x->K = K;
	x->chance = chance;
	if (d->cutoff)
		snprintf(x->name, sizeof x->name, "%s@%ld%s", d->name, K,
			 chance ? ":chance" : "");
	else
		snprintf(x->name, sizeof x->name, "%s", d->name);
}

static void acc_add(struct acc *a, const struct col *c, const double *v)
{
	int m;
	for (m = 0; m < NTIEMODES; m++) {
		if (isnan(v[m]))
			continue;
		if (c->d->kind == MK_MEDIAN) {
			xgrow((void **)&a->med[m], &a->medcap[m], a->nmed[m] + 1,
			      sizeof *a->med[m]);
			a->med[m][a->nmed[m]++] = v[m];
		} else {
			a->sum[m] += v[m];
			a->cnt[m]++;
		}
	}
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

static double acc_value(struct acc *a, const struct col *c, int m, void *ctx)
{
	double v;
	if (c->d->kind == MK_MEDIAN) {
		size_t n = a->nmed[m];
		if (n == 0)
			return NAN;
		qsort(a->med[m], n, sizeof *a->med[m], cmp_double);
		v = n % 2 ? a->med[m][n / 2] :
			(a->med[m][n / 2 - 1] + a->med[m][n / 2]) / 2;
		if (c->d->finish)
			v = c->d->finish(v, ctx);
		return v;
	}
	return a->cnt[m] ? a->sum[m] / (double)a->cnt[m] : NAN;
}

static void acc_free(struct acc *a)
{
	int m;
	for (m = 0; m < NTIEMODES; m++)
		free(a->med[m]);
	memset(a, 0, sizeof *a);
}

struct printer {
	int fractions, decimals;
};

static void format_value(char *buf, size_t n, const struct printer *P,
			 const struct col *c, double v)
{
	if (isnan(v)) {
		snprintf(buf, n, "-");
		return;
	}
	if (c->d->rate && !P->fractions)
		v *= 100;
	if (v == 0)
		v = 0;
	snprintf(buf, n, "%.*f", P->decimals, v);
}

static void row(const struct printer *P, const struct col *c,
		const char *query, double v)
{
	char buf[512];
	format_value(buf, sizeof buf, P, c, v);
	out_str(c->name);
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(buf);
	out_char('\n');
}

/* values of one query, all columns, all modes: v[col * NTIEMODES + mode] */
static void query_values(const struct metricopts *o, const struct col *cols,
			 size_t ncol, const struct rquery *q, double *v)
{
	/* a random ordering of the gallery: all n candidates tie */
	struct tgroup g = { 0, q->n, q->nret, 0, 0 };
	struct rquery r = *q;
	const struct rquery *shuffled = &r;
	size_t i;
	int m;

	r.g = &g;
	r.ng = q->nret > 0;
	for (i = 0; i < ncol; i++) {
		const struct col *c = &cols[i];
		double *w = v + i * NTIEMODES;
		for (m = 0; m < NTIEMODES; m++) {
			if (q->m == 0)
				w[m] = o->empty == EMPTY_MISS && !c->d->needs_rel ?
					0 : NAN;
			else if (c->chance)
				w[m] = c->d->value(shuffled, c->K, TIE_EXP, o->ctx);
			else
				w[m] = c->d->value(q, c->K, m, o->ctx);
		}
	}
}

static _Noreturn void driver_run(struct metricopts *o, const struct mdef *defs,
				 size_t ndefs, char **files, int nfiles,
				 const char *usage)
{
	struct col *cols = NULL;
	size_t ncol = 0, colcap = 0, i, j;
	struct printer P;
	struct rankreader R;
	struct rquery q;
	struct acc *all;
	double *v, *store = NULL;
	size_t nq = 0, storecap = 0;
	long nempty = 0, *noval;
	int m;

	/* the columns: chosen measures in the order given, each cut-off */
	for (i = 0; i < (o->sel ? o->nsel : ndefs); i++) {
		const struct mdef *d = o->sel ? find_def(defs, ndefs, o->sel[i])
					      : &defs[i];
		if (!d) {
			char known[256] = "";
			for (j = 0; j < ndefs; j++) {
				size_t l = strlen(known);
				snprintf(known + l, sizeof known - l, "%s%s%s",
					 j ? ", " : "", defs[j].name,
					 defs[j].cutoff ? "@K" : "");
			}
			usage_error(usage, "-m: unknown measure '%s' (known: %s)",
				    o->sel[i], known);
		}
		if (!d->cutoff) {
			add_col(&cols, &ncol, &colcap, d, 0, 0);
			continue;
		}
		for (j = 0; j < o->nK; j++) {
			add_col(&cols, &ncol, &colcap, d, o->K[j], 0);
			if (o->chance && d->chance)
				add_col(&cols, &ncol, &colcap, d, o->K[j], 1);
		}
	}
	P.fractions = o->fractions;
	P.decimals = o->decimals >= 0 ? o->decimals : o->fractions ? 4 : 2;

	all = xcalloc(ncol, sizeof *all);
	noval = xcalloc(ncol, sizeof *noval);
	v = xmalloc(ncol * NTIEMODES * sizeof *v);
	memset(&q, 0, sizeof q);
	rankreader_open(&R, files, nfiles);
	stream_write_header(HDR_MEASURE);
	while (rankreader_next(&R, &q)) {
		if (q.m == 0) {
			if (o->empty == EMPTY_ERROR)
				die_at(q.file, q.line,
				       "query '%s' has no relevant item (--empty error)",
				       q.id);
			nempty++;
		}
		query_values(o, cols, ncol, &q, v);
		for (i = 0; i < ncol; i++) {
			double x = v[i * NTIEMODES + o->mode];
			if (q.m && isnan(x))
				noval[i]++;
			if (o->perquery && cols[i].d->kind != MK_MEDIAN &&
			    !isnan(x))
				row(&P, &cols[i], q.id, x);
		}
		if (o->folds) {
			size_t per = ncol * NTIEMODES;
			xgrow((void **)&store, &storecap, (nq + 1) * per,
			      sizeof *store);
			memcpy(store + nq * per, v, per * sizeof *v);
		} else {
			for (i = 0; i < ncol; i++)
				acc_add(&all[i], &cols[i], v + i * NTIEMODES);
		}
		nq++;
	}

	/* summaries: all[i] holds, per mode, the value of the 'all' row */
	double *sumv = xmalloc(ncol * NTIEMODES * sizeof *sumv);
	if (o->folds) {
		size_t F = (size_t)o->folds, per = nq / F, f;
		if (nq % F)
			die(EXIT_DATA, "%zu queries do not split into %ld equal folds",
			    nq, o->folds);
		double *fsum = xcalloc(ncol * NTIEMODES, sizeof *fsum);
		long *fcnt = xcalloc(ncol * NTIEMODES, sizeof *fcnt);
		for (f = 0; f < F; f++) {
			char name[32];
			snprintf(name, sizeof name, "fold%zu", f + 1);
			for (i = 0; i < ncol; i++) {
				struct acc a;
				memset(&a, 0, sizeof a);
				for (j = f * per; j < (f + 1) * per; j++)
					acc_add(&a, &cols[i],
						store + (j * ncol + i) * NTIEMODES);
				for (m = 0; m < NTIEMODES; m++) {
					double x = acc_value(&a, &cols[i], m, o->ctx);
					if (m == o->mode)
						row(&P, &cols[i], name, x);
					if (!isnan(x)) {
						fsum[i * NTIEMODES + m] += x;
						fcnt[i * NTIEMODES + m]++;
					}
				}
				acc_free(&a);
			}
		}
		for (i = 0; i < ncol * NTIEMODES; i++)
			sumv[i] = fcnt[i] ? fsum[i] / (double)fcnt[i] : NAN;
		free(fsum);
		free(fcnt);
	} else {
		for (i = 0; i < ncol; i++)
			for (m = 0; m < NTIEMODES; m++)
				sumv[i * NTIEMODES + m] =
					acc_value(&all[i], &cols[i], m, o->ctx);
	}
	for (i = 0; i < ncol; i++)
		row(&P, &cols[i], "all", sumv[i * NTIEMODES + o->mode]);
	stream_write_end();
	out_flush();

	/* what the reader should know */
	if (nempty)
		note("%ld quer%s with no relevant item %s", nempty,
		     nempty == 1 ? "y" : "ies",
		     o->empty == EMPTY_MISS ? "counted as 0 (--empty miss)" :
		     "left out (--empty skip)");
	{
		char names[256] = "";
		long cnt = 0;
		for (i = 0; i < ncol; i++)
			if (cols[i].d->needs_rel && noval[i] &&
			    !strstr(names, cols[i].name)) {
				if (*names)
					strncat(names, ", ", sizeof names - strlen(names) - 1);
				strncat(names, cols[i].name, sizeof names - strlen(names) - 1);
				cnt = noval[i];
			}
		if (cnt)
			note("%s: %ld quer%s without a retrieved relevant item left out",
			     names, cnt, cnt == 1 ? "y" : "ies");
	}
	for (i = 0; i < ncol; i++) {
		char a[512], b[512];
		if (cols[i].chance)
			continue;
		format_value(a, sizeof a, &P, &cols[i], sumv[i * NTIEMODES + TIE_OPT]);
		format_value(b, sizeof b, &P, &cols[i], sumv[i * NTIEMODES + TIE_PESS]);
		if (strcmp(a, b) != 0)
			note("ties change %s: optimistic %s, pessimistic %s",
			     cols[i].name, a, b);
	}
	for (i = 0; i < ncol; i++)
		acc_free(&all[i]);
	free(all);
	free(noval);
	free(v);
	free(sumv);
	free(store);
	free(cols);
	rquery_free(&q);
	out_finish();
}

void driver_main(int argc, char **argv, const struct measureprog *P)
{
	size_t ncommon = sizeof common_opts / sizeof common_opts[0], nextra = 0;
	struct option *opts;
	struct metricopts o;
	int c;

	rk_setprog(argv[0]);
	rk_usage = P->usage;
	opterr = 0;
	while (P->extra && P->extra[nextra].name)
		nextra++;
	opts = xcalloc(ncommon + nextra + 1, sizeof *opts);
	memcpy(opts, common_opts, sizeof common_opts);
	if (nextra)
		memcpy(opts + ncommon, P->extra, nextra * sizeof *opts);
	driver_defaults(&o);
	while ((c = getopt_long(argc, argv, ":k:m:T:qfp:h", opts, NULL)) != -1) {
		if (driver_option(&o, c, optarg, P->usage))
			continue;
		if (c == 'h') {
			printf("usage: %s\n%s", P->usage, P->help);
			out_finish();
		}
		if (c == O_VERSION) {
			printf("%s (rankkit) %s\n", P->name, RK_VERSION);
			out_finish();
		}
		if (c == '?' || c == ':' || !P->option)
			opt_error(argv, c);
		P->option(c, optarg, P->ctx);
	}
	free(opts);
	if (!o.K) {
		o.nK = P->ndefK;
		o.K = xmalloc(o.nK * sizeof *o.K);
		memcpy(o.K, P->defK, o.nK * sizeof *o.K);
	}
	o.ctx = P->ctx;
	driver_run(&o, P->defs, P->ndefs, argv + optind, argc - optind,
		   P->usage);
}
