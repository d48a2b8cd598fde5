/* A field or line: bytes inside someone else's buffer (datamash's model). */
#ifndef RK_SLICE_H
#define RK_SLICE_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct slice {
	const char *p;
	size_t n;
};

/* the 8 or 4 bytes at p as one word, in the machine's byte order */
static inline uint64_t word64_at(const char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static inline uint32_t word32_at(const char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* equal bytes; ids of 4 to 16 bytes, the rule, compared as two
 * overlapping words of 8 or 4 bytes each, without a call (reading only
 * [p, p + n)) */
static inline int slice_eq(struct slice a, struct slice b)
{
	size_t n = a.n;

	if (n != b.n)
		return 0;
	if (n >= 8 && n <= 16)
		return ((word64_at(a.p) ^ word64_at(b.p)) |
			(word64_at(a.p + n - 8) ^ word64_at(b.p + n - 8))) == 0;
	if (n >= 4 && n < 8)
		return ((word32_at(a.p) ^ word32_at(b.p)) |
			(word32_at(a.p + n - 4) ^ word32_at(b.p + n - 4))) == 0;
	return memcmp(a.p, b.p, n) == 0;
}

/* memcmp(a, b, n) == 0 for n >= 1 without a call or a loop for the short
 * ids that are the rule (a line's query id against the line's before):
 * one word, or two that overlap; 8 bytes must be readable at a and at b
 * (padded buffers) */
static inline int same_bytes_padded(const char *a, const char *b, size_t n)
{
	if (n > 16)
		return memcmp(a, b, n) == 0;
	if (n > 8)
		return word64_at(a) == word64_at(b) &&
		       word64_at(a + n - 8) == word64_at(b + n - 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* the bytes past n shifted out (the first byte is the lowest) */
	return (word64_at(a) ^ word64_at(b)) << (64 - 8 * n) == 0;
#else
	return memcmp(a, b, n) == 0;
#endif
}

static inline int slice_eqs(struct slice a, const char *s)
{
	size_t n = strlen(s);
	return a.n == n && memcmp(a.p, s, n) == 0;
}

/* 1 when the string s ends with suf (a file name's suffix) */
static inline int str_has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && memcmp(s + n - m, suf, m) == 0;
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
