/* A TREC run held once, its topics found through stretches of the file
 * (trecrun.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "stream/trecrun.h"

enum { ST_INPUT = 2, NF = 6 };

/* a new stretch of topic t (new: just created) from byte beg, line */
static void add_seg(struct trecrun *r, size_t t, int new, size_t beg,
		    long line)
{
	size_t s = r->nseg++;

	xgrow((void **)&r->seg, &r->segcap, r->nseg, sizeof *r->seg);
	r->seg[s].beg = beg;
	r->seg[s].line = line;
	r->seg[s].next = (size_t)-1;
	if (new) {
		size_t cap = r->topcap;
		xgrow((void **)&r->first, &cap, t + 1, sizeof *r->first);
		if (cap != r->topcap)
			r->last = xrealloc(r->last, cap * sizeof *r->last);
		r->topcap = cap;
		r->first[t] = s;
	} else {
		r->seg[r->last[t]].next = s;
	}
	r->last[t] = s;
}

void trecrun_load(struct trecrun *r, const char *path)
{
	const char *p, *e, *ls;
	struct slice f[NF], cur = { NULL, 0 };
	size_t nf, t;
	long line = 0, n = 0;
	int created;

	memset(r, 0, sizeof *r);
	strmap_init(&r->ids);
	trecfile_read(&r->file, path, ST_INPUT);
	p = r->file.p;
	e = p + r->file.n;
	while (p < e) {
		ls = p;
		nf = trec_line(&p, e, f, NF, path, &line, ST_INPUT);
		if (nf == 0 || f[0].p[0] == '#')
			continue;
		if (nf < NF)
			die_status_at(ST_INPUT, path, line, "expected 6 fields or "
				      "more (topic iteration document rank score "
				      "run), found %zu", nf);
		if (!cur.p || !slice_eq(f[0], cur)) {
			t = strmap_put(&r->ids, f[0], &created);
			add_seg(r, t, created, (size_t)(ls - r->file.p), line);
			cur = f[0];
		}
		r->seg[r->nseg - 1].end = (size_t)(p - r->file.p);
		r->tag = f[5];
		n++;
	}
	if (n == 0)
		die_status_at(ST_INPUT, path, 0, "no result lines");
}

long trecrun_find(const struct trecrun *r, struct slice id)
{
	size_t t = strmap_get(&r->ids, id);
	return t == STRMAP_ABSENT ? -1 : (long)t;
}

void trecrun_free(struct trecrun *r)
{
	strmap_free(&r->ids);
	free(r->first);
	free(r->last);
	free(r->seg);
	trecfile_free(&r->file);
	memset(r, 0, sizeof *r);
}

static void enter(struct trecrunit *it)
{
	const struct trecseg *s = &it->r->seg[it->seg];

	it->p = it->r->file.p + s->beg;
	it->e = it->r->file.p + s->end;
	it->line = s->line - 1;
}

void trecrun_begin(const struct trecrun *r, size_t i, struct trecrunit *it)
{
	it->r = r;
	it->seg = r->first[i];
	enter(it);
}

int trecrun_next(struct trecrunit *it, struct trecline *l)
{
	const char *path = it->r->file.path;
	struct slice f[NF];
	size_t nf;

	for (;;) {
		while (it->p >= it->e) {
			it->seg = it->r->seg[it->seg].next;
			if (it->seg == (size_t)-1)
				return 0;
			enter(it);
		}
		nf = trec_line(&it->p, it->e, f, NF, path, &it->line, ST_INPUT);
		if (nf == 0 || f[0].p[0] == '#')
			continue;
		l->doc = f[2];
		l->score = trec_atof(f[4]);
		l->line = it->line;
		if (isnan(l->score))
			die_status_at(ST_INPUT, path, l->line, "field 5: '%.*s' is "
				      "not a number (trec_eval's order of it is "
				      "undefined)", (int)f[4].n, f[4].p);
		return 1;
	}
}
