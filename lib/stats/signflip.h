/* The paired randomization test of a mean difference (Fisher, "The
 * Design of Experiments", 1935, section 21): under the null hypothesis
 * each query's difference is as likely to have either sign. Each of N
 * draws flips the sign of every query's difference with probability 1/2
 * (the same flips for every column); c counts the draws whose |mean| is
 * at least the observed one, and p = (c + 1)/(N + 1), which never is 0
 * (Phipson and Smyth, Stat. Appl. Genet. Mol. Biol. 9(1), 2010). Draw d
 * uses the generator seeded with seed and jumped d times. */
#ifndef RK_SIGNFLIP_H
#define RK_SIGNFLIP_H
#include <stdint.h>
#include "stats/columns.h"

/* p[c] for every column of differences (NaN where a column has none) */
void signflip_pvalues(const struct columns *cols, long N, uint64_t seed,
		      int threads, double *p);

#endif
