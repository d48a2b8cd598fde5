/* One record per measure: the table of every measure a program prints,
 * its names under rankkit's, trec_eval's and ir_measures' naming, its
 * parameters, the way it improves, its home program, where its manual
 * defines it, how it is computed and how --explain shows it. The measure
 * programs read their rows (measures_of), -m's hints read every row, and
 * bootstrap reads the direction (direction.h). */
#ifndef RK_MEASURES_H
#define RK_MEASURES_H
#include <stddef.h>
#include "util/slice.h"
#include "measure/column.h"
#include "measure/gainmap.h"

/* what the measures' functions read of a program's own options: one
 * context for every measure program (measureprog.ctx) */
struct measurectx {
	int medr_vsepp;	/* hitrate --medr vsepp */
	int apdiv;	/* mapr --ap-divisor: an enum apdiv */
	int aparea;	/* mapr --ap-area: an enum aparea */
	int gain;	/* ndcg --gain: an enum gainkind */
	double max_grade;	/* ndcg --max-grade: ERR's grade of r = 1 - 2^-g */
	double persistence;	/* ndcg --persistence: RBP's p */
	int persistence_given;	/* --persistence given: else --names picks */
	/* ndcg --gains: nDCG's gain of each grade listed, or NULL */
	const struct gainmap *gains;
	/* hitrate and mapr --min-grade: the driver applies it to each query
	 * (mingrade.h) before any measure reads it; ir_measures' rel */
	double min_grade;
	int min_grade_given;
};

/* the rows whose home is the program prog, in its table's order (that
 * of its default columns and of -m's "known:" list); *n gets their count
 * (0 for a program without rows) */
const struct mdef *measures_of(const char *prog, size_t *n);

/* every row, *n gets the count */
const struct mdef *measures_all(size_t *n);

/* the row of a measure named as a measure stream names it: rankkit's
 * name (hit@10, MRR, MRR:chance, MeanR/G1000), trec_eval's (P_10, map,
 * num_rel_ret) or ir_measures' (R@10, RR, RBP(p=0.8)), a cut-off in the
 * name only for a cut-off measure; NULL when no row has it */
const struct mdef *measure_find(struct slice name);

/* how to ask for the measure: its row's ask, else "HOME -m NAME" */
void measure_ask(char *buf, size_t size, const struct mdef *m);

#endif
