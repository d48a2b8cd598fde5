/* The lines of a run's interleaved topics grouped by topic (trecgroup.h). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "trec/trecgroup.h"

/* FIRST and MOST: the lines of a topic's first block and of its largest;
 * SLAB: a slab's bytes, one huge page with bigalloc's header */
enum { FIRST = 8, MOST = 128, SLAB = (2 << 20) - BIG_HEAD };

/* a block of lines of one form, right after it: 16 bytes (fr 0:
 * wide_at), or 8 with fr digits after the point (narrow_at) */
struct trecgblock {
	struct trecgblock *next;
	size_t cap;		/* its lines' room */
	size_t used;		/* its lines, once it is full or sealed */
	size_t fr;
};

static struct trecgline *wide_at(const struct trecgblock *b)
{
	return (struct trecgline *)(void *)(uintptr_t)(b + 1);
}

static struct trecgnarrow *narrow_at(const struct trecgblock *b)
{
	return (struct trecgnarrow *)(void *)(uintptr_t)(b + 1);
}

void trecgroup_init(struct trecgroup *g, size_t ntopics, const char *base,
		    size_t n)
{
	memset(g, 0, sizeof *g);
	g->nt = ntopics;
	g->t = xcalloc(ntopics + 1, sizeof *g->t);
	g->base = base;
	g->narrow = n < UINT32_MAX;
}

int trecgroup_start(struct trecgroup *g, size_t qi)
{
	if (g->t[qi].on)
		return 0;
	g->t[qi].on = 1;
	return 1;
}

/* a block of cap lines of form fr carved from the slabs (a new slab when
 * the last has too little left: at most a block of MOST lines lost a
 * slab) */
static struct trecgblock *carve(struct trecgroup *g, size_t cap,
				unsigned fr)
{
	size_t need = sizeof(struct trecgblock) + cap * (fr ?
		      sizeof(struct trecgnarrow) : sizeof(struct trecgline));
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
	b->used = 0;
	b->fr = fr;
	return b;
}

/* A line into its place. The places of an interleaved run's lines are
 * all over its topics' blocks, each written once and read only when its
 * topic is ranked: on x86-64 they are stored past the cache (movnti),
 * which saves reading each place's cache line first (about 10% of a
 * shuffled run's time, 2026-12-07). */
static void put_wide(struct trecgline *l, const char *doc, double v)
{
#if defined(__x86_64__) && defined(__SSE2__)
	union { double d; long long i; } sv = { v };

	__builtin_ia32_movnti64((long long *)(void *)&l->doc,
				(long long)(uintptr_t)doc);
	__builtin_ia32_movnti64((long long *)(void *)&l->score, sv.i);
#else
	l->doc = doc;
	l->score = v;
#endif
}

static void put_narrow(struct trecgnarrow *l, uint32_t off, int32_t m)
{
#if defined(__x86_64__) && defined(__SSE2__)
	struct trecgnarrow nl = { off, m };
	long long bits;

	memcpy(&bits, &nl, sizeof bits);
	__builtin_ia32_movnti64((long long *)(void *)l, bits);
#else
	l->off = off;
	l->m = m;
#endif
}

/* the next line of topic qi, of form fr (0: wide, doc and v; else
 * narrow, off and m) */
static void add(struct trecgroup *g, size_t qi, unsigned fr, const char *doc,
		double v, uint32_t off, int32_t m)
{
	struct trecgtopic *t = &g->t[qi];
	struct trecgblock *b = t->last;
	size_t cap;

	if (t->room == 0 || (b && b->fr != fr)) {
		/* a block twice the last, or the first */
		cap = b ? 2 * b->cap : FIRST;
		if (b) {
			b->used = b->cap - t->room;
			b->next = carve(g, cap < MOST ? cap : MOST, fr);
			b = b->next;
		} else {
			b = t->first = carve(g, FIRST, fr);
		}
		t->last = b;
		t->room = b->cap;
	}
	if (fr)
		put_narrow(&narrow_at(b)[b->cap - t->room--], off, m);
	else
		put_wide(&wide_at(b)[b->cap - t->room--], doc, v);
	t->n++;
}

void trecgroup_add(struct trecgroup *g, size_t qi, const char *doc,
		   const struct trecdigits *d)
{
	struct trecgtopic *t = &g->t[qi];

	/* a form that changes: the topic's lines wide from here */
	if (t->last && t->last->fr != d->fr)
		t->wide = 1;
	/* 8 bytes: fewer than 2^31 digits, a file under 4 GiB, and a topic
	 * that has kept to one form (-0 comes back 0: scores are only
	 * compared, and -0.0 == 0.0) */
	if (!g->narrow || t->wide || d->m > INT32_MAX) {
		add(g, qi, 0, doc, trec_decimal_value(d->m, d->fr, d->neg),
		    0, 0);
		return;
	}
	add(g, qi, d->fr, NULL, 0, (uint32_t)(doc - g->base),
	    d->neg ? -(int32_t)d->m : (int32_t)d->m);
}

void trecgroup_add_wide(struct trecgroup *g, size_t qi, const char *doc,
			double v)
{
	add(g, qi, 0, doc, v, 0, 0);
}

void trecgroup_seal(struct trecgroup *g)
{
	size_t qi;

	for (qi = 0; qi < g->nt; qi++)
		if (g->t[qi].last)
			g->t[qi].last->used = g->t[qi].last->cap - g->t[qi].room;
#if defined(__x86_64__) && defined(__SSE2__)
	__builtin_ia32_sfence();
#endif
}

void trecgroup_join(struct trecgroup *g, struct trecgroup *h)
{
	size_t qi;

	for (qi = 0; qi < g->nt; qi++) {
		struct trecgtopic *a = &g->t[qi], *b = &h->t[qi];
		a->on |= b->on;
		if (!b->first)
			continue;
		if (a->last)
			a->last->next = b->first;
		else
			a->first = b->first;
		a->last = b->last;
		a->room = b->room;
		a->wide = b->wide;
		a->n += b->n;
	}
	xgrow((void **)&g->slab, &g->slabcap, g->nslab + h->nslab + 1,
	      sizeof *g->slab);
	memcpy(g->slab + g->nslab, h->slab, h->nslab * sizeof *h->slab);
	g->nslab += h->nslab;
	/* carving goes on from h's last slab: g's rest of its own is lost,
	 * at most a block */
	if (h->nslab) {
		g->free = h->free;
		g->left = h->left;
	}
	free(h->slab);
	free(h->t);
	memset(h, 0, sizeof *h);
}

void trecgroup_begin(const struct trecgroup *g, size_t qi,
		     struct trecgiter *it)
{
	it->g = g;
	it->b = g->t[qi].first;
	it->i = 0;
	it->left = g->t[qi].n;
}

int trecgroup_span(struct trecgiter *it, struct trecgspan *s)
{
	const struct trecgblock *b;
	size_t k;

	if (it->left == 0)
		return 0;
	if (it->i == it->b->used) {
		it->b = it->b->next;
		it->i = 0;
	}
	b = it->b;
	k = b->used - it->i < it->left ? b->used - it->i : it->left;
	s->fr = (unsigned)b->fr;
	s->base = it->g->base;
	s->wide = b->fr ? NULL : wide_at(b) + it->i;
	s->narrow = b->fr ? narrow_at(b) + it->i : NULL;
	s->n = k;
	it->i += k;
	it->left -= k;
	return 1;
}

int trecgroup_next(struct trecgiter *it, const char **doc, double *score)
{
	struct trecgspan s;
	struct trecgiter one = *it;

	if (it->left == 0)
		return 0;
	/* a span of one line */
	one.left = 1;
	trecgroup_span(&one, &s);
	it->b = one.b;
	it->i = one.i;
	it->left--;
	*doc = trecgspan_doc(&s, 0);
	*score = trecgspan_score(&s, 0);
	return 1;
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
