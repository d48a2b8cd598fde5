/* treceval's run read once, topics in one piece ranked on the way
 * (treconce.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "rank/treconce.h"

size_t treconce_targets(struct treconce *w, const struct trecqtopic *qt)
{
	const struct trecjudgment *j = w->q->j;
	size_t i, k = 0;

	xgrow((void **)&w->doc, &w->cap, qt->end - qt->beg + 1,
	      sizeof *w->doc);
	w->grade = xrealloc(w->grade, w->cap * sizeof *w->grade);
	for (i = qt->beg; i < qt->end; i++)
		if (j[i].grade >= w->g0 || w->all) {
			w->doc[k] = j[i].doc;
			w->grade[k++] = j[i].grade;
		}
	return k;
}

/* the end of topic qi's piece: its ranks kept, unless a document is
 * there twice */
static void finish(struct treconce *w, struct trecrank *tr, size_t qi)
{
	const struct trecqtopic *qt = &w->q->t[qi];
	struct rankline *l;
	size_t k, i;
	long n;

	if (!trecrank_index(tr))
		return;
	k = treconce_targets(w, qt);
	n = trecrank_count(tr, w->doc, w->grade, k, &l);
	for (i = 0; i < k; i++)
		w->rank[qt->beg + i] = l[i].rank;
	w->n[qi] = n;
}

/* the topic of a piece that starts: its index in the qrels when the pass
 * ranks it, or -1 */
static long begin(struct treconce *w, const struct trecread *x)
{
	long qi = trecqrels_find(w->q, x->id);

	if (qi < 0)
		return -1;
	if (!x->first) {	/* a topic in pieces: ranked later */
		w->n[qi] = ONCE_NONE;
		return -1;
	}
	if (w->q->t[qi].dup != (size_t)-1)
		return -1;
	return qi;
}

void treconce_read(struct treconce *w, const struct trecqrels *q, long g0,
		   int all, struct trecrun *run, struct trecrank *tr,
		   const char *path, int rank)
{
	struct trecread x;
	struct trecline l;
	long cur = -1;
	size_t i;

	memset(w, 0, sizeof *w);
	w->q = q;
	w->g0 = g0;
	w->all = all;
	w->n = xmalloc((q->nt + 1) * sizeof *w->n);
	for (i = 0; i < q->nt; i++)
		w->n[i] = ONCE_NONE;
	w->rank = xmalloc((q->nj + 1) * sizeof *w->rank);
	trecrun_open(run, path);
	while (trecrun_read(run, &x)) {
		if (x.start && rank) {
			if (cur >= 0)
				finish(w, tr, (size_t)cur);
			if ((cur = begin(w, &x)) >= 0)
				trecrank_begin(tr, x.id);
		}
		if (cur < 0)
			continue;
		l.doc = x.doc;
		l.score = trec_atof(x.score);
		l.off = x.off;
		if (isnan(l.score))	/* its error comes in its turn */
			cur = -1;
		else
			trecrank_append(tr, &l);
	}
	if (cur >= 0)
		finish(w, tr, (size_t)cur);
}

long treconce_lines(const struct treconce *w, size_t qi,
		    struct rankline *out, size_t m)
{
	const struct trecqtopic *qt = &w->q->t[qi];
	size_t i;

	if (w->n[qi] == ONCE_NONE)
		return ONCE_NONE;
	for (i = 0; i < m; i++) {
		out[i].item = w->doc[i];
		out[i].grade = w->grade[i];
		out[i].rank = w->rank[qt->beg + i];
		out[i].ties = 0;
	}
	return w->n[qi];
}

void treconce_free(struct treconce *w)
{
	free(w->n);
	free(w->rank);
	free(w->doc);
	free(w->grade);
	memset(w, 0, sizeof *w);
}
