/* fixedcheck: util/fmtscore.h's fmt_printf_fixed against the C library's
 * own snprintf "%.*f" (the peer it stands in for: treceval prints
 * trec_eval's "%6.4f" through it), for tests/treceval-shapes.bats (not
 * installed). 0 to 4 decimals of: 600,000 seeded values (uniform in
 * [0, 1), dyadic fractions that are exact ties, k / 20000 and its
 * neighbours, negatives, any bits), then zeros, ties, tiny and huge
 * values, infinities and NaN. Prints one line and exits 1 at the first
 * difference. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "util/rng.h"
#include "util/fmtscore.h"

static uint64_t state = 42;

/* a seeded stream of bits, the same on every machine (util/rng's
 * splitmix64) */
static uint64_t next(void)
{
	return splitmix64_next(&state);
}

static unsigned long checked;

static int same(double v, int d)
{
	char got[400], want[400];

	fmt_printf_fixed(got, sizeof got, v, d);
	snprintf(want, sizeof want, "%.*f", d, v);
	checked++;
	if (strcmp(got, want) == 0)
		return 1;
	printf("fixedcheck: %a to %d decimals: '%s', printf '%s'\n", v, d,
	       got, want);
	return 0;
}

/* the i-th seeded value */
static double value(long i)
{
	uint64_t r = next();
	double v;

	switch (i % 6) {
	case 0:
		return (double)(r >> 11) / 9007199254740992.0;
	case 1:	/* dyadic: x.xxxx5 exactly, ties to even */
		return ldexp((double)(r >> 40), -(int)(next() % 30));
	case 2:
		return (double)(r % 200001) / 20000.0;
	case 3:
		memcpy(&v, &r, sizeof v);
		return v;
	case 4:
		return -((double)(r % 2000001) / 200000.0);
	default:
		return nextafter((double)(r % 100000000) * 1e-4,
				 next() % 2 ? 1 : -1);
	}
}

int main(void)
{
	static const double special[] = { 0.0, -0.0, 0.5, 1.5, 2.5, 0.00005,
		0.03125, -0.03125, 0.99995, 1e-300, -1e-300, 4e-320,
		999999999999999.9, 1e15, 1e300, -1e300, INFINITY, -INFINITY };
	long i;
	size_t k;
	int d;

	for (i = 0; i < 600000; i++)
		if (!same(value(i), (int)(next() % 5)))
			return 1;
	for (k = 0; k < sizeof special / sizeof *special; k++)
		for (d = 0; d <= 4; d++)
			if (!same(special[k], d))
				return 1;
	for (d = 0; d <= 4; d++)
		if (!same(NAN, d) || !same(-NAN, d))
			return 1;
	printf("fixedcheck: %lu values the same as printf's\n", checked);
	return 0;
}
