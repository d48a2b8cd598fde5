/* bootstrap's two reports, as rankkit streams on stdout (bootstrap(1)):
 * the interval of every measure's mean in one file, and paired
 * comparisons of files of the same queries against the first. */
#ifndef RK_BOOTREPORT_H
#define RK_BOOTREPORT_H
#include "stats/bootcalc.h"

#define HDR_BOOT_ONE	"measure\tquery\tmean\tlower\tupper"
#define HDR_BOOT_WILSON	"\twilson_lower\twilson_upper"
#define HDR_BOOT_PAIR	"measure\tpair\tdifference\tlower\tupper\tp"
#define HDR_BOOT_HOLM	"\traw_p"

/* measure all mean lower upper [wilson_lower wilson_upper] */
void boot_one(const struct mtable *tab, const struct bootopts *o);
/* measure A-X difference lower upper p [raw_p], X = B, C, ... for the
 * files after the first, the p-values adjusted by Holm's method when there
 * are more than two files. Dies when the files' queries or measures
 * differ. */
void boot_compare(const struct mtable *tab, int nfiles,
		  const struct bootopts *o);

#endif
