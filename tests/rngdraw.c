/* rngdraw: the generator of util/rng.h and the functions of
 * util/detmath.h on the command line, for tests/rng.bats (not installed).
 *   rngdraw splitmix SEED N        N splitmix64 outputs
 *   rngdraw state S0 S1 S2 S3 N    N xoshiro256** outputs from that state
 *   rngdraw jump S0 S1 S2 S3       the state after one jump, in hex
 *   rngdraw next SEED N            N xoshiro256** outputs after rng_seed
 *   rngdraw below SEED BOUND N     N integers in [0, BOUND)
 *   rngdraw uniform SEED N         N doubles in [0, 1)
 *   rngdraw normal SEED N          N standard normal deviates
 *   rngdraw logulp SEED N          largest error of det_log in units in the
 *   rngdraw expulp SEED N          last place, against the C library */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/detmath.h"
#include "util/rng.h"

static uint64_t num(const char *s)
{
	return strtoull(s, NULL, 0);
}

static double ulps(double got, double want)
{
	if (got == want)
		return 0;
	double gap = nextafter(want, INFINITY) - want;
	return fabs(got - want) / gap;
}

static int draw_ulps(const char *what, uint64_t seed, long n)
{
	struct rng r;
	double worst = 0, at = 0;
	rng_seed(&r, seed);
	for (long i = 0; i < n; i++) {
		double x, e;
		if (strcmp(what, "logulp") == 0) {
			/* every binade from 2^-1000 to 2^1000, and near 1 */
			x = ldexp(1 + rng_uniform(&r), (int)rng_below(&r, 2001) - 1000);
			if (i % 4 == 0)
				x = 0.5 + rng_uniform(&r);
			e = ulps(det_log(x), log(x));
		} else {
			x = 1400 * rng_uniform(&r) - 700;
			if (i % 4 == 0)
				x = 4 * rng_uniform(&r) - 2;
			e = ulps(det_exp(x), exp(x));
		}
		if (e > worst) {
			worst = e;
			at = x;
		}
	}
	printf("%.3f\t%.17g\n", worst, at);
	return 0;
}

int main(int argc, char **argv)
{
	struct rng r;
	if (argc < 3)
		return 2;
	const char *what = argv[1];
	if (strcmp(what, "splitmix") == 0 && argc == 4) {
		uint64_t x = num(argv[2]);
		for (long i = 0, n = atol(argv[3]); i < n; i++)
			printf("%" PRIu64 "\n", splitmix64_next(&x));
	} else if ((strcmp(what, "state") == 0 && argc == 7) ||
		   (strcmp(what, "jump") == 0 && argc == 6)) {
		uint64_t s[4];
		for (int i = 0; i < 4; i++)
			s[i] = num(argv[2 + i]);
		rng_set_state(&r, s);
		if (argc == 6) {
			rng_jump(&r);
			for (int i = 0; i < 4; i++)
				printf("%016" PRIX64 "\n", r.s[i]);
		}
		for (long i = 0, n = argc == 7 ? atol(argv[6]) : 0; i < n; i++)
			printf("%" PRIu64 "\n", rng_next(&r));
	} else if (strcmp(what, "next") == 0 && argc == 4) {
		rng_seed(&r, num(argv[2]));
		for (long i = 0, n = atol(argv[3]); i < n; i++)
			printf("%" PRIu64 "\n", rng_next(&r));
	} else if (strcmp(what, "below") == 0 && argc == 5) {
		rng_seed(&r, num(argv[2]));
		uint64_t bound = num(argv[3]);
		for (long i = 0, n = atol(argv[4]); i < n; i++)
			printf("%" PRIu64 "\n", rng_below(&r, bound));
	} else if ((strcmp(what, "uniform") == 0 || strcmp(what, "normal") == 0)
		   && argc == 4) {
		rng_seed(&r, num(argv[2]));
		for (long i = 0, n = atol(argv[3]); i < n; i++)
			printf("%.17g\n", what[0] == 'u' ? rng_uniform(&r)
			       : rng_normal(&r));
	} else if ((strcmp(what, "logulp") == 0 || strcmp(what, "expulp") == 0)
		   && argc == 4) {
		return draw_ulps(what, num(argv[2]), atol(argv[3]));
	} else {
		return 2;
	}
	return 0;
}
