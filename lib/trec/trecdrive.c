/* treceval's pass over the topics (trecdrive.h). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/pool.h"
#include "rank/ranker.h"
#include "trec/trecdrive.h"
#include "trec/trecjudged.h"

/* the run opened on a thread of its own while the qrels load (a pipe's
 * copy under TMPDIR made meanwhile); its error kept for its turn, after
 * the qrels' */
struct opening {
	struct trecrun *run;
	const char *path;
	int failed;
	struct errtrap err;
};

static void *open_run(void *arg)
{
	struct opening *op = arg;

	err_trap = &op->err;
	if (setjmp(op->err.jb) == 0)
		trecrun_open(op->run, op->path);
	else
		op->failed = 1;
	err_trap = NULL;
	return NULL;
}

/* the qrels loaded and the run opened, side by side on two threads; an
 * error of the qrels waits for the run's thread, then comes first */
static void load(struct treceval *te, const struct trecopts *o)
{
	struct opening op;
	struct errtrap qerr, *outer = err_trap;
	volatile int qfailed = 0;
	pthread_t tid;

	memset(&op, 0, sizeof op);
	op.run = &te->run;
	op.path = o->run;
	if (o->jobs < 2 || pthread_create(&tid, NULL, open_run, &op) != 0) {
		trecqrels_load(&te->qrels, o->qrels, o->jobs);
		trecrun_open(&te->run, o->run);
		return;
	}
	err_trap = &qerr;
	if (setjmp(qerr.jb) == 0)
		trecqrels_load(&te->qrels, o->qrels, o->jobs);
	else
		qfailed = 1;
	err_trap = outer;
	pthread_join(tid, NULL);
	if (qfailed && !op.failed)
		trecrun_free(&te->run);
	if (qfailed)
		err_raise(&qerr);
	if (op.failed)
		err_raise(&op.err);
}

void treceval_open(struct treceval *te, const struct trecopts *o)
{
	memset(te, 0, sizeof *te);
	te->o = o;
	load(te, o);
	trecrank_init(&te->rank, o->maxret, &te->run);
	/* the judged documents that the ranks carry: grade >= g0, or all
	 * of them when a measure needs the judged below -l (or -J) */
	treconce_read(&te->once, &te->qrels, o->g0, o->judged, o->maxret,
		      &te->run, o->ranks, o->jobs);
	trecsum_init(&te->sum, o, te->qrels.nt);
	te->row = xmalloc((o->ncols ? o->ncols : 1) * sizeof *te->row);
}

/* judged documents per grade 0 .. maxgrade, for the gain measures */
static void count_levels(struct treceval *te, const struct trecqtopic *qt)
{
	size_t i;
	long g;

	te->t.nlevels = qt->maxgrade + 1;
	if (qt->maxgrade > 1 << 24)
		die_status_at(TREC_INPUT, te->qrels.file.path, 0, "topic '%.*s': "
			      "grade %ld: the gain measures count documents "
			      "per grade, up to %d", (int)qt->id.n, qt->id.p,
			      qt->maxgrade, 1 << 24);
	xgrow((void **)&te->levels, &te->levcap, (size_t)te->t.nlevels + 1,
	      sizeof *te->levels);
	memset(te->levels, 0, ((size_t)te->t.nlevels + 1) * sizeof *te->levels);
	for (i = qt->beg; i < qt->end; i++)
		if ((g = trecqrels_grade(&te->qrels, &te->qrels.j[i])) >= 0)
			te->levels[g]++;
	te->t.levels = te->levels;
}

/* line l's rank as the measures see it: under -J, among the judged
 * documents of a grade >= 0 retrieved (*jr of them so far; the lines come
 * by rank), the others leaving the ranking */
static long seen_rank(const struct treceval *te, const struct rankline *l,
		      long *jr)
{
	if (!te->o->judged_only)
		return l->rank;
	return l->rank >= 0 && l->grade >= 0 ? ++*jr : -1;
}

/* a relevant document, or (judged) one below -l, into the query */
static void take(struct treceval *te, const struct rankline *l, long rank,
		 size_t *k, size_t *r)
{
	struct rquery *q = &te->t.rq;
	struct relitem *it;

	if (l->grade < te->t.level) {
		if (!te->o->judged)
			return;
		it = &te->jud[q->nj++];
		it->kind = l->grade < 0 ? 'u' : 'j';
	} else {
		it = &te->rel[*k];
		it->kind = 'r';
		if (rank >= 0) {
			struct tgroup *g = &te->grp[*r];
			g->a = rank - 1;
			g->t = 1;
			g->s = 1;
			g->first = *k;
			++*r;
		}
		++*k;
	}
	it->grade = l->grade;
	it->rank = rank;
	it->ties = 0;
	it->line = 0;
}

static void grow(struct treceval *te, size_t m)
{
	xgrow((void **)&te->rel, &te->relcap, m + 1, sizeof *te->rel);
	xgrow((void **)&te->grp, &te->grpcap, m + 1, sizeof *te->grp);
	xgrow((void **)&te->cpos, &te->ccap, m + 1, sizeof *te->cpos);
	te->cgrade = xrealloc(te->cgrade, te->ccap * sizeof *te->cgrade);
	if (te->o->judged) {
		xgrow((void **)&te->jud, &te->jcap, m + 1, sizeof *te->jud);
		xgrow((void **)&te->apos, &te->acap, m + 1, sizeof *te->apos);
		te->agrade = xrealloc(te->agrade, te->acap * sizeof *te->agrade);
	}
}

/* the topic from its rank lines (retrieved by rank first): the relevant
 * ones as the rank stream's query, the judged below -l as its version 2
 * lines (when asked for), those retrieved as positions with grades; n the
 * documents retrieved (-J: the judged among them) */
static void build(struct treceval *te, const struct rankline *l, size_t m,
		  long n)
{
	struct trectopic *t = &te->t;
	struct rquery *q = &t->rq;
	size_t i, k = 0, r = 0, c = 0, na = 0;
	long rank, jr = 0;

	grow(te, m);
	memset(q, 0, sizeof *q);
	for (i = 0; i < m; i++) {
		rank = seen_rank(te, &l[i], &jr);
		if (rank < 0)
			continue;
		if (l[i].grade >= te->o->g0) {
			te->cpos[c] = rank - 1;
			te->cgrade[c++] = l[i].grade;
		}
		if (te->o->judged) {
			te->apos[na] = rank - 1;
			te->agrade[na++] = l[i].grade;
		}
		take(te, &l[i], rank, &k, &r);
	}
	/* then those not retrieved, last as in the rank stream (-J: those
	 * judged below 0 among them) */
	for (i = 0, jr = 0; i < m; i++)
		if (seen_rank(te, &l[i], &jr) < 0)
			take(te, &l[i], -1, &k, &r);
	if (te->o->judged_only)
		n = jr;
	q->n = n;
	q->m = k;
	q->nret = r;
	q->rel = te->rel;
	q->g = te->grp;
	q->ng = r;
	q->v2 = te->o->judged;
	q->jud = te->jud;
	q->id = NULL;
	t->n = n;
	t->cpos = te->cpos;
	t->cgrade = te->cgrade;
	t->nc = c;
	t->apos = te->apos;
	t->agrade = te->agrade;
	t->na = na;
}

/* topic qi's lines from its group (an interleaved run), to be ranked; a
 * NaN score is an error in its turn, as from the stretches */
static void take_group(struct treceval *te, size_t qi)
{
	const char *base = te->run.file.p, *doc;
	struct trecgiter it;
	struct trecline line;

	trecgroup_begin(&te->once.grp, qi, &it);
	while (trecgroup_next(&it, &doc, &line.score)) {
		line.doc = trec_field_at(doc);
		line.off = (size_t)(line.doc.p - base);
		if (isnan(line.score))
			trecrun_nan(&te->run, line.off);
		trecrank_take(&te->rank, &line);
	}
}

/* the ranks of the topic's judged documents in the run (topic rt), or,
 * for a topic the run lacks, none retrieved among trec_eval's stand-in
 * ranking of one document; the pass over the run ranked most topics
 * (treconce.h), the others are ranked from their stretches of it */
static void rank_topic(struct treceval *te, size_t qi, long rt)
{
	const struct trecqtopic *qt = &te->qrels.t[qi];
	size_t k = treconce_targets(&te->once, qt), i;
	struct rankline *l;
	struct trecline line;
	struct trecrunit it;
	long n;

	xgrow((void **)&te->rank.out, &te->rank.outcap, k + 1,
	      sizeof *te->rank.out);
	if (rt < 0) {
		for (i = 0; i < k; i++) {
			te->rank.out[i].item = te->once.doc[i];
			te->rank.out[i].grade = te->once.grade[i];
			te->rank.out[i].rank = -1;
			te->rank.out[i].ties = 0;
		}
		build(te, te->rank.out, k, 1);
		if (te->o->judged_only)	/* its one document is not judged */
			te->t.n = te->t.rq.n = 0;
		return;
	}
	n = treconce_lines(&te->once, qi, te->rank.out, k);
	if (n == ONCE_NONE && trecgroup_on(&te->once.grp, qi))
		n = treconce_grouped(&te->once, qi, te->rank.out, k);
	if (n != ONCE_NONE) {
		build(te, te->rank.out, k, n);
		return;
	}
	trecrank_begin(&te->rank, qt->id);
	if (trecgroup_on(&te->once.grp, qi)) {
		take_group(te, qi);
	} else {
		trecrun_begin(&te->run, (size_t)rt, &it);
		while (trecrun_next(&it, &line))
			trecrank_take(&te->rank, &line);
	}
	n = trecrank_rank(&te->rank, te->once.doc, te->once.grade, k, &l);
	build(te, l, k, n);
}

/* trec_eval's clean-up after its stand-in ranking, by the name printed
 * (utility or rbp_resid with parameters keep their value) */
static int cleaned(const char *name)
{
	return strcmp(name, "num_ret") == 0 || strcmp(name, "utility") == 0 ||
	       strcmp(name, "rbp_resid") == 0 || strncmp(name, "unj", 3) == 0;
}

/* the topic's row, and relstring's text in *text */
static void values(struct treceval *te, struct slice *text)
{
	const struct trecopts *o = te->o;
	size_t i, c;

	memset(te->row, 0, o->ncols * sizeof *te->row);
	text->n = 0;
	for (i = 0; i < o->nasked; i++) {
		const struct trecasked *a = &o->asked[i];
		if (a->m->value)
			a->m->value(&te->t, a, te->row + a->col);
		/* relstring's text of the stand-in ranking is cleaned too,
		 * by the same rule: relstring.N keeps it */
		if (a->m->summary == TS_TEXT &&
		    !(te->t.missing && strcmp(a->name[0], "relstring") == 0))
			text->n = trec_relstring(&te->t, a, &te->text,
						 &te->textcap);
		for (c = 0; te->t.missing && c < a->ncol; c++)
			if (cleaned(a->name[c]))
				te->row[a->col + c] = 0;
	}
	text->p = te->text;
}

/* topic qi's row (te->row) and relstring's text; 0 when it is left out
 * (a topic the run lacks, without -c) */
static int topic_row(struct treceval *te, size_t qi, struct slice *text)
{
	const struct trecopts *o = te->o;
	const struct trecqtopic *qt = &te->qrels.t[qi];
	long rt = trecrun_find(&te->run, qt->id);

	if (rt < 0 && !o->complete) {
		te->left_out++;
		return 0;
	}
	te->matched += rt >= 0;
	te->t.id = qt->id;
	te->t.missing = rt < 0;
	te->t.level = o->level;
	te->t.ndocs = o->ndocs;
	if (o->ranks) {
		trecqrels_twice(&te->qrels, qt);
		if (o->levels)
			count_levels(te, qt);
		rank_topic(te, qi, rt);
	}
	values(te, text);
	return 1;
}

static void scratch_free(struct treceval *te)
{
	free(te->rel);
	free(te->grp);
	free(te->cpos);
	free(te->cgrade);
	free(te->levels);
	free(te->jud);
	free(te->apos);
	free(te->agrade);
	free(te->text);
	free(te->row);
}

/* Topics measured on the pool's workers (util/pool.h), BATCH a task, each
 * worker with a view of te (its files and the pass's results shared, read
 * only; its scratch and trecrank its own); the rows added to the summary
 * in order on this thread, so sums and rows are one thread's. A task's
 * error (its first topic's that fails) is raised in its turn: the first
 * in trec_eval's order of topics. Memory: the slots' rows. */
enum { BATCH = 16, MIN_POOLED = 32 };

struct batch {
	size_t from, n, done;	/* topics [from, from + n), done before an
				 * error */
	double *rows;		/* per topic: its row, */
	unsigned char *in;	/* if it is measured (not left out) */
	char *text;		/* relstring's, topic k's at toff[k] */
	size_t toff[BATCH + 1], textcap;
	long left_out, matched;
	int failed;
	struct errtrap err;
};

struct measuring {
	struct treceval *te;
	struct treceval *view;	/* per worker */
	struct batch *b;	/* per slot */
	size_t next;
};

static int take_batch(void *ctx, const struct pool_task *t)
{
	struct measuring *m = ctx;
	struct batch *b = &m->b[t->slot];
	size_t nt = m->te->qrels.nt;

	if (m->next >= nt)
		return 0;
	b->from = m->next;
	b->n = nt - m->next < BATCH ? nt - m->next : BATCH;
	m->next += b->n;
	return 1;
}

static void measure_batch(void *ctx, const struct pool_task *t)
{
	struct measuring *m = ctx;
	struct batch *b = &m->b[t->slot];
	struct treceval *v = &m->view[t->worker];
	size_t ncols = m->te->o->ncols, k;
	long left_out = v->left_out, matched = v->matched;
	struct errtrap *outer = err_trap;
	struct slice text;

	b->done = 0;
	b->failed = 0;
	b->toff[0] = 0;
	err_trap = &b->err;
	if (setjmp(b->err.jb) == 0) {
		for (k = 0; k < b->n; k++) {
			text.p = NULL;	/* a topic left out has none */
			text.n = 0;
			b->in[k] = (unsigned char)topic_row(v, b->from + k, &text);
			if (b->in[k] && ncols)
				memcpy(b->rows + k * ncols, v->row,
				       ncols * sizeof *b->rows);
			xgrow((void **)&b->text, &b->textcap,
			      b->toff[k] + text.n + 1, 1);
			if (text.n)
				memcpy(b->text + b->toff[k], text.p, text.n);
			b->toff[k + 1] = b->toff[k] + text.n;
			b->done = k + 1;
		}
	} else {
		b->failed = 1;
	}
	err_trap = outer;
	b->left_out = v->left_out - left_out;
	b->matched = v->matched - matched;
}

static void give_batch(void *ctx, const struct pool_task *t)
{
	struct measuring *m = ctx;
	struct batch *b = &m->b[t->slot];
	struct treceval *te = m->te;
	size_t ncols = te->o->ncols, k;
	struct slice text;

	te->left_out += b->left_out;
	te->matched += b->matched;
	for (k = 0; k < b->done; k++) {
		if (!b->in[k])
			continue;
		text.p = b->text + b->toff[k];
		text.n = b->toff[k + 1] - b->toff[k];
		trecsum_add(&te->sum, te->qrels.t[b->from + k].id,
			    b->rows + k * ncols, text);
	}
	if (b->failed)
		err_raise(&b->err);
}

/* every topic measured on nthreads workers; an error (a topic's, in its
 * turn) raised once the views are freed */
static void measure_pooled(struct treceval *te, int nthreads)
{
	const struct trecopts *o = te->o;
	int nslots = pool_nslots(nthreads), i;
	size_t ncols = o->ncols ? o->ncols : 1;
	struct measuring m = { te, xcalloc((size_t)nthreads, sizeof *m.view),
			       xcalloc((size_t)nslots, sizeof *m.b), 0 };
	struct pool_job job = { take_batch, measure_batch, give_batch, &m };
	struct errtrap err;
	int failed;

	for (i = 0; i < nthreads; i++) {
		struct treceval *v = &m.view[i];
		v->o = o;
		v->qrels = te->qrels;
		v->run = te->run;
		trecrank_init(&v->rank, o->maxret, &te->run);
		treconce_view(&v->once, &te->once);
		v->row = xmalloc(ncols * sizeof *v->row);
	}
	for (i = 0; i < nslots; i++) {
		m.b[i].rows = xmalloc(BATCH * ncols * sizeof *m.b[i].rows);
		m.b[i].in = xmalloc(BATCH);
	}
	failed = pool_run_caught(&job, nthreads, &err);
	for (i = 0; i < nthreads; i++) {
		scratch_free(&m.view[i]);
		trecrank_free(&m.view[i].rank);
		treconce_view_free(&m.view[i].once);
	}
	for (i = 0; i < nslots; i++) {
		free(m.b[i].rows);
		free(m.b[i].in);
		free(m.b[i].text);
	}
	free(m.view);
	free(m.b);
	if (failed)
		err_raise(&err);
}

int treceval_topic(struct treceval *te)
{
	struct slice text;

	if (te->next == 0 && te->o->jobs >= 2 && te->qrels.nt >= MIN_POOLED) {
		te->next = te->qrels.nt;
		measure_pooled(te, te->o->jobs);
		return 0;
	}
	while (te->next < te->qrels.nt) {
		size_t qi = te->next++;
		if (topic_row(te, qi, &text)) {
			trecsum_add(&te->sum, te->qrels.t[qi].id, te->row, text);
			return 1;
		}
	}
	return 0;
}

void treceval_close(struct treceval *te)
{
	long runonly = (long)te->run.ids.nent - te->matched;

	trec_lax_notes(te->o->qrels, te->o->run);
	if (te->left_out)
		note("%ld topic%s of the qrels not in the run left out (-c "
		     "counts %s as 0)", te->left_out, te->left_out == 1 ? "" : "s",
		     te->left_out == 1 ? "it" : "them");
	if (runonly)
		note("%ld topic%s of the run not in the qrels left out, as "
		     "trec_eval leaves %s out", runonly, runonly == 1 ? "" : "s",
		     runonly == 1 ? "it" : "them");
	if (te->sum.nq == 0)
		die(TREC_NONE, "no topic is in both the qrels and the run");
	trecsum_print(&te->sum, te->qrels.positive, te->run.tag);
	trecsum_free(&te->sum);
	treconce_free(&te->once);
	trecrank_free(&te->rank);
	trecrun_free(&te->run);
	trecqrels_free(&te->qrels);
	scratch_free(te);
}
