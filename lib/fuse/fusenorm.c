/* fuse --norm's arithmetic, one run's list of a query at a time. */
#include <math.h>
#include "fuse/fusenorm.h"

const char *const fusenorm_names[] = {
	"none", "minmax", "zscore", "sum", "rank", "borda", NULL
};

/* the floor of every denominator (ranx's) */
static const double FLOOR = 1e-9;

static double floored(double d)
{
	return d > FLOOR ? d : FLOOR;
}

void fusenorm_apply(enum fusenorm norm, const double *s, size_t n, size_t u,
		    double *v)
{
	double lo, hi, sum = 0, mean, var = 0, d;
	size_t i;

	if (n == 0)
		return;
	lo = hi = s[0];
	for (i = 0; i < n; i++) {
		lo = s[i] < lo ? s[i] : lo;
		hi = s[i] > hi ? s[i] : hi;
	}
	switch (norm) {
	case NORM_NONE:
		for (i = 0; i < n; i++)
			v[i] = s[i];
		break;
	case NORM_MINMAX:
		d = floored(hi - lo);
		for (i = 0; i < n; i++)
			v[i] = (s[i] - lo) / d;
		break;
	case NORM_ZSCORE:
		for (i = 0; i < n; i++)
			sum += s[i];
		mean = sum / (double)n;
		for (i = 0; i < n; i++)
			var += (s[i] - mean) * (s[i] - mean);
		d = floored(sqrt(var / (double)n));
		for (i = 0; i < n; i++)
			v[i] = (s[i] - mean) / d;
		break;
	case NORM_SUM:
		for (i = 0; i < n; i++)
			sum += s[i] - lo;
		d = floored(sum);
		for (i = 0; i < n; i++)
			v[i] = (s[i] - lo) / d;
		break;
	case NORM_RANK:
		for (i = 0; i < n; i++)
			v[i] = 1 - (double)i / (double)n;
		break;
	case NORM_BORDA:
		for (i = 0; i < n; i++)
			v[i] = 1 - (double)i / (double)u;
		break;
	}
}

double fusenorm_borda_missing(size_t n, size_t u)
{
	return 0.5 - ((double)n - 1) / (2 * (double)u);
}
