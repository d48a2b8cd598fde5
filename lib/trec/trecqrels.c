/* trec_eval's qrels read whole, sorted and grouped by topic
 * (trecqrels.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/strmap.h"
#include "trec/trecqrels.h"
#include "trec/trecscan.h"
#include "util/bisect.h"

/* CHUNK: the bytes of a chunk of the file split on a worker */
enum { ST_INPUT = 2, ST_DUP = 4, CHUNK = 1 << 16 };

/* the bytes before base that comparisons of judgments read ids from
 * (cmp_judgment has no argument for it): per thread */
static _Thread_local const char *sort_base;

/* the judgments' order: topic (its place among the ids), document, line */
static int cmp_judgment(const void *pa, const void *pb)
{
	const struct trecjudgment *a = pa, *b = pb;
	int c;

	if (a->topic != b->topic)
		return a->topic < b->topic ? -1 : 1;
	c = slice_cmp(trecjudgment_doc(sort_base, a),
		      trecjudgment_doc(sort_base, b));
	return c ? c : (a->at > b->at) - (a->at < b->at);
}

/* two judgment lines in cmp_judgment's order: by topic id (the topics'
 * order), then document id; of the same two ids, the line first in the
 * file is first, as it is when a is read before b */
static int in_order(struct slice ida, struct slice doca, struct slice idb,
		    struct slice docb)
{
	int c = slice_cmp(ida, idb);

	return c < 0 || (c == 0 && slice_cmp(doca, docb) <= 0);
}

long trecjudgment_wide(const char *base, const struct trecjudgment *x)
{
	return trec_atol(trec_field_after(trecjudgment_doc(base, x)));
}

/* the topics' ids while the file is read: in order of appearance, found
 * by a map only when a line's topic is not the line's before */
struct topicids {
	struct strmap map;
	struct slice *id;	/* in the file */
	size_t cap;
	struct slice last;
	uint32_t lastix;
};

/* the index of topic id, first met at byte off of file f */
static uint32_t topic_of(struct topicids *ti, struct slice id,
			 const struct trecfile *f, size_t off)
{
	int created;
	size_t t;

	if (ti->last.p && slice_eq(id, ti->last))
		return ti->lastix;
	t = strmap_put(&ti->map, id, &created);
	if (t >= UINT32_MAX)
		die_status_at(ST_INPUT, f->path, trecfile_lineno(f, off),
			      "more than %lu topics",
			      (unsigned long)UINT32_MAX - 1);
	if (created) {
		xgrow((void **)&ti->id, &ti->cap, t + 1, sizeof *ti->id);
		ti->id[t] = id;
	}
	ti->last = id;
	ti->lastix = (uint32_t)t;
	return (uint32_t)t;
}

/* A worker's record of a judgment line is the judgment itself, but for
 * its topic: 0 when the line's topic id is the line's before in the
 * chunk, else 1 + the bytes from the id's first to the document id's
 * (the taker finds its topic then, once a stretch of lines). The chunk's
 * mark is its first line of a grade atol() does not read whole. */
static struct slice id_of(const char *base, const struct trecjudgment *r)
{
	return trec_field_at(base + trecjudgment_off(r) - (r->topic - 1));
}

/* chunk c's judgment lines: four fields, a '#' first a comment */
static void scan(const struct trecfile *f, struct trecchunk *c)
{
	const char *p = f->p + c->beg, *e = f->p + c->end;
	const char *fast = f->p + f->fast;
	struct slice fl[5], id = { NULL, 0 }, doc = { NULL, 0 };
	struct trecjudgment *x;
	size_t nf, back;
	long v;

	while (p < e) {
		if (*p == '#') {	/* trec_eval's comment: '#' first */
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			p = nl ? nl + 1 : e;
			c->lines++;
			continue;
		}
		nf = trec_line(&p, e, fast, fl, 5, f->path, &c->lines,
			       ST_INPUT);
		if (nf == 0)
			continue;
		if (nf != 4)
			die_status_at(ST_INPUT, f->path, c->lines, "expected 4 "
				      "fields (topic iteration document grade), "
				      "found %zu", nf);
		x = trecchunk_add(c, sizeof *x);
		x->at = (uint64_t)(fl[2].p - f->p) << 24 |
			(fl[2].n < TRECJ_LONGID ? fl[2].n : TRECJ_LONGID);
		v = trec_atol(fl[3]);
		x->grade = v > INT32_MIN && v <= INT32_MAX ? (int32_t)v :
			   TRECJ_WIDE;
		if (c->mark == (size_t)-1 && !trec_plain_grade(fl[3]))
			c->mark = c->n - 1;
		x->topic = 0;
		if (!id.p || !trec_same_id(id, fl[0])) {
			back = (size_t)(fl[2].p - fl[0].p);
			if (back >= UINT32_MAX - 1)
				die_status_at(ST_INPUT, f->path, c->lines,
					      "%zu bytes before the document "
					      "id", back);
			x->topic = (uint32_t)back + 1;
		}
		/* the order checked here, on the worker: the sort is skipped
		 * when every chunk and every seam between two is in order */
		if (c->n > 1 && c->ordered)
			c->ordered = in_order(id, doc, fl[0], fl[2]);
		id = fl[0];
		doc = fl[2];
	}
}

/* the judgments being read: the table, its topics' ids, the lines of
 * the chunks before, the last line's document id, and whether the lines
 * so far are in cmp_judgment's order (qrels are mostly written so) */
struct reading {
	struct trecqrels *q;
	struct topicids *ti;
	size_t cap;
	long base;
	struct slice doc;
	int ordered;
};

/* chunk c's judgments into q->j, in file order, their topics found */
static void give(void *ctx, const struct trecchunk *c)
{
	struct reading *rd = ctx;
	struct trecqrels *q = rd->q;
	const struct trecjudgment *l = c->rec;
	const char *base = q->file.p;
	struct trecjudgment *x;
	uint32_t t = rd->ti->lastix;
	size_t i;

	if (rd->cap == 0 && c->n > 0)	/* room for the lines of the file at
					 * the first chunk's bytes a line, an
					 * eighth more: the table mostly never
					 * copied as it grows */
		big_grow((void **)&q->j, &rd->cap, c->n + 16 + (q->file.n -
			 c->beg) / ((c->end - c->beg) / c->n + 1) * 9 / 8,
			 sizeof *q->j);
	big_grow((void **)&q->j, &rd->cap, q->nj + c->n + 1, sizeof *q->j);
	if (c->n > 0) {
		if (rd->doc.p)
			rd->ordered &= in_order(rd->ti->last, rd->doc,
						id_of(base, &l[0]),
						trecjudgment_doc(base, &l[0]));
		rd->ordered &= c->ordered;
	}
	x = q->j + q->nj;
	for (i = 0; i < c->n; i++) {
		if (l[i].topic)
			t = topic_of(rd->ti, id_of(base, &l[i]), &q->file,
				     trecjudgment_off(&l[i]));
		x[i].at = l[i].at;
		x[i].topic = t;
		x[i].grade = l[i].grade;
	}
	q->nj += c->n;
	if (c->n > 0)
		rd->doc = trecjudgment_doc(base, &l[c->n - 1]);
	if (c->mark != (size_t)-1)
		trec_lax_grade(trec_field_after(trecjudgment_doc(base,
							       &l[c->mark])));
	trecchunk_raise(c, rd->base);
	rd->base += c->lines;
}

/* the judgment lines into q->j, in file order, split on nthreads
 * workers; 1 when they are in cmp_judgment's order */
static int parse(struct trecqrels *q, struct topicids *ti, int nthreads)
{
	struct reading rd = { q, ti, 0, 0, { NULL, 0 }, 1 };
	struct trecchunks job = { .f = &q->file, .size = CHUNK, .scan = scan,
				  .give = give, .ctx = &rd, .to = q->file.n };

	trecchunks_run(&job, nthreads);
	if (q->nj == 0)
		die_status_at(ST_INPUT, q->file.path, 0, "no judgment lines");
	return rd.ordered;
}

/* a topic's id and its index in order of appearance */
struct idix {
	struct slice id;
	uint32_t ix;
};

static int cmp_idix(const void *pa, const void *pb)
{
	const struct idix *a = pa, *b = pb;
	return slice_cmp(a->id, b->id);
}

/* each judgment's topic renumbered by the order of the ids, which
 * *ids[] then holds in that order */
static void order_topics(struct trecqrels *q, struct topicids *ti)
{
	size_t n = ti->map.nent, i;
	struct idix *s = xmalloc((n + 1) * sizeof *s);
	uint32_t *place = xmalloc((n + 1) * sizeof *place);
	int moved = 0;

	for (i = 0; i < n; i++) {
		s[i].id = ti->id[i];
		s[i].ix = (uint32_t)i;
	}
	qsort(s, n, sizeof *s, cmp_idix);
	for (i = 0; i < n; i++) {
		place[s[i].ix] = (uint32_t)i;
		ti->id[i] = s[i].id;
		moved |= s[i].ix != i;
	}
	for (i = 0; moved && i < q->nj; i++)
		q->j[i].topic = place[q->j[i].topic];
	free(place);
	free(s);
}

/* the topics over the sorted judgments */
static void group(struct trecqrels *q, const struct slice *ids)
{
	const char *base = q->file.p;
	struct trecqtopic *t = NULL;
	struct slice doc, before = { NULL, 0 };
	size_t i, cap = 0;
	long g;

	for (i = 0; i < q->nj; i++) {
		const struct trecjudgment *x = &q->j[i];
		doc = trecjudgment_doc(base, x);
		if (i == 0 || x->topic != q->j[i - 1].topic) {
			xgrow((void **)&q->t, &cap, q->nt + 1, sizeof *q->t);
			t = &q->t[q->nt++];
			t->id = ids[x->topic];
			t->beg = i;
			t->maxgrade = -1;
			t->dup = (size_t)-1;
		} else if (slice_eq(doc, before) && (t->dup == (size_t)-1 ||
			   x->at < q->j[t->dup].at)) {
			t->dup = i;
		}
		before = doc;
		t->end = i + 1;
		g = trecjudgment_grade(base, x);
		if (g > t->maxgrade)
			t->maxgrade = g;
		if (g > 0)
			q->positive++;
	}
}

void trecqrels_load(struct trecqrels *q, const char *path, int nthreads)
{
	struct topicids ti;
	int ordered;

	memset(q, 0, sizeof *q);
	memset(&ti, 0, sizeof ti);
	strmap_init(&ti.map);
	trecfile_read(&q->file, path, ST_INPUT);
#if SIZE_MAX > 0xffffffffu	/* a judgment's offset has 40 bits */
	if (q->file.n >= (size_t)1 << 40)
		die_status_at(ST_INPUT, path, 0, "%zu bytes: qrels of 1 TiB or "
			      "more are not read", q->file.n);
#endif
	ordered = parse(q, &ti, nthreads);
	order_topics(q, &ti);
	if (!ordered) {
		sort_base = q->file.p;
		qsort(q->j, q->nj, sizeof *q->j, cmp_judgment);
	}
	group(q, ti.id);
	strmap_free(&ti.map);
	free(ti.id);
}

void trecqrels_twice(const struct trecqrels *q, const struct trecqtopic *t)
{
	const struct trecjudgment *x;
	struct slice doc;

	if (t->dup == (size_t)-1)
		return;
	x = &q->j[t->dup];
	doc = trecqrels_doc(q, x);
	die_status_at(ST_DUP, q->file.path,
		      trecfile_lineno(&q->file, trecjudgment_off(x)),
		      "document '%.*s' of topic '%.*s' judged twice (line %ld "
		      "too)", (int)doc.n, doc.p, (int)t->id.n, t->id.p,
		      trecfile_lineno(&q->file, trecjudgment_off(x - 1)));
}
long trecqrels_find(const struct trecqrels *q, struct slice id)
{
	size_t t;

	BISECT_FIRST(t, q->nt, mid, slice_cmp(q->t[mid].id, id) < 0);
	return t < q->nt && slice_cmp(q->t[t].id, id) == 0 ? (long)t : -1;
}

void trecqrels_free(struct trecqrels *q)
{
	big_free(q->j);
	free(q->t);
	trecfile_free(&q->file);
	memset(q, 0, sizeof *q);
}
