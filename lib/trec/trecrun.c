/* A TREC run held once, its topics found through stretches of the file
 * (trecrun.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "trec/trecrun.h"

enum { ST_INPUT = 2, NF = 6, STEP = 2 << 20 };

/* room for n topics' first and last stretches */
static void topic_room(struct trecrun *r, size_t n)
{
	size_t cap = r->topcap;

	xgrow((void **)&r->first, &cap, n, sizeof *r->first);
	if (cap != r->topcap) {
		r->last = xrealloc(r->last, cap * sizeof *r->last);
		r->forgot = xrealloc(r->forgot, cap);
	}
	r->topcap = cap;
}

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
		topic_room(r, t + 1);
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

/* a field of chunk c where the file's mapping holds it (kept past the
 * chunk: a copied chunk's buffer is reused) */
static const char *in_file(const struct trecrun *r, const struct trecchunk *c,
			   const char *p)
{
	return r->file.p + c->beg + (size_t)(p - c->at);
}

void trecrun_take(struct trecrun *r, const struct trecchunk *c,
		  const struct trecscanline *s, struct trecread *x)
{
	int created = 0;

	x->start = !r->cur.p || !trec_same_id(s->id, r->cur) ||
		   s->end - r->seg[r->nseg - 1].beg > UINT32_MAX;
	if (x->start) {
		/* the chunk's hash of an id that is not the line's before */
		r->curt = s->h ? strmap_put_h(&r->ids, s->id, s->h, &created) :
				 strmap_put(&r->ids, s->id, &created);
		add_seg(r, r->curt, created, s->beg, r->file.path);
		r->cur = strmap_key(&r->ids, r->curt);
	}
	x->topic = r->curt;
	x->first = x->start && created;
	r->seg[r->nseg - 1].len = (uint32_t)(s->end - r->seg[r->nseg - 1].beg);
	x->id = s->id;
	x->doc = s->doc;
	x->docp = in_file(r, c, s->doc.p);
	x->score = s->score;
	x->off = s->beg;
}

void trecrun_chunk_done(struct trecrun *r, const struct trecchunk *c)
{
	const struct trecscanline *l = c->rec;
	size_t to;

	trecchunk_raise(c, r->rline);
	r->rline += c->lines;
	r->nres += (long)c->n;
	if (c->n > 0) {
		r->tag = l[c->n - 1].tag;
		r->tag.p = in_file(r, c, r->tag.p);
	}
	/* the pages before the stretch being read given back: its lines
	 * (the ranking of its topic reads their ids) stay until it ends */
	to = r->nseg > 0 && r->seg[r->nseg - 1].beg < c->end ?
	     r->seg[r->nseg - 1].beg : c->end;
	if (to > r->done && to - r->done >= STEP && !r->keep) {
		trecfile_done(&r->file, r->done, to);
		r->done = to;
	}
}

void trecrun_end(struct trecrun *r)
{
	if (!r->keep)
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
	if (!r->borrowed)
		trecfile_free(&r->file);
	memset(r, 0, sizeof *r);
}

/* the first field of the line at p (before e): trec_eval's blanks
 * before it skipped */
static struct slice first_field(const char *p, const char *e)
{
	struct slice f;

	while (p < e && trec_class[(unsigned char)*p] == TF_BLANK)
		p++;
	f.p = p;
	while (p < e && trec_class[(unsigned char)*p] == TF_FIELD)
		p++;
	f.n = (size_t)(p - f.p);
	return f;
}

/* SPLIT_MIN: the smallest file split in two; SPLIT_LOOK: the bytes
 * after the middle looked through for a topic's start; INTERLEAVE_LOOK:
 * the bytes at the start looked through for a topic's second stretch */
enum { SPLIT_MIN = 1 << 20, SPLIT_LOOK = 8 << 20, INTERLEAVE_LOOK = 1 << 20 };

/* a line that trec_eval skips: blank, or a first field that starts
 * with '#' */
static int skipped(struct slice f)
{
	return f.n == 0 || f.p[0] == '#';
}

size_t trecrun_split(const struct trecrun *r)
{
	const char *p = r->file.p, *e = p + r->file.n, *l, *nl;
	const char *stop = e - p > SPLIT_LOOK ? p + r->file.n / 2 + SPLIT_LOOK : e;
	struct slice prev = { NULL, 0 }, f;

	if (r->file.n < SPLIT_MIN)
		return r->file.n;
	/* the last line that starts before the middle, then each after it:
	 * the first result line whose topic is not the result line's before */
	for (l = p + r->file.n / 2; l > p && l[-1] != '\n'; l--)
		;
	for (; l < stop; l = nl + 1) {
		f = first_field(l, e);
		if (!skipped(f)) {
			if (prev.p && !slice_eq(f, prev))
				return (size_t)(l - p);
			prev = f;
		}
		if (!(nl = memchr(l, '\n', (size_t)(e - l))))
			break;
	}
	return r->file.n;
}

int trecrun_interleaved(const struct trecrun *r)
{
	const char *p = r->file.p, *e = p + r->file.n, *l, *nl;
	const char *stop = r->file.n > INTERLEAVE_LOOK ? p + INTERLEAVE_LOOK : e;
	struct slice prev = { NULL, 0 }, f;
	struct strmap seen;
	int created = 1;

	strmap_init(&seen);
	for (l = p; l < stop && created; l = nl + 1) {
		f = first_field(l, e);
		if (!skipped(f) && !(prev.p && slice_eq(f, prev))) {
			strmap_put(&seen, f, &created);
			prev = f;
		}
		if (!(nl = memchr(l, '\n', (size_t)(e - l))))
			break;
	}
	strmap_free(&seen);
	return !created;
}

void trecrun_half(struct trecrun *h, const struct trecrun *r, size_t from)
{
	memset(h, 0, sizeof *h);
	strmap_init(&h->ids);
	h->file = r->file;
	h->borrowed = 1;
	h->done = from;
}

/* the pass's place after half h's: its lines and result lines counted,
 * its last tag, where it stopped */
static void take_place(struct trecrun *r, const struct trecrun *h)
{
	r->rline += h->rline;
	r->nres += h->nres;
	if (h->nres > 0)
		r->tag = h->tag;
	r->done = h->done;
}

int trecrun_join(struct trecrun *r, const struct trecrun *h)
{
	size_t nt = r->ids.nent, t, s;
	int created;

	if (h->nseg != h->ids.nent || h->scratch)
		return 0;
	for (t = 0; t < h->ids.nent; t++)
		if (strmap_get(&r->ids, strmap_key(&h->ids, t)) != STRMAP_ABSENT)
			return 0;
	for (t = 0; t < h->ids.nent; t++)
		strmap_put(&r->ids, strmap_key(&h->ids, t), &created);
	topic_room(r, nt + h->ids.nent + 1);
	xgrow((void **)&r->seg, &r->segcap, r->nseg + h->nseg + 1,
	      sizeof *r->seg);
	for (s = 0; s < h->nseg; s++)	/* one stretch a topic: no next */
		r->seg[r->nseg + s] = h->seg[s];
	for (t = 0; t < h->ids.nent; t++) {
		r->first[nt + t] = (uint32_t)(r->nseg + h->first[t]);
		r->last[nt + t] = (uint32_t)(r->nseg + h->last[t]);
		r->forgot[nt + t] = 0;
	}
	if (r->nseg + h->nseg >= UINT32_MAX)
		die_status_at(ST_INPUT, r->file.path, 0, "more than %lu "
			      "stretches of topics", (unsigned long)UINT32_MAX);
	r->nseg += h->nseg;
	r->scratch = h->scratch;	/* the last stretch is the half's */
	take_place(r, h);
	if (h->cur.p) {
		r->curt = nt + h->curt;
		r->cur = strmap_key(&r->ids, r->curt);
	}
	return 1;
}

void trecrun_join_grouped(struct trecrun *r, const struct trecrun *h)
{
	size_t t, i;
	uint32_t none;
	int created;

	/* the half's new topics' stretches: one empty one (their lines are
	 * the groups'); a stretch of r's added later is another */
	xgrow((void **)&r->seg, &r->segcap, r->nseg + 1, sizeof *r->seg);
	if (r->nseg >= UINT32_MAX)
		die_status_at(ST_INPUT, r->file.path, 0, "more than %lu "
			      "stretches of topics", (unsigned long)UINT32_MAX);
	none = (uint32_t)r->nseg++;
	r->seg[none].beg = 0;
	r->seg[none].len = 0;
	r->seg[none].next = UINT32_MAX;
	r->scratch = 0;
	for (t = 0; t < h->ids.nent; t++) {
		i = strmap_put(&r->ids, strmap_key(&h->ids, t), &created);
		if (!created)
			continue;
		topic_room(r, i + 1);
		r->first[i] = r->last[i] = none;
		r->forgot[i] = 1;
	}
	take_place(r, h);
	if (h->cur.p) {
		r->curt = strmap_get(&r->ids, h->cur);
		r->cur = strmap_key(&r->ids, r->curt);
	}
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
