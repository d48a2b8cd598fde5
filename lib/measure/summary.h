/* The summary step of the measure programs: each column's running sums
 * (or, for a median, its values) over the queries, and the fold, group
 * and "all" rows computed from them. Without --folds or --group-by
 * nothing is kept per query but a median column's values; with either,
 * every record is kept, since fold boundaries need the query count and a
 * group's row its records. A fold's or group's row is its queries'
 * summary; "all" is then the mean of the folds' rows, or of the groups'
 * (macro) or the queries' own (micro, the run's without groups); the
 * rows of counts (kind MK_SUM) add up instead. */
#ifndef RK_SUMMARY_H
#define RK_SUMMARY_H
#include <stddef.h>
#include "measure/column.h"
#include "measure/exactsum.h"
#include "measure/rankval.h"

/* one column's running summary, per tie mode; sums are exact, so the
 * summary is the same for any order of the queries */
struct colsum {
	struct exactmean mean[NTIEMODES];
	double *med[NTIEMODES];	/* a median column's values */
	size_t nmed[NTIEMODES], medcap[NTIEMODES];
	/* a rank column's (mdef.rank) exact mean, or its values for a median */
	struct rankmean rmean[NTIEMODES];
	struct rankval *rmed[NTIEMODES];
	size_t nrmed[NTIEMODES], rmedcap[NTIEMODES];
};

struct summary {
	const struct column *col;
	size_t ncol;
	long folds;		/* 0: none */
	const void *ctx;	/* for the columns' finish() */
	struct colsum *acc;	/* ncol of them, without folds */
	double *store;		/* with folds: every record's values */
	struct rankval *rstore;	/* and their exact ranks */
	size_t nq, storecap, rstorecap;
	size_t ngroups;		/* --group-by: the groups, 0: none */
	int macro;		/* "all" the mean of the groups' rows */
	size_t *part;		/* per record, its group */
	size_t partcap;
};

/* the rows of the summary: values v[c * NTIEMODES + mode] */
struct summaryrows {
	size_t nfold;
	double *fold;		/* fold f's row: fold + f * ncol * NTIEMODES */
	double *all;
	/* a rank column's "all" value exactly, where its sums reach 2^53
	   (frac NAN elsewhere) */
	struct rankval *rank_all;
	struct rankval *rank_fold;	/* the same for the fold rows */
	/* --group-by: group g's row at group + g * ncol * NTIEMODES, its
	   exact ranks, its number of queries (0: the group has no row) */
	size_t ngroup;
	double *group;
	struct rankval *rank_group;
	size_t *group_n;
};

void summary_init(struct summary *s, const struct column *col, size_t ncol,
		  long folds, const void *ctx);
/* rows per group too: ngroups groups (folds none), "all" their mean
 * when macro, the queries' otherwise */
void summary_groups(struct summary *s, size_t ngroups, int macro);
/* one query's values v[c * NTIEMODES + mode], and a rank column's exact
 * values rv[c * NTIEMODES + mode] (frac NAN: none); group: its group
 * under summary_groups, ignored otherwise */
void summary_add(struct summary *s, const double *v, const struct rankval *rv,
		 size_t group);
/* the fold rows and the "all" row; dies when the queries do not split
 * into the folds */
void summary_rows(struct summary *s, struct summaryrows *r);
void summaryrows_free(struct summaryrows *r);
void summary_free(struct summary *s);

#endif
