/* The driver shared by the measure programs (hitrate, mapr, ndcg): their
 * options (those cmc takes too are commonopts.h's), the columns, one pass over the rank stream with
 * each query's values in the three tie modes, summaries, rows and notes.
 * A program supplies its name, whose rows of the table of measures
 * (measures.h) are its measures, and its own options.
 *
 * The steps, in the order driver_main runs them (driver.c's own):
 *   driver_init         options, then the columns (measure and cut-off)
 *   driver_next         reads one query and computes its record: the value
 *                       of every column in every tie mode, nothing printed
 *   driver_write_rows   the record's per-query rows (-q)
 *   driver_add          the record into the running summaries
 *   summary_rows        folds or groups and the "all" row, per column and
 *                       tie mode (summary.h)
 *   driver_write_summary, driver_write_notes
 * cmc, which writes a curve rather than measures, shares only the options
 * (its pass is curverun.h's). */
#ifndef RK_DRIVER_H
#define RK_DRIVER_H
#include <stddef.h>
#include "stream/groupfile.h"
#include "stream/rankstream.h"
#include "measure/ties.h"
#include "measure/column.h"
#include "measure/commonopts.h"
#include "measure/measures.h"
#include "measure/summary.h"
#include "util/texttable.h"

/* a program's own option: --NAME takes one of names and stores the value
 * at the same place of values into *target */
struct choiceopt {
	const char *name;		/* without the dashes */
	const char *const *names;	/* NULL ended */
	const int *values;
	int *target;
};

/* a program's own number: --NAME takes a number in [lo, hi] (a whole
 * one when whole) into *target, and sets *given when given is not NULL */
struct numberopt {
	const char *name;	/* without the dashes */
	double lo, hi;
	const char *range;	/* [lo, hi] in words for the error: "0 <= P < 1" */
	int whole;
	double *target;
	int *given;
};

/* a program's own option that takes a text: --NAME ARG, handed to take,
 * which keeps what it means or dies with a usage error (usage: the usage
 * line) */
struct textopt {
	const char *name;	/* without the dashes */
	void (*take)(const char *arg, const char *usage);
};

/* --min-grade G of hitrate and mapr (mingrade.h): its number entry, ctx
 * the program's struct measurectx, and its help line, rankof -g's range */
#define MEASUREPROG_MIN_GRADE(ctx) \
	{ "min-grade", 0, 1000000000, "0 <= G <= 1000000000", 1, \
	  &(ctx).min_grade, &(ctx).min_grade_given }
#define MEASUREPROG_MIN_GRADE_HELP \
	"      --min-grade G       relevant when grade >= G, a bar above rankof -g's\n" \
	"                          (trec_eval -l G, ir_measures' rel=G)\n"

/* a program's own flag: --NAME adds the column of the measure named
 * measure after the measures chosen, unless -m chose it */
struct measureflag {
	const char *name;	/* without the dashes */
	const char *measure;	/* a whole-list measure of the table */
};

/* a measure program: its name (its measures are the rows of that home,
 * measures_of), defaults and own options */
struct measureopts;
struct measureprog {
	const char *name;	/* for --version, and its measures' home */
	const char *usage;	/* the usage line, as the SYNOPSIS */
	const char *about;	/* first lines of --help */
	const char *measures;	/* -m's help: the names it takes */
	const char *own_help;	/* help lines of the program's own options */
	const long *default_cutoffs;
	size_t ndefault_cutoffs;
	const struct choiceopt *choices;	/* own options, {0} ended; may be NULL */
	const struct measureflag *flags;	/* own flags, {0} ended; may be NULL */
	const struct numberopt *numbers;	/* own numbers, {0} ended; may be NULL */
	const struct textopt *texts;	/* own texts, {0} ended; may be NULL */
	/* its options that the measures read, handed to them and finish() */
	struct measurectx *ctx;
	/* takes --sampled-negatives, --full-size and --bv-gamma */
	int sampled;
	/* after the options: refuses with a usage error what does not go
	 * together (an option of the program's with a common one); may be
	 * NULL */
	void (*check)(const struct measureopts *o, const void *ctx);
};

/* a program's default cut-offs, an array, in a struct measureprog
 * initializer */
#define MEASUREPROG_CUTOFFS(cutoffs_) \
	.default_cutoffs = (cutoffs_), \
	.ndefault_cutoffs = sizeof(cutoffs_) / sizeof((cutoffs_)[0])

/* the options every measure program takes: those it shares with cmc,
 * then its own */
struct measureopts {
	struct commonopts common;
	long *cutoffs;
	size_t ncutoffs;
	char **sel;		/* -m: names chosen, NULL for all */
	size_t nsel;
	int perquery;		/* -q */
	int chance;		/* --chance */
	long gallery;		/* --gallery-size G, 0: the whole gallery */
	int replace;		/* --gallery-draws with: 1 */
	int draws_given;
	long sampled;		/* --sampled-negatives M, 0: none */
	long full;		/* --full-size N */
	double gamma;		/* --bv-gamma */
	unsigned long flags;	/* bit i: the program's flag i was given */
};

/* one query's record, handed from driver_next to the later steps */
struct qrecord {
	const struct rquery *q;
	double *v;		/* v[c * NTIEMODES + mode] for column c */
	/* a rank column's (mdef.rank) exact value, same index; frac NAN:
	   none (other columns, no value, --gallery-size, --chance) */
	struct rankval *rv;
};

struct driver {
	const struct measureprog *prog;
	const struct mdef *defs;	/* its measures (measures_of) */
	size_t ndefs;
	struct measureopts opt;
	char **files;
	int nfiles;
	struct column *col;
	size_t ncol;
	struct rankreader reader;
	struct rquery q;
	struct qrecord rec;
	struct summary sum;
	struct texttable table;	/* --format table: the rows until the end */
	size_t nread;		/* queries read */
	/* what the notes count */
	long nempty;		/* queries without a relevant item */
	long nmulti;		/* queries with more than one */
	long *noval;		/* per column: queries with relevant items but
				   no value in the active mode */
	long *beyond;		/* per column: queries with fewer candidates
				   than K (or, in a cut ranking, a ranking
				   cut above K) and a relevant item not
				   retrieved */
	int cut;		/* the streams state a cut (facts.h) */
	struct groupfile groups;	/* --group-by's file */
	size_t group;		/* the group of the query read */
	struct facts depth;	/* the cut they state */
};

/* notes on stderr: empty queries, left-out queries, cut-offs beyond the
 * candidates, tie changes */
void driver_write_notes(const struct driver *d, const struct summaryrows *s);

/* the steps' parts, for the files of the driver: the options into
 * d->opt and d->files (driveropts.c; exits on -h, --version and usage
 * errors), the columns from them, a value as printed ("-" for NaN) and
 * the deepest rank a column's value looks at (0: the whole list; these
 * three in drivercols.c). driver.c calls drivernotes.c and both call
 * drivercols.c, never the other way round. */
void driver_parse_options(struct driver *d, int argc, char **argv);
void driver_build_columns(struct driver *d);
/* --sampled-negatives: the values of the :mes and :bv columns (usage
 * error when one cannot be had) */
void driver_fit_columns(struct driver *d);
/* a column's value v as the output prints it, or a rank column's exact
 * value rv unless rv is NULL or its frac NAN (rankval.h) */
void driver_format_rank(char *buf, size_t n, const struct measureopts *o,
			const struct column *c, double v,
			const struct rankval *rv);
long column_deepest_rank(const struct column *c);

/* options, then the rank stream from the files (stdin when none) to the
 * measure stream, or to the table written whole after the last query;
 * exits */
_Noreturn void driver_main(int argc, char **argv, const struct measureprog *prog);

#endif
