/* Text escaped for a terminal or a log (escape.h). */
#include "util/err.h"
#include "util/escape.h"

size_t utf8_seq_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t len, i;

	if (c >= 0xC2 && c <= 0xDF)
		len = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
	else
		return 0;
	if (n < len || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xBF)
			return 0;
	return len;
}

size_t esc_unit(const char *s, size_t n, size_t *used, char out[ESC_MAX],
		int *raw)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	size_t k;

	*raw = 1;
	*used = 1;
	if (p[0] >= 0x20 && p[0] < 0x7F) {
		out[0] = s[0];
		return 1;
	}
	/* C1 controls (U+0080 to U+009F: C2 80 to C2 9F) are escaped too,
	 * since some terminals act on them as on ESC [ and the like */
	if (p[0] >= 0x80 && (k = utf8_seq_len(s, n)) &&
	    !(p[0] == 0xC2 && p[1] < 0xA0)) {
		for (*used = 0; *used < k; ++*used)
			out[*used] = s[*used];
		return k;
	}
	*raw = 0;
	out[0] = '\\';
	if (p[0] == '\t') {
		out[1] = 't';
		return 2;
	}
	out[1] = 'x';
	out[2] = hex[p[0] >> 4];
	out[3] = hex[p[0] & 15];
	return 4;
}

size_t esc_bytes(char *dst, const char *s, size_t n)
{
	size_t i = 0, len = 0, used;
	int raw;

	while (i < n) {
		len += esc_unit(s + i, n - i, &used, dst + len, &raw);
		i += used;
	}
	return len;
}

char *esc_dup(const char *s, size_t n)
{
	char *d;

	if (n > ((size_t)-1 - 1) / ESC_MAX)
		die(EXIT_DATA, "out of memory");
	d = xmalloc(ESC_MAX * n + 1);
	d[esc_bytes(d, s, n)] = '\0';
	return d;
}

int esc_fput(FILE *f, const char *s, size_t n)
{
	char buf[256 + ESC_MAX];
	size_t i = 0, len = 0, used;
	int raw;

	while (i < n) {
		len += esc_unit(s + i, n - i, &used, buf + len, &raw);
		i += used;
		if (len >= 256 || i == n) {
			if (fwrite(buf, 1, len, f) != len)
				return EOF;
			len = 0;
		}
	}
	return 0;
}
