/* rankof -M (maxcut.h): the score of the max-th candidate by selection in
 * O(n), then which of the candidates tied at that score stay. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "rank/maxcut.h"
#include "rank/rankcount.h"

/* the k-th largest of x[0 .. n-1] (k from 0), x reordered: selection by
 * three-way partitions around the middle element */
static double kth_largest(double *x, size_t n, size_t k)
{
	size_t lo = 0, hi = n;	/* the k-th is among x[lo .. hi-1] */

	for (;;) {
		double pivot = x[lo + (hi - lo) / 2], t;
		size_t gt = lo, i = lo, lt = hi;
		/* x[lo .. gt-1] > pivot, x[gt .. i-1] == pivot,
		 * x[lt .. hi-1] < pivot */
		while (i < lt) {
			if (x[i] > pivot) {
				t = x[i], x[i] = x[gt], x[gt] = t;
				gt++, i++;
			} else if (x[i] < pivot) {
				lt--;
				t = x[i], x[i] = x[lt], x[lt] = t;
			} else {
				i++;
			}
		}
		if (k < gt)
			hi = gt;
		else if (k >= lt)
			lo = lt;
		else
			return pivot;
	}
}

/* qsort's comparison has no context: the ids of the query being cut,
 * per thread (rankof ranks queries on several) */
static _Thread_local const struct strmap *sort_ids;

/* item id descending, byte order: trec_eval's order of tied documents */
static int cmp_id_desc(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	return slice_cmp(strmap_key(sort_ids, b), strmap_key(sort_ids, a));
}

int maxcut_mark(struct maxcut *mc, const double *score, size_t n, size_t max,
		int brk, const struct strmap *ids)
{
	size_t c, above = 0, ntied = 0, i;
	double cut;

	xgrow((void **)&mc->kept, &mc->keptcap, n, 1);
	xgrow((void **)&mc->top, &mc->topcap, n, sizeof *mc->top);
	memcpy(mc->top, score, n * sizeof *score);
	cut = kth_largest(mc->top, n, max - 1);
	for (c = 0; c < n; c++) {
		mc->kept[c] = score[c] > cut;
		above += mc->kept[c];
		if (score[c] == cut) {
			xgrow((void **)&mc->tied, &mc->tiedcap, ntied + 1,
			      sizeof *mc->tied);
			mc->tied[ntied++] = c;
		}
	}
	/* the cut leaves max - above of the ntied candidates at its score */
	if (brk == BREAK_NONE && above + ntied > max) {
		mc->tie = ntied;
		mc->tiescore = cut;
		return 0;
	}
	if (brk == BREAK_ID) {
		sort_ids = ids;
		qsort(mc->tied, ntied, sizeof *mc->tied, cmp_id_desc);
	}
	for (i = 0; i < max - above; i++)
		mc->kept[mc->tied[i]] = 1;
	return 1;
}

void maxcut_free(struct maxcut *mc)
{
	free(mc->kept);
	free(mc->top);
	free(mc->tied);
	memset(mc, 0, sizeof *mc);
}
