/* treceval's pass over the topics (trecdrive.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "rank/ranker.h"
#include "measure/trecdrive.h"

void treceval_open(struct treceval *te, const struct trecopts *o)
{
	memset(te, 0, sizeof *te);
	te->o = o;
	trecqrels_load(&te->qrels, o->qrels);
	trecrun_load(&te->run, o->run);
	trecrank_init(&te->rank, o->maxret, &te->run);
	trecsum_init(&te->sum, o);
	te->row = xmalloc((o->ncols ? o->ncols : 1) * sizeof *te->row);
}

/* the topic's judged documents that the ranks carry: grade >= g0 */
static size_t targets(struct treceval *te, const struct trecqtopic *qt)
{
	size_t i, k = 0;

	xgrow((void **)&te->tdoc, &te->tcap, qt->end - qt->beg + 1,
	      sizeof *te->tdoc);
	te->tgrade = xrealloc(te->tgrade, te->tcap * sizeof *te->tgrade);
	for (i = qt->beg; i < qt->end; i++)
		if (te->qrels.j[i].grade >= te->o->g0) {
			te->tdoc[k] = te->qrels.j[i].doc;
			te->tgrade[k++] = te->qrels.j[i].grade;
		}
	return k;
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

/* the topic from its rank lines (retrieved by rank first): the relevant
 * ones as the rank stream's query, all as positions with grades */
static void build(struct treceval *te, const struct rankline *l, size_t m,
		  long n)
{
	struct trectopic *t = &te->t;
	struct rquery *q = &t->rq;
	size_t i, k = 0, r = 0, c = 0;

	xgrow((void **)&te->rel, &te->relcap, m + 1, sizeof *te->rel);
	xgrow((void **)&te->grp, &te->grpcap, m + 1, sizeof *te->grp);
	xgrow((void **)&te->cpos, &te->ccap, m + 1, sizeof *te->cpos);
	te->cgrade = xrealloc(te->cgrade, te->ccap * sizeof *te->cgrade);
	for (i = 0; i < m; i++) {
		if (l[i].rank >= 0) {
			te->cpos[c] = l[i].rank - 1;
			te->cgrade[c++] = l[i].grade;
		}
		if (l[i].grade < t->level)
			continue;
		te->rel[k].grade = l[i].grade;
		te->rel[k].rank = l[i].rank;
		te->rel[k].ties = 0;
		te->rel[k].line = 0;
		if (l[i].rank >= 0) {
			struct tgroup *g = &te->grp[r];
			g->a = l[i].rank - 1;
			g->t = 1;
			g->s = 1;
			g->first = k;
			r++;
		}
		k++;
	}
	memset(q, 0, sizeof *q);
	q->n = n;
	q->m = k;
	q->nret = r;
	q->rel = te->rel;
	q->g = te->grp;
	q->ng = r;
	t->n = n;
	t->cpos = te->cpos;
	t->cgrade = te->cgrade;
	t->nc = c;
}

/* the ranks of the topic's judged documents in the run (topic rt), or,
 * for a topic the run lacks, none retrieved among trec_eval's stand-in
 * ranking of one document */
static void rank_topic(struct treceval *te, const struct trecqtopic *qt,
		       long rt)
{
	size_t k = targets(te, qt), i;
	struct rankline *l;
	struct trecline line;
	struct trecrunit it;
	long n;

	if (rt < 0) {
		xgrow((void **)&te->rank.out, &te->rank.outcap, k + 1,
		      sizeof *te->rank.out);
		for (i = 0; i < k; i++) {
			te->rank.out[i].item = te->tdoc[i];
			te->rank.out[i].grade = te->tgrade[i];
			te->rank.out[i].rank = -1;
			te->rank.out[i].ties = 0;
		}
		build(te, te->rank.out, k, 1);
		return;
	}
	trecrank_begin(&te->rank, qt->id);
	trecrun_begin(&te->run, (size_t)rt, &it);
	while (trecrun_next(&it, &line))
		trecrank_take(&te->rank, &line);
	n = trecrank_rank(&te->rank, te->tdoc, te->tgrade, k, &l);
	build(te, l, k, n);
}

static void values(struct treceval *te)
{
	const struct trecopts *o = te->o;
	size_t i;

	memset(te->row, 0, o->ncols * sizeof *te->row);
	for (i = 0; i < o->nasked; i++) {
		const struct trecasked *a = &o->asked[i];
		if (a->m->value)
			a->m->value(&te->t, a, te->row + a->col);
		/* trec_eval's clean-up after its stand-in ranking, by the
		 * name printed (utility with parameters keeps its value) */
		if (te->t.missing && (strcmp(a->name[0], "num_ret") == 0 ||
				      strcmp(a->name[0], "utility") == 0))
			te->row[a->col] = 0;
	}
}

int treceval_topic(struct treceval *te)
{
	const struct trecopts *o = te->o;

	while (te->next < te->qrels.nt) {
		const struct trecqtopic *qt = &te->qrels.t[te->next++];
		long rt = trecrun_find(&te->run, qt->id);
		if (rt < 0 && !o->complete) {
			te->left_out++;
			continue;
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
			rank_topic(te, qt, rt);
		}
		values(te);
		trecsum_add(&te->sum, qt->id, te->row);
		return 1;
	}
	return 0;
}

void treceval_close(struct treceval *te)
{
	long runonly = (long)te->run.ids.nent - te->matched;

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
}
