/* A higher bar for relevance on a query already read (mingrade.h). */
#include <stdlib.h>
#include "util/err.h"
#include "measure/mingrade.h"

/* the reader's order of items: rank_order, then the higher grade first */
static int cmp_item(const void *pa, const void *pb)
{
	const struct relitem *a = pa, *b = pb;
	int c = rank_order(a->rank, b->rank);

	return c ? c : (a->grade < b->grade) - (a->grade > b->grade);
}

/* a version 2 query's judged items below the stream's bar must stay
 * below G: one at G or above would be relevant and is not in rel */
static void check_bar(const struct rquery *q, long G)
{
	size_t k;

	for (k = 0; k < q->nj; k++)
		if (q->jud[k].kind == 'j' && q->jud[k].grade >= G)
			die_at(q->file, q->jud[k].line, "query '%s': an item of "
			       "grade %ld is not relevant in the rank stream: "
			       "--min-grade %ld cannot make it relevant (rank "
			       "with rankof -g %ld)", q->id, q->jud[k].grade,
			       G, G);
}

void mingrade_apply(struct rquery *q, long G)
{
	size_t i, kept = 0, nret = 0, moved = 0;

	if (q->v2)
		check_bar(q, G);
	for (i = 0; i < q->m; i++) {
		struct relitem it = q->rel[i];

		if (it.grade >= G) {
			nret += it.rank >= 0;
			q->rel[kept++] = it;
			continue;
		}
		if (!q->v2)
			continue;
		/* a judged item that is not relevant, for bpref and -J */
		if (q->nj >= q->jcap)
			xgrow((void **)&q->jud, &q->jcap, q->nj + 1,
			      sizeof *q->jud);
		it.kind = 'j';
		q->jud[q->nj++] = it;
		moved++;
	}
	q->m = kept;
	q->nret = nret;
	if (moved)
		qsort(q->jud, q->nj, sizeof *q->jud, cmp_item);
	rquery_make_groups(q);
}
