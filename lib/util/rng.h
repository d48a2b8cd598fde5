/* The project's random generator: xoshiro256** (Blackman and Vigna,
 * "Scrambled linear pseudorandom number generators", ACM TOMS 47(4), 2021)
 * seeded through splitmix64 (Steele, Lea and Flood, OOPSLA 2014), as the
 * authors recommend. Integer arithmetic only, except the normal deviate,
 * which uses +, -, *, / and sqrt and the deterministic logarithm of
 * util/detmath.h: the same seed gives the same numbers on every machine. */
#ifndef RK_RNG_H
#define RK_RNG_H
#include <stdint.h>

struct rng {
	uint64_t s[4];
	double spare;		/* the second deviate of the last polar pair */
	int has_spare;
};

/* the next output of splitmix64 whose state is *x (advances *x) */
uint64_t splitmix64_next(uint64_t *x);

/* the state: four successive splitmix64 outputs from seed */
void rng_seed(struct rng *r, uint64_t seed);
/* the state given word by word (not all zero), for reference tests */
void rng_set_state(struct rng *r, const uint64_t s[4]);

uint64_t rng_next(struct rng *r);
/* advances the state by 2^128 outputs: successive jumps give streams that
 * never overlap, one per resample or worker */
void rng_jump(struct rng *r);

/* an unbiased integer in [0, n), n >= 1: Lemire's multiply-and-reject
 * ("Fast random integer generation in an interval", ACM TOMACS 29(1), 2019) */
uint64_t rng_below(struct rng *r, uint64_t n);
/* a double in [0, 1) from the top 53 bits: every multiple of 2^-53 */
double rng_uniform(struct rng *r);
/* a standard normal deviate: Marsaglia and Bray's polar method (SIAM
 * Review 6(3), 1964), its two deviates handed out one at a time */
double rng_normal(struct rng *r);

#endif
