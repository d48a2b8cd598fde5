/* The lines of a run's interleaved topics grouped by topic (trecgroup.h). */
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "trec/trecgroup.h"

/* FIRST and MOST: the lines of a topic's first block and of its largest;
 * SLAB: a slab's bytes, one huge page with bigalloc's header */
enum { FIRST = 8, MOST = 1024, SLAB = (2 << 20) - BIG_HEAD };

struct trecgblock {
	struct trecgblock *next;
	size_t cap;		/* its lines */
	struct trecgline l[];
};

void trecgroup_init(struct trecgroup *g, size_t ntopics)
{
	memset(g, 0, sizeof *g);
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

/* a block of cap lines carved from the slabs (a new slab when the last
 * has too little left: at most a block of MOST lines lost a slab) */
static struct trecgblock *carve(struct trecgroup *g, size_t cap)
{
	size_t need = sizeof(struct trecgblock) + cap * sizeof(struct trecgline);
	struct trecgblock *b;

	if (need > g->left) {
		xgrow((void **)&g->slab, &g->slabcap, g->nslab + 1,
		      sizeof *g->slab);
		g->free = g->slab[g->nslab++] = big_alloc(SLAB);
		g->left = SLAB;
	}
	b = (struct trecgblock *)(void *)g->free;
	g->free += need;
	g->left -= need;
	b->next = NULL;
	b->cap = cap;
	return b;
}

void trecgroup_add(struct trecgroup *g, size_t qi, struct slice doc,
		   double score, uint64_t h)
{
	struct trecgtopic *t = &g->t[qi];
	struct trecgline *l;

	if (t->room == 0) {	/* a block twice the last, or the first */
		size_t cap = t->last ? 2 * t->last->cap : FIRST;
		struct trecgblock *b = carve(g, cap < MOST ? cap : MOST);
		if (t->last)
			t->last->next = b;
		else
			t->first = b;
		t->last = b;
		t->room = b->cap;
	}
	l = &t->last->l[t->last->cap - t->room--];
	l->doc = doc.p;
	l->docn = (uint32_t)doc.n;
	l->score = score;
	l->h = h;
	t->n++;
}

void trecgroup_begin(const struct trecgroup *g, size_t qi,
		     struct trecgiter *it)
{
	it->b = g->t[qi].first;
	it->i = 0;
	it->left = g->t[qi].n;
}

const struct trecgline *trecgroup_next(struct trecgiter *it)
{
	if (it->left == 0)
		return NULL;
	if (it->i == it->b->cap) {
		it->b = it->b->next;
		it->i = 0;
	}
	it->left--;
	return &it->b->l[it->i++];
}

void trecgroup_free(struct trecgroup *g)
{
	size_t i;

	for (i = 0; i < g->nslab; i++)
		big_free(g->slab[i]);
	free(g->slab);
	free(g->t);
	memset(g, 0, sizeof *g);
}
