/* Collects one query's candidates, then counts the ranks of its relevant
 * items and writes them in the rank stream's order. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/out.h"
#include "rank/rankcount.h"
#include "rank/ranker.h"
#include "stream/rankstream.h"

void ranker_init(struct ranker *rk, struct relsrc *rel, int brk,
		 int all_queries)
{
	memset(rk, 0, sizeof *rk);
	rk->rel = rel;
	rk->brk = brk;
	rk->all_queries = all_queries;
	idset_init(&rk->seen);
	strmap_init(&rk->cand);
	rk->excl = rel->exclude_self || rel->junk_samecam ||
		  rel->has_junk_label || rel->folds || rel->protocol;
	rk->nshards = 1;
	rk->sign = 1;
}

void ranker_inherit(struct ranker *rk, const struct ranker *from)
{
	rk->maxret = from->maxret;
	rk->sign = from->sign;
	rk->v2 = from->v2;
	rk->query_hook = from->query_hook;
	rk->hook_ctx = from->hook_ctx;
	rk->hook_free = from->hook_free;
}

/* rank-stream order: retrieved by rank then id, the others last by id */
static int cmp_line(const void *pa, const void *pb)
{
	const struct rankline *a = pa, *b = pb;
	int c = rank_order(a->rank, b->rank);
	return c ? c : slice_cmp(a->item, b->item);
}

void rankline_sort(struct rankline *l, size_t m)
{
	if (m > 1)
		qsort(l, m, sizeof *l, cmp_line);
}

static int cmp_item(const void *pa, const void *pb)
{
	const struct rankline *a = pa, *b = pb;
	return slice_cmp(a->item, b->item);
}

void rankline_sort_items(struct rankline *l, size_t m)
{
	if (m > 1)
		qsort(l, m, sizeof *l, cmp_item);
}

static void write_fields(struct slice q, struct slice item, long grade,
			 long rank, long ties, long n)
{
	out_slice(q);
	out_char('\t');
	out_slice(item);
	out_char('\t');
	out_long(grade);
	out_char('\t');
	if (rank < 0) {
		out_str("-\t-\t");
	} else {
		out_long(rank);
		out_char('\t');
		out_long(ties);
		out_char('\t');
	}
	out_long(n);
}

static void write_line(struct slice q, struct slice item, long grade,
		       long rank, long ties, long n)
{
	write_fields(q, item, grade, rank, ties, n);
	out_char('\n');
}

void rankline_write(struct slice q, const struct rankline *l, size_t m,
		    long n)
{
	static const struct slice dash = { "-", 1 };
	size_t i;

	if (m == 0)
		write_line(q, dash, 0, -1, 0, n);
	for (i = 0; i < m; i++)
		write_line(q, l[i].item, l[i].grade, l[i].rank, l[i].ties, n);
}

void rankline_write_v2(struct slice q, const struct rankline *l, size_t m,
		       long n, long min_grade)
{
	static const struct slice dash = { "-", 1 };
	size_t i;

	for (i = 0; i < m && relkind(l[i].grade, min_grade) != 'r'; i++)
		;
	if (i == m)
		write_fields(q, dash, 0, -1, 0, n), out_str("\tr\n");
	for (i = 0; i < m; i++) {
		write_fields(q, l[i].item, l[i].grade, l[i].rank, l[i].ties, n);
		out_char('\t');
		out_char(relkind(l[i].grade, min_grade));
		out_char('\n');
	}
}

/* -M: keeps the first maxret of the n candidates (cut.kept); their
 * count, or n when the query has no more */
static size_t cut_candidates(struct ranker *rk, size_t n)
{
	struct maxcut *mc = &rk->cut;

	if (!rk->maxret || n <= (size_t)rk->maxret)
		return n;
	if (!maxcut_mark(mc, rk->score, n, (size_t)rk->maxret, rk->brk, &rk->cand))
		die_at(rk->qfile, rk->qline, "query '%.*s': -M %ld cuts through "
		       "%zu candidates tied at score %g (--break input or id "
		       "chooses which stay)", (int)rk->q.n, rk->q.p, rk->maxret,
		       mc->tie, mc->tiescore);
	return (size_t)rk->maxret;
}

/* writes the lines of query q with n candidates (none when n = 0) */
static void emit(struct ranker *rk, struct slice q, size_t n)
{
	const struct relquery *rq = &rk->rq;
	struct rankcount *grp = &rk->g;
	size_t m = rq->n, i, c, k = 0, all = n;
	const unsigned char *kept;

	n = cut_candidates(rk, all);
	kept = n < all ? rk->cut.kept : NULL;
	xgrow((void **)&rk->line, &rk->linecap, m, sizeof *rk->line);
	rankcount_reserve(grp, m);
	/* the relevant items among the candidates are the targets */
	for (i = 0; i < m; i++) {
		c = n ? strmap_get(&rk->cand, rq->item[i]) : (size_t)-1;
		if (c != (size_t)-1 && kept && !kept[c])
			c = (size_t)-1;
		rk->line[i].item = rq->item[i];
		rk->line[i].grade = rq->grade[i];
		rk->line[i].rank = -1;
		rk->line[i].ties = 0;
		if (c != (size_t)-1) {
			struct counttarget *t = &grp->t[k++];
			t->s = rk->score[c];
			t->cand = c;
			t->id = rq->item[i];
			t->out = i;
			t->outside = 0;
		}
	}
	if (k) {
		grp->k = k;
		grp->brk = rk->brk;
		rankcount_group(grp);
		double lowest = grp->u[grp->d - 1];
		for (c = 0; c < all; c++)
			if (!(rk->score[c] < lowest) &&	/* most are below */
			    (!kept || kept[c]))
				rankcount_add(grp, c, strmap_key(&rk->cand, c),
					 rk->score[c]);
		rankcount_ranks(grp, rk->line);
	}
	rankline_sort(rk->line, m);
	if (rk->explain_on)
		ranker_explain_query(rk, q, n);
	if (rk->v2)
		rankline_write_v2(q, rk->line, m, (long)n, rk->rel->min_grade);
	else
		rankline_write(q, rk->line, m, (long)n);
}

void ranker_count(struct ranker *rk, const struct rankline *l, size_t m)
{
	size_t i;

	rk->written++;
	/* sorted lines: a retrieved item, if any, comes first; in version
	 * 2, the first retrieved relevant one */
	for (i = 0; rk->v2 && i < m && l[i].rank >= 0 &&
	     relkind(l[i].grade, rk->rel->min_grade) != 'r'; i++)
		;
	if (i == m || l[i].rank < 0)
		rk->none_retrieved++;
}

void ranker_end_query(struct ranker *rk)
{
	if (rk->active && rk->judged) {
		ranker_check(rk);
		/* a query among its own candidates: one lookup a query */
		if (!rk->rel->exclude_self && rk->cand.nent &&
		    strmap_get(&rk->cand, rk->q) != STRMAP_ABSENT)
			rk->selfhits++;
		if (rk->query_hook) {
			rk->query_hook(rk->hook_ctx, rk);
			rk->written++;
		} else {
			emit(rk, rk->q, rk->cand.nent);
			ranker_count(rk, rk->line, rk->rq.n);
		}
	} else if (rk->active && rk->explain_on)
		rankexplain_unjudged(rk->ex, rk->q);
	rk->active = 0;
}

void ranker_begin(struct ranker *rk, struct slice q, const char *file,
		  long line)
{
	ranker_end_query(rk);
	rk->q = q;
	rk->active = 1;
	rk->qfile = file;
	rk->qline = line;
	rk->judged = rel_query(rk->rel, rk->q, &rk->rq, file, line);
	if (!rk->judged)
		rk->unjudged++;
	strmap_clear(&rk->cand);
	rk->indexed = 0;
	rk->explain_on = rk->ex && rankexplain_wanted(rk->ex, rk->q);
	if (rk->explain_on)
		rankexplain_begin(rk->ex);
	rk->cfile = file;
	rk->plain = rk->judged && !rk->excl && !rk->explain_on &&
		    rk->rel->kind != REL_LABELS;
}

/* room in score, hash and cline for the candidates cand holds: xgrow
 * gives the three the same new capacity */
void ranker_grow(struct ranker *rk)
{
	size_t need = rk->cand.nent, cap = rk->ccap;

	xgrow((void **)&rk->score, &cap, need, sizeof *rk->score);
	cap = rk->ccap;
	xgrow((void **)&rk->hash, &cap, need, sizeof *rk->hash);
	cap = rk->ccap;
	xgrow((void **)&rk->cline, &cap, need, sizeof *rk->cline);
	rk->ccap = cap;
}

/* ranker_take for a query that is not plain */
void ranker_take_checked(struct ranker *rk, struct slice item, uint64_t h,
			 double score, const char *file, long line)
{
	int created;

	if (!rk->judged)
		return;
	if (rk->excl && rel_excluded(rk->rel, &rk->rq, rk->q, item)) {
		if (rk->explain_on)
			rankexplain_removed(rk->ex, item, rel_exclusion(rk->rel,
					    &rk->rq, rk->q, item));
		return;
	}
	if (rk->rel->kind == REL_LABELS &&
	    labelfile_get_h(&rk->rel->ilab, item, h) == (size_t)-1) {
		if (!rk->rel->unlabeled_ok)
			ranker_check(rk), die_at(file, line, "item '%.*s' has no label in %s "
			       "(--unlabeled-irrelevant ranks such items as "
			       "never relevant)", (int)item.n, item.p,
			       rk->rel->ilab.name);
		rk->unlabeled++;
	}
	size_t c;
	if (rk->explain_on) {	/* the explanation stops at a duplicate */
		c = strmap_put_h(&rk->cand, item, h, &created);
		if (!created)
			die_at(file, line, "duplicate item '%.*s' in query "
			       "'%.*s'", (int)item.n, item.p, (int)rk->q.n,
			       rk->q.p);
		rk->indexed = c + 1;
	} else {
		c = strmap_append_ref(&rk->cand, item);
	}
	ranker_store(rk, c, score, h, line);
}

void ranker_check(struct ranker *rk)
{
	size_t n = rk->cand.nent, d;

	if (!rk->active || !rk->judged || rk->indexed >= n)
		return;
	d = strmap_index(&rk->cand, rk->indexed, rk->hash);
	rk->indexed = n;
	if (d != STRMAP_ABSENT) {
		struct slice item = strmap_key(&rk->cand, d);
		die_at(rk->cfile, rk->cline[d], "duplicate item '%.*s' in "
		       "query '%.*s'", (int)item.n, item.p, (int)rk->q.n,
		       rk->q.p);
	}
}

/* Most queries without a single relevant item among their candidates is
 * almost always relevance and scores from different data (swapped label
 * files, ids renamed), not a bad system. */
static void note_missing(const struct ranker *rk)
{
	if (rk->written == 0 || rk->none_retrieved * 2 <= rk->written)
		return;
	note("%ld of %ld queries have no relevant item among their "
	     "candidates: relevance and scores are almost always swapped or "
	     "from different data", rk->none_retrieved, rk->written);
}

void ranker_write_facts(struct ranker *rk)
{
	facts_write(&rk->own);
	rk->stated = rk->own;
}

void ranker_fact(struct ranker *rk, struct slice line, const char *file,
		 long lineno)
{
	struct facts *in = &rk->in, *st = &rk->stated, add;

	if (!facts_line(in, line, file, lineno))
		return;
	if (rk->query_hook && (in->depth || in->score_cut || in->folds))
		die_at(file, lineno, "--single-shot draws from the whole "
		       "gallery of each query: these scores were cut or folded");
	memset(&add, 0, sizeof add);
	if (in->depth && (!st->depth || in->depth < st->depth))
		st->depth = add.depth = in->depth;
	if (in->score_cut && !st->score_cut) {
		st->score_cut = add.score_cut = 1;
		memcpy(add.cut_score, in->cut_score, sizeof add.cut_score);
		memcpy(st->cut_score, in->cut_score, sizeof st->cut_score);
	}
	if (in->folds && rk->own.folds && in->folds != rk->own.folds)
		die_at(file, lineno, "the scores were made in %ld folds "
		       "(simmat --folds %ld), and --folds says %ld", in->folds,
		       in->folds, rk->own.folds);
	if (in->folds && !st->folds)
		st->folds = add.folds = in->folds;
	facts_write(&add);
}

void ranker_set_run(struct ranker *rk, struct slice tag)
{
	xgrow((void **)&rk->runtag, &rk->runtagcap, tag.n + 1, 1);
	memcpy(rk->runtag, tag.p, tag.n);
	rk->runtag[tag.n] = '\0';
}

void ranker_finish(struct ranker *rk)
{
	size_t i;

	ranker_end_query(rk);
	if (rk->all_queries) {
		strmap_clear(&rk->cand);
		rk->indexed = 0;
		for (i = 0; i < rel_nqueries(rk->rel); i++) {
			struct slice q = rel_query_id(rk->rel, i);
			if (idset_has(&rk->seen, q))
				continue;
			rel_query(rk->rel, q, &rk->rq, NULL, 0);
			rk->explain_on = rk->ex && rankexplain_wanted(rk->ex, q);
			if (rk->explain_on)
				rankexplain_begin(rk->ex);
			emit(rk, q, 0);
		}
	}
	if (rk->runtag && !rk->query_hook) {	/* a rank stream's line */
		struct slice tag = { rk->runtag, strlen(rk->runtag) };
		rankstream_write_run(tag);
	}
	if (rk->ex)
		ranker_explain_missing(rk);
	if (rk->unjudged)
		note("%ld quer%s not in the qrels left out", rk->unjudged,
		     rk->unjudged == 1 ? "y" : "ies");
	if (rk->unlabeled)
		note("%ld score line%s name an item without a label: ranked "
		     "as never relevant (--unlabeled-irrelevant)", rk->unlabeled,
		     rk->unlabeled == 1 ? "" : "s");
	note_missing(rk);
	/* queries and items named apart (two labels files, two embedding
	 * files numbered by rows) share ids by chance */
	if (rk->selfhits && !rk->keep_self && !rk->two_id_spaces &&
	    !(rk->rel->kind == REL_LABELS && !rk->rel->one_file))
		note("%ld of %ld queries have an item of their own id among "
		     "their candidates: if the queries are among the items, "
		     "each finds itself (-x leaves it out; --keep-self says it "
		     "is meant)", rk->selfhits, rk->written);
}

void ranker_free(struct ranker *rk)
{
	idset_free(&rk->seen);
	strmap_free(&rk->cand);
	free(rk->score);
	free(rk->hash);
	free(rk->cline);
	free(rk->rq.item);
	free(rk->rq.grade);
	free(rk->rq.ign);
	free(rk->line);
	rankcount_free(&rk->g);
	maxcut_free(&rk->cut);
	free(rk->runtag);
	if (rk->hook_free)
		rk->hook_free(rk->hook_state);
	if (rk->ex)
		rankexplain_free(rk->ex);
	free(rk->ex);
	memset(rk, 0, sizeof *rk);
}
