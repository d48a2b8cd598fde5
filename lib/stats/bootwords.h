/* bootstrap --format report: the numbers of bootcalc.h in sentences, for a
 * person: per measure each system's mean with its interval, the
 * difference to the baseline with its interval, which system is better
 * in words at the level asked for (lower-is-better measures respected),
 * the p-value with its resolution, and every measure that could not be
 * resampled, named. */
#ifndef RK_BOOTWORDS_H
#define RK_BOOTWORDS_H
#include "stats/bootcalc.h"

void boot_words(const struct bootresults *r);

/* n with a comma between groups of three digits (10,000), into buf
 * (size >= 32) */
void boot_thousands(char *buf, long n);

#endif
