/* bootstrap --svg: the per-query differences of one measure between a
 * system and the baseline, sorted, as a bar chart (plot/svgbars.h). */
#ifndef RK_DIFFBARS_H
#define RK_DIFFBARS_H
#include "stream/measuretable.h"

/* what the picture looks like, from the command line (NULL, 0: default) */
struct difflook {
	const char *measure;	/* the measure drawn (default the first) */
	const char *xlabel, *ylabel, *title;
	int width, height;
};

/* Writes the chart of sys - base (named sysname, basename) into path: one
 * bar per query that has a value in both, ascending, equal differences in
 * the baseline's order of queries. Dies naming the measure when the
 * baseline lacks it (a usage error), the file that lacks a query or the
 * measure the other has, and when no query has a value in both. */
void diffbars_save(const struct mtable *base, const struct mtable *sys,
		   const char *basename, const char *sysname,
		   const struct difflook *look, const char *path);

#endif
