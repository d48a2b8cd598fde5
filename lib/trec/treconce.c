/* treceval's run read once, topics in one piece ranked on the way
 * (treconce.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "rank/ranker.h"
#include "trec/treconce.h"

size_t treconce_targets(struct treconce *w, const struct trecqtopic *qt)
{
	const struct trecjudgment *j = w->q->j;
	size_t i, k = 0;

	xgrow((void **)&w->doc, &w->cap, qt->end - qt->beg + 1,
	      sizeof *w->doc);
	w->grade = xrealloc(w->grade, w->cap * sizeof *w->grade);
	for (i = qt->beg; i < qt->end; i++)
		if (j[i].grade >= w->g0 || w->all) {
			w->doc[k] = trecjudgment_doc(&j[i]);
			w->grade[k++] = j[i].grade;
		}
	return k;
}

enum { ST_INPUT = 2 };

/* a score of another form than trec_decimal's, read by trec_atof */
#define FR_REAL 255

/* the score of line l of the piece: as an integer (trec_decimal) while
 * every score of the piece has the same digits after the point (it
 * orders and ties as the doubles do, and saves a division a line), the
 * double of trec_atof otherwise; 0 for a NaN */
static int score(struct treconce *w, size_t l, struct slice s, double *v)
{
	uint64_t m;
	unsigned fr;
	int neg;

	if (l >= w->frcap)
		xgrow((void **)&w->fr, &w->frcap, l + 1, sizeof *w->fr);
	if (trec_decimal(s, &m, &fr, &neg)) {
		*v = neg ? -(double)m : (double)m;
	} else {
		*v = trec_score(s);
		fr = FR_REAL;
		if (isnan(*v))	/* tested here only: no branch a line waits
				 * for the digits */
			return 0;
	}
	w->fr[l] = (unsigned char)fr;
	if (l > 0 && fr != w->fr[0])
		w->mixed = 1;
	return 1;
}

/* the end of topic qi's piece: its ranks kept, unless a document may be
 * there twice or -M cuts it (trecrank ranks it later); the scores made
 * doubles first if they are integers of more than one scale (the same
 * doubles as trec_atof's) */
static void finish(struct treconce *w, size_t qi)
{
	const struct trecqtopic *qt = &w->q->t[qi];
	struct trecpiece *p = &w->piece;
	struct rankline *l;
	size_t i;

	if ((w->maxret >= 0 && p->n > (size_t)w->maxret) ||
	    !trecpiece_flush(p))
		return;
	if (w->mixed) {
		for (i = 0; i < p->n; i++)
			if (w->fr[i] != FR_REAL)
				p->score[i] /= trec_pow10[w->fr[i]];
		trecpiece_rescaled(p);
	}
	l = trecpiece_rank(p, w->grade);
	for (i = 0; i < p->k; i++)
		w->rank[qt->beg + i] = l[i].rank;
	w->n[qi] = (long)p->n;
}

/* topic qi's lines grouped from now on (trecgroup.h), those of its
 * stretches before the one that starts (run topic rt) first */
static void group_before(struct treconce *w, size_t qi, size_t rt)
{
	struct trecrunit it;
	struct trecline l;

	if (!trecgroup_start(&w->grp, qi))
		return;
	trecrun_begin(w->run, rt, &it);
	it.end = trecrun_last(w->run, rt);
	it.nan_ok = 1;
	while (trecrun_next(&it, &l))
		trecgroup_add(&w->grp, qi, l.doc, l.score);
	trecrun_forget(w->run, rt);
}

/* the qrels' topic of a stretch that starts when its lines are grouped,
 * or -1 */
static long grouped(const struct treconce *w, const struct trecread *x)
{
	long qi = w->qi[x->topic];

	return qi >= 0 && trecgroup_on(&w->grp, (size_t)qi) ? qi : -1;
}

/* line x into topic qi's group */
static void group_line(struct treconce *w, size_t qi,
		       const struct trecread *x)
{
	if (x->doc.n >= UINT32_MAX)
		die_status_at(ST_INPUT, w->run->file.path, w->run->rline, "a "
			      "document id of %zu bytes", x->doc.n);
	trecgroup_add(&w->grp, qi, x->doc, trec_score(x->score));
}

/* the topic of a piece that starts: its index in the qrels when the pass
 * ranks it, or -1 */
static long begin(struct treconce *w, const struct trecread *x)
{
	long qi;
	size_t k;

	if (x->first) {	/* its topic in the qrels, found once */
		xgrow((void **)&w->qi, &w->qicap, x->topic + 1, sizeof *w->qi);
		w->qi[x->topic] = trecqrels_find(w->q, x->id);
	}
	if ((qi = w->qi[x->topic]) < 0)
		return -1;
	if (!x->first) {	/* a topic in pieces: ranked later */
		w->n[qi] = ONCE_NONE;
		group_before(w, (size_t)qi, x->topic);
		return -1;
	}
	if (w->q->t[qi].dup != (size_t)-1)
		return -1;
	/* the targets first: they may move w->doc, which an argument
	 * beside them would read before or after (C leaves the order) */
	k = treconce_targets(w, &w->q->t[qi]);
	trecpiece_begin(&w->piece, w->doc, k);
	w->mixed = 0;
	return qi;
}

/* the pass over the run's chunks (trecscan.h): split on the workers,
 * their lines taken in the file's order on the calling thread */
enum { CHUNK = 1 << 16 };
struct feed {
	struct treconce *w;
	int rank;
	long cur, gq;		/* the topic of the piece ranked, of the
				 * stretch grouped, or -1 */
};

/* line x of the run: a piece's line ranked, a stretch's grouped */
static void feed_line(struct feed *f, const struct trecread *x)
{
	struct treconce *w = f->w;
	double v;

	if (x->start && f->rank) {
		if (f->cur >= 0)
			finish(w, (size_t)f->cur);
		f->cur = begin(w, x);
		f->gq = f->cur < 0 ? grouped(w, x) : -1;
	}
	if (f->gq >= 0)
		group_line(w, (size_t)f->gq, x);
	if (f->cur < 0)
		return;
	/* a NaN's error, or a document's twice, comes in its turn */
	if (!score(w, w->piece.n, x->score, &v) ||
	    !trecpiece_add(&w->piece, x->doc, v))
		f->cur = -1;
}

static void feed_give(void *ctx, const struct trecchunk *c)
{
	struct feed *f = ctx;
	const struct trecscanline *l = c->rec;
	struct trecread x;
	size_t i;

	for (i = 0; i < c->n; i++) {
		trecrun_take(f->w->run, &l[i], &x);
		feed_line(f, &x);
	}
	trecrun_chunk_done(f->w->run, c);
}

void treconce_read(struct treconce *w, const struct trecqrels *q, long g0,
		   int all, long maxret, struct trecrun *run, int rank,
		   int nthreads)
{
	struct feed f = { .w = w, .rank = rank, .cur = -1, .gq = -1 };
	struct trecchunks job = { &run->file, CHUNK, trecrun_scan, feed_give,
				  &f };
	size_t t;

	memset(w, 0, sizeof *w);
	w->q = q;
	w->g0 = g0;
	w->all = all;
	w->maxret = maxret;
	w->n = xmalloc((q->nt + 1) * sizeof *w->n);
	for (t = 0; t < q->nt; t++)
		w->n[t] = ONCE_NONE;
	w->rank = big_alloc((q->nj + 1) * sizeof *w->rank);
	trecpiece_init(&w->piece);
	trecgroup_init(&w->grp, q->nt);
	w->run = run;
	trecchunks_run(&job, nthreads);
	trecrun_end(run);
	if (f.cur >= 0)
		finish(w, (size_t)f.cur);
}

static void line_of(const struct treconce *w, size_t beg, size_t i,
		    struct rankline *l)
{
	l->item = w->doc[i];
	l->grade = w->grade[i];
	l->rank = w->rank[beg + i];
	l->ties = 0;
}

/* The rank stream's order without a sort by comparisons when the ranks
 * are few for the documents (n of them, at most BUCKETS a document): the
 * ranks differ (a document is there once), so each has its bucket, and
 * those not retrieved are last in the order of their ids, which the
 * judgments are in. 0 when n is too large. */
enum { BUCKETS = 16 };
static int by_buckets(struct treconce *w, size_t beg, struct rankline *out,
		      size_t m, long n)
{
	size_t i, o = 0;
	long r;

	if (n < 0 || (size_t)n > BUCKETS * (m + 1))
		return 0;
	xgrow((void **)&w->bucket, &w->bucketcap, (size_t)n + 1,
	      sizeof *w->bucket);
	memset(w->bucket, 0, ((size_t)n + 1) * sizeof *w->bucket);
	for (i = 0; i < m; i++)
		if ((r = w->rank[beg + i]) > 0 && r <= n)
			w->bucket[r] = (uint32_t)i + 1;
	for (r = 1; r <= n; r++)
		if (w->bucket[r])
			line_of(w, beg, w->bucket[r] - 1, &out[o++]);
	for (i = 0; i < m; i++)
		if (w->rank[beg + i] < 0)
			line_of(w, beg, i, &out[o++]);
	return o == m;
}

long treconce_lines(struct treconce *w, size_t qi, struct rankline *out,
		    size_t m)
{
	const struct trecqtopic *qt = &w->q->t[qi];
	size_t i;

	if (w->n[qi] == ONCE_NONE)
		return ONCE_NONE;
	if (m >= UINT32_MAX || !by_buckets(w, qt->beg, out, m, w->n[qi])) {
		for (i = 0; i < m; i++)
			line_of(w, qt->beg, i, &out[i]);
		rankline_sort(out, m);
	}
	return w->n[qi];
}

long treconce_grouped(struct treconce *w, size_t qi, struct rankline *out,
		      size_t m)
{
	const struct trecqtopic *qt = &w->q->t[qi];
	const struct trecgtopic *g = &w->grp.t[qi];
	struct trecpiece *p = &w->piece;
	struct rankline *l;
	struct slice doc;
	size_t i;

	if ((w->maxret >= 0 && g->n > (size_t)w->maxret) ||
	    qt->dup != (size_t)-1)
		return ONCE_NONE;
	trecpiece_begin(p, w->doc, m);
	for (i = 0; i < g->n; i++) {
		doc.p = g->l[i].doc;
		doc.n = g->l[i].docn;
		if (isnan(g->l[i].score) ||
		    !trecpiece_add(p, doc, g->l[i].score))
			return ONCE_NONE;
	}
	if (!trecpiece_flush(p))
		return ONCE_NONE;
	l = trecpiece_rank(p, w->grade);
	for (i = 0; i < m; i++)
		w->rank[qt->beg + i] = l[i].rank;
	w->n[qi] = (long)g->n;
	return treconce_lines(w, qi, out, m);
}

void treconce_free(struct treconce *w)
{
	free(w->n);
	big_free(w->rank);
	free(w->doc);
	free(w->grade);
	free(w->fr);
	free(w->qi);
	free(w->bucket);
	trecgroup_free(&w->grp);
	trecpiece_free(&w->piece);
	memset(w, 0, sizeof *w);
}
