/* cmc --gallery-curve K: hit@K against the gallery size G, each value the
 * expectation over random sub-galleries of G candidates that keep the
 * query's relevant items (gallery.h). hit@K depends on a query's first tie
 * group only, so a system is held as one small record per query and the
 * value at any G is made when asked for. */
#ifndef RK_CURVEGAL_H
#define RK_CURVEGAL_H
#include <stddef.h>
#include "measure/curverun.h"

/* a query's first tie group: a before it, t positions, s relevant; n
 * candidates, m relevant */
struct galquery {
	long a, t, s, n, m;
};

struct galcurve {
	struct galquery *q;
	size_t nq, cap;
	long nempty;		/* queries without a relevant item */
	int empty;		/* enum empty_policy (driver.h) */
	long gmin, gmax;	/* G with a value: the largest m to the
				   smallest n over the queries */
};

/* reads the rank stream of file ("-": standard input) under the empty
 * policy; dies on a query with a relevant item not ranked (file:line),
 * on a cut ranking, on parts that are not one whole run (unless partial:
 * a note unless quiet; runcheck.h), and on an input without a query that
 * has relevant items */
void galcurve_read(char *file, int empty, int partial, int quiet,
		   struct galcurve *c);
/* the mean over queries of hit@K at G in a tie mode (enum tiemode); an
 * empty query counts 0 under --empty miss; NaN for G outside gmin..gmax */
double galcurve_value(const struct galcurve *c, long G, long K, int mode);
/* the rows of n systems' curves of hit@K: each system's measure stream,
 * rows hit@K/GN all value; or, given names, the columns "# G name ..."
 * and a line per G. The G: the largest m, the 1-2-5 numbers between and
 * the smallest n (of each system; of them all for the columns) */
void galcurve_write(const struct galcurve *c, size_t n, long K,
		    const char *const *names, const struct curveopts *o);
void galcurve_free(struct galcurve *c);

#endif
