/* libFuzzer: the input as a JSON string and as a CSV field (textquote.h),
 * each decoded here and checked against the input: the JSON text is
 * printable ASCII or valid UTF-8 only, its escapes give the bytes back
 * (\udcHH: byte HH, surrogateescape), and the CSV field, unquoted, is
 * the input; a field that needs quotes has them. A writer, not a
 * reader: what it writes is what pandas and python's csv read. */
#include "fuzz.h"
#include "util/escape.h"
#include "util/out.h"
#include "util/textquote.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	abort();
}

/* the JSON string t (n bytes, quotes included) decoded into out */
static size_t json_decode(const char *t, size_t n, char *out)
{
	static const char shortesc[] = "\"\"\\\\b\bt\tn\nf\fr\r";
	size_t i = 1, len = 0, k;

	if (n < 2 || t[0] != '"' || t[n - 1] != '"')
		abort();
	while (i < n - 1) {
		unsigned char c = (unsigned char)t[i];
		if (c == '"' || c < 0x20)
			abort();
		if (c >= 0x80) {	/* only valid UTF-8 goes raw */
			if (!(k = utf8_seq_len(t + i, n - 1 - i)))
				abort();
			memcpy(out + len, t + i, k);
			len += k, i += k;
			continue;
		}
		if (c != '\\') {
			out[len++] = (char)c;
			i++;
			continue;
		}
		if (t[i + 1] == 'u') {
			unsigned u = 0;
			for (k = 2; k < 6; k++)
				u = u << 4 | (unsigned)hexval(t[i + k]);
			if (!(u < 0x20 || (u >= 0xDC80 && u <= 0xDCFF)))
				abort();
			out[len++] = (char)(u & 0xFF);
			i += 6;
			continue;
		}
		for (k = 0; shortesc[k] && shortesc[k] != t[i + 1]; k += 2)
			;
		if (!shortesc[k])
			abort();
		out[len++] = shortesc[k + 1];
		i += 2;
	}
	return len;
}

/* the CSV field t (n bytes) unquoted into out */
static size_t csv_decode(const char *t, size_t n, char *out)
{
	size_t i, len = 0;

	if (n == 0 || t[0] != '"') {
		for (i = 0; i < n; i++)
			if (t[i] == ',' || t[i] == '"' || t[i] == '\r' ||
			    t[i] == '\n')
				abort();	/* should have been quoted */
		memcpy(out, t, n);
		return n;
	}
	if (n < 2 || t[n - 1] != '"')
		abort();
	for (i = 1; i < n - 1; i++) {
		if (t[i] == '"' && t[++i] != '"')
			abort();	/* a lone quote inside */
		out[len++] = t[i];
	}
	return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct slice s = { (const char *)data, size };
	struct membuf m = { 0 };
	char *back = malloc(size + 1);

	out_capture(&m);
	out_json_string(s);
	out_capture(NULL);
	if (json_decode(m.p, m.n, back) != size || memcmp(back, data, size))
		abort();
	m.n = 0;
	out_capture(&m);
	out_csv_field(s);
	out_capture(NULL);
	if (csv_decode(m.p, m.n, back) != size || memcmp(back, data, size))
		abort();
	free(m.p);
	free(back);
	return 0;
}
