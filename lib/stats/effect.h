/* The effect of a paired comparison beside its p: the standardised mean
 * difference d_z = mean(d) / sd(d), sd with n - 1 (Cohen 1988, the d of
 * paired samples), and the queries each system wins, over the queries
 * that have a difference (NaN: none). */
#ifndef RK_EFFECT_H
#define RK_EFFECT_H
#include <stddef.h>

/* of the first system against the second, d = first - second */
struct effect {
	double dz;		/* NaN when sd is 0 or fewer than 2 differences */
	long wins, ties, losses;	/* the first better, equal, worse */
};

/* e for the differences d[0 .. n-1]; lower_better: the measure improves
 * downwards (a rank), so a negative difference is a win. An sd of at
 * most noise counts as 0: differences of values that are decimals
 * (0.3734 - 0.1234) differ from each other by the rounding of the values
 * alone, and their d_z would be a huge number made of that rounding. */
void effect_of(const double *d, size_t n, int lower_better, double noise,
	       struct effect *e);

/* the same comparison seen from the second system */
struct effect effect_reversed(struct effect e);

#endif
