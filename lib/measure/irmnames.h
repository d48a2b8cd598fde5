/* --names irm: ir_measures' names of the measures (Name(param=value)@K:
 * nDCG@10, R@1000, RR, RBP(p=0.8), SDCG(max_rel=4)@10), written for a
 * column and read back from -m, so that a name the output prints is a
 * name -m takes. rankkit(7) has the table. */
#ifndef RK_IRMNAMES_H
#define RK_IRMNAMES_H
#include <stddef.h>
#include "measure/column.h"
#include "measure/measures.h"

/* a column's ir_measures name: the row's irm, its parameters from the
 * options x (RBP's p, SDCG's max_rel) and "@K" for a cut-off one */
void irm_column_name(char *buf, size_t size, const struct mdef *def,
		     long K, const struct measurectx *x);

/* -m's name in ir_measures' syntax as rankkit's ("R@10" -> "recall@10",
 * "RBP(p=0.8)" -> "RBP", "R" -> "recall": the family at -k's K) into buf (size at least 64); 1 when it is the
 * ir_measures name of one of the n rows of defs, 0 when not. A parameter
 * is one the options set: dies with a usage error (usage: the usage
 * line) on one that differs from them, naming the option, or that
 * rankkit's rows do not take. */
int irm_find(const struct mdef *defs, size_t n, const char *name,
	     const struct measurectx *x, char *buf, size_t size,
	     const char *usage);

#endif
