/* Printing a score so that it reads back to exactly the same value (strtod
 * for a double, strtof for a float): the correctly rounded decimal of the
 * fewest significant digits that does, as %g would spell it but in fixed
 * notation for decimal exponents -4 .. 16 (double) or -4 .. 8 (float).
 * Infinities print as "inf" and "-inf", negative zero as "-0". No locale,
 * no stdio on the usual path (see fmtscore.c). */
#ifndef RK_FMTSCORE_H
#define RK_FMTSCORE_H
#include <stddef.h>

enum { FMTSCORE_MAX = 32 };	/* bytes buf must hold, the NUL included */

/* writes the text and a NUL into buf, returns its length */
size_t fmt_double(char *buf, double v);
size_t fmt_float(char *buf, float v);

enum { FMTFIXED_MAX = 64 };	/* bytes fmt_fixed's buf must hold */

/* v to `decimals` decimals (%.*f, at most 17), "-" for NaN, never "-0";
 * from 2^53 on a double has no fraction and %f would spell out digits it
 * does not hold (3.3e307 as 308 of them), so such a value gets
 * fmt_double's shortest text (3.3e+307) */
void fmt_fixed(char *buf, double v, int decimals);
/* exactly snprintf(buf, size, "%.*f", decimals, v), "-0.0000" and "nan"
 * included, without stdio for 0 to 4 decimals and |v| below 1e15 (size
 * at least 24 then): the exact binary value times 10^decimals rounded to
 * an integer, a tie to even, as glibc rounds it; returns the length. A
 * program that prints as printf prints (treceval's values) saves its
 * cost a value. */
size_t fmt_printf_fixed(char *buf, size_t size, double v, int decimals);

#endif
