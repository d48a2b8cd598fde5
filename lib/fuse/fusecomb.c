/* fuse --method's arithmetic, one item at a time. */
#include <stdlib.h>
#include "fuse/fusecomb.h"

const char *const fusemethod_names[] = {
	"combsum", "combmnz", "combmax", "combmin", "combmed", "combanz",
	"wsum", "rrf", "isr", NULL
};

int fusemethod_weighted(enum fusemethod m)
{
	return m != FUSE_COMBMAX && m != FUSE_COMBMIN && m != FUSE_COMBMED;
}

int fusemethod_ranked(enum fusemethod m)
{
	return m == FUSE_RRF || m == FUSE_ISR;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double fusecomb_term(const struct fusecomb *c, double v, long rank)
{
	if (c->method == FUSE_RRF)
		return 1 / (c->rrf_k + (double)rank);
	if (c->method == FUSE_ISR)
		return 1 / ((double)rank * (double)rank);
	return v;
}

double fusecomb_score(const struct fusecomb *c, const double *v,
		      const long *rank, const unsigned char *held,
		      size_t nruns, double *tmp)
{
	double sum = 0, pick = 0;
	size_t r, count = 0;

	for (r = 0; r < nruns; r++) {
		if (!held[r])
			continue;
		double t = fusecomb_term(c, v[r], rank[r]);
		sum += c->w ? c->w[r] * t : t;
		if (count == 0 ||
		    (c->method == FUSE_COMBMAX ? v[r] > pick : v[r] < pick))
			pick = v[r];
		tmp[count++] = v[r];
	}
	if (count == 0)
		return 0;
	switch (c->method) {
	case FUSE_COMBMNZ:
	case FUSE_ISR:
		return (double)count * sum;
	case FUSE_COMBANZ:
		return sum / (double)count;
	case FUSE_COMBMAX:
	case FUSE_COMBMIN:
		return pick;
	case FUSE_COMBMED:
		qsort(tmp, count, sizeof *tmp, cmp_double);
		return count % 2 ? tmp[count / 2] :
			(tmp[count / 2 - 1] + tmp[count / 2]) / 2;
	default:
		return sum;
	}
}
