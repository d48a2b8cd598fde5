/* --names trec: trec_eval's names of the measures, its order of them and
 * its layout of a row ("%-22s\t%s\t%6.4f"), so that a measure program's
 * output is the bytes trec_eval -q prints for the measures both have. */
#ifndef RK_TRECNAMES_H
#define RK_TRECNAMES_H
#include <stddef.h>
#include "measure/column.h"

/* --names: rankkit's, trec_eval's (this file) or ir_measures' (irmnames.h) */
enum names { NAMES_RANKKIT, NAMES_TREC, NAMES_IRM };

/* the place of trec_eval's measure trec in its order of measures; the
 * measures without a trec_eval name come after all of them */
int trec_rank(const char *trec);
/* a column's trec_eval name: "map", "P_10" */
void trec_column_name(char *buf, size_t size, const struct mdef *def, long K);
/* -m's name in trec_eval's words: "map", "P" (a cut-off family) or "P_10"
 * (*K gets 10); the measure among n defs, or NULL */
const struct mdef *trec_find(const struct mdef *defs, size_t n,
			     const char *name, long *K);
/* a row in trec_eval's layout: name padded to 22 columns, a tab, the
 * query, a tab, the value as given */
void trec_write_row(const char *name, const char *query, const char *value);

#endif
