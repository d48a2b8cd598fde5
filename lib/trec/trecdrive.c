/* treceval's pass over the topics (trecdrive.h). */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
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
		die_status_at(qerr.status, qerr.file, qerr.line, "%s", qerr.msg);
	if (op.failed)
		die_status_at(op.err.status, op.err.file, op.err.line, "%s",
			      op.err.msg);
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
		if (te->qrels.j[i].grade >= 0)
			te->levels[te->qrels.j[i].grade]++;
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
	const char *base = te->run.file.p;
	const struct trecgline *g;
	struct trecgiter it;
	struct trecline line;

	trecgroup_begin(&te->once.grp, qi, &it);
	while ((g = trecgroup_next(&it)) != NULL) {
		line.doc.p = g->doc;
		line.doc.n = g->docn;
		line.score = g->score;
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

/* the topics from `from` on, measured on a thread of its own: te, a view
 * of the main one (its files and the pass's results shared, read only;
 * its scratch and trecrank its own), the rows kept in order */
struct trecafter {
	struct treceval te;
	size_t from, to;
	double *rows;		/* per topic from `from`: its row, */
	unsigned char *in;	/* if it is measured (not left out) */
	char *text;		/* relstring's, topic k's at toff[k] */
	size_t *toff, textlen, textcap;
	atomic_int stop;
	int failed;
	struct errtrap err;
	pthread_t tid;
};

static void *measure_after(void *arg)
{
	struct trecafter *a = arg;
	size_t ncols = a->te.o->ncols, qi, k;
	struct slice text;

	err_trap = &a->err;
	if (setjmp(a->err.jb) == 0) {
		for (qi = a->from; qi < a->to &&
		     !atomic_load_explicit(&a->stop, memory_order_relaxed); qi++) {
			k = qi - a->from;
			a->in[k] = (unsigned char)topic_row(&a->te, qi, &text);
			if (a->in[k] && ncols)
				memcpy(a->rows + k * ncols, a->te.row,
				       ncols * sizeof *a->rows);
			xgrow((void **)&a->text, &a->textcap,
			      a->textlen + text.n + 1, 1);
			if (text.n)
				memcpy(a->text + a->textlen, text.p, text.n);
			a->textlen += text.n;
			a->toff[k + 1] = a->textlen;
		}
	} else {
		a->failed = 1;
	}
	err_trap = NULL;
	return NULL;
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

static void after_free(struct treceval *te)
{
	struct trecafter *a = te->after;

	if (!a)
		return;
	scratch_free(&a->te);
	trecrank_free(&a->te.rank);
	treconce_view_free(&a->te.once);
	big_free(a->rows);
	free(a->in);
	free(a->text);
	free(a->toff);
	free(a);
	te->after = NULL;
}

/* MIN_AFTER: the fewest topics measured on two threads */
enum { MIN_AFTER = 32 };

/* the thread for the second half of the topics, when -j and their number
 * ask for one */
static void start_after(struct treceval *te)
{
	const struct trecopts *o = te->o;
	size_t nt = te->qrels.nt, n;
	struct trecafter *a;

	te->split = nt;
	if (o->jobs < 2 || nt < MIN_AFTER)
		return;
	a = xcalloc(1, sizeof *a);
	a->from = nt / 2;
	a->to = nt;
	n = a->to - a->from;
	a->te.o = o;
	a->te.qrels = te->qrels;
	a->te.run = te->run;
	trecrank_init(&a->te.rank, o->maxret, &te->run);
	treconce_view(&a->te.once, &te->once);
	a->te.row = xmalloc((o->ncols ? o->ncols : 1) * sizeof *a->te.row);
	a->rows = big_alloc(n * (o->ncols ? o->ncols : 1) * sizeof *a->rows);
	a->in = xcalloc(n, 1);
	a->toff = xcalloc(n + 1, sizeof *a->toff);
	te->after = a;
	if (pthread_create(&a->tid, NULL, measure_after, a) != 0) {
		after_free(te);
		return;
	}
	te->split = a->from;
}

/* the thread's topics done: its counts added, its error raised */
static void join_after(struct treceval *te)
{
	struct trecafter *a = te->after;
	struct errtrap err;

	pthread_join(a->tid, NULL);
	te->left_out += a->te.left_out;
	te->matched += a->te.matched;
	if (a->failed) {
		err = a->err;
		after_free(te);
		die_status_at(err.status, err.file, err.line, "%s", err.msg);
	}
}

/* topic qi measured on this thread while the other runs: an error stops
 * the other and waits for it before it is raised */
static int row_beside(struct treceval *te, size_t qi, struct slice *text)
{
	struct errtrap err, *outer = err_trap;
	volatile int r = 0, failed = 0;

	err_trap = &err;
	if (setjmp(err.jb) == 0)
		r = topic_row(te, qi, text);
	else
		failed = 1;
	err_trap = outer;
	if (failed) {
		atomic_store(&te->after->stop, 1);
		pthread_join(te->after->tid, NULL);
		after_free(te);
		die_status_at(err.status, err.file, err.line, "%s", err.msg);
	}
	return r;
}

int treceval_topic(struct treceval *te)
{
	size_t ncols = te->o->ncols;
	struct slice text;

	if (te->next == 0 && te->split == 0)
		start_after(te);
	while (te->next < te->split) {
		size_t qi = te->next++;
		if (te->after ? row_beside(te, qi, &text) :
				topic_row(te, qi, &text)) {
			trecsum_add(&te->sum, te->qrels.t[qi].id, te->row, text);
			return 1;
		}
	}
	if (te->after && te->next == te->split)
		join_after(te);
	while (te->after && te->next < te->qrels.nt) {
		struct trecafter *a = te->after;
		size_t qi = te->next++, k = qi - a->from;
		if (!a->in[k])
			continue;
		text.p = a->text + a->toff[k];
		text.n = a->toff[k + 1] - a->toff[k];
		trecsum_add(&te->sum, te->qrels.t[qi].id, a->rows + k * ncols,
			    text);
		return 1;
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
	after_free(te);
	scratch_free(te);
}
