/* treceval's run read once, topics in one piece ranked on the way
 * (treconce.h). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "rank/ranker.h"
#include "trec/treconce.h"

size_t treconce_targets(struct treconce *w, const struct trecqtopic *qt)
{
	const struct trecjudgment *j = w->q->j;
	const char *base = w->q->file.p;
	size_t i, k = 0;
	long g;

	xgrow((void **)&w->doc, &w->cap, qt->end - qt->beg + 1,
	      sizeof *w->doc);
	w->grade = xrealloc(w->grade, w->cap * sizeof *w->grade);
	for (i = qt->beg; i < qt->end; i++)
		if ((g = trecjudgment_grade(base, &j[i])) >= w->g0 || w->all) {
			w->doc[k] = trecjudgment_doc(base, &j[i]);
			w->grade[k++] = g;
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
	} else if (w->half) {	/* the note's first score is in file order:
				 * the half leaves it to the whole pass */
		int lax = 0;
		*v = trec_score_lax(s, &lax);
		fr = FR_REAL;
		if (lax)
			atomic_store_explicit(&w->bail, 1, memory_order_relaxed);
		if (lax || isnan(*v))
			return 0;
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

/* a half's topic qi ranked: its n kept for the join */
static void keep_ranked(struct treconce *w, size_t qi, long n)
{
	struct onceranked *r;

	xgrow((void **)&w->ranked, &w->rankedcap, w->nranked + 1,
	      sizeof *w->ranked);
	r = &w->ranked[w->nranked++];
	r->qi = qi;
	r->n = n;
}

/* topic qi's ranks this half's to write (two halves reading: claim):
 * the half that claims them first has them; the second half stops at a
 * topic the first has */
static int mine(struct treconce *w, size_t qi)
{
	unsigned char me = w->half ? 2 : 1, was;

	if (!w->claim)
		return 1;
	was = atomic_exchange(&w->claim[qi], me);
	if (!was || was == me)
		return 1;
	if (w->half)
		atomic_store_explicit(&w->bail, 1, memory_order_relaxed);
	return 0;
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
	    p->n > INT32_MAX || !trecpiece_flush(p))
		return;
	if (w->mixed) {
		for (i = 0; i < p->n; i++)
			if (w->fr[i] != FR_REAL)
				p->score[i] /= trec_pow10[w->fr[i]];
		trecpiece_rescaled(p);
	}
	l = trecpiece_rank(p, w->grade);
	if (mine(w, qi))
		for (i = 0; i < p->k; i++)
			w->rank[qt->beg + i] = (int32_t)l[i].rank;
	if (w->half)
		keep_ranked(w, qi, (long)p->n);
	else
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
		trecgroup_add_wide(&w->grp, qi, l.doc.p, l.score);
	trecrun_forget(w->run, rt);
}

/* the qrels' topic of a stretch that starts when its lines are grouped,
 * or -1 */
static long grouped(const struct treconce *w, const struct trecread *x)
{
	long qi = w->qi[x->topic];

	return qi >= 0 && !w->half && trecgroup_on(&w->grp, (size_t)qi) ?
	       qi : -1;
}

/* line x into topic qi's group; a half leaves a score that atof() does
 * not read whole to the whole pass (its note is in file order) */
static void group_line(struct treconce *w, size_t qi,
		       const struct trecread *x)
{
	struct trecdigits d;
	double v;
	int lax = 0;

	if (x->doc.n >= UINT32_MAX)
		die_status_at(ST_INPUT, w->run->file.path, w->run->rline, "a "
			      "document id of %zu bytes", x->doc.n);
	/* [-]digits.digits, read whole: atof()'s value, as trec_atof
	 * computes it, and the digits for a line of 8 bytes */
	if (trec_decimal(x->score, &d.m, &d.fr, &d.neg)) {
		trecgroup_add(&w->grp, qi, x->docp, &d);
		return;
	}
	if (!w->half) {
		v = trec_score(x->score);
	} else if (v = trec_score_lax(x->score, &lax), lax) {
		atomic_store_explicit(&w->bail, 1, memory_order_relaxed);
		return;
	}
	trecgroup_add_wide(&w->grp, qi, x->docp, v);
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
	if (!x->first && w->half) {	/* left to the whole pass */
		atomic_store_explicit(&w->bail, 1, memory_order_relaxed);
		return -1;
	}
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

/* line x of an interleaved run (w->grpall): every topic of the qrels
 * grouped from its first line on, no stretch of any topic kept after
 * its first */
static void feed_grouped(struct feed *f, const struct trecread *x)
{
	struct treconce *w = f->w;

	if (x->start) {
		if (x->first) {
			xgrow((void **)&w->qi, &w->qicap, x->topic + 1,
			      sizeof *w->qi);
			w->qi[x->topic] = trecqrels_find(w->q, x->id);
			if (w->qi[x->topic] >= 0)
				trecgroup_start(&w->grp,
						(size_t)w->qi[x->topic]);
			trecrun_forget(w->run, x->topic);
		}
		f->gq = w->qi[x->topic];
	}
	if (f->gq >= 0)
		group_line(w, (size_t)f->gq, x);
}

/* line x of the run: a piece's line ranked, a stretch's grouped */
static void feed_line(struct feed *f, const struct trecread *x)
{
	struct treconce *w = f->w;
	double v;

	if (w->grpall) {
		feed_grouped(f, x);
		return;
	}
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
	    !trecpiece_add(&w->piece, x->doc, x->docp, v))
		f->cur = -1;
}

static void feed_give(void *ctx, const struct trecchunk *c)
{
	struct feed *f = ctx;
	const struct trecscanline *l = c->rec;
	struct trecread x;
	size_t i;

	for (i = 0; i < c->n; i++) {
		trecrun_take(f->w->run, c, &l[i], &x);
		feed_line(f, &x);
	}
	trecrun_chunk_done(f->w->run, c);
}

/* the settings of a pass, the rest of w empty */
static void setup(struct treconce *w, const struct trecqrels *q, long g0,
		  int all, long maxret, struct trecrun *run)
{
	memset(w, 0, sizeof *w);
	w->q = q;
	w->g0 = g0;
	w->all = all;
	w->maxret = maxret;
	trecpiece_init(&w->piece);
	w->run = run;
}

/* the chunks of run's bytes [from, to) fed on nthreads */
static void feed_range(struct feed *f, size_t from, size_t to, int nthreads)
{
	struct trecchunks job = { .f = &f->w->run->file, .size = CHUNK,
				  .scan = trecrun_scan, .give = feed_give,
				  .ctx = f, .from = from, .to = to,
				  .copy = 1 };

	if (f->w->half)
		job.stop = &f->w->bail;
	trecchunks_run(&job, nthreads);
}

/* the second half of the pass, on a thread of its own: its own run (over
 * the same file), state and error */
struct half {
	struct treconce w;
	struct trecrun run;
	struct feed f;
	size_t from;
	int failed;
	struct errtrap err;
};

static void *read_half(void *arg)
{
	struct half *h = arg;

	err_trap = &h->err;
	if (setjmp(h->err.jb) == 0) {
		feed_range(&h->f, h->from, h->run.file.n, 1);
		if (h->f.cur >= 0 &&
		    !atomic_load_explicit(&h->w.bail, memory_order_relaxed))
			finish(&h->w, (size_t)h->f.cur);
		trecgroup_seal(&h->w.grp);
	} else {
		h->failed = 1;
	}
	err_trap = NULL;
	return NULL;
}

/* the half joined to w's pass, which is at its first byte: 0 (w and its
 * run unchanged) when the half stopped, failed or holds a topic of w's */
static int join(struct treconce *w, struct feed *f, struct half *h)
{
	size_t nt = w->run->ids.nent, i;

	w->claim = NULL;	/* one thread reads on */
	if (h->failed || atomic_load(&h->w.bail))
		return 0;
	if (w->grpall) {	/* the half's groups after this half's */
		trecrun_join_grouped(w->run, &h->run);
		trecgroup_seal(&w->grp);
		trecgroup_join(&w->grp, &h->w.grp);
		return 1;
	}
	if (!trecrun_join(w->run, &h->run))
		return 0;
	if (f->cur >= 0)
		finish(w, (size_t)f->cur);
	f->cur = -1;
	f->gq = -1;
	if (f->rank) {	/* a pass that only reads finds no topic's qi */
		xgrow((void **)&w->qi, &w->qicap, nt + h->run.ids.nent + 1,
		      sizeof *w->qi);
		for (i = 0; i < h->run.ids.nent; i++)
			w->qi[nt + i] = h->w.qi[i];
	}
	for (i = 0; i < h->w.nranked; i++)
		w->n[h->w.ranked[i].qi] = h->w.ranked[i].n;
	return 1;
}

static void half_free(struct half *h)
{
	h->w.rank = NULL;	/* the first half's */
	h->w.claim = NULL;
	treconce_free(&h->w);
	trecrun_free(&h->run);
}

/* The first half read on this thread while the half h reads the second
 * (on thread tid), then h joined (pthread_join). An error of the first
 * half stops h (its flag) and waits for it before it is raised: the
 * program never leaves the pass with h reading. */
static void read_first(struct feed *f, struct half *h, pthread_t tid,
		       size_t mid)
{
	struct errtrap err, *outer = err_trap;
	volatile int failed = 0;

	err_trap = &err;
	if (setjmp(err.jb) == 0)
		feed_range(f, 0, mid, 1);
	else
		failed = 1;
	err_trap = outer;
	if (failed)
		atomic_store(&h->w.bail, 1);
	pthread_join(tid, NULL);
	if (failed) {
		half_free(h);
		free(h);
		free(f->w->claim);
		f->w->claim = NULL;
		err_raise(&err);
	}
}

void treconce_read(struct treconce *w, const struct trecqrels *q, long g0,
		   int all, long maxret, struct trecrun *run, int rank,
		   int nthreads)
{
	struct feed f = { .w = w, .rank = rank, .cur = -1, .gq = -1 };
	struct half *h = NULL;
	atomic_uchar *claim = NULL;
	pthread_t tid;
	size_t t, mid = run->file.n;

	setup(w, q, g0, all, maxret, run);
	w->n = xmalloc((q->nt + 1) * sizeof *w->n);
	for (t = 0; t < q->nt; t++)
		w->n[t] = ONCE_NONE;
	w->rank = big_alloc((q->nj + 1) * sizeof *w->rank);
	trecgroup_init(&w->grp, q->nt, run->file.p, run->file.n);
	w->grpall = rank && trecrun_interleaved(run);
	run->keep = w->grpall;
	if (nthreads >= 2 && (mid = trecrun_split(run)) < run->file.n) {
		h = xcalloc(1, sizeof *h);
		h->from = mid;
		trecrun_half(&h->run, run, mid);
		setup(&h->w, q, g0, all, maxret, &h->run);
		h->w.half = 1;
		h->w.grpall = w->grpall;
		h->run.keep = w->grpall;
		trecgroup_init(&h->w.grp, q->nt, run->file.p, run->file.n);
		h->w.rank = w->rank;
		w->claim = h->w.claim = claim = xcalloc(q->nt + 1,
							sizeof *claim);
		h->f.w = &h->w;
		h->f.rank = rank;
		h->f.cur = h->f.gq = -1;
		if (pthread_create(&tid, NULL, read_half, h) != 0) {
			half_free(h);
			free(h);
			h = NULL;
			w->claim = NULL;
			mid = run->file.n;
		}
	}
	if (!h) {
		feed_range(&f, 0, mid, nthreads);
	} else {
		read_first(&f, h, tid, mid);
		if (!join(w, &f, h))
			feed_range(&f, mid, run->file.n, nthreads);
		half_free(h);
		free(h);
	}
	free(claim);
	trecrun_end(run);
	if (f.cur >= 0)
		finish(w, (size_t)f.cur);
	trecgroup_seal(&w->grp);
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

enum { AHEAD = 8 };
long treconce_grouped(struct treconce *w, size_t qi, struct rankline *out,
		      size_t m)
{
	const struct trecqtopic *qt = &w->q->t[qi];
	size_t n = trecgroup_count(&w->grp, qi), i;
	struct trecpiece *p = &w->piece;
	struct trecgspan g;
	struct trecgiter it;
	struct rankline *l;
	struct slice doc;
	double v;

	if ((w->maxret >= 0 && n > (size_t)w->maxret) || n > INT32_MAX ||
	    qt->dup != (size_t)-1)
		return ONCE_NONE;
	trecpiece_begin(p, w->doc, m);
	trecgroup_begin(&w->grp, qi, &it);
	/* the ids are all over the file: each asked of the cache AHEAD
	 * lines before the piece may read it (a judged document's) */
	while (trecgroup_span(&it, &g))
		for (i = 0; i < g.n; i++) {
#if defined(__GNUC__)
			if (i + AHEAD < g.n)
				__builtin_prefetch(trecgspan_doc(&g, i + AHEAD));
#endif
			doc = trec_field_at(trecgspan_doc(&g, i));
			v = trecgspan_score(&g, i);
			if (isnan(v) || !trecpiece_add(p, doc, doc.p, v))
				return ONCE_NONE;
		}
	if (!trecpiece_flush(p))
		return ONCE_NONE;
	l = trecpiece_rank(p, w->grade);
	for (i = 0; i < m; i++)
		w->rank[qt->beg + i] = (int32_t)l[i].rank;
	w->n[qi] = (long)n;
	return treconce_lines(w, qi, out, m);
}

void treconce_view(struct treconce *v, const struct treconce *w)
{
	setup(v, w->q, w->g0, w->all, w->maxret, w->run);
	v->n = w->n;
	v->rank = w->rank;
	v->grp = w->grp;
}

void treconce_view_free(struct treconce *v)
{
	free(v->doc);
	free(v->grade);
	free(v->bucket);
	trecpiece_free(&v->piece);
	memset(v, 0, sizeof *v);
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
	free(w->ranked);
	trecgroup_free(&w->grp);
	trecpiece_free(&w->piece);
	memset(w, 0, sizeof *w);
}
