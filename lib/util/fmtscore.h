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

#endif
