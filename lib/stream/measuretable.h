/* A measure stream read whole: the value of every measure for every
 * query, for programs that need all queries at once (bootstrap). The
 * summary rows (query "all") are left out, and so are the group rows of
 * version 2 (--group-by); a measure without a row for a
 * query, or with "-", has no value there (NaN). */
#ifndef RK_MEASURETABLE_H
#define RK_MEASURETABLE_H
#include <stddef.h>
#include "util/strmap.h"

struct mtable {
	const char *file;
	struct strmap measures, queries;	/* names, in order of first row */
	long *query_line;	/* line of each query's first row */
	long *measure_line;	/* line of each measure's first row */
	double *v;		/* measure m, query q: v[m * nq + q] */
	/* the measures with a summary row but no per-query row (a median,
	   MedR, has none): they cannot be resampled, and are named */
	struct strmap summary_only;
	/* the measures whose per-query values are text (trec_eval's
	   relstring), left out; and whether a summary row counts the run's
	   queries (trec_eval's num_q): the file is trec_eval -q output */
	struct strmap text_only;
	int has_num_q;
	/* version 2: its "all" is the mean of the groups' rows (macro) */
	int macro;
	/* bootstrap --group-by: query q's group, stratum[q] < nstrata;
	   NULL: none */
	size_t *stratum;
	size_t nstrata;
	size_t nm, nq;
};

/* Reads the file ("-": stdin). Dies naming file and line on a bad row, on
 * a second row for the same measure and query, and when the file has no
 * per-query row at all (the measure programs write them with -q). */
void mtable_read(struct mtable *tab, const char *path);
void mtable_free(struct mtable *tab);
/* bootstrap --group-by: each query's group from g into tab->stratum;
 * dies naming the file and line of a query g has no line for */
struct groupfile;
void mtable_groups(struct mtable *tab, const struct groupfile *g);

/* One note on stderr for the n tables, when one of them is trec_eval -q
 * output (text values or num_q): what of it is left out, the measures
 * with text values and the rows of the run as a whole (query all). */
void mtable_note_left_out(const struct mtable *tab, int n);

#endif
