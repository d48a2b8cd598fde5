/* A measure (its record, one row of measures.c's table) and a column of
 * output (a measure at one cut-off), shared by the driver and the summary
 * step. */
#ifndef RK_COLUMN_H
#define RK_COLUMN_H
#include "stream/rankstream.h"
#include "measure/ties.h"

enum mkind {
	MK_MEAN,	/* summary: mean over queries with a value */
	MK_MEDIAN,	/* summary: median over queries; no per-query rows */
	MK_SUM,		/* summary: sum over queries with a value (counts) */
	MK_RUN		/* no value: the summary row prints the run's tag */
};

/* what a measure's value function is given */
struct mcall {
	const struct rquery *q;
	long K;			/* the column's cut-off; 0 for a whole-list measure */
	int mode;		/* enum tiemode */
	const void *ctx;	/* the program's context (measureprog.ctx) */
	long G;			/* --gallery-size: gvalue's G; 0 for value */
};

struct mdef {
	const char *name;	/* "hit" gives hit@10; "MRR" stays MRR */
	int cutoff;		/* one column per cut-off K */
	int rate;		/* in [0,1]: printed as percent unless -f */
	int kind;		/* enum mkind */
	int needs_rel;		/* no value for an empty query under skip/miss:
				   0 counts an empty query as 0 under miss */
	/* the value of c->q; NAN: none */
	double (*value)(const struct mcall *c);
	/* --gallery-size: the value's expectation over the sub-galleries of
	 * c->G candidates (gallery.h), or NULL: none at G */
	double (*gvalue)(const struct mcall *c);
	/* --sampled-negatives: the value at full rank R of a query with one
	 * relevant item, at cut-off K (0: none), which :mes and :bv estimate
	 * (sampled.h), or NULL: no estimate */
	double (*full)(long R, long K);
	/* --chance gives this cut-off measure a column for a random order of
	 * each query's gallery: value() in expected mode on the gallery seen
	 * as one tie group */
	int chance;
	/* --explain: the formula of the value with its numbers, on stderr
	   (explain.h), or NULL */
	void (*explain)(const struct mcall *c, const char *name);
	/* summary transform (MedR --medr vsepp), or NULL */
	double (*finish)(double v, const void *ctx);
	/* a column only when -m names it, not among the default measures */
	int on_request;
	int integer;		/* printed without decimals (counts) */
	int rank;		/* value() is the first rank (rankval_first): its
				   means and medians past 2^53 are taken and
				   printed exactly; finish() commutes with
				   adding integers */
	int summary_only;	/* no per-query rows */
	int with_empty;		/* value() is also called for an empty query,
				   under --empty miss (counts) */
	/* trec_eval's name of the measure (--names trec), "_K" added for a
	 * cut-off one; NULL: it has none and keeps its own */
	const char *trec;
	/* a whole-list measure that looks at the first `depth` ranks only
	 * (rsum: 10), for the note on rankings cut short; 0: none */
	long depth;
	/* ir_measures' name, "@K" added for a cut-off one ("Success" gives
	 * Success@10); NULL: it has none */
	const char *irm;
	/* what its value depends on beside the ranks and K: the options
	 * that change it and the grade that counts as relevant */
	const char *params;
	int dir;		/* which way it improves: BETTER_* (direction.h) */
	const char *home;	/* the program whose table has it: "hitrate" */
	/* how to ask for it when not "HOME -m NAME" ("hitrate --rsum") */
	const char *ask;
	/* where it is defined: a manual page and its section, as
	 * "hitrate.1 Measures" (.Sh or .Ss) */
	const char *manual;
};

/* --sampled-negatives: what a column gives of the ranks among sampled
 * negatives: the measure of those ranks (hit@10:sampled), or an estimate
 * of the full gallery's measure, minimal-bias (hit@10:mes) or
 * bias-variance (hit@10:bv) */
enum estimate { EST_NONE, EST_SAMPLED, EST_MES, EST_BV };

/* one column of the output: a measure at one cut-off */
struct column {
	const struct mdef *def;
	long K;			/* 0 for a whole-list measure */
	int chance;		/* a random order of the gallery */
	int est;		/* enum estimate */
	double *fit;		/* EST_MES, EST_BV: the value of each sampled
				   rank r at fit[r - 1] (sampled.h) */
	char name[192];		/* as printed: hit@10, hit@10:chance, MRR;
				   success_10 under --names trec;
				   hit@10/G1000 under --gallery-size;
				   hit@10:bv under --sampled-negatives */
	int trec_rank;		/* --names trec: its place in trec_eval's
				   order of measures */
};

#endif
