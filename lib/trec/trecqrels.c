/* trec_eval's qrels read whole, sorted and grouped by topic
 * (trecqrels.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "trec/trecqrels.h"
#include "util/bisect.h"

enum { ST_INPUT = 2, ST_DUP = 4 };

static int cmp_judgment(const void *pa, const void *pb)
{
	const struct trecjudgment *a = pa, *b = pb;
	int c = slice_cmp(a->topic, b->topic);

	if (!c)
		c = slice_cmp(a->doc, b->doc);
	return c ? c : (a->line > b->line) - (a->line < b->line);
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

/* the judgment lines into q->j, in file order */
static void parse(struct trecqrels *q)
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
		xgrow((void **)&q->j, &cap, q->nj + 1, sizeof *q->j);
		q->j[q->nj].topic = f[0];
		q->j[q->nj].doc = f[2];
		q->j[q->nj].grade = trec_atol(f[3]);
		trec_lax_grade(f[3]);
		q->j[q->nj].line = line;
		q->nj++;
	}
	if (q->nj == 0)
		die_status_at(ST_INPUT, path, 0, "no judgment lines");
}

/* the topics over the sorted judgments */
static void group(struct trecqrels *q)
{
	size_t i, cap = 0;
	struct trecqtopic *t = NULL;

	for (i = 0; i < q->nj; i++) {
		const struct trecjudgment *x = &q->j[i];
		if (i == 0 || !slice_eq(x->topic, q->j[i - 1].topic)) {
			xgrow((void **)&q->t, &cap, q->nt + 1, sizeof *q->t);
			t = &q->t[q->nt++];
			t->id = x->topic;
			t->beg = i;
			t->maxgrade = -1;
			t->dup = (size_t)-1;
		} else if (slice_eq(x->doc, q->j[i - 1].doc) &&
			   (t->dup == (size_t)-1 ||
			    x->line < q->j[t->dup].line)) {
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
	memset(q, 0, sizeof *q);
	trecfile_read(&q->file, path, ST_INPUT);
	parse(q);
	if (!sorted(q))
		qsort(q->j, q->nj, sizeof *q->j, cmp_judgment);
	group(q);
}

void trecqrels_twice(const struct trecqrels *q, const struct trecqtopic *t)
{
	const struct trecjudgment *x;

	if (t->dup == (size_t)-1)
		return;
	x = &q->j[t->dup];
	die_status_at(ST_DUP, q->file.path, x->line, "document '%.*s' of "
		      "topic '%.*s' judged twice (line %ld too)", (int)x->doc.n,
		      x->doc.p, (int)x->topic.n, x->topic.p, x[-1].line);
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
