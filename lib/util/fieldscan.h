/* Fields of a line of text in a buffer that ends with a newline: the end
 * of a field eight bytes at a time where the compiler and byte order
 * allow, instead of a table look-up a byte; with SSE2, a short line's
 * blanks and newline as bit masks of its first 64 bytes. Inline: the
 * readers' loops. */
#ifndef RK_FIELDSCAN_H
#define RK_FIELDSCAN_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "util/slice.h"

/* byte classes: field bytes, blanks, the newline, NUL */
static const unsigned char field_cls[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 2, ['\0'] = 3
};

/* scan_fields' count for a line holding a NUL byte */
#define FIELDS_NUL ((size_t)-1)
/* scan_fields_mask's answer for a line it leaves to scan_fields */
#define FIELDS_OTHER ((size_t)-2)

#if defined(__SSE2__) && defined(__GNUC__)
#define FIELDSCAN_MASKS 1
#include <emmintrin.h>

/* the blanks (' ', '\t') among the 16 bytes at p + sh as bits sh to
 * sh + 15; the other bytes below 0x21 (newline, NUL, CR ...) as the
 * same bits of *stop, added */
static inline __attribute__((always_inline)) uint64_t
blank_mask16(const char *p, unsigned sh, uint64_t *stop)
{
	const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + sh));
	/* x <= 0x20 unsigned: min(x, 0x20) == x */
	__m128i lo = _mm_cmpeq_epi8(_mm_min_epu8(x, sp), x);
	__m128i bl = _mm_or_si128(_mm_cmpeq_epi8(x, sp),
				  _mm_cmpeq_epi8(x, tab));

	*stop |= (uint64_t)(unsigned)_mm_movemask_epi8(
		_mm_andnot_si128(bl, lo)) << sh;
	return (uint64_t)(unsigned)_mm_movemask_epi8(bl) << sh;
}

/* The line at p when its newline is among its first 64 bytes (all 64
 * must be there to read) and its bytes below 0x21 before the newline are
 * blanks (' ' and '\t'): the newline's offset, and in *ends the bit of
 * each byte that ends a field (a blank or the newline) and of every byte
 * after the newline, so that the first k fields' ends come one by one off
 * its lowest bits for any k up to 64 less the offset. 64 for any other
 * line. No mask of the newline: the first byte below 0x21 that is no
 * blank must be it. */
static inline __attribute__((always_inline)) unsigned
mask_ends(const char *p, uint64_t *ends)
{
	uint64_t blank, stop = 0;
	unsigned nl;

	/* three blocks at once: most lines of a rank stream are shorter
	 * than 48 bytes */
	blank = blank_mask16(p, 0, &stop) | blank_mask16(p, 16, &stop) |
		blank_mask16(p, 32, &stop);
	if (!stop)
		blank |= blank_mask16(p, 48, &stop);
	if (!stop)
		return 64;
	nl = (unsigned)__builtin_ctzll(stop);
	if (p[nl] != '\n')
		return 64;
	*ends = blank | ~UINT64_C(0) << nl;
	return nl;
}

/* The fields of the line at p as two masks from mask_ends, when its
 * newline is among its first 64 bytes and the bytes before it below 0x21
 * are ' ' and '\t' only: the fields are the runs of the other bytes,
 * *first holding the bit of each one's first byte and *last of each
 * one's last; *next gets the byte after the newline. 0 for any other
 * line. A line of fewer than 64 bytes is then split without a loop per
 * byte or word. Where SSE2 is missing, eight 8-byte words would do the
 * same at twice the time of field_end's scan: field_end is used. */
static inline int mask_line(const char *p, uint64_t *first, uint64_t *last,
			    const char **next)
{
	uint64_t ends, field;
	unsigned nl = mask_ends(p, &ends);

	if (nl == 64)
		return 0;
	field = ~ends;	/* ends holds every bit from the newline's on */
	*first = field & ~(field << 1);
	*last = field & ~(field >> 1);
	*next = p + nl + 1;
	return 1;
}

/* the next field of mask_line's line at p, taken off the masks (*first
 * must not be 0) */
static inline struct slice mask_next(const char *p, uint64_t *first,
				     uint64_t *last)
{
	size_t s = (size_t)__builtin_ctzll(*first);
	struct slice f = { p + s, (size_t)__builtin_ctzll(*last) + 1 - s };

	*first &= *first - 1;
	*last &= *last - 1;
	return f;
}

/* The line at *pp split by mask_line, without a loop per byte or word:
 * stores at most max fields, returns how many there are in all and moves
 * *pp past the newline; (size_t)-1 for any other line (*pp unmoved). */
static inline __attribute__((always_inline)) size_t
mask_fields(const char **pp, struct slice *f, size_t max)
{
	const char *p = *pp;
	uint64_t first, last;
	size_t k = 0;

	if (!mask_line(p, &first, &last, pp))
		return (size_t)-1;
	/* the first 8 fields without a loop: max is a constant where this
	 * is inlined, so the steps past it vanish */
#define MASK_STEP(j) \
	if (j < max) { \
		if (!first) \
			return j; \
		f[j] = mask_next(p, &first, &last); \
		k = j + 1; \
	}
	MASK_STEP(0) MASK_STEP(1) MASK_STEP(2) MASK_STEP(3)
	MASK_STEP(4) MASK_STEP(5) MASK_STEP(6) MASK_STEP(7)
#undef MASK_STEP
	for (; first && k < max; k++)
		f[k] = mask_next(p, &first, &last);
	for (; first; first &= first - 1)
		k++;
	return k;
}
#endif

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FIELDSCAN_WORDS 1
/* The offset of the first of the 8 bytes at u below 0x21 (blanks, line
 * ends, NUL and the other control bytes), or 8. A word's bytes below 0x21
 * are flagged by the borrow of subtracting 0x21 from each; only bytes
 * above the first one flagged can be flagged wrongly (the borrow runs
 * upward), so the lowest flag, the first in memory on a little-endian
 * machine, is exact. */
static inline unsigned word_first_control(const unsigned char *u)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t x, t;

	memcpy(&x, u, 8);
	t = (x - ones * 0x21) & ~x & ones * 0x80;
	return t ? (unsigned)(__builtin_ctzll(t) >> 3) : 8;
}
#endif

/* The first byte at or after u whose class cls[] is not 0. Every byte
 * from 0x21 up must be of class 0 (blanks, newlines and NUL are below),
 * and a byte of another class must come before the end of the buffer,
 * which holds 7 bytes more after it: a word is read whole. */
static inline const unsigned char *field_end(const unsigned char *u,
					     const unsigned char *cls)
{
#ifdef FIELDSCAN_WORDS
	for (;;) {
		unsigned k = word_first_control(u);
		u += k;
		if (k == 8)
			continue;
		if (cls[*u])
			return u;
		u++;	/* a control byte inside the field */
	}
#else
	while (!cls[*u])
		u++;
	return u;
#endif
}

/* Splits the line at p into at most max fields and returns their count,
 * or max + 1 when more follow (the rest is not split); *end gets the
 * line's newline, or FIELDS_NUL for a line holding a NUL byte. The
 * buffer ends with a newline as sentinel and 7 bytes more (field_end), so
 * the scan needs no bounds checks and finds the line's end on the way, in
 * one pass (half the instructions of memchr then a split, callgrind). A '\r'
 * before the newline is not part of the line. */
static inline size_t scan_fields(const char *p, struct slice *f,
				  size_t max, const char **end)
{
	const unsigned char *u = (const unsigned char *)p, *s;
	size_t k = 0;

	for (;;) {
		while (field_cls[*u] == 1)
			u++;
		if (*u == '\n')
			break;
		if (*u == '\0') {	/* binary data, not a line of text */
			while (*u != '\n')
				u++;
			*end = (const char *)u;
			return FIELDS_NUL;
		}
		if (k == max) {
			while (*u != '\n')
				u++;
			*end = (const char *)u;
			return k + 1;
		}
		s = u;
		u = field_end(u, field_cls);
		f[k].p = (const char *)s;
		f[k].n = (size_t)(u - s);
		k++;
	}
	if (k && f[k - 1].p + f[k - 1].n == (const char *)u &&
	    u[-1] == '\r' && --f[k - 1].n == 0)
		k--;
	*end = (const char *)u;
	return k;
}

/* scan_fields for a line whose newline is among its first 64 bytes and
 * that holds no byte below 0x21 but blanks and that newline (no NUL, no
 * '\r'), from the masks of those bytes, which must all be there to read:
 * the same fields, count and *end without a loop per byte or word.
 * FIELDS_OTHER for any other line, and where SSE2 is missing: scan_fields
 * takes it. */
static inline size_t scan_fields_mask(const char *p, struct slice *f,
				      size_t max, const char **end)
{
#ifdef FIELDSCAN_MASKS
	const char *next = p;
	size_t k = mask_fields(&next, f, max);

	if (k == (size_t)-1)
		return FIELDS_OTHER;
	*end = next - 1;
	return k > max ? max + 1 : k;
#else
	(void)p, (void)f, (void)max, (void)end;
	return FIELDS_OTHER;
#endif
}

#endif
