/* Strict number parsing in the C locale, whatever the environment says.
 * A whole field must be the number: no blanks, no trailing bytes. */
#ifndef RK_NUM_H
#define RK_NUM_H
#include <stdint.h>
#include <string.h>
#include "util/slice.h"

enum { NUM_OK = 0, NUM_BAD = -1, NUM_NAN = -2, NUM_RANGE = -3 };

/* decimal or exponent notation, "inf"/"infinity" with a sign; hex and
 * "nan" are refused (NUM_NAN for nan), and so (NUM_RANGE) is a number
 * beyond the doubles' range or a nonzero one that would round to 0. Correctly rounded (a fast exact path
 * for up to 19 digits and small exponents, strtod otherwise). */
int parse_double(struct slice s, double *out);
/* optional sign and decimal digits only; NUM_RANGE on overflow */
int parse_long(struct slice s, long *out);

/* the message for a parse failure r of field fieldno: "field 3: bad
 * number 'x'" (NaN and range failures have their own words) */
void num_error_msg(char *buf, size_t n, int fieldno, struct slice s, int r);

/* As above, but die "prog: file:line: field N: bad number 'text'" (or NaN). */
double field_double(const char *file, long line, int fieldno, struct slice s);
long field_long_any(const char *file, long line, int fieldno, struct slice s);

/* 1 when s is 1 to max plain decimal digits (max at most 9: the value
 * fits in any long), their value in *v; else 0. The lean path of
 * parse_long and field_long: every rank, count and grade of an ordinary
 * stream. */
static inline int plain_digits(struct slice s, size_t max, unsigned long *v)
{
	unsigned long x = 0;
	size_t i;

	if (s.n == 0 || s.n > max)
		return 0;
	for (i = 0; i < s.n; i++) {
		unsigned d = (unsigned)((unsigned char)s.p[i] - '0');
		if (d > 9)
			return 0;
		x = x * 10 + d;
	}
	*v = x;
	return 1;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NUM_WORD_DIGITS 1
/* the number whose digits' values (0 to 9) are the bytes of x, the
 * first digit in the lowest byte of the top n, zeros below: pairs, fours
 * and eights combined */
static inline __attribute__((always_inline)) unsigned long
digit_word_value(uint64_t x)
{
	x = (x * 10 + (x >> 8)) & UINT64_C(0x00FF00FF00FF00FF);
	x = (x * 100 + (x >> 16)) & UINT64_C(0x0000FFFF0000FFFF);
	x = x * 10000 + (x >> 32);
	return (unsigned long)(x & 0xFFFFFFFF);
}

#define NUM_ONES UINT64_C(0x0101010101010101)

/* 1 when the first k bytes of the word x (1 to 8; the first in memory
 * lowest) are decimal digits, their value in *v. The k bytes go to the
 * top of a word whose other bytes are '0', so that it holds 8 digits of
 * the same value; a byte is a digit when neither b + 0x46 (above '9') nor
 * b - 0x30 (below '0') sets its top bit, which holds whatever carries and
 * borrows the bytes before it pass on (they can only make a digit look
 * wrong). Then digit_word_value's sums: without a loop or a branch per
 * digit. */
static inline int word_digits8(uint64_t x, size_t k, uint64_t *v)
{
	unsigned sh = (unsigned)(8 - k) * 8;

	x <<= sh;
	if (sh)
		x |= NUM_ONES * '0' >> (64 - sh);
	if (((x + NUM_ONES * (0x7f - '9')) | (x - NUM_ONES * '0')) &
	    NUM_ONES * 0x80)
		return 0;
	*v = digit_word_value(x - NUM_ONES * '0');
	return 1;
}

/* plain_digits of 1 to 8 digits as one word; 8 bytes from s.p must be
 * readable (a line read in bulk, lines_block) */
static inline int word_digits(struct slice s, unsigned long *v)
{
	uint64_t x, d;

	if (s.n == 0 || s.n > 8)
		return 0;
	memcpy(&x, s.p, 8);
	if (!word_digits8(x, s.n, &d))
		return 0;
	*v = (unsigned long)d;
	return 1;
}
#endif

/* parse_double_padded for what its inline part leaves */
int parse_double_padded_rest(struct slice s, double *out);

/* parse_double for a field followed by at least 24 bytes that may be
 * read (a reader's padded buffer): the same results, the common forms
 * ([-]digits.digits, 8 digits at most on each side) a word at a time.
 * Inline: a field of at most 8 bytes (its sign apart) with a point
 * inside, one word: the point taken out (the bytes after it moved down
 * one place), its up to 7 digits read at once, and Clinger's exact
 * value, one division by an exact power of ten (one rounding). */
static inline int parse_double_padded(struct slice s, double *out)
{
#ifdef NUM_WORD_DIGITS
	static const double pow10[8] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7
	};
	const char *p = s.p + (s.n && *s.p == '-');
	size_t n = s.n - (size_t)(p - s.p), k;
	uint64_t x, t, below, v;

	if (n >= 3 && n <= 8) {
		memcpy(&x, p, 8);
		/* the first '.': its zero byte after the xor */
		t = x ^ NUM_ONES * '.';
		t = (t - NUM_ONES) & ~t & NUM_ONES * 0x80;
		k = t ? (size_t)__builtin_ctzll(t) >> 3 : 8;
		below = (UINT64_C(1) << (k & 7) * 8) - 1;
		if (k != 0 && k < n - 1 &&
		    word_digits8((x & below) | (x >> 8 & ~below), n - 1, &v)) {
			*out = (double)v / pow10[n - k - 1];
			if (p != s.p)
				*out = -*out;
			return NUM_OK;
		}
	}
#endif
	return parse_double_padded_rest(s, out);
}

/* The value of the n (1 to 8) bytes at p, which the caller knows to be
 * decimal digits; 8 bytes from p must be readable. One digit at once,
 * more as one word where the byte order allows (word_digits' sums), else
 * digit by digit. */
static inline __attribute__((always_inline)) unsigned long
digits_value(const char *p, size_t n)
{
#ifdef NUM_WORD_DIGITS
	uint64_t x;

	if (n == 1)
		return (unsigned long)((unsigned char)p[0] - '0');
	memcpy(&x, p, 8);
	return digit_word_value((x << ((8 - n) * 8)) &
				UINT64_C(0x0F0F0F0F0F0F0F0F));
#else
	unsigned long v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v = v * 10 + (unsigned long)((unsigned char)p[i] - '0');
	return v;
#endif
}

/* field_long: plain digits inline; field_long_any reads the rest (signs,
 * long numbers, errors) */
static inline long field_long(const char *file, long line, int fieldno,
			      struct slice s)
{
	unsigned long v;

	if (plain_digits(s, 9, &v))
		return (long)v;
	return field_long_any(file, line, fieldno, s);
}

/* A command-line number: dies with a usage error naming the option when the
 * text is not an integer in [lo, hi]. */
long arg_long(const char *opt, const char *text, long lo, long hi);
double arg_double(const char *opt, const char *text);

#endif
