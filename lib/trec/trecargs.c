/* treceval's command line (trecargs.h). */
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/helpversion.h"
#include "util/msort.h"
#include "util/num.h"
#include "util/pool.h"
#include "util/stdinonce.h"
#include "trec/trecfields.h"
#include "trec/trecargs.h"
#include "trec/trecgain.h"

static const char usage_line[] =
	"treceval [-cJnq] [-j N] [-l N] [-M N] [-N N] [-m MEASURE[.PARAMS]]... "
	"[--format FORMAT] QRELS RUN";

static const char help[] =
	"Evaluates a TREC run against qrels and prints what trec_eval 10.0 prints.\n"
	"  -q, --query_eval_wanted          each topic's rows too, before the summary\n"
	"  -m, --measure MEASURE[.PARAMS]   a measure of trec_eval, or official (the\n"
	"                                   default), all_trec or set; again for more;\n"
	"                                   parameters after a dot: P.5,10 ndcg.1=3,2=9\n"
	"  -J, --Judged_docs_only           the documents the qrels do not judge (or\n"
	"                                   judge below 0) leave the ranking\n"
	"  -c, --complete_rel_info_wanted   topics of the qrels that the run lacks\n"
	"                                   count, as 0 (else they are left out)\n"
	"  -l, --level_for_rel N            relevant when grade >= N (default 1)\n"
	"  -M, --Max_retrieved_per_topic N  each topic's first N documents only\n"
	"  -N, --Number_docs_in_coll N      documents in the collection (utility)\n"
	"  -n, --nosummary                  no summary rows\n"
	"  -R, --Rel_info_format qrels      the only format read\n"
	"  -T, --Results_format trec_results  the only format read\n"
	"      --format FORMAT              trec (default: trec_eval's output); jsonl or\n"
	"                                   csv: a record per row, for pandas\n"
	"  -j, --jobs N                     the run split into fields on N threads while\n"
	"                                   another ranks it, the same bytes (default:\n"
	"                                   online CPUs, at most 2; 1: one thread)\n"
	"  -h, --help                       this help\n"
	"  -v, --version                    version\n"
	"RUN may be - (the standard input).\n";

/* the key of --format, treceval's own long option (no letter) */
enum { OPT_FORMAT = 256 };

static const struct option longopts[] = {
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, 'v' },
	{ "query_eval_wanted", no_argument, 0, 'q' },
	{ "measure", required_argument, 0, 'm' },
	{ "complete_rel_info_wanted", no_argument, 0, 'c' },
	{ "level_for_rel", required_argument, 0, 'l' },
	{ "nosummary", no_argument, 0, 'n' },
	{ "Debug_level", required_argument, 0, 'D' },
	{ "Judged_docs_only", no_argument, 0, 'J' },
	{ "Number_docs_in_coll", required_argument, 0, 'N' },
	{ "Max_retrieved_per_topic", required_argument, 0, 'M' },
	{ "Rel_info_format", required_argument, 0, 'R' },
	{ "Results_format", required_argument, 0, 'T' },
	{ "Output_old_results_format", required_argument, 0, 'o' },
	{ "Zscore", required_argument, 0, 'Z' },
	{ "format", required_argument, 0, OPT_FORMAT },
	{ "jobs", required_argument, 0, 'j' },
	{ 0, 0, 0, 0 }
};


/* a usage error: the message, the usage line, trec_eval's status 1 */
static _Noreturn void trec_usage(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static _Noreturn void trec_usage(const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	note("%s", buf);
	fprintf(stderr, "usage: %s\n", usage_line);
	exit(TREC_USAGE);
}

static long number(const char *opt, const char *text, long lo)
{
	struct slice s = { text, strlen(text) };
	long v;

	int st = parse_long(s, &v);

	if (st == NUM_RANGE && text[0] == '-')
		trec_usage("%s: '%s' is below %ld", opt, text, lo);
	if (st == NUM_RANGE)
		trec_usage("%s: '%s' is too large (at most %ld)", opt, text,
			   LONG_MAX);
	if (st != NUM_OK)
		trec_usage("%s: '%s' is not an integer", opt, text);
	if (v < lo)
		trec_usage("%s: '%s' is below %ld", opt, text, lo);
	return v;
}

/* -m's arguments, in order: the name and the parameters after its dot */
struct measarg {
	char *name, *params;
};

struct parse {
	struct measarg *arg;
	size_t narg;
	unsigned char *marked;	/* per measure of trec_measures */
	int help, judged_only;
};

static void mark_one(struct parse *ps, const char *name, const char *text)
{
	const struct trecmeasure *m = trec_measure(name);

	if (!m)
		trec_usage("-m %s: no measure of trec_eval is called '%s'", text,
			   name);
	ps->marked[m - trec_measures] = 1;
}

/* -m NAME[.PARAMS]: trec_eval marks the measure, or a nickname's */
static void mark(struct parse *ps, const char *text)
{
	char *name = xstrndup(text, strlen(text)), *dot = strchr(name, '.');
	const char *const *nick;

	ps->arg[ps->narg].name = name;
	ps->arg[ps->narg].params = NULL;
	if (dot) {
		*dot = '\0';
		if (!dot[1])
			trec_usage("-m %s: no parameters after the dot", text);
		ps->arg[ps->narg].params = dot + 1;
	}
	ps->narg++;
	if ((nick = trec_nickname(name)) != NULL)
		for (; *nick; nick++)
			mark_one(ps, *nick, text);
	else
		mark_one(ps, name, text);
}

static void format(const char *opt, const char *text, const char *ours,
		   const char *const *theirs)
{
	if (strcmp(text, ours) == 0)
		return;
	for (; *theirs; theirs++)
		if (strcmp(text, *theirs) == 0)
			die(TREC_INPUT, "%s %s: treceval reads trec_eval's %s "
			    "format only", opt, text, ours);
	die(TREC_INPUT, "%s: no format of trec_eval is called '%s'", opt, text);
}

static void option(struct trecopts *o, struct parse *ps, int c, char **argv)
{
	static const char *const rel[] = { "prefs", "qrels_prefs", "qrels_jg",
					   NULL };
	static const char *const res[] = { NULL };


	switch (c) {
	case 'h': ps->help = 1; break;
	case 'v':
		show_version("treceval");
	case 'q': o->query = 1; break;
	case 'm': mark(ps, optarg); break;
	case 'c': o->complete = 1; break;
	case 'l':
		o->level = number("-l", optarg, LONG_MIN);
		if (o->level < 0)
			trec_usage("-l %s: below 0 trec_eval counts the documents "
				   "outside the qrels as relevant; treceval takes "
				   "levels from 0", optarg);
		break;
	case 'n': o->summary = 0; break;
	case 'D':
		if (strcmp(optarg, "0") != 0)
			die(TREC_INPUT, "-D %s: trec_eval's debugging output is "
			    "not part of treceval", optarg);
		break;
	case 'J': ps->judged_only = 1; break;
	case 'N': o->ndocs = number("-N", optarg, 0); break;
	case 'j':
		o->jobs = (int)number("-j", optarg, 1);
		if (o->jobs > 256)
			trec_usage("-j: '%s' is above 256", optarg);
		break;
	case 'M': o->maxret = number("-M", optarg, 0); break;
	case 'R': format("-R", optarg, "qrels", rel); break;
	case 'T': format("-T", optarg, "trec_results", res); break;
	case 'o': break;	/* obsolete in trec_eval too */
	case 'Z':
		die(TREC_INPUT, "-Z: trec_eval's z-scores are not part of "
		    "treceval");
	case OPT_FORMAT:
		if (strcmp(optarg, "trec") == 0)
			o->format = FORMAT_STREAM;
		else if (strcmp(optarg, "jsonl") == 0)
			o->format = FORMAT_JSONL;
		else if (strcmp(optarg, "csv") == 0)
			o->format = FORMAT_CSV;
		else
			trec_usage("--format: '%s' is not trec, jsonl or csv",
				   optarg);
		break;
	case ':':
		trec_usage("option '%s' needs an argument", argv[optind - 1]);
	default:
		if (optopt && argv[optind - 1][1] != '-')
			trec_usage("unknown option '-%c'", optopt);
		trec_usage("unknown option '%s'", argv[optind - 1]);
	}
}

/* the measures of one support kind among those marked, as "a, b and c" */
static size_t refused(const struct parse *ps, int support, char *buf,
		      size_t size)
{
	size_t i, n = 0, len = 0, total = 0;

	for (i = 0; i < trec_nmeasures; i++)
		total += ps->marked[i] && trec_measures[i].support == support;
	buf[0] = '\0';
	for (i = 0; i < trec_nmeasures; i++) {
		if (!ps->marked[i] || trec_measures[i].support != support)
			continue;
		n++;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					n == 1 ? "" : n == total ? " and " : ", ",
					trec_measures[i].name);
		if (len >= size)
			break;
	}
	return n;
}

/* every measure marked can be computed here, or die naming those not */
static void check_support(const struct parse *ps)
{
	char buf[512];
	size_t n;

	if ((n = refused(ps, TM_PREFS, buf, sizeof buf)) != 0)
		die(TREC_INPUT, "%s need%s trec_eval's preference formats (-R "
		    "prefs, qrels_prefs), which treceval does not read", buf,
		    n > 1 ? "" : "s");
	if ((n = refused(ps, TM_JG, buf, sizeof buf)) != 0)
		die(TREC_INPUT, "%s need%s trec_eval's qrels_jg format, which "
		    "treceval does not read", buf, n > 1 ? "" : "s");
}

/* the comma-separated items of text, each as a slice */
static size_t items(const char *text, struct slice **out)
{
	size_t n = 1, i = 0;
	const char *p, *s = text;

	for (p = text; *p; p++)
		n += *p == ',';
	*out = xmalloc(n * sizeof **out);
	for (p = text;; p++)
		if (*p == ',' || !*p) {
			(*out)[i].p = s;
			(*out)[i++].n = (size_t)(p - s);
			s = p + 1;
			if (!*p)
				return n;
		}
}

/* trec_eval's comparisons of cut-offs: a difference of longs returned as
 * an int (its low 32 bits), and doubles by their order */
static int cmp_long(const void *a, const void *b)
{
	unsigned long d = (unsigned long)*(const long *)a -
			  (unsigned long)*(const long *)b;
	return (int)(int32_t)(uint32_t)d;
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return a < b ? -1 : a > b;
}

static void long_cuts(struct trecasked *a, const char *name)
{
	struct slice *it;
	size_t i, n = items(a->params, &it);

	a->lcut = xmalloc(n * sizeof *a->lcut);
	for (i = 0; i < n; i++)
		a->lcut[i] = trec_atol(it[i]);
	free(it);
	a->ncut = n;
	msort(a->lcut, n, sizeof *a->lcut, cmp_long);
	if (a->lcut[0] <= 0)
		die(TREC_INPUT, "-m %s.%s: a cut-off below 1", name, a->params);
	for (i = 1; i < n; i++)
		if (a->lcut[i - 1] == a->lcut[i])
			die(TREC_INPUT, "-m %s.%s: cut-off %ld twice", name,
			    a->params, a->lcut[i]);
}

static void double_params(struct trecasked *a, const char *name, int sort)
{
	struct slice *it;
	size_t i, n = items(a->params, &it);

	a->dcut = xmalloc(n * sizeof *a->dcut);
	for (i = 0; i < n; i++)
		a->dcut[i] = trec_atof(it[i]);
	free(it);
	a->ncut = n;
	if (!sort)
		return;
	msort(a->dcut, n, sizeof *a->dcut, cmp_double);
	for (i = 1; i < n; i++)
		if (a->dcut[i - 1] == a->dcut[i])
			die(TREC_INPUT, "-m %s.%s: cut-off %g twice", name,
			    a->params, a->dcut[i]);
}

/* LEVEL=GAIN, comma-separated: each item holds one '=' */
static void pairs(struct trecasked *a, const char *name)
{
	struct slice *it;
	size_t i, n = items(a->params, &it);

	a->pair = xmalloc(n * sizeof *a->pair);
	for (i = 0; i < n; i++) {
		const char *eq = memchr(it[i].p, '=', it[i].n);
		size_t at = eq ? (size_t)(eq - it[i].p) : 0;
		if (!eq || memchr(eq + 1, '=', it[i].n - at - 1))
			die(TREC_INPUT, "-m %s.%s: expected NAME=VALUE items, "
			    "comma-separated", name, a->params);
		a->pair[i].name = xstrndup(it[i].p, at);
		a->pair[i].value = trec_atof((struct slice){ eq + 1,
							     it[i].n - at - 1 });
	}
	a->npair = n;
	free(it);
}

static void defaults(struct trecasked *a)
{
	const struct trecmeasure *m = a->m;

	a->ncut = m->ndef;
	if (m->lcut) {
		a->lcut = xmalloc(m->ndef * sizeof *a->lcut);
		memcpy(a->lcut, m->lcut, m->ndef * sizeof *a->lcut);
	} else if (m->dcut) {
		a->dcut = xmalloc(m->ndef * sizeof *a->dcut);
		memcpy(a->dcut, m->dcut, m->ndef * sizeof *a->dcut);
	}
}

/* the printed names of a's columns, as trec_eval makes them */
static void names(struct trecasked *a)
{
	const char *n = a->m->name;
	size_t i, len = strlen(n);

	a->ncol = a->m->params == TP_LONGCUT || a->m->params == TP_DOUBLECUT ?
		  a->ncut : 1;
	a->name = xcalloc(a->ncol, sizeof *a->name);
	for (i = 0; i < a->ncol; i++) {
		if (a->m->params == TP_LONGCUT) {
			a->name[i] = xmalloc(len + 22);
			snprintf(a->name[i], len + 22, "%s_%ld", n, a->lcut[i]);
		} else if (a->m->params == TP_DOUBLECUT) {
			/* trec_eval's buffer: longer numbers are cut short */
			a->name[i] = xmalloc(len + 10);
			snprintf(a->name[i], len + 10, "%s_%3.2f", n, a->dcut[i]);
		} else if (a->params) {
			a->name[i] = xmalloc(len + strlen(a->params) + 2);
			sprintf(a->name[i], "%s_%s", n, a->params);
		} else {
			a->name[i] = xstrndup(n, len);
		}
	}
}

/* measure m as asked, with the first -m's parameters for it */
static void ask(struct trecopts *o, const struct parse *ps,
		const struct trecmeasure *m, struct trecasked *a)
{
	size_t i;

	memset(a, 0, sizeof *a);
	a->m = m;
	for (i = 0; i < ps->narg && !a->params; i++)
		if (strcmp(ps->arg[i].name, m->name) == 0)
			a->params = ps->arg[i].params;
	if (!a->params || m->params == TP_NONE)
		defaults(a);
	else if (m->params == TP_LONGCUT)
		long_cuts(a, m->name);
	else if (m->params == TP_DOUBLECUT || m->params == TP_DOUBLES)
		double_params(a, m->name, m->params == TP_DOUBLECUT);
	else
		pairs(a, m->name);
	if (m->params == TP_NONE)
		a->params = NULL;
	names(a);
	a->col = o->ncols;
	o->ncols += a->ncol;
	if (strcmp(m->name, "utility") == 0 && a->ncut != 4)
		die(TREC_CALC, "-m utility.%s: utility takes 4 coefficients, "
		    "found %zu", a->params, a->ncut);
}

/* the grades whose documents the gains need; a gain for a grade below 0
 * (trec_eval's documents outside the qrels, -1, or judged unjudged, -2)
 * needs what this release does not carry */
static void gain_grades(struct trecopts *o, const struct trecasked *a)
{
	size_t i;
	long lev;
	int rbp = strcmp(a->m->name, "rbp") == 0;

	o->levels = 1;
	for (i = 0; i < a->npair; i++) {
		if (!trec_gain_level(a->pair[i].name, &lev))
			continue;
		if (lev < 0)
			die(TREC_INPUT, "-m %s.%s: a gain for grade %ld: treceval's "
			    "gains are for the grades from 0 (the documents the "
			    "qrels do not judge, or judge below 0, have none)",
			    a->m->name, a->params, lev);
		if ((lev == 0 && a->pair[i].value != 0) ||
		    (rbp && a->pair[i].value < 0))
			o->g0 = 0;
	}
}

static void resolve(struct trecopts *o, struct parse *ps)
{
	size_t i, n = 0;
	int defaulted = ps->narg == 0;

	if (defaulted)
		mark(ps, "official");
	check_support(ps);
	for (i = 0; i < trec_nmeasures; i++)
		n += ps->marked[i];
	o->asked = xcalloc(n, sizeof *o->asked);
	o->g0 = o->level < 1 ? o->level : 1;
	for (i = 0; i < trec_nmeasures; i++) {
		if (!ps->marked[i])
			continue;
		ask(o, ps, &trec_measures[i], &o->asked[o->nasked]);
		if (strcmp(trec_measures[i].name, "runid") != 0 &&
		    strcmp(trec_measures[i].name, "num_q") != 0)
			o->ranks = 1;
		if (trec_measures[i].gain)
			gain_grades(o, &o->asked[o->nasked]);
		if (trec_measures[i].support == TM_NONREL)
			o->judged = 1;
		o->nasked++;
	}
}

void trecargs_parse(struct trecopts *o, int argc, char **argv)
{
	struct parse ps = { 0 };
	int c;

	memset(o, 0, sizeof *o);
	o->summary = 1;
	o->level = 1;
	o->maxret = -1;
	o->jobs = pool_default_jobs(2);
	set_progname(argv[0]);
	opterr = 0;
	ps.arg = xcalloc((size_t)argc + 1, sizeof *ps.arg);
	ps.marked = xcalloc(trec_nmeasures, 1);
	while ((c = getopt_long(argc, argv, ":hvqm:cl:nD:JN:M:R:T:oZ:j:",
				longopts, NULL)) != -1)
		option(o, &ps, c, argv);
	if (ps.help)
		show_help(usage_line, help);
	if (argc - optind != 2)
		trec_usage("expected two files, QRELS and RUN, found %d",
			   argc - optind);
	o->qrels = argv[optind];
	o->run = argv[optind + 1];
	if (stdin_uses((const char *const *)argv + optind, 2) > 1)
		trec_usage("%s", stdin_once_message);
	resolve(o, &ps);
	o->judged_only = ps.judged_only;
	o->judged |= ps.judged_only;
	o->own = xcalloc(ps.narg + 1, sizeof *o->own);
	for (o->nown = 0; o->nown < ps.narg; o->nown++)
		o->own[o->nown] = ps.arg[o->nown].name;
	free(ps.arg);
	free(ps.marked);
}

void trecargs_free(struct trecopts *o)
{
	size_t i, j;

	for (i = 0; i < o->nasked; i++) {
		struct trecasked *a = &o->asked[i];
		for (j = 0; j < a->ncol; j++)
			free(a->name[j]);
		for (j = 0; j < a->npair; j++)
			free(a->pair[j].name);
		free(a->name);
		free(a->lcut);
		free(a->dcut);
		free(a->pair);
	}
	free(o->asked);
	for (i = 0; i < o->nown; i++)
		free(o->own[i]);
	free(o->own);
	memset(o, 0, sizeof *o);
}
