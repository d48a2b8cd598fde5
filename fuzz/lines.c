/* libFuzzer: the line reader and the field splitter on any bytes; and on
 * each line, the splitters of the readers' padded buffers against each
 * other (fieldscan.h: scan_fields_mask, when it takes the line, must give
 * scan_fields' fields, count and end) and the word-at-a-time digits
 * against the loop's (num.h: word_digits, plain_digits). */
#include "fuzz.h"
#include "util/fieldscan.h"
#include "util/lines.h"
#include "util/num.h"
#include "util/slice.h"

/* the line at b (its newline and 64 more bytes after it) split both ways */
static void check_splits(const char *b)
{
	struct slice f1[6], f2[6];
	const char *e1, *e2;
	size_t n1 = scan_fields(b, f1, 5, &e1), n2, i;

	n2 = scan_fields_mask(b, f2, 5, &e2);
	if (n2 == FIELDS_OTHER)
		return;
	if (n1 != n2 || e1 != e2)
		abort();
	for (i = 0; i < n1 && i < 5; i++)
		if (f1[i].p != f2[i].p || f1[i].n != f2[i].n)
			abort();
}

static void check_digits(struct slice s)
{
#ifdef NUM_WORD_DIGITS
	unsigned long a, b;
	int ra = plain_digits(s, 8, &a), rb = word_digits(s, &b);

	if (ra != rb || (ra && a != b))
		abort();
#else
	(void)s;
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file("lines", data, size);
	/* a line and 65 bytes after it, made before the body (whose blocks
	 * go when it ends) */
	char *buf = malloc(size + 65);

	if (!buf)
		abort();
	FUZZ_TRAPPED({
		struct lines lines;
		struct slice line, f[8];
		size_t total = 0;
		lines_open(&lines, path);
		while (lines_next(&lines, &line)) {
			size_t nf = split_fields(line, f, 8), i;
			if (line.n > size)
				abort();
			for (i = 0; i < nf && i < 8; i++) {
				if (f[i].n == 0 || f[i].p < line.p ||
				    f[i].p + f[i].n > line.p + line.n)
					abort();
				check_digits(f[i]);
			}
			memcpy(buf, line.p, line.n);
			memset(buf + line.n, '\n', 65);
			check_splits(buf);
			total += line.n;
		}
		if (total > size)
			abort();
		lines_close(&lines);
	});
	free(buf);
	return 0;
}
