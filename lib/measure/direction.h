/* Which way a measure improves, as its record says (measures.h), for
 * whatever has to say which of two systems is better (bootstrap's report
 * and table). */
#ifndef RK_DIRECTION_H
#define RK_DIRECTION_H
#include "util/slice.h"

enum { BETTER_NEITHER = 0, BETTER_HIGHER = 1, BETTER_LOWER = -1 };

/* the direction of the measure named as a measure stream names it (hit@10,
 * MeanR, MRR@10:chance, MeanR/G1000, P_10 under --names trec): lower for
 * the ranks (MeanR, MedR), neither for counts and the run's tag, higher
 * for the rest and for a name without a record */
int measure_direction(struct slice name);

/* "higher", "lower" or "" for BETTER_NEITHER */
const char *direction_word(int dir);

#endif
