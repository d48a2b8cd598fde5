/* The bootstrap of means (Efron, "Bootstrap methods: another look at the
 * jackknife", Annals of Statistics 7(1), 1979): B resamples of the n
 * queries drawn with replacement, the same resampled queries for every
 * column. Resample b draws from the generator of util/rng.h seeded with
 * seed and jumped b times, so the means are the same bits for every
 * thread count. With strata (columns.h), a resample draws n_g of the n_g
 * queries of each stratum g, with replacement, stratum 0 first: the
 * stratified bootstrap (Davison and Hinkley, "Bootstrap Methods and their
 * Application", 1997, section 3.7), each column's statistic the mean or,
 * under macro, the mean of the strata's means. */
#ifndef RK_RESAMPLE_H
#define RK_RESAMPLE_H
#include <stdint.h>
#include "stats/columns.h"

/* out[c*B + b]: the mean of column c over the queries of resample b that
 * have a value (a query drawn twice counts twice), or under macro the
 * mean over the strata of those means; NaN when resample b drew none
 * that has one */
void resample_means(const struct columns *cols, long B, uint64_t seed,
		    int threads, double *out);

#endif
