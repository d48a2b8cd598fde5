/* The columns a text takes on a terminal, for the tables that line text
 * up (texttable): UTF-8 decoded, a combining mark or an invisible format
 * character 0 columns, an East Asian wide or fullwidth character 2, any
 * other character 1, a byte that begins no valid character 1. From a
 * small built-in table of ranges (Unicode's common scripts, CJK and the
 * emoji blocks), never from the locale: the same widths everywhere. */
#ifndef RK_TEXTWIDTH_H
#define RK_TEXTWIDTH_H
#include <stddef.h>

/* the columns of n bytes of s */
size_t text_width(const char *s, size_t n);

#endif
