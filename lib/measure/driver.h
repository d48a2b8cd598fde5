/* The driver shared by hitrate, mapr and ndcg: common options, one pass
 * over the rank stream, per-query values in the three tie modes, folds,
 * summaries, tie notes and the measure stream. A program supplies a table
 * of measures and its own options. */
#ifndef RK_DRIVER_H
#define RK_DRIVER_H
#include <stddef.h>
#include "stream/rankstream.h"
#include "measure/ties.h"

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
	/* --chance gives this cut-off measure a column for a random order of
	 * each query's gallery: value() in expected mode on the gallery seen
	 * as one tie group */
	int chance;
	/* summary transform (MedR --medr vsepp), or NULL */
	double (*finish)(double v, void *ctx);
};

enum empty_policy { EMPTY_MISS, EMPTY_SKIP, EMPTY_ERROR };

/* a metric program: its measures, defaults and own options */
struct option;
struct measureprog {
	const char *name;	/* for --version */
	const char *usage, *help;
	const struct mdef *defs;
	size_t ndefs;
	const long *defK;	/* default cut-offs */
	size_t ndefK;
	const struct option *extra;	/* own long options, {0} ended */
	/* handles one of them (getopt's c and optarg); may be NULL */
	void (*option)(int c, const char *arg, void *ctx);
	void *ctx;		/* handed to option() and the measures */
};

/* options, then the rank stream from the files (stdin when none) to the
 * measure stream; exits */
_Noreturn void driver_main(int argc, char **argv, const struct measureprog *P);

#endif
