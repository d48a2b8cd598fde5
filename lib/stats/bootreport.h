/* bootstrap's two reports, as rankkit streams on stdout (bootstrap(1)):
 * the interval of every measure's mean in one file, and paired
 * comparisons of files of the same queries against the first. */
#ifndef RK_BOOTREPORT_H
#define RK_BOOTREPORT_H
#include "stats/bootcalc.h"

#define HDR_BOOT_ONE	"measure\tquery\tmean\tlower\tupper"
#define HDR_BOOT_WILSON	"\twilson_lower\twilson_upper"
/* the comparison stream's version 2 (rankkit(7)): raw_p always, then
 * the effect; version 1 ended at p (two files) or raw_p */
#define HDR_BOOT_PAIR2	"measure\tpair\tdifference\tlower\tupper\tp\traw_p" \
	"\td_z\twins\tties\tlosses"

/* the all-pairs stream (rankkit(7)): bootstrap --all-pairs */
#define HDR_BOOT_ALLPAIRS	"measure\tpair\tdifference\tp"

/* measure all mean lower upper [wilson_lower wilson_upper] */
void boot_one(const struct mtable *tab, const struct bootopts *o);
/* measure A-X difference lower upper p raw_p d_z wins ties losses, X =
 * B, C, ... for the files after the first, p adjusted by o->adjust when
 * there are more than two files. Dies when the files' queries or
 * measures differ. */
void boot_compare(const struct mtable *tab, int nfiles,
		  const struct bootopts *o);
/* measure X-Y difference p for every pair of the files, X before Y, by
 * the randomised Tukey HSD */
void boot_all_pairs_stream(const struct mtable *tab, int nfiles,
			   const struct bootopts *o);

#endif
