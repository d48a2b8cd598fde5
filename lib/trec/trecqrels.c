/* trec_eval's qrels read whole, sorted and grouped by topic
 * (trecqrels.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/strmap.h"
#include "trec/trecqrels.h"
#include "util/bisect.h"

enum { ST_INPUT = 2, ST_DUP = 4 };

/* the judgments' order: topic (its place among the ids), document, line */
static int cmp_judgment(const void *pa, const void *pb)
{
	const struct trecjudgment *a = pa, *b = pb;
	int c;

	if (a->topic != b->topic)
		return a->topic < b->topic ? -1 : 1;
	c = slice_cmp(trecjudgment_doc(a), trecjudgment_doc(b));
	return c ? c : (a->doc > b->doc) - (a->doc < b->doc);
}

/* 1 when the judgments are in their order already (qrels are mostly
 * written so): the sort is skipped, its result the same */
static int sorted(const struct trecqrels *q)
{
	size_t i;

	for (i = 1; i < q->nj; i++)
		if (cmp_judgment(&q->j[i - 1], &q->j[i]) > 0)
			return 0;
	return 1;
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

static uint32_t topic_of(struct topicids *ti, struct slice id,
			 const char *path, long line)
{
	int created;
	size_t t;

	if (ti->last.p && slice_eq(id, ti->last))
		return ti->lastix;
	t = strmap_put(&ti->map, id, &created);
	if (t >= UINT32_MAX)
		die_status_at(ST_INPUT, path, line, "more than %lu topics",
			      (unsigned long)UINT32_MAX - 1);
	if (created) {
		xgrow((void **)&ti->id, &ti->cap, t + 1, sizeof *ti->id);
		ti->id[t] = id;
	}
	ti->last = id;
	ti->lastix = (uint32_t)t;
	return (uint32_t)t;
}

/* the judgment line of fields f into q->j */
static void add(struct trecqrels *q, size_t *cap, struct topicids *ti,
		const struct slice *f, long line)
{
	struct trecjudgment *x;

	if (f[2].n >= UINT32_MAX)
		die_status_at(ST_INPUT, q->file.path, line, "a document id "
			      "of %zu bytes", f[2].n);
	xgrow((void **)&q->j, cap, q->nj + 1, sizeof *q->j);
	x = &q->j[q->nj++];
	x->doc = f[2].p;
	x->docn = (uint32_t)f[2].n;
	x->topic = topic_of(ti, f[0], q->file.path, line);
	x->grade = trec_atol(f[3]);
	trec_lax_grade(f[3]);
}

/* the judgment lines into q->j, in file order */
static void parse(struct trecqrels *q, struct topicids *ti)
{
	const char *p = q->file.p, *e = p + q->file.n, *path = q->file.path;
	struct slice f[5];
	size_t cap = 0, nf;
	long line = 0;

	while (p < e) {
		if (*p == '#') {	/* trec_eval's comment: '#' first */
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			p = nl ? nl + 1 : e;
			line++;
			continue;
		}
		nf = trec_line(&p, e, q->file.p + q->file.fast, f, 5, path,
			       &line, ST_INPUT);
		if (nf == 0)
			continue;
		if (nf != 4)
			die_status_at(ST_INPUT, path, line, "expected 4 fields "
				      "(topic iteration document grade), found %zu",
				      nf);
		add(q, &cap, ti, f, line);
	}
	if (q->nj == 0)
		die_status_at(ST_INPUT, path, 0, "no judgment lines");
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
	size_t i, cap = 0;
	struct trecqtopic *t = NULL;

	for (i = 0; i < q->nj; i++) {
		const struct trecjudgment *x = &q->j[i];
		if (i == 0 || x->topic != q->j[i - 1].topic) {
			xgrow((void **)&q->t, &cap, q->nt + 1, sizeof *q->t);
			t = &q->t[q->nt++];
			t->id = ids[x->topic];
			t->beg = i;
			t->maxgrade = -1;
			t->dup = (size_t)-1;
		} else if (slice_eq(trecjudgment_doc(x),
				    trecjudgment_doc(&q->j[i - 1])) &&
			   (t->dup == (size_t)-1 || x->doc < q->j[t->dup].doc)) {
			t->dup = i;
		}
		t->end = i + 1;
		if (x->grade > t->maxgrade)
			t->maxgrade = x->grade;
		if (x->grade > 0)
			q->positive++;
	}
}

void trecqrels_load(struct trecqrels *q, const char *path)
{
	struct topicids ti;

	memset(q, 0, sizeof *q);
	memset(&ti, 0, sizeof ti);
	strmap_init(&ti.map);
	trecfile_read(&q->file, path, ST_INPUT);
	parse(q, &ti);
	order_topics(q, &ti);
	if (!sorted(q))
		qsort(q->j, q->nj, sizeof *q->j, cmp_judgment);
	group(q, ti.id);
	strmap_free(&ti.map);
	free(ti.id);
}

void trecqrels_twice(const struct trecqrels *q, const struct trecqtopic *t)
{
	const struct trecjudgment *x;
	const char *base = q->file.p;

	if (t->dup == (size_t)-1)
		return;
	x = &q->j[t->dup];
	die_status_at(ST_DUP, q->file.path,
		      trecfile_lineno(&q->file, (size_t)(x->doc - base)),
		      "document '%.*s' of topic '%.*s' judged twice (line %ld "
		      "too)", (int)x->docn, x->doc, (int)t->id.n, t->id.p,
		      trecfile_lineno(&q->file, (size_t)(x[-1].doc - base)));
}
long trecqrels_find(const struct trecqrels *q, struct slice id)
{
	size_t t;

	BISECT_FIRST(t, q->nt, mid, slice_cmp(q->t[mid].id, id) < 0);
	return t < q->nt && slice_cmp(q->t[t].id, id) == 0 ? (long)t : -1;
}

void trecqrels_free(struct trecqrels *q)
{
	free(q->j);
	free(q->t);
	trecfile_free(&q->file);
	memset(q, 0, sizeof *q);
}
