/* The exact sum of exactsum.h. A double m * 2^e (m < 2^53 an integer)
 * lands at bit e + 1138 of the accumulator and is added as three 32-bit
 * pieces to three neighbouring digits. A digit is an int64_t and each
 * addition changes it by less than 2^32, so the carries are spread every
 * 2^30 additions, and once before the value is read. */
#include <math.h>
#include <string.h>
#include "measure/exactsum.h"

#define LOW32 ((int64_t)0xffffffff)
#define BASE 4294967296.0	/* 2^32 */
#define CARRY_EVERY (1L << 30)
#define BIAS 1138		/* bit of 2^0 */

void exactsum_init(struct exactsum *x)
{
	memset(x, 0, sizeof *x);
}

/* every digit but the top one into [0, 2^32); the top digit keeps the sign */
static void spread_carries(int64_t *digit)
{
	int i;

	for (i = 0; i < EXACTSUM_DIGITS - 1; i++) {
		int64_t low = digit[i] & LOW32;
		/* digit - low is a multiple of 2^32: an exact division */
		digit[i + 1] += (digit[i] - low) / (int64_t)BASE;
		digit[i] = low;
	}
}

void exactsum_add(struct exactsum *x, double v)
{
	uint64_t bits, mant, piece;
	int exp, at, shift, sign;

	memcpy(&bits, &v, sizeof bits);
	sign = (int)(bits >> 63);
	exp = (int)(bits >> 52 & 0x7ff);
	mant = bits & (((uint64_t)1 << 52) - 1);
	if (exp == 0x7ff) {
		x->special = x->has_special ? x->special + v : v;
		x->has_special = 1;
		return;
	}
	if (exp == 0)		/* subnormal: m * 2^-1074 */
		exp = 1;
	else
		mant |= (uint64_t)1 << 52;
	/* v = mant * 2^(exp - 1075), so bit exp - 1075 + BIAS */
	at = exp - 1075 + BIAS;
	shift = at % 32;
	at /= 32;
	piece = (mant & 0xffffffff) << shift;
	mant = (mant >> 32 << shift) + (piece >> 32);	/* below 2^54 */
	piece &= 0xffffffff;
	if (sign) {
		x->digit[at] -= (int64_t)piece;
		x->digit[at + 1] -= (int64_t)(mant & 0xffffffff);
		x->digit[at + 2] -= (int64_t)(mant >> 32);
	} else {
		x->digit[at] += (int64_t)piece;
		x->digit[at + 1] += (int64_t)(mant & 0xffffffff);
		x->digit[at + 2] += (int64_t)(mant >> 32);
	}
	if (++x->pending == CARRY_EVERY) {
		spread_carries(x->digit);
		x->pending = 0;
	}
}

static int bit_length(uint64_t v)
{
	int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

/* the nonnegative normalized digits to the nearest double */
static double round_digits(const int64_t *digit)
{
	uint64_t top, mid, low, window, keep, rest;
	int h, len, sticky, i;

	for (h = EXACTSUM_DIGITS - 1; h >= 0 && digit[h] == 0; h--)
		;
	if (h < 0)
		return 0;
	/* the lowest double bit is in digit 2: a nonzero sum has h >= 2 */
	top = (uint64_t)digit[h];
	mid = (uint64_t)digit[h - 1];
	low = (uint64_t)digit[h - 2];
	len = bit_length(top);	/* 1 .. 32 */
	/* the 64 bits from the leading one down */
	window = top << (64 - len) | mid << (32 - len) | low >> len;
	sticky = (low & (((uint64_t)1 << len) - 1)) != 0;
	for (i = 0; i < h - 2 && !sticky; i++)
		sticky = digit[i] != 0;
	keep = window >> 11;	/* 53 bits */
	rest = window & 0x7ff;
	if (rest > 0x400 || (rest == 0x400 && (sticky || (keep & 1))))
		keep++;		/* 2^53 at most: still exact */
	/* the window's lowest bit is bit 32 h + len - 64; keep's is 11 up */
	return ldexp((double)keep, 32 * h + len - 64 + 11 - BIAS);
}

double exactsum_value(const struct exactsum *x)
{
	int64_t digit[EXACTSUM_DIGITS];
	int i, negative;

	if (x->has_special)
		return x->special;
	memcpy(digit, x->digit, sizeof digit);
	spread_carries(digit);
	negative = digit[EXACTSUM_DIGITS - 1] < 0;
	if (negative) {
		for (i = 0; i < EXACTSUM_DIGITS; i++)
			digit[i] = -digit[i];
		spread_carries(digit);
	}
	return negative ? -round_digits(digit) : round_digits(digit);
}

void exactmean_add(struct exactmean *x, double v)
{
	exactsum_add(&x->sum, v);
	x->count++;
}

double exactmean_value(const struct exactmean *x)
{
	return x->count ? exactsum_value(&x->sum) / (double)x->count : NAN;
}
