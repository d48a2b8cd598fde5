/* bootstrap's numbers, before any format: each measure's mean with its
 * interval, and the paired comparisons of systems with a baseline (the
 * interval of the mean difference, the test's p and the adjusted p). The
 * stream, the report and the tables all print these. */
#ifndef RK_BOOTCALC_H
#define RK_BOOTCALC_H
#include <stdint.h>
#include "stream/measuretable.h"
#include "stats/effect.h"

enum { METHOD_PERCENTILE, METHOD_BCA };
/* the paired test of --test, in the order of boot_test_names */
enum { TEST_SIGNFLIP, TEST_T, TEST_WILCOXON };
extern const char *const boot_test_names[];

struct bootopts {
	long resamples, permutations;
	uint64_t seed;
	double confidence;	/* 0 < c < 1 */
	int method;
	int test;		/* TEST_ */
	int adjust;		/* ADJUST_ of stats/adjust.h */
	int wilson;
	int threads;
	int decimals;
};

/* the test's name in a sentence: "paired sign-flip test", ... */
const char *boot_test_title(int test);
/* 1 when the p-values of nsys systems compared with options o are adjusted: three
 * systems or more, and an --adjust other than none */
int boot_adjusted(int nsys, const struct bootopts *o);

/* an estimate and its interval; NaN where none exists */
struct bootstat {
	double est, lo, hi;
};

/* st[m] for each measure m of tab (its order): the mean over the queries
 * and its interval from o->resamples resamples seeded with o->seed. Dies
 * naming the file and measure when a value is past the largest double. */
void boot_means(const struct mtable *tab, const struct bootopts *o,
		struct bootstat *st);

/* The comparisons of t[1] .. t[n-1] with the baseline t[0], n >= 2: for
 * measure m of t[0] and system j, at i = m * (n - 1) + j - 1, st[i] the
 * mean of t[0]'s value minus t[j]'s and its interval (seed o->seed), p[i]
 * the p of the test o->test (the sign-flip test's seed o->seed + 1) and
 * adj[i] that p adjusted by o->adjust over the n - 1 comparisons of
 * measure m, and eff[i] the effect of t[0] against t[j] (the measure's
 * direction from measure/direction.h). Dies naming the file when the
 * systems' queries or measures differ. */
void boot_diffs(const struct mtable *const *t, int n,
		const struct bootopts *o, struct bootstat *st, double *p,
		double *adj, struct effect *eff);

/* Every pair of the n >= 2 systems t[0 .. n-1] by the randomised Tukey
 * HSD (stats/tukeyhsd.h) with o->permutations draws seeded with
 * o->seed + 1: for measure m of t[0] and pair P of k(k-1)/2 (in the order
 * (0,1), (0,2), ..., (1,2), ...), at m * k(k-1)/2 + P, diff the
 * difference of the means and p its p. Dies naming the file when the
 * systems' queries or measures differ. */
void boot_all_pairs(const struct mtable *const *t, int n,
		    const struct bootopts *o, double *diff, double *p);

/* Every number of a comparison of nsys systems with the baseline `base`,
 * for the report and the tables: for measure m of the baseline (its
 * order) and system s, at i = m * nsys + s, mean[i] the system's mean
 * and interval, and for s != base diff[i] the baseline's mean minus the
 * system's (interval), p[i] and adj[i] (adjusted over the nsys - 1
 * comparisons of m); NaN at s == base and when nsys is 1. */
struct bootresults {
	int nsys, base;
	const char *const *label;	/* the systems' names */
	const struct mtable *const *tab;	/* their tables */
	const struct bootopts *o;
	size_t nm, nq;			/* the baseline's measures and queries */
	struct bootstat *mean, *diff;
	double *p, *adj;
	struct effect *eff;	/* the baseline's against the system */
};

/* refuses, with a usage error that names it, a name that --label gives
 * to two of the n systems: their rows, and which is the baseline, would
 * be ambiguous (file names may repeat: the same file twice) */
void boot_labels_unique(const char *const *label, size_t n);

void boot_results(struct bootresults *r, const struct mtable *const *tab,
		  const char *const *label, int nsys, int base,
		  const struct bootopts *o);
void boot_results_free(struct bootresults *r);

/* the name of the baseline's measure m */
struct slice boot_measure(const struct bootresults *r, size_t m);

#endif
