/* d_z and wins, ties, losses (see effect.h). */
#include <math.h>
#include "stats/effect.h"

void effect_of(const double *d, size_t n, int lower_better, double noise,
	       struct effect *e)
{
	double sum = 0, ss = 0;
	size_t m = 0;
	*e = (struct effect){ .dz = NAN };
	for (size_t i = 0; i < n; i++) {
		if (isnan(d[i]))
			continue;
		sum += d[i];
		m++;
		if (d[i] == 0)
			e->ties++;
		else if ((d[i] > 0) != (lower_better != 0))
			e->wins++;
		else
			e->losses++;
	}
	if (m < 2)
		return;
	double mean = sum / (double)m, top = 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(d[i]))
			top = fmax(top, fabs(d[i] - mean));
	if (top == 0)
		return;
	/* squares of the deviations over the largest: no overflow */
	for (size_t i = 0; i < n; i++)
		if (!isnan(d[i]))
			ss += (d[i] - mean) / top * ((d[i] - mean) / top);
	double sd = top * sqrt(ss / (double)(m - 1));
	if (sd > noise)
		e->dz = mean / sd;
}

struct effect effect_reversed(struct effect e)
{
	return (struct effect){ .dz = -e.dz, .wins = e.losses, .ties = e.ties,
				.losses = e.wins };
}
