/* The lines of a run's interleaved topics grouped by topic (trecgroup.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "trec/trecgroup.h"

void trecgroup_init(struct trecgroup *g, size_t ntopics)
{
	g->nt = ntopics;
	g->t = xcalloc(ntopics + 1, sizeof *g->t);
}

int trecgroup_start(struct trecgroup *g, size_t qi)
{
	if (g->t[qi].on)
		return 0;
	g->t[qi].on = 1;
	return 1;
}

void trecgroup_add(struct trecgroup *g, size_t qi, struct slice doc,
		   double score)
{
	struct trecgtopic *t = &g->t[qi];
	struct trecgline *l;

	if (t->n == t->cap)
		xgrow((void **)&t->l, &t->cap, t->n + 1, sizeof *t->l);
	l = &t->l[t->n++];
	l->doc = doc.p;
	l->docn = (uint32_t)doc.n;
	l->score = score;
}

void trecgroup_free(struct trecgroup *g)
{
	size_t i;

	for (i = 0; g->t && i < g->nt; i++)
		free(g->t[i].l);
	free(g->t);
	memset(g, 0, sizeof *g);
}
