/* rankof -M: the first N candidates of a query in the tie order, as
 * trec_eval -M keeps them, before any rank is counted. */
#ifndef RK_MAXCUT_H
#define RK_MAXCUT_H
#include <stddef.h>
#include "util/strmap.h"

struct maxcut {
	unsigned char *kept;	/* [c]: candidate c stays */
	double *top;		/* a copy of the scores, for the selection */
	size_t *tied;		/* the candidates tied at the cut */
	size_t keptcap, topcap, tiedcap;
	/* a cut through a tie that no rule breaks: its size and score */
	size_t tie;
	double tiescore;
};

/* Marks kept[c] for the first max of the n candidates (max < n): by score
 * descending, ties by brk (BREAK_INPUT: c ascending, the order of
 * appearance; BREAK_ID: ids[c] descending, byte order). Returns 1, or 0
 * when brk is BREAK_NONE and the cut falls inside a tie (tie and tiescore
 * say which). */
int maxcut_mark(struct maxcut *mc, const double *score, size_t n, size_t max,
		int brk, const struct strmap *ids);
void maxcut_free(struct maxcut *mc);

#endif
