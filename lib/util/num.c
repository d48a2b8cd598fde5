/* Strict numbers in the C locale. The syntax is checked here, byte by
 * byte; the value comes from Clinger's exact fast path (a mantissa of at
 * most 2^53 scaled by an exactly representable power of ten: one rounding,
 * so correctly rounded) and from strtod for everything else. rankkit never
 * calls setlocale(), so strtod reads the C locale's '.'. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"

static const double pow10tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* mant * 10^dexp correctly rounded, for mant < 2^64 and |dexp| <= 22,
 * into *out; 0 when it cannot tell. Clinger's path when mant fits 53
 * bits; else, where long double holds 64 bits of mantissa, one rounding
 * to long double and one to double, which is the correct double unless
 * the first landed exactly halfway between two doubles (then strtod
 * decides). The 16-17 digit scores that simmat prints take this path. */
static int exact_scale(uint64_t mant, int dexp, double *out)
{
	if (dexp < -22 || dexp > 22)
		return 0;
	if (mant <= (UINT64_C(1) << 53)) {
		double v = (double)mant;
		*out = dexp < 0 ? v / pow10tab[-dexp] : v * pow10tab[dexp];
		return 1;
	}
#if LDBL_MANT_DIG >= 64
	{
		long double x = (long double)mant, p = 1;
		int k = dexp < 0 ? -dexp : dexp;
		/* 10^k is exact in 64 bits of mantissa up to k = 27 */
		while (k--)
			p *= 10;
		x = dexp < 0 ? x / p : x * p;
		double d = (double)x;
		if ((long double)d != x) {
			double n = nextafter(d, (long double)d < x ? HUGE_VAL : -HUGE_VAL);
			if (((long double)d + (long double)n) / 2 == x)
				return 0;
		}
		*out = d;
		return 1;
	}
#else
	return 0;
#endif
}

static int lower_eq(const char *p, size_t n, const char *word)
{
	size_t i;
	if (strlen(word) != n)
		return 0;
	for (i = 0; i < n; i++) {
		char c = p[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != word[i])
			return 0;
	}
	return 1;
}

/* everything but plain "ddd.ddd": signs, exponents, inf, long mantissas */
static int parse_double_full(struct slice s, double *out)
{
	const char *p = s.p, *e = s.p + s.n, *frac;
	int neg = 0, dexp = 0;
	size_t nd = 0;
	uint64_t mant = 0;
	unsigned d, nonzero = 0;

	if (p < e && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	if (p == e)
		return NUM_BAD;
	if (!(*p >= '0' && *p <= '9') && *p != '.') {
		size_t n = (size_t)(e - p);
		if (lower_eq(p, n, "inf") || lower_eq(p, n, "infinity")) {
			*out = neg ? -HUGE_VAL : HUGE_VAL;
			return NUM_OK;
		}
		if (lower_eq(p, n, "nan"))
			return NUM_NAN;
		return NUM_BAD;
	}
	/* every digit goes into mant; past 19 digits it may wrap, and then
	 * the exact path is not taken */
	for (; p < e && (d = (unsigned)(*p - '0')) < 10; p++, nd++)
		mant = mant * 10 + d, nonzero |= d;
	if (p < e && *p == '.') {
		frac = ++p;
		for (; p < e && (d = (unsigned)(*p - '0')) < 10; p++)
			mant = mant * 10 + d, nonzero |= d;
		if (p - frac > INT_MAX / 2)
			return NUM_RANGE;
		nd += (size_t)(p - frac);
		dexp = -(int)(p - frac);
	}
	if (nd == 0)
		return NUM_BAD;
	if (p < e && (*p == 'e' || *p == 'E')) {
		int eneg = 0, edig = 0;
		long ev = 0;
		p++;
		if (p < e && (*p == '+' || *p == '-'))
			eneg = *p++ == '-';
		for (; p < e && *p >= '0' && *p <= '9'; p++, edig++)
			if (ev < 100000)
				ev = ev * 10 + (*p - '0');
		if (!edig)
			return NUM_BAD;
		dexp += (int)(eneg ? -ev : ev);
	}
	if (p != e)
		return NUM_BAD;
	if (nd <= 19 && exact_scale(mant, dexp, out)) {
		if (neg)
			*out = -*out;
		return NUM_OK;
	}
	{
		char tmp[64], *buf = s.n < sizeof tmp ? tmp : xmalloc(s.n + 1);
		memcpy(buf, s.p, s.n);
		buf[s.n] = '\0';
		*out = strtod(buf, NULL);
		if (buf != tmp)
			free(buf);
	}
	/* a finite number written out that becomes an infinity, or a
	 * nonzero one that becomes 0, would make ties that the data does
	 * not have: an error (a subnormal result is a number, kept) */
	if (isinf(*out) || (*out == 0 && nonzero))
		return NUM_RANGE;
	return NUM_OK;
}

/* The form scores almost always take, digits with an optional fraction,
 * in a lean loop; anything else goes to parse_double_full. */
int parse_double(struct slice s, double *out)
{
	const char *p = s.p, *e = s.p + s.n, *frac, *digits;
	uint64_t mant = 0;
	unsigned d;
	int neg = 0;

	if (p < e && *p == '-')
		neg = 1, p++;
	digits = p;
	if (e - p == 0 || e - p > 19)	/* at most 18 digits: no overflow */
		return parse_double_full(s, out);
	while (p < e && (d = (unsigned)(*p - '0')) < 10)
		mant = mant * 10 + d, p++;
	if (p < e) {
		if (*p != '.')
			return parse_double_full(s, out);
		frac = ++p;
		while (p < e && (d = (unsigned)(*p - '0')) < 10)
			mant = mant * 10 + d, p++;
		if (p < e || e - digits == 1)
			return parse_double_full(s, out);
	} else {
		frac = p;
	}
	if (!exact_scale(mant, -(int)(p - frac), out))
		return parse_double_full(s, out);
	if (neg)
		*out = -*out;
	return NUM_OK;
}

/* The rest of parse_double_padded (num.h): [-]D.F of 9 to 17 bytes, 1
 * to 8 digits on each side of the point, as two words, or [-]D of 1 to 8
 * digits as one; anything else goes to parse_double. */
int parse_double_padded_rest(struct slice s, double *out)
{
#ifndef NUM_WORD_DIGITS
	/* word_digits8 reads a word's first byte as its lowest */
	return parse_double(s, out);
#else
	static const uint64_t pow10int[] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000
	};
	const char *p = s.p;
	size_t n = s.n, k, f = 0;
	uint64_t t, x, y, whole, frac = 0;
	int neg = 0;

	if (n && *p == '-')
		neg = 1, p++, n--;
	if (n == 0 || n > 17)
		return parse_double(s, out);
	/* the first '.' among the 8 bytes at p: its zero byte after the xor */
	memcpy(&x, p, 8);
	t = x ^ NUM_ONES * '.';
	t = (t - NUM_ONES) & ~t & NUM_ONES * 0x80;
	k = t ? (size_t)__builtin_ctzll(t) >> 3 : 8;
	if (k >= n || k == 8) {
		/* no point: at most 8 digits */
		if (n > 8 || !word_digits8(x, n, &whole))
			return parse_double(s, out);
	} else {
		f = n - k - 1;
		memcpy(&y, p + k + 1, 8);
		if (k == 0 || f == 0 || f > 8 || !word_digits8(x, k, &whole) ||
		    !word_digits8(y, f, &frac))
			return parse_double(s, out);
		whole = whole * pow10int[f] + frac;
	}
	if (!exact_scale(whole, -(int)f, out))
		return parse_double(s, out);
	if (neg)
		*out = -*out;
	return NUM_OK;
#endif
}

int parse_long(struct slice s, long *out)
{
	const char *p = s.p, *e = s.p + s.n;
	int neg = 0;
	unsigned long v = 0, lim;

	if (p < e && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	if (p == e)
		return NUM_BAD;
	if (plain_digits((struct slice){ p, (size_t)(e - p) }, 9, &v)) {
		*out = neg ? -(long)v : (long)v;
		return NUM_OK;
	}
	lim = neg ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX;
	for (; p < e; p++) {
		if (*p < '0' || *p > '9')
			return NUM_BAD;
		unsigned d = (unsigned)(*p - '0');
		if (v > (lim - d) / 10)
			return NUM_RANGE;
		v = v * 10 + d;
	}
	*out = neg ? (long)(0 - v) : (long)v;
	return NUM_OK;
}

void num_error_msg(char *buf, size_t n, int fieldno, struct slice s, int r)
{
	int len = s.n > 200 ? 200 : (int)s.n;
	if (r == NUM_NAN)
		snprintf(buf, n, "field %d: NaN is not a score", fieldno);
	else if (r == NUM_RANGE)
		snprintf(buf, n, "field %d: number out of range '%.*s'",
			 fieldno, len, s.p);
	else
		snprintf(buf, n, "field %d: bad number '%.*s'", fieldno, len,
			 s.p);
}

static _Noreturn void bad_field(const char *file, long line, int fieldno,
				struct slice s, int r)
{
	char msg[256];
	num_error_msg(msg, sizeof msg, fieldno, s, r);
	die_at(file, line, "%s", msg);
}

double field_double(const char *file, long line, int fieldno, struct slice s)
{
	double v;
	int r = parse_double(s, &v);
	if (r != NUM_OK)
		bad_field(file, line, fieldno, s, r);
	return v;
}

long field_long_any(const char *file, long line, int fieldno, struct slice s)
{
	long v;
	int r = parse_long(s, &v);
	if (r != NUM_OK)
		bad_field(file, line, fieldno, s, r == NUM_NAN ? NUM_BAD : r);
	return v;
}

long arg_long(const char *opt, const char *text, long lo, long hi)
{
	struct slice s = { text, strlen(text) };
	long v;
	if (parse_long(s, &v) != NUM_OK || v < lo || v > hi)
		usage_error(NULL, "%s: '%s' is not an integer from %ld to %ld",
			    opt, text, lo, hi);
	return v;
}

double arg_double(const char *opt, const char *text)
{
	struct slice s = { text, strlen(text) };
	double v;
	if (parse_double(s, &v) != NUM_OK)
		usage_error(NULL, "%s: '%s' is not a number", opt, text);
	return v;
}
