/* Text for a terminal or a log: what could garble a terminal, move its
 * cursor or set its title -- control characters (C0, DEL and C1) and bytes
 * that are not valid UTF-8 -- shown as \xHH (a tab as \t), the rest as it
 * is. The error messages, --explain, the terminal plot and the text tables
 * quote their input this way; the SVG plot escapes the same units. */
#ifndef RK_ESCAPE_H
#define RK_ESCAPE_H
#include <stddef.h>
#include <stdio.h>

/* the most bytes one byte of input becomes ("\xHH") */
enum { ESC_MAX = 4 };

/* the length of the valid UTF-8 sequence (RFC 3629: no overlong form, no
 * surrogate, nothing past U+10FFFF) that s (n > 0 bytes) begins with; 0
 * if it begins with none (an ASCII byte counts as none) */
size_t utf8_seq_len(const char *s, size_t n);

/* One unit of s (n > 0 bytes): a printable ASCII byte, a valid UTF-8
 * character other than a C1 control, or one byte to escape. Sets *used to
 * the bytes of s it takes (1 to 4) and writes its text to out; returns the
 * length of that text, and sets *raw to 1 when the text is the unit itself
 * and to 0 when it is an escape. */
size_t esc_unit(const char *s, size_t n, size_t *used, char out[ESC_MAX],
		int *raw);
/* n bytes of s escaped into dst, which has room for ESC_MAX * n bytes;
 * returns the length of the text */
size_t esc_bytes(char *dst, const char *s, size_t n);
/* the escaped text of n bytes of s as a new string (the caller frees it) */
char *esc_dup(const char *s, size_t n);
/* the escaped text of n bytes of s to f; returns 0, or EOF if a write
 * failed */
int esc_fput(FILE *f, const char *s, size_t n);

#endif
