/* The row an id names (see rowindex.h). */
#include <stdint.h>
#include "stream/rowindex.h"


void rowindex_init(struct rowindex *x, const struct embed *emb)
{
	size_t i;

	x->rows = emb->rows;
	x->numbered = emb->idfile == NULL;
	strmap_init(&x->map);
	if (x->numbered)
		return;
	strmap_reserve(&x->map, emb->rows);
	for (i = 0; i < emb->rows; i++)
		strmap_put(&x->map, embed_id(emb, i), NULL);
}

/* the digits that never overflow a size_t: 19 for 64 bits (10^19 - 1 <
 * 2^64), 9 for 32 */
#define SAFE_DIGITS (SIZE_MAX > 0xffffffffu ? 19 : 9)

size_t rownum_parse(struct slice id)
{
	size_t i, r = 0;

	/* "0", or digits without a leading zero */
	if (id.n == 0 || (id.p[0] == '0' && id.n > 1))
		return NO_ROW;
	for (i = 0; i < id.n; i++) {
		size_t d = (size_t)((unsigned char)id.p[i] - '0');
		if (d > 9)
			return NO_ROW;
		/* a division only past the digits that cannot overflow */
		if (i >= SAFE_DIGITS && r > (SIZE_MAX - d) / 10)
			return NO_ROW;
		r = r * 10 + d;
	}
	return r;
}

size_t row_named(int numbered, size_t n, const struct strmap *map,
		 struct slice id)
{
	size_t r;

	if (!numbered)
		return strmap_get(map, id);
	r = rownum_parse(id);
	return r < n ? r : NO_ROW;
}

size_t rowindex_get(const struct rowindex *x, struct slice id)
{
	return row_named(x->numbered, x->rows, &x->map, id);
}

void rowindex_free(struct rowindex *x)
{
	strmap_free(&x->map);
}
