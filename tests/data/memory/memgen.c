/* memgen MODE: memory.bats's long inputs, byte for byte what its awk
 * programs wrote (awk's printf takes seconds of CPU for 20M lines):
 *   scores   200,000 queries of 100 candidates: "q%d\td%d\t0.%04d\n",
 *            q, d, (7q + 13d) mod 10000
 *   one      one query of 5M candidates: "q1\td%d\t%d\n", d, d
 *   ranks    a million queries: "query%07d\tdoc1\t1\t1\t0\t10\n", q
 *   million  a million queries: "query%07d\tdoc1\t0.5\n", q
 */
#include <stdio.h>
#include <string.h>

static char buf[1 << 16];
static size_t len;

static void put(const char *s)
{
	while (*s)
		buf[len++] = *s++;
}

/* v in decimal, at least width digits (zeros before) */
static void num(long v, int width)
{
	char t[24];
	int n = 0;
	do {
		t[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0 || n < width);
	while (n > 0)
		buf[len++] = t[--n];
}

static int endline(void)
{
	buf[len++] = '\n';
	if (len > sizeof buf - 128) {
		if (fwrite(buf, 1, len, stdout) != len)
			return 1;
		len = 0;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";
	long q, d;
	int bad = 0;

	if (!strcmp(m, "scores"))
		for (q = 0; q < 200000 && !bad; q++)
			for (d = 0; d < 100 && !bad; d++) {
				put("q"), num(q, 1), put("\td"), num(d, 1);
				put("\t0."), num((q * 7 + d * 13) % 10000, 4);
				bad = endline();
			}
	else if (!strcmp(m, "one"))
		for (d = 0; d < 5000000 && !bad; d++) {
			put("q1\td"), num(d, 1), put("\t"), num(d, 1);
			bad = endline();
		}
	else if (!strcmp(m, "ranks") || !strcmp(m, "million"))
		for (q = 0; q < 1000000 && !bad; q++) {
			put("query"), num(q, 7);
			put(m[0] == 'r' ? "\tdoc1\t1\t1\t0\t10" : "\tdoc1\t0.5");
			bad = endline();
		}
	else
		return 2;
	if (bad || fwrite(buf, 1, len, stdout) != len || fflush(stdout))
		return 1;
	return 0;
}
