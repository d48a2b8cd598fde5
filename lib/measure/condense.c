/* The condensed list of a query (condense.h).
 *
 * A tie group of the full list keeps, of its items, those that are
 * judged; they stay tied among themselves, after every judged item of the
 * groups above. A uniform order of the full group gives a uniform order
 * of the judged items kept, so every tie mode's value on the condensed
 * list is that of the condensed lists of the full list's orders: the
 * expected value stays the mean over the orders of the full list, and the
 * fixed orders (relevant items first or last) stay fixed. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/condense.h"

/* whether the other judged item it stays in the condensed list */
static int kept(const struct relitem *it)
{
	return it->rank >= 0 && it->kind == 'j';
}

/* the kept items of the original rank `rank`: in rel[*i ..] and jud[*j ..]
 * (both in rank order), their new rank a + 1 and ties; *a grows by their
 * count */
static void rerank_group(struct rquery *q, long rank, size_t *i, size_t *j,
			 long *a)
{
	size_t i0 = *i, j0 = *j, k;
	long cnt = 0;

	for (; *i < q->nret && q->rel[*i].rank == rank; (*i)++)
		cnt++;
	for (; *j < q->nj && q->jud[*j].rank == rank; (*j)++)
		cnt += kept(&q->jud[*j]);
	for (k = i0; k < *i; k++) {
		q->rel[k].rank = *a + 1;
		q->rel[k].ties = cnt - 1;
	}
	for (k = j0; k < *j; k++)
		if (kept(&q->jud[k])) {
			q->jud[k].rank = *a + 1;
			q->jud[k].ties = cnt - 1;
		} else {
			q->jud[k].rank = -1;	/* a negative grade leaves */
			q->jud[k].ties = 0;
		}
	*a += cnt;
}

/* q->jud again in rank order: the items still retrieved first, in their
 * order, then the others in theirs */
static void jud_order(struct rquery *q)
{
	struct relitem *tmp;
	size_t k, n = 0;

	if (q->nj == 0)
		return;
	tmp = xmalloc(q->nj * sizeof *tmp);
	for (k = 0; k < q->nj; k++)
		if (q->jud[k].rank >= 0)
			tmp[n++] = q->jud[k];
	for (k = 0; k < q->nj; k++)
		if (q->jud[k].rank < 0)
			tmp[n++] = q->jud[k];
	memcpy(q->jud, tmp, q->nj * sizeof *tmp);
	free(tmp);
}

void condense_judged(struct rquery *q)
{
	size_t i = 0, j = 0;
	long a = 0, rank;

	rquery_need_v2(q, "--judged-only");
	/* the original groups by rank, from both lists at once */
	while ((i < q->nret) || (j < q->nj && q->jud[j].rank >= 0)) {
		if (i == q->nret)
			rank = q->jud[j].rank;
		else if (j == q->nj || q->jud[j].rank < 0)
			rank = q->rel[i].rank;
		else
			rank = q->rel[i].rank < q->jud[j].rank ?
			    q->rel[i].rank : q->jud[j].rank;
		rerank_group(q, rank, &i, &j, &a);
	}
	q->n = a;
	jud_order(q);
	rquery_make_groups(q);
}
