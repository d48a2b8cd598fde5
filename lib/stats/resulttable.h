/* bootstrap's results table (--format text, markdown, latex): the
 * numbers of bootcalc.h as a paper prints them. Rows are systems, columns
 * the measures that have values, each cell the mean with its interval;
 * the best mean of each column is marked (lower is better for the ranks,
 * measure/direction.h), and so is every system whose difference to the
 * baseline is significant at the level asked for by the chosen test,
 * after the chosen adjustment over the comparisons with the baseline per
 * measure. Under it, each system's effect against the baseline (d_z and
 * wins/ties/losses). A legend says what the marks, the intervals, the
 * test and the effects are, and names the measures left out. */
#ifndef RK_RESULTTABLE_H
#define RK_RESULTTABLE_H
#include "stats/bootcalc.h"

enum { TABLE_TEXT, TABLE_MARKDOWN, TABLE_LATEX };

void boot_table(const struct bootresults *r, int style);

#endif
