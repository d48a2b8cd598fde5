/* First ranks held exactly at any size: a rank up to 2^63 - 1 is an
 * integer a double cannot hold past 2^53, so the first rank of a query is
 * its whole part and its fraction (the expected mode's a + (t+1)/(s+1));
 * means and medians of them are taken on those parts (a 128-bit sum of
 * the wholes, the exact sum of the fractions) and printed from them. */
#ifndef RK_RANKVAL_H
#define RK_RANKVAL_H
#include <stddef.h>
#include <stdint.h>
#include "stream/rankstream.h"
#include "measure/exactsum.h"

/* whole + frac, 0 <= frac < 1; frac NAN: no value */
struct rankval {
	uint64_t whole;
	double frac;
};

/* the first relevant rank of q in the tie mode; frac NAN when no relevant
 * item is retrieved */
struct rankval rankval_first(const struct rquery *q, int mode);
/* whether v is past what a double holds: whole + 1 >= 2^53 */
int rankval_big(struct rankval v);
/* a before b: -1, equal: 0, after: 1 */
int rankval_cmp(struct rankval a, struct rankval b);
/* (a + b) / 2 */
struct rankval rankval_half(struct rankval a, struct rankval b);
/* v to `decimals` decimals (as %.*f would print the exact value, the
 * fraction's last digit rounded from its double), right-aligned in
 * `width` characters; "-" when v has no value */
void rankval_text(char *buf, size_t n, struct rankval v, int decimals,
		  int width);

/* a running mean of ranks */
struct rankmean {
	uint64_t hi, lo;	/* the sum of the wholes, 128 bits */
	struct exactsum frac;	/* the sum of the fractions */
	long count;
};

void rankmean_init(struct rankmean *m);
void rankmean_add(struct rankmean *m, struct rankval v);
/* whether the sum of the wholes and the count reaches 2^53: past what
 * doubles add exactly */
int rankmean_big(const struct rankmean *m);
/* the mean, frac NAN when nothing was added */
struct rankval rankmean_value(const struct rankmean *m);

#endif
