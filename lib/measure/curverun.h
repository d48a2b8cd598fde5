/* cmc's pass: a rank stream to the hit-rate curve of its queries, with
 * folds and the empty-query policy of the measure programs, and the curve
 * written as a measure stream or as columns. */
#ifndef RK_CURVERUN_H
#define RK_CURVERUN_H
#include <stddef.h>
#include "measure/ties.h"

struct curveopts {
	size_t maxK;		/* last K; 0: the largest gallery */
	int mode;		/* enum tiemode */
	int empty;		/* enum empty_policy */
	long folds;		/* 0: none */
	int fractions;		/* rates as fractions, not percent */
	int decimals;
	const char **explain;	/* --explain: query ids, or "all" */
	size_t nexplain;
	int quiet;		/* --quiet: no notes (errors stay) */
};


/* one system's curve */
struct curveresult {
	size_t nK;
	double *v[NTIEMODES];	/* the summary hit@K, v[mode][K - 1] */
	double *fold;		/* with folds: fold[f * nK + K - 1], active mode */
	long nfolds;
	long nquery, nempty;
	unsigned char *explained;	/* the --explain names a query took
					   (explain_missing) */
};

/* reads the rank stream of file ("-": standard input) */
void curve_read(char *file, const struct curveopts *o,
		struct curveresult *r);
/* runs the curve on to nK at its last value (K past every gallery) */
void curveresult_extend(struct curveresult *r, size_t nK);
void curveresult_free(struct curveresult *r);

/* the measure stream: hit@K rows of each fold, then of "all" */
void curve_write_stream(const struct curveresult *r, const struct curveopts *o);
/* "# K name ..." then one line per K: K and each system's value */
void curve_write_columns(const struct curveresult *r, size_t n,
			 const char *const *names, const struct curveopts *o);
/* the same as an aligned table for reading (texttable.h): "K name ..."
 * without '#', one row per K, no end line */
void curve_write_table(const struct curveresult *r, size_t n,
		       const char *const *names, const struct curveopts *o);
/* the notes of the measure programs: empty queries, ties that change a
 * value (one line for the whole curve); who prefixes them when not NULL */
void curve_notes(const struct curveresult *r, const struct curveopts *o,
		 const char *who);

#endif
