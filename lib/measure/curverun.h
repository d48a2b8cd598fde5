/* cmc's pass: a rank stream to the hit-rate curve of its queries, with
 * folds and the empty-query policy of the measure programs, and the curve
 * written as a measure stream, as columns or as a table. Each value is made
 * when it is written (curve.h), so memory grows with the distinct first
 * ranks of the input and time with the rows written, never with a gallery
 * size n in the input. */
#ifndef RK_CURVERUN_H
#define RK_CURVERUN_H
#include <stddef.h>
#include "measure/commonopts.h"
#include "measure/curve.h"
#include "measure/ties.h"
#include "stream/groupfile.h"

/* the options cmc shares with the measure programs, then its own */
struct curveopts {
	struct commonopts common;
	size_t maxK;		/* last K; 0: the largest gallery */
	size_t rows_max;	/* with maxK 0: the largest gallery that may
				   become rows (0: any, for a plot alone) */
	const struct groupfile *groups;	/* --group-by's file, NULL: none */
};

/* one system's curve */
struct curveresult {
	size_t nK;		/* K = 1 .. nK */
	struct curve all;	/* without folds */
	struct curve *fold;	/* with folds: each fold's */
	long nfolds;
	/* --group-by: each group's curve and number of queries; the
	   summary is their mean (macro) or the curve of all queries */
	struct curve *group;
	size_t ngroups, *group_n;
	int macro;
	long nquery, nempty;
	unsigned char *explained;	/* the --explain names a query took
					   (explain_missing) */
};

/* reads the rank stream of file ("-": standard input); dies naming the
 * query whose gallery passes o->rows_max under -K all */
void curve_read(char *file, const struct curveopts *o,
		struct curveresult *r);
/* runs the curve on to nK at its last value (K past every gallery) */
void curveresult_extend(struct curveresult *r, size_t nK);
void curveresult_free(struct curveresult *r);

/* the summary hit@K in mode: the curve's, or the mean over the folds (or
 * the groups, macro) that have a value; NaN when none has. Fastest for K that do not decrease. */
double curveresult_value(struct curveresult *r, size_t K, int mode);

/* a rate as the rows print it: percent or fraction, o->common.decimals, "-"
 * for NaN */
void curve_format_rate(char *buf, size_t n, const struct curveopts *o,
		       double v);
/* the measure stream: hit@K rows of each fold, then of "all" (under
 * --group-by version 2: each group's rows before "all"); with a
 * system name (no blanks), the comment line "# system NAME" after the
 * header says whose curve it is (rankkit(7)). Under --format jsonl or
 * csv the same rows as records with a system field (measurerecord.h;
 * the caller writes record_begin's header once, before the first) */
void curve_write_stream(struct curveresult *r, const struct curveopts *o,
			const char *system);
/* "# K name ..." then one line per K: K and each system's value */
void curve_write_columns(struct curveresult *r, size_t n,
			 const char *const *names, const struct curveopts *o);
/* the same as an aligned table for reading (texttable.h's layout): "K
 * name ..." without '#', one row per K, no end line; the widths come from
 * a first pass over the values, so no row is held */
void curve_write_table(struct curveresult *r, size_t n,
		       const char *const *names, const struct curveopts *o);
/* the notes of the measure programs: empty queries, ties that change a
 * value (one line for the whole curve); who prefixes them when not NULL */
void curve_notes(struct curveresult *r, const struct curveopts *o,
		 const char *who);

#endif
