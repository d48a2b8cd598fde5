/* numcheck: util/num.h's parse_double_padded against parse_double, for
 * tests/numbers.bats (not installed). Every string of 1 to 4 bytes over
 * an alphabet of digits, '.', '-', '+', 'e', the bytes next to the
 * digits and bytes from 0x80 up, then two million random ones of up to
 * 20 bytes (mostly digits and one point), each followed by 24 random
 * bytes of that alphabet: both must give the same status and, for a
 * number, the same bits. Prints one line and exits 1 at the first
 * difference. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "util/rng.h"
#include "util/num.h"

static const char alpha[] = "0123456789.-+e x9/:\x80\xb9\xba\xff";
static uint64_t state = 42;

/* a seeded stream of bits, the same on every machine (util/rng's
 * splitmix64) */
static uint64_t next(void)
{
	return splitmix64_next(&state);
}

static unsigned long checked;

static int same(const char *buf, size_t n)
{
	double a = 0, b = 0;
	int ra = parse_double((struct slice){ buf, n }, &a);
	int rb = parse_double_padded((struct slice){ buf, n }, &b);

	checked++;
	if (ra == rb && (ra != NUM_OK || memcmp(&a, &b, sizeof a) == 0))
		return 1;
	printf("FAIL '%.*s': parse_double %d %.17g, parse_double_padded %d %.17g\n",
	       (int)n, buf, ra, a, rb, b);
	return 0;
}

/* the bytes after the field: random digits, points, blanks and others */
static void pad(char *p)
{
	size_t i;
	for (i = 0; i < 24; i++)
		p[i] = alpha[next() % (sizeof alpha - 1)];
}

int main(void)
{
	char buf[64];
	size_t n, i, r, m = sizeof alpha - 1;
	unsigned long c, total;

	for (n = 1; n <= 4; n++) {
		for (total = 1, i = 0; i < n; i++)
			total *= m;
		for (c = 0; c < total; c++) {
			unsigned long x = c;
			for (i = 0; i < n; i++, x /= m)
				buf[i] = alpha[x % m];
			pad(buf + n);
			if (!same(buf, n))
				return 1;
		}
	}
	for (r = 0; r < 2000000; r++) {
		uint64_t w = next();
		n = 1 + w % 20;
		for (i = 0; i < n; i++)
			buf[i] = (char)('0' + next() % 10);
		if (w >> 8 & 1)		/* a point somewhere, sometimes two */
			buf[(w >> 16) % n] = '.';
		if (w >> 9 & 1 && (w >> 10 & 3) == 0)
			buf[(w >> 24) % n] = '.';
		if ((w >> 12 & 7) == 0)
			buf[0] = '-';
		if ((w >> 15 & 31) == 0)	/* a stray byte */
			buf[(w >> 32) % n] = alpha[(w >> 40) % m];
		pad(buf + n);
		if (!same(buf, n))
			return 1;
	}
	printf("ok: %lu strings, the same status and bits\n", checked);
	return 0;
}
