/* A TREC run held once, its topics found through stretches of the file
 * (trecrun.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "trec/trecrun.h"

enum { ST_INPUT = 2, NF = 6, STEP = 2 << 20 };

/* a new stretch of topic t (new: just created) from byte beg */
static void add_seg(struct trecrun *r, size_t t, int new, size_t beg,
		    const char *path)
{
	int keep = new || !r->forgot[t];
	size_t s;

	if (!keep && r->scratch) {	/* a stretch not kept: in the last
					 * one, not kept either */
		s = r->nseg - 1;
	} else {
		s = r->nseg++;
		if (s >= UINT32_MAX)
			die_status_at(ST_INPUT, path, 0, "more than %lu "
				      "stretches of topics",
				      (unsigned long)UINT32_MAX);
		xgrow((void **)&r->seg, &r->segcap, r->nseg, sizeof *r->seg);
	}
	r->scratch = !keep;
	r->seg[s].beg = beg;
	r->seg[s].len = 0;
	r->seg[s].next = UINT32_MAX;
	if (!keep)
		return;
	if (new) {
		size_t cap = r->topcap;
		xgrow((void **)&r->first, &cap, t + 1, sizeof *r->first);
		if (cap != r->topcap) {
			r->last = xrealloc(r->last, cap * sizeof *r->last);
			r->forgot = xrealloc(r->forgot, cap);
		}
		r->topcap = cap;
		r->first[t] = (uint32_t)s;
		r->forgot[t] = 0;
	} else {
		r->seg[r->last[t]].next = (uint32_t)s;
	}
	r->last[t] = (uint32_t)s;
}

void trecrun_open(struct trecrun *r, const char *path)
{
	memset(r, 0, sizeof *r);
	strmap_init(&r->ids);
	trecfile_read(&r->file, path, ST_INPUT);
}

void trecrun_take(struct trecrun *r, const struct trecscanline *s,
		  struct trecread *x)
{
	int created = 0;

	x->start = !r->cur.p || !trec_same_id(s->id, r->cur) ||
		   s->end - r->seg[r->nseg - 1].beg > UINT32_MAX;
	if (x->start) {
		/* the chunk's hash of an id that is not the line's before */
		r->curt = s->h ? strmap_put_h(&r->ids, s->id, s->h, &created) :
				 strmap_put(&r->ids, s->id, &created);
		add_seg(r, r->curt, created, s->beg, r->file.path);
		r->cur = s->id;
	}
	x->topic = r->curt;
	x->first = x->start && created;
	r->seg[r->nseg - 1].len = (uint32_t)(s->end - r->seg[r->nseg - 1].beg);
	x->id = s->id;
	x->doc = s->doc;
	x->score = s->score;
	x->off = s->beg;
}

void trecrun_chunk_done(struct trecrun *r, const struct trecchunk *c)
{
	const struct trecscanline *l = c->rec;

	trecchunk_raise(c, r->rline);
	r->rline += c->lines;
	r->nres += (long)c->n;
	if (c->n > 0)
		r->tag = l[c->n - 1].tag;
	if (c->end - r->done >= STEP) {
		trecfile_done(&r->file, r->done, c->end);
		r->done = c->end;
	}
}

void trecrun_end(struct trecrun *r)
{
	trecfile_done(&r->file, r->done, r->file.n);
	if (r->nres == 0)
		die_status_at(ST_INPUT, r->file.path, 0, "no result lines");
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
	free(r->forgot);
	free(r->seg);
	trecfile_free(&r->file);
	memset(r, 0, sizeof *r);
}

static void enter(struct trecrunit *it)
{
	const struct trecseg *s = &it->r->seg[it->seg];

	it->p = it->r->file.p + s->beg;
	it->e = it->p + s->len;
}

void trecrun_begin(const struct trecrun *r, size_t i, struct trecrunit *it)
{
	it->r = r;
	it->seg = r->first[i];
	it->end = UINT32_MAX;
	it->nan_ok = 0;
	enter(it);
}

int trecrun_next(struct trecrunit *it, struct trecline *l)
{
	const char *path = it->r->file.path, *ls;
	struct slice f[NF];
	size_t nf;
	long line = 0;

	for (;;) {
		while (it->p >= it->e) {
			const struct trecseg *s = &it->r->seg[it->seg];
			trecfile_done(&it->r->file, s->beg, s->beg + s->len);
			it->seg = s->next;
			if (it->seg == UINT32_MAX || it->seg == it->end)
				return 0;
			enter(it);
		}
		ls = it->p;
		/* pass 1 found no NUL: the line number is not needed */
		nf = trec_line(&it->p, it->e, it->r->file.p + it->r->file.fast,
			       f, NF, path, &line, ST_INPUT);
		if (nf == 0 || f[0].p[0] == '#')
			continue;
		l->doc = f[2];
		l->score = trec_score(f[4]);
		l->off = (size_t)(ls - it->r->file.p);
		if (isnan(l->score) && !it->nan_ok)
			trecrun_nan(it->r, l->off);
		return 1;
	}
}

uint32_t trecrun_last(const struct trecrun *r, size_t i)
{
	return r->last[i];
}

void trecrun_forget(struct trecrun *r, size_t i)
{
	r->forgot[i] = 1;
}

_Noreturn void trecrun_nan(const struct trecrun *r, size_t at)
{
	const char *ls = r->file.p + at, *e = r->file.p + r->file.n;
	struct slice f[NF];
	long line = 0;

	while (ls > r->file.p && ls[-1] != '\n')
		ls--;
	trec_line(&ls, e, r->file.p + r->file.fast, f, NF, r->file.path,
		  &line, ST_INPUT);
	die_status_at(ST_INPUT, r->file.path,
		      trecfile_lineno(&r->file, (size_t)(f[0].p - r->file.p)),
		      "field 5: '%.*s' is not a number (trec_eval's order of "
		      "it is undefined)", (int)f[4].n, f[4].p);
}
