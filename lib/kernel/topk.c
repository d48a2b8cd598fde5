/* Quickselect for the K-th largest score (see topk.h). */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "kernel/topk.h"

static void swap(double *a, double *b)
{
	double t = *a;
	*a = *b;
	*b = t;
}

/* the k-th largest (k from 0) of v[0 .. n-1], reordering v */
static double select_desc(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n;	/* the answer is in v[lo .. hi-1] */

	while (hi - lo > 1) {
		/* median of three as pivot */
		size_t mid = lo + (hi - lo) / 2, lt, gt, i;
		double a = v[lo], b = v[mid], c = v[hi - 1], p;
		p = a < b ? (b < c ? b : (a < c ? c : a)) :
			    (a < c ? a : (b < c ? c : b));
		/* three ways: [lo,lt) > p, [lt,gt) == p, [gt,hi) < p */
		lt = lo;
		gt = hi;
		i = lo;
		while (i < gt) {
			if (v[i] > p)
				swap(&v[i++], &v[lt++]);
			else if (v[i] < p)
				swap(&v[i], &v[--gt]);
			else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k < gt)
			return p;
		else
			lo = gt;
	}
	return v[lo];
}

double topk_threshold(struct topk_scratch *t, const void *S,
		      enum embtype type, size_t n, size_t skip, size_t k)
{
	size_t i, m = 0;

	if (skip < n ? n - 1 <= k - 1 : n <= k - 1)
		return -INFINITY;
	xgrow((void **)&t->v, &t->cap, n, sizeof *t->v);
	if (type == EMB_F32) {
		const float *s = S;
		for (i = 0; i < n; i++)
			if (i != skip)
				t->v[m++] = s[i];
	} else {
		const double *s = S;
		for (i = 0; i < n; i++)
			if (i != skip)
				t->v[m++] = s[i];
	}
	return select_desc(t->v, m, k - 1);
}

void topk_free(struct topk_scratch *t)
{
	free(t->v);
	t->v = NULL;
	t->cap = 0;
}
