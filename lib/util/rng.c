/* xoshiro256**, splitmix64 and the draws built on them (see rng.h). The
 * generator and the seeding follow the published algorithms word for word,
 * so that their published outputs are the test (tests/rng.bats). */
#include <math.h>
#include "util/detmath.h"
#include "util/rng.h"

uint64_t splitmix64_next(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void rng_set_state(struct rng *r, const uint64_t s[4])
{
	for (int i = 0; i < 4; i++)
		r->s[i] = s[i];
	r->has_spare = 0;
	r->spare = 0;
}

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t s[4], x = seed;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix64_next(&x);
	/* four splitmix64 outputs are never all zero: it is a bijection of
	 * successive distinct states */
	rng_set_state(r, s);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

void rng_jump(struct rng *r)
{
	/* the jump polynomial of the reference code: x^(2^128) modulo the
	 * characteristic polynomial of the linear engine */
	static const uint64_t jump[4] = {
		UINT64_C(0x180ec6d33cfd0aba), UINT64_C(0xd5a61266f0c9392c),
		UINT64_C(0xa9582618e03fc9aa), UINT64_C(0x39abdc4529b1661c),
	};
	uint64_t acc[4] = { 0, 0, 0, 0 };
	for (int i = 0; i < 4; i++)
		for (int b = 0; b < 64; b++) {
			if (jump[i] & (UINT64_C(1) << b))
				for (int w = 0; w < 4; w++)
					acc[w] ^= r->s[w];
			rng_next(r);
		}
	rng_set_state(r, acc);
}

/* the 128-bit product a*b: high word returned, low word in *lo; a
 * compiler's 128-bit type where it has one, 32-bit halves elsewhere (both
 * give the same words) */
static uint64_t mul128(uint64_t a, uint64_t b, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 p = (unsigned __int128)a * b;
	*lo = (uint64_t)p;
	return (uint64_t)(p >> 64);
#else
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
	*lo = (mid << 32) | (p00 & 0xffffffffu);
	return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	uint64_t lo, hi = mul128(rng_next(r), n, &lo);
	if (lo < n) {
		/* 2^64 mod n: the low words below it belong to the values that
		 * would come up once too often */
		uint64_t floor_ = (0 - n) % n;
		while (lo < floor_)
			hi = mul128(rng_next(r), n, &lo);
	}
	return hi;
}

double rng_uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

double rng_normal(struct rng *r)
{
	double u, v, s;
	if (r->has_spare) {
		r->has_spare = 0;
		return r->spare;
	}
	do {
		u = 2 * rng_uniform(r) - 1;
		v = 2 * rng_uniform(r) - 1;
		s = u * u + v * v;
	} while (s >= 1 || s == 0);
	double f = sqrt(-2 * det_log(s) / s);
	r->spare = v * f;
	r->has_spare = 1;
	return u * f;
}
