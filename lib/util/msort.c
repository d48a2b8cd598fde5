/* glibc's merge sort, for orders that must match its qsort (msort.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/msort.h"

static void merge(char *b, size_t n, size_t s, char *tmp,
		  int (*cmp)(const void *, const void *))
{
	size_t n1 = n / 2, n2 = n - n1;
	char *b1 = b, *b2 = b + n1 * s, *t = tmp;

	if (n <= 1)
		return;
	merge(b1, n1, s, tmp, cmp);
	merge(b2, n2, s, tmp, cmp);
	while (n1 > 0 && n2 > 0) {
		if (cmp(b1, b2) <= 0) {
			memcpy(t, b1, s);
			b1 += s;
			n1--;
		} else {
			memcpy(t, b2, s);
			b2 += s;
			n2--;
		}
		t += s;
	}
	if (n1 > 0)
		memcpy(t, b1, n1 * s);
	memcpy(b, tmp, (n - n2) * s);
}

void msort(void *base, size_t n, size_t size,
	   int (*cmp)(const void *, const void *))
{
	char *tmp;

	if (n <= 1)
		return;
	tmp = xmalloc(n * size);
	merge(base, n, size, tmp, cmp);
	free(tmp);
}
