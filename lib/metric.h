/* The driver shared by hitrate, mapr and ndcg: common options, one pass
 * over the rank stream, per-query values in the three tie modes, folds,
 * summaries, tie notes and the measure stream. A program supplies a table
 * of measures and its own options. */
#ifndef RK_METRIC_H
#define RK_METRIC_H
#include <stddef.h>
#include "rankstream.h"
#include "ties.h"

enum mkind {
	MK_MEAN,	/* summary: mean over queries with a value */
	MK_MEDIAN	/* summary: median over queries; no per-query rows */
};

struct mdef {
	const char *name;	/* "hit" gives hit@10; "MRR" stays MRR */
	int cutoff;		/* one column per cut-off K */
	int rate;		/* in [0,1]: printed as percent unless -f */
	int kind;		/* enum mkind */
	int needs_rel;		/* no value for an empty query under skip/miss:
				   0 counts an empty query as 0 under miss */
	/* value of query q at K (ignored when !cutoff) in mode; NAN: none */
	double (*value)(const struct rquery *q, long K, int mode, void *ctx);
	/* chance value, or NULL when the measure has none */
	double (*chance)(const struct rquery *q, long K, void *ctx);
	/* summary transform (MedR --medr vsepp), or NULL */
	double (*finish)(double v, void *ctx);
};

enum empty_policy { EMPTY_MISS, EMPTY_SKIP, EMPTY_ERROR };

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

/* getopt_long pieces every metric program shares */
#define METRIC_SHORTOPTS "k:m:T:qfp:h"
#define METRIC_LONGOPTS \
	{ "cutoffs", required_argument, 0, 'k' }, \
	{ "measures", required_argument, 0, 'm' }, \
	{ "ties", required_argument, 0, 'T' }, \
	{ "empty", required_argument, 0, 'E' }, \
	{ "folds", required_argument, 0, 'F' }, \
	{ "per-query", no_argument, 0, 'q' }, \
	{ "fractions", no_argument, 0, 'f' }, \
	{ "precision", required_argument, 0, 'p' }, \
	{ "chance", no_argument, 0, 'C' }, \
	{ "help", no_argument, 0, 'h' }, \
	{ "version", no_argument, 0, 'V' }

void metric_defaults(struct metricopts *o);
/* handles one common option; 0 if c is not one of them */
int metric_option(struct metricopts *o, int c, const char *arg,
		  const char *usage);
/* checks -m names against the table, then reads the rank stream from the
 * files (stdin when none) and writes the measure stream; exits. */
_Noreturn void metric_run(struct metricopts *o, const struct mdef *defs,
			  size_t ndefs, char **files, int nfiles,
			  const char *usage);

#endif
