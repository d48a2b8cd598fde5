/* A topic of a TREC run ranked in trec_eval's order (trecrank.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "rank/ranker.h"
#include "trec/trecrank.h"

enum { ST_DUP = 4 };

void trecrank_init(struct trecrank *tr, long maxret,
		   const struct trecrun *run)
{
	memset(tr, 0, sizeof *tr);
	tr->maxret = maxret;
	tr->run = run;
	strmap_init(&tr->cand);
}

void trecrank_begin(struct trecrank *tr, struct slice topic)
{
	strmap_clear(&tr->cand);
	tr->topic = topic;
	tr->ndup = 0;
	tr->nlines = 0;
}

void trecrank_take(struct trecrank *tr, const struct trecline *l)
{
	int created;
	size_t c = strmap_put(&tr->cand, l->doc, &created);
	struct trecdup *d;

	tr->nlines++;
	if (created) {
		if (c >= tr->scap) {
			size_t cap = tr->scap;
			xgrow((void **)&tr->score, &cap, c + 1, sizeof *tr->score);
			tr->off = xrealloc(tr->off, cap * sizeof *tr->off);
			tr->scap = cap;
		}
		tr->score[c] = l->score;
		tr->off[c] = l->off;
		return;
	}
	xgrow((void **)&tr->dup, &tr->dupcap, tr->ndup + 1, sizeof *tr->dup);
	d = &tr->dup[tr->ndup++];
	d->c = c;
	d->off = l->off;
	d->s = l->score;
	if (l->score > tr->score[c]) {	/* the better copy stays */
		d->s = tr->score[c];
		tr->score[c] = l->score;
	}
}

static _Noreturn void twice(const struct trecrank *tr, const struct trecdup *d)
{
	struct slice doc = strmap_key(&tr->cand, d->c);
	const char *file = tr->run->file.path;
	long line = trecfile_lineno(&tr->run->file, d->off);
	long first = trecfile_lineno(&tr->run->file, tr->off[d->c]);

	if (tr->maxret >= 0 && tr->nlines > (size_t)tr->maxret)
		die_status_at(ST_DUP, file, line, "document '%.*s' twice among "
			      "the first %ld of topic '%.*s' (line %ld too)",
			      (int)doc.n, doc.p, tr->maxret, (int)tr->topic.n,
			      tr->topic.p, first);
	die_status_at(ST_DUP, file, line, "document '%.*s' twice in topic "
		      "'%.*s' (line %ld too)", (int)doc.n, doc.p,
		      (int)tr->topic.n, tr->topic.p, first);
}

/* with -M cutting the topic: which documents stay (NULL: all), and the
 * error of a document whose two copies both stay. In trec_eval's order
 * of all lines, copies included, the first -M are kept: when they are
 * all distinct they are the first -M documents at their better copies,
 * and no worse copy comes before the last of those. */
static const unsigned char *cut(struct trecrank *tr)
{
	size_t n = tr->cand.nent, M = (size_t)tr->maxret, c, last = 0, i;
	const unsigned char *kept = NULL;
	int have;

	if (n < M)	/* M lines of fewer documents */
		twice(tr, &tr->dup[0]);
	if (n > M) {
		maxcut_mark(&tr->cut, tr->score, n, M, BREAK_ID, &tr->cand);
		kept = tr->cut.kept;
	}
	for (c = 0, have = 0; c < n; c++) {	/* the last document kept */
		if (kept && !kept[c])
			continue;
		if (!have || tr->score[c] < tr->score[last] ||
		    (tr->score[c] == tr->score[last] &&
		     slice_cmp(strmap_key(&tr->cand, c),
			       strmap_key(&tr->cand, last)) < 0))
			last = c;
		have = 1;
	}
	for (i = 0; i < tr->ndup; i++) {
		const struct trecdup *d = &tr->dup[i];
		if (d->s > tr->score[last] ||
		    (d->s == tr->score[last] &&
		     slice_cmp(strmap_key(&tr->cand, d->c),
			       strmap_key(&tr->cand, last)) > 0))
			twice(tr, d);
	}
	return kept;
}

/* ranks of the targets among the n kept candidates (kept NULL: all) */
static void count(struct trecrank *tr, const unsigned char *kept, size_t k)
{
	struct rankcount *g = &tr->g;
	struct rankwalk w = { 0, 0, 0 };
	size_t c, n = tr->cand.nent;
	double lowest;

	g->k = k;
	g->brk = BREAK_ID;
	rankcount_group(g);
	lowest = g->u[g->d - 1];
	for (c = 0; c < n; c++)	/* a run comes by rank, mostly */
		if (!(tr->score[c] < lowest) && (!kept || kept[c]))
			rankcount_add_walk(g, &w, c, strmap_key(&tr->cand, c),
					   tr->score[c]);
	rankcount_ranks(g, tr->out);
}

long trecrank_rank(struct trecrank *tr, const struct slice *doc,
		   const long *grade, size_t m, struct rankline **lines)
{
	const unsigned char *kept = NULL;
	size_t i, k = 0, c;
	long n = (long)tr->nlines;

	if (tr->maxret >= 0 && tr->nlines > (size_t)tr->maxret) {
		n = tr->maxret;
		if (n > 0)
			kept = cut(tr);
	} else if (tr->ndup) {
		twice(tr, &tr->dup[0]);
	}
	xgrow((void **)&tr->out, &tr->outcap, m, sizeof *tr->out);
	rankcount_reserve(&tr->g, m);
	for (i = 0; i < m; i++) {
		tr->out[i].item = doc[i];
		tr->out[i].grade = grade[i];
		tr->out[i].rank = -1;
		tr->out[i].ties = 0;
		c = n > 0 ? strmap_get(&tr->cand, doc[i]) : STRMAP_ABSENT;
		if (c == STRMAP_ABSENT || (kept && !kept[c]))
			continue;
		tr->g.t[k].s = tr->score[c];
		tr->g.t[k].cand = c;
		tr->g.t[k].id = doc[i];
		tr->g.t[k].out = i;
		tr->g.t[k].outside = 0;
		k++;
	}
	if (k)
		count(tr, kept, k);
	rankline_sort(tr->out, m);
	*lines = tr->out;
	return n;
}

void trecrank_free(struct trecrank *tr)
{
	strmap_free(&tr->cand);
	free(tr->score);
	free(tr->off);
	free(tr->dup);
	maxcut_free(&tr->cut);
	rankcount_free(&tr->g);
	free(tr->out);
	memset(tr, 0, sizeof *tr);
}
