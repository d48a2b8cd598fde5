/* JSON strings and CSV fields (textquote.h). */
#include "util/escape.h"
#include "util/out.h"
#include "util/textquote.h"

static const char hex[] = "0123456789abcdef";

/* \uXXXX for a code unit below 0x10000 */
static void out_u_escape(unsigned unit)
{
	char e[6] = { '\\', 'u', hex[unit >> 12 & 15], hex[unit >> 8 & 15],
		      hex[unit >> 4 & 15], hex[unit & 15] };
	out_bytes(e, sizeof e);
}

void out_json_string(struct slice s)
{
	/* the short escapes of RFC 8259 for the bytes below 0x20 that have
	 * one; 0: \u00XX */
	static const char shortesc[0x20] = { ['\b'] = 'b', ['\t'] = 't',
		['\n'] = 'n', ['\f'] = 'f', ['\r'] = 'r' };
	size_t i = 0, run = 0, k;

	out_char('"');
	while (i < s.n) {
		unsigned char c = (unsigned char)s.p[i];
		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0x80 && (k = utf8_seq_len(s.p + i, s.n - i))) {
			i += k;
			continue;
		}
		/* the plain run before this byte, then its escape */
		out_bytes(s.p + run, i - run);
		if (c == '"' || c == '\\') {
			out_char('\\');
			out_char((char)c);
		} else if (c < 0x20 && shortesc[c]) {
			out_char('\\');
			out_char(shortesc[c]);
		} else if (c < 0x20)
			out_u_escape(c);
		else
			out_u_escape(0xDC00u | c);	/* not UTF-8 */
		run = ++i;
	}
	out_bytes(s.p + run, s.n - run);
	out_char('"');
}

void out_csv_field(struct slice s)
{
	size_t i, from = 0;
	int quote = 0;

	for (i = 0; i < s.n && !quote; i++)
		quote = s.p[i] == ',' || s.p[i] == '"' || s.p[i] == '\r' ||
			s.p[i] == '\n';
	if (!quote) {
		out_bytes(s.p, s.n);
		return;
	}
	out_char('"');
	for (i = 0; i < s.n; i++)
		if (s.p[i] == '"') {
			out_bytes(s.p + from, i + 1 - from);
			from = i;	/* the quote again: doubled */
		}
	out_bytes(s.p + from, s.n - from);
	out_char('"');
}
