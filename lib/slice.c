/* Field splitting and comparison of slices. */
#include "slice.h"

int slice_cmp(struct slice a, struct slice b)
{
	size_t n = a.n < b.n ? a.n : b.n;
	int c = n ? memcmp(a.p, b.p, n) : 0;
	if (c)
		return c;
	return (a.n > b.n) - (a.n < b.n);
}

size_t split_fields(struct slice line, struct slice *f, size_t max)
{
	const char *p = line.p, *e = line.p + line.n;
	size_t k = 0;

	for (;;) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p == e)
			return k;
		const char *s = p;
		while (p < e && *p != ' ' && *p != '\t')
			p++;
		if (k < max) {
			f[k].p = s;
			f[k].n = (size_t)(p - s);
		}
		k++;
	}
}
