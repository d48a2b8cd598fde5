/* Exact, short, fast printing of scores (see fmtscore.h).
 *
 * A binary value v = m * 2^-k (k > 0) is scaled exactly with 128-bit
 * integers: v * 10^p = 4m*10^p / 2^(k+2), so the quotient and remainder of
 * a shift give the P-digit decimal correctly rounded (halfway to even) and
 * its exact distance to v. The decimal reads back to v when it lies inside
 * v's rounding interval: half an ulp on either side (a quarter below when m
 * is a power of two, the ulp below being half as wide), the end points
 * included when m is even, as round-half-even reading does. This is the
 * test of Steele & White's and Ryu's shortest printing, applied to the
 * correctly rounded P-digit candidates for a few P around the usual length.
 * Values outside the range of the 128-bit arithmetic (tiny, huge, or
 * integers of 2^52 and more) go to snprintf("%.*g") and strtod/strtof,
 * trying P upwards: slow and rare for scores.
 *
 * The 128-bit integers are the compiler's where it has them
 * (__SIZEOF_INT128__) and otherwise pairs of 64-bit halves (32-bit
 * targets; RK_PORTABLE_U128 selects them anywhere, for tests): the same
 * values, so the same text. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/fmtscore.h"

#if defined(__SIZEOF_INT128__) && !defined(RK_PORTABLE_U128)
typedef unsigned __int128 u128;
#define U128(hi, lo) (((u128)(hi) << 64) | (u128)(lo))
static u128 u128_of(uint64_t v) { return v; }
static uint64_t u128_low(u128 a) { return (uint64_t)a; }
static u128 u128_mul64(uint64_t a, u128 b) { return a * b; }
static u128 u128_shl(u128 a, int s) { return a << s; }
static u128 u128_shr(u128 a, int s) { return a >> s; }
static u128 u128_sub(u128 a, u128 b) { return a - b; }
static u128 u128_lowbits(u128 a, int s) { return a & (((u128)1 << s) - 1); }
static int u128_cmp(u128 a, u128 b) { return (a > b) - (a < b); }
#else
typedef struct { uint64_t hi, lo; } u128;
#define U128(h, l) { (h), (l) }
static u128 u128_of(uint64_t v) { u128 r = { 0, v }; return r; }
static uint64_t u128_low(u128 a) { return a.lo; }

/* the full product of two 64-bit numbers, from 32-bit halves */
static u128 mul64(uint64_t a, uint64_t b)
{
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
	u128 r;

	r.lo = (mid << 32) | (p00 & 0xffffffffu);
	r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return r;
}

/* a * b modulo 2^128 */
static u128 u128_mul64(uint64_t a, u128 b)
{
	u128 r = mul64(a, b.lo);
	r.hi += a * b.hi;
	return r;
}

static u128 u128_shl(u128 a, int s)
{
	u128 r;
	if (s == 0)
		return a;
	if (s >= 64) {
		r.hi = s >= 128 ? 0 : a.lo << (s - 64);
		r.lo = 0;
	} else {
		r.hi = a.hi << s | a.lo >> (64 - s);
		r.lo = a.lo << s;
	}
	return r;
}

static u128 u128_shr(u128 a, int s)
{
	u128 r;
	if (s == 0)
		return a;
	if (s >= 64) {
		r.lo = s >= 128 ? 0 : a.hi >> (s - 64);
		r.hi = 0;
	} else {
		r.lo = a.lo >> s | a.hi << (64 - s);
		r.hi = a.hi >> s;
	}
	return r;
}

static u128 u128_sub(u128 a, u128 b)
{
	u128 r;
	r.lo = a.lo - b.lo;
	r.hi = a.hi - b.hi - (a.lo < b.lo);
	return r;
}

static u128 u128_lowbits(u128 a, int s)
{
	return u128_shr(u128_shl(a, 128 - s), 128 - s);
}

static int u128_cmp(u128 a, u128 b)
{
	if (a.hi != b.hi)
		return a.hi > b.hi ? 1 : -1;
	return (a.lo > b.lo) - (a.lo < b.lo);
}
#endif

#define P10(hi, lo) U128(hi, lo)
static const u128 pow10tab[] = {
	P10(0x0000000000000000u, 0x0000000000000001u),
	P10(0x0000000000000000u, 0x000000000000000au),
	P10(0x0000000000000000u, 0x0000000000000064u),
	P10(0x0000000000000000u, 0x00000000000003e8u),
	P10(0x0000000000000000u, 0x0000000000002710u),
	P10(0x0000000000000000u, 0x00000000000186a0u),
	P10(0x0000000000000000u, 0x00000000000f4240u),
	P10(0x0000000000000000u, 0x0000000000989680u),
	P10(0x0000000000000000u, 0x0000000005f5e100u),
	P10(0x0000000000000000u, 0x000000003b9aca00u),
	P10(0x0000000000000000u, 0x00000002540be400u),
	P10(0x0000000000000000u, 0x000000174876e800u),
	P10(0x0000000000000000u, 0x000000e8d4a51000u),
	P10(0x0000000000000000u, 0x000009184e72a000u),
	P10(0x0000000000000000u, 0x00005af3107a4000u),
	P10(0x0000000000000000u, 0x00038d7ea4c68000u),
	P10(0x0000000000000000u, 0x002386f26fc10000u),
	P10(0x0000000000000000u, 0x016345785d8a0000u),
	P10(0x0000000000000000u, 0x0de0b6b3a7640000u),
	P10(0x0000000000000000u, 0x8ac7230489e80000u),
	P10(0x0000000000000005u, 0x6bc75e2d63100000u),
	P10(0x0000000000000036u, 0x35c9adc5dea00000u),
	P10(0x000000000000021eu, 0x19e0c9bab2400000u),
	P10(0x000000000000152du, 0x02c7e14af6800000u),
	P10(0x000000000000d3c2u, 0x1bcecceda1000000u),
	P10(0x0000000000084595u, 0x161401484a000000u),
	P10(0x000000000052b7d2u, 0xdcc80cd2e4000000u),
	P10(0x00000000033b2e3cu, 0x9fd0803ce8000000u),
	P10(0x00000000204fce5eu, 0x3e25026110000000u),
	P10(0x00000001431e0faeu, 0x6d7217caa0000000u),
	P10(0x0000000c9f2c9cd0u, 0x4674edea40000000u),
};
#undef P10

struct bin {
	uint64_t m;	/* v = m / 2^k */
	int k;
	int lowcloser;	/* m is a power of two: the interval below is half */
	int pmax;	/* digits that always suffice: 17 or 9 */
	int plimit;	/* largest p the 128-bit arithmetic allows */
};

/* The correctly rounded P-digit decimal of v (x10: its decimal exponent)
 * in *D; returns 1 when it reads back to v. */
static int try_digits(const struct bin *b, int P, int x10, uint64_t *D)
{
	int p = P - 1 - x10, s = b->k + 2;
	u128 X, r, half, full, H, dist;
	uint64_t q;

	X = u128_mul64(b->m << 2, pow10tab[p]);
	q = u128_low(u128_shr(X, s));
	full = u128_shl(u128_of(1), s);
	r = u128_lowbits(X, s);
	half = u128_shr(full, 1);
	if (u128_cmp(r, half) > 0 || (u128_cmp(r, half) == 0 && (q & 1))) {
		*D = q + 1;
		dist = u128_sub(full, r);
		H = u128_shl(pow10tab[p], 1);
	} else {
		*D = q;
		dist = r;
		H = b->lowcloser ? pow10tab[p] : u128_shl(pow10tab[p], 1);
	}
	return u128_cmp(dist, H) < 0 ||
	       (u128_cmp(dist, H) == 0 && !(b->m & 1));
}

static int u64_digits(uint64_t v, char *d)	/* d: 20 bytes */
{
	char t[20];
	int n = 0, i;
	do {
		t[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (i = 0; i < n; i++)
		d[i] = t[n - 1 - i];
	return n;
}

/* writes sign, the digits of D (nd of them, first one at 10^x10) */
static size_t emit(char *buf, int neg, uint64_t D, int x10, int pmax)
{
	char dg[20];
	int nd, i;
	char *o = buf;

	while (D % 10 == 0 && D) {
		D /= 10;
	}
	nd = u64_digits(D, dg);
	if (neg)
		*o++ = '-';
	if (x10 < -4 || x10 >= pmax) {
		int e = x10, ae;
		*o++ = dg[0];
		if (nd > 1) {
			*o++ = '.';
			memcpy(o, dg + 1, (size_t)nd - 1);
			o += nd - 1;
		}
		*o++ = 'e';
		*o++ = e < 0 ? '-' : '+';
		ae = e < 0 ? -e : e;
		if (ae >= 100)
			*o++ = (char)('0' + ae / 100);
		*o++ = (char)('0' + ae / 10 % 10);
		*o++ = (char)('0' + ae % 10);
	} else if (x10 >= 0) {
		for (i = 0; i <= x10; i++)
			*o++ = i < nd ? dg[i] : '0';
		if (nd > x10 + 1) {
			*o++ = '.';
			memcpy(o, dg + x10 + 1, (size_t)(nd - x10 - 1));
			o += nd - x10 - 1;
		}
	} else {
		*o++ = '0';
		*o++ = '.';
		for (i = 0; i < -x10 - 1; i++)
			*o++ = '0';
		memcpy(o, dg, (size_t)nd);
		o += nd;
	}
	*o = '\0';
	return (size_t)(o - buf);
}

/* 1 and the text in buf when the fast path applies */
static int fast(char *buf, size_t *len, int neg, const struct bin *b)
{
	int bl, e2, x10, j, P, best;
	uint64_t D, Dbest;

	if (b->k < 1 || b->k > 125)
		return 0;
	bl = 64 - __builtin_clzll(b->m);
	e2 = bl - 1 - b->k;	/* 2^e2 <= v < 2^(e2+1) */
	/* floor(log10 v) is x10 or x10 + 1 */
	x10 = e2 >= 0 ? e2 * 78913 >> 18 : -((-e2 * 78913 + (1 << 18) - 1) >> 18);
	j = x10 + 1;		/* is v >= 10^j ? */
	if (j <= 0) {
		if (-j > 21)
			return 0;
		if (u128_cmp(u128_mul64(b->m, pow10tab[-j]),
			     u128_shl(u128_of(1), b->k)) >= 0)
			x10 = j;
	} else {
		if (j > 19)
			return 0;
		if (b->k < 64 && u128_cmp(u128_of(b->m),
					  u128_shl(pow10tab[j], b->k)) >= 0)
			x10 = j;
	}
	if (b->pmax - 1 - x10 > b->plimit || b->pmax - 1 - x10 < 0)
		return 0;
	/* the usual length first, then down while it reads back, or up */
	P = b->pmax - 1;
	if (P - 1 - x10 >= 0 && try_digits(b, P, x10, &D)) {
		best = P;
		Dbest = D;
		while (P > 1 && P - 2 - x10 >= 0 && try_digits(b, P - 1, x10, &D)) {
			P--;
			best = P;
			Dbest = D;
		}
	} else {
		best = b->pmax;
		try_digits(b, best, x10, &Dbest);
	}
	if (u128_cmp(u128_of(Dbest), pow10tab[best]) == 0) {	/* 9.99.. rounded up to 10.0.. */
		Dbest /= 10;
		x10++;
	}
	*len = emit(buf, neg, Dbest, x10, b->pmax);
	return 1;
}

/* an IEEE binary format: fraction and exponent bits, the digits that
 * always suffice (pmax) and the fixed-notation limit of the fast path */
struct ieeefmt {
	int fracbits, expbits, pmax, plimit;
	int single;		/* reads back with strtof, not strtod */
};

static const struct ieeefmt binary64 = { 52, 11, 17, 21, 0 };
static const struct ieeefmt binary32 = { 23, 8, 9, 30, 1 };

/* v's text given its bits u in format f (v exactly representable in it) */
static size_t fmt_ieee(char *buf, uint64_t u, double v, const struct ieeefmt *f)
{
	int sign = (int)(u >> (f->fracbits + f->expbits));
	int emax = (1 << f->expbits) - 1, bias = emax >> 1;
	int ex = (int)(u >> f->fracbits & (uint64_t)emax), P;
	uint64_t frac = u & ((UINT64_C(1) << f->fracbits) - 1);
	struct bin b;
	size_t len;

	if (ex == emax) {
		strcpy(buf, frac ? "nan" : sign ? "-inf" : "inf");
		return strlen(buf);
	}
	if (ex == 0 && frac == 0) {
		strcpy(buf, sign ? "-0" : "0");
		return strlen(buf);
	}
	b.m = ex ? frac | UINT64_C(1) << f->fracbits : frac;
	b.k = ex ? bias + f->fracbits - ex : bias + f->fracbits - 1;
	b.lowcloser = frac == 0 && ex > 1;
	b.pmax = f->pmax;
	b.plimit = f->plimit;
	if (fast(buf, &len, sign, &b))
		return len;
	/* P <= 17 spelled out: %.17g fits in FMTSCORE_MAX bytes */
	for (P = 1; P < f->pmax && P < 17; P++) {
		snprintf(buf, FMTSCORE_MAX, "%.*g", P, v);
		if (f->single ? strtof(buf, NULL) == (float)v :
		    strtod(buf, NULL) == v)
			break;
	}
	if (P == f->pmax)
		snprintf(buf, FMTSCORE_MAX, "%.*g", P, v);
	return strlen(buf);
}

size_t fmt_double(char *buf, double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	return fmt_ieee(buf, u, v, &binary64);
}

size_t fmt_float(char *buf, float v)
{
	uint32_t u;

	memcpy(&u, &v, sizeof u);
	return fmt_ieee(buf, u, (double)v, &binary32);
}

void fmt_fixed(char *buf, double v, int decimals)
{
	if (isnan(v)) {
		strcpy(buf, "-");
		return;
	}
	if (v == 0)
		v = 0;		/* no "-0" */
	if (fabs(v) >= 9007199254740992.0)	/* 2^53, or inf */
		fmt_double(buf, v);
	else		/* %.17f of a value below 2^53: 35 bytes */
		snprintf(buf, FMTFIXED_MAX, "%.*f", decimals, v);
}

/* bit k of the 128-bit integer hi:lo */
static int bit128(uint64_t hi, uint64_t lo, unsigned k)
{
	return (int)((k >= 64 ? hi >> (k - 64) : lo >> k) & 1);
}

/* whether any bit of hi:lo below bit k is set */
static int below128(uint64_t hi, uint64_t lo, unsigned k)
{
	if (k >= 64)
		return lo != 0 || (k > 64 && (hi & ((UINT64_C(1) << (k - 64)) - 1)));
	return k > 0 && (lo & ((UINT64_C(1) << k) - 1)) != 0;
}

/* |v| * 10^d rounded as printf rounds it (the exact binary value, a tie
 * to even) into *n; 0 when |v| is too large (1e15 or more) */
static int scaled(double v, uint64_t p10, uint64_t *n)
{
	int ex;
	double f = frexp(fabs(v), &ex);
	uint64_t m = (uint64_t)ldexp(f, 53), t, tlo, hi, lo;
	unsigned s;

	if (!(fabs(v) < 1e15))
		return 0;
	if (m == 0 || 53 - ex >= 68) {	/* below 2^-15: |v| 10^d < 1/2 */
		*n = 0;
		return 1;
	}
	if (ex >= 53) {	/* an integer: no fraction */
		*n = (uint64_t)fabs(v) * p10;
		return 1;
	}
	/* m p10 (below 2^67) as hi:lo, from m's two 32-bit halves */
	t = (m >> 32) * p10;
	tlo = t << 32;
	lo = (m & 0xffffffffu) * p10 + tlo;
	hi = (t >> 32) + (lo < tlo);
	s = (unsigned)(53 - ex);	/* |v| 10^d = hi:lo / 2^s, s in 1..67 */
	*n = s >= 64 ? hi >> (s - 64) : (lo >> s) | (hi << (64 - s));
	if (bit128(hi, lo, s - 1) && (below128(hi, lo, s - 1) || (*n & 1)))
		++*n;
	return 1;
}

size_t fmt_printf_fixed(char *buf, size_t size, double v, int decimals)
{
	static const uint64_t pow10[] = { 1, 10, 100, 1000, 10000 };
	char digits[24];
	uint64_t n, ip;
	size_t k = 0, nd = 0;
	int i;

	if (decimals < 0 || decimals > 4 || isnan(v) ||
	    !scaled(v, pow10[decimals], &n))
		return (size_t)snprintf(buf, size, "%.*f", decimals, v);
	if (signbit(v))
		buf[k++] = '-';
	ip = n / pow10[decimals];
	do {
		digits[nd++] = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip);
	while (nd)
		buf[k++] = digits[--nd];
	if (decimals) {
		buf[k++] = '.';
		n %= pow10[decimals];
		for (i = decimals - 1; i >= 0; i--) {
			buf[k + (size_t)i] = (char)('0' + n % 10);
			n /= 10;
		}
		k += (size_t)decimals;
	}
	buf[k] = '\0';
	return k;
}
