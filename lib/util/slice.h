/* A field or line: bytes inside someone else's buffer (datamash's model). */
#ifndef RK_SLICE_H
#define RK_SLICE_H
#include <stddef.h>
#include <string.h>

struct slice {
	const char *p;
	size_t n;
};

/* equal bytes; ids of 4 to 16 bytes, the rule, compared as two
 * overlapping words of 8 or 4 bytes each, without a call (reading only
 * [p, p + n)) */
static inline int slice_eq(struct slice a, struct slice b)
{
	size_t n = a.n;

	if (n != b.n)
		return 0;
	if (n >= 8 && n <= 16) {
		unsigned long long a0, a1, b0, b1;
		memcpy(&a0, a.p, 8);
		memcpy(&b0, b.p, 8);
		memcpy(&a1, a.p + n - 8, 8);
		memcpy(&b1, b.p + n - 8, 8);
		return ((a0 ^ b0) | (a1 ^ b1)) == 0;
	}
	if (n >= 4 && n < 8) {
		unsigned a0, a1, b0, b1;
		memcpy(&a0, a.p, 4);
		memcpy(&b0, b.p, 4);
		memcpy(&a1, a.p + n - 4, 4);
		memcpy(&b1, b.p + n - 4, 4);
		return ((a0 ^ b0) | (a1 ^ b1)) == 0;
	}
	return memcmp(a.p, b.p, n) == 0;
}

static inline int slice_eqs(struct slice a, const char *s)
{
	size_t n = strlen(s);
	return a.n == n && memcmp(a.p, s, n) == 0;
}

/* n bytes from p to d without a call for the short keys that are the
 * rule (two overlapping words, or halves of them), reading and writing
 * only [p, p + n) and [d, d + n) */
static inline __attribute__((always_inline)) void
copy_short(char *d, const char *p, size_t n)
{
	if (n > 16) {
		memcpy(d, p, n);
	} else if (n >= 8) {
		char a[8], b[8];
		memcpy(a, p, 8);
		memcpy(b, p + n - 8, 8);
		memcpy(d, a, 8);
		memcpy(d + n - 8, b, 8);
	} else if (n >= 4) {
		char a[4], b[4];
		memcpy(a, p, 4);
		memcpy(b, p + n - 4, 4);
		memcpy(d, a, 4);
		memcpy(d + n - 4, b, 4);
	} else if (n) {
		d[0] = p[0];
		d[n >> 1] = p[n >> 1];
		d[n - 1] = p[n - 1];
	}
}

/* byte-order comparison, a prefix sorts first (strcmp's order) */
int slice_cmp(struct slice a, struct slice b);

/* Splits a line at runs of spaces and tabs. Stores at most max fields and
 * returns how many there are in all. */
size_t split_fields(struct slice line, struct slice *f, size_t max);
/* For a message on a line of nf fields f[]: when it is one field holding
 * a comma, " (commas: fields are separated by spaces or tabs, tr , '\t'
 * < FILE)", else "" (a CSV file read as one field per line) */
const char *comma_hint(const struct slice *f, size_t nf);

#endif
