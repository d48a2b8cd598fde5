/* Collects one query's candidates, then counts the ranks of its relevant
 * items and writes them in the rank stream's order. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/out.h"
#include "rank/rankcount.h"
#include "rank/ranker.h"
#include "stream/rankstream.h"
#include "stream/stream.h"

void ranker_init(struct ranker *K, struct relsrc *rel, int brk,
		 int all_queries)
{
	memset(K, 0, sizeof *K);
	K->rel = rel;
	K->brk = brk;
	K->all_queries = all_queries;
	idset_init(&K->seen);
	strmap_init(&K->cand);
	K->excl = rel->exclude_self || rel->junk_samecam ||
		  rel->has_junk_label || rel->folds;
	K->nshards = 1;
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

static void write_line(struct slice q, struct slice item, long grade,
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

/* -M: keeps the first maxret of the n candidates (cut.kept); their
 * count, or n when the query has no more */
static size_t cut_candidates(struct ranker *K, size_t n)
{
	struct maxcut *mc = &K->cut;

	if (!K->maxret || n <= (size_t)K->maxret)
		return n;
	if (!maxcut_mark(mc, K->score, n, (size_t)K->maxret, K->brk, &K->cand))
		die_at(K->qfile, K->qline, "query '%.*s': -M %ld cuts through "
		       "%zu candidates tied at score %g (--break input or id "
		       "chooses which stay)", (int)K->q.n, K->q.p, K->maxret,
		       mc->tie, mc->tiescore);
	return (size_t)K->maxret;
}

/* writes the lines of query q with n candidates (none when n = 0) */
static void emit(struct ranker *K, struct slice q, size_t n)
{
	const struct relquery *rq = &K->rq;
	struct rkgroups *G = &K->g;
	size_t m = rq->n, i, c, k = 0, all = n;
	const unsigned char *kept;

	n = cut_candidates(K, all);
	kept = n < all ? K->cut.kept : NULL;
	xgrow((void **)&K->line, &K->linecap, m, sizeof *K->line);
	rk_reserve(G, m);
	/* the relevant items among the candidates are the targets */
	for (i = 0; i < m; i++) {
		c = n ? strmap_get(&K->cand, rq->item[i]) : (size_t)-1;
		if (c != (size_t)-1 && kept && !kept[c])
			c = (size_t)-1;
		K->line[i].item = rq->item[i];
		K->line[i].grade = rq->grade[i];
		K->line[i].rank = -1;
		K->line[i].ties = 0;
		if (c != (size_t)-1) {
			struct rktarget *t = &G->t[k++];
			t->s = K->score[c];
			t->cand = c;
			t->id = rq->item[i];
			t->out = i;
			t->outside = 0;
		}
	}
	if (k) {
		G->k = k;
		G->brk = K->brk;
		rk_group(G);
		double lowest = G->u[G->d - 1];
		for (c = 0; c < all; c++)
			if (!(K->score[c] < lowest) &&	/* most are below */
			    (!kept || kept[c]))
				rk_count(G, c, strmap_key(&K->cand, c),
					 K->score[c]);
		rk_ranks(G, K->line);
	}
	rankline_sort(K->line, m);
	if (K->explain_on)
		ranker_explain_query(K, q, n);
	rankline_write(q, K->line, m, (long)n);
}

void ranker_count(struct ranker *K, const struct rankline *l, size_t m)
{
	K->written++;
	/* sorted lines: a retrieved item, if any, comes first */
	if (m == 0 || l[0].rank < 0)
		K->none_retrieved++;
}

void ranker_end_query(struct ranker *K)
{
	if (K->active && K->judged) {
		emit(K, K->q, K->cand.nent);
		ranker_count(K, K->line, K->rq.n);
	} else if (K->active && K->explain_on)
		rankexplain_unjudged(K->ex, K->q);
	K->active = 0;
}

void ranker_begin(struct ranker *K, struct slice q, const char *file,
		  long line)
{
	ranker_end_query(K);
	K->q = q;
	K->active = 1;
	K->qfile = file;
	K->qline = line;
	K->judged = rel_query(K->rel, K->q, &K->rq, file, line);
	if (!K->judged)
		K->unjudged++;
	strmap_clear(&K->cand);
	K->explain_on = K->ex && rankexplain_wanted(K->ex, K->q);
	if (K->explain_on)
		rankexplain_begin(K->ex);
}

void ranker_take(struct ranker *K, struct slice item, uint64_t h,
		 double score, const char *file, long line)
{
	int created;

	if (!K->judged)
		return;
	if (K->excl && rel_excluded(K->rel, &K->rq, K->q, item)) {
		if (K->explain_on)
			rankexplain_removed(K->ex, item, rel_exclusion(K->rel,
					    &K->rq, K->q, item));
		return;
	}
	if (K->rel->kind == REL_LABELS &&
	    strmap_get_h(&K->rel->ilab.ids, item, h) == (size_t)-1) {
		if (!K->rel->unlabeled_ok)
			die_at(file, line, "item '%.*s' has no label in %s "
			       "(--unlabeled-irrelevant ranks such items as "
			       "never relevant)", (int)item.n, item.p,
			       K->rel->ilab.name);
		K->unlabeled++;
	}
	size_t c = strmap_put_h(&K->cand, item, h, &created);
	if (!created)
		die_at(file, line, "duplicate item '%.*s' in query '%.*s'",
		       (int)item.n, item.p, (int)K->q.n, K->q.p);
	if (c >= K->scap)
		xgrow((void **)&K->score, &K->scap, c + 1, sizeof *K->score);
	K->score[c] = score;
}

/* Most queries without a single relevant item among their candidates is
 * almost always relevance and scores from different data (swapped label
 * files, ids renamed), not a bad system. */
static void note_missing(const struct ranker *K)
{
	if (K->written == 0 || K->none_retrieved * 2 <= K->written)
		return;
	note("%ld of %ld queries have no relevant item among their "
	     "candidates: relevance and scores are almost always swapped or "
	     "from different data", K->none_retrieved, K->written);
}

void ranker_set_run(struct ranker *K, struct slice tag)
{
	xgrow((void **)&K->runtag, &K->runtagcap, tag.n + 1, 1);
	memcpy(K->runtag, tag.p, tag.n);
	K->runtag[tag.n] = '\0';
}

void ranker_finish(struct ranker *K)
{
	size_t i;

	ranker_end_query(K);
	if (K->all_queries) {
		strmap_clear(&K->cand);
		for (i = 0; i < rel_nqueries(K->rel); i++) {
			struct slice q = rel_query_id(K->rel, i);
			if (idset_has(&K->seen, q))
				continue;
			rel_query(K->rel, q, &K->rq, NULL, 0);
			K->explain_on = K->ex && rankexplain_wanted(K->ex, q);
			if (K->explain_on)
				rankexplain_begin(K->ex);
			emit(K, q, 0);
		}
	}
	if (K->runtag) {
		struct slice tag = { K->runtag, strlen(K->runtag) };
		rankstream_write_run(tag);
	}
	if (K->ex)
		ranker_explain_missing(K);
	if (K->unjudged)
		note("%ld quer%s not in the qrels left out", K->unjudged,
		     K->unjudged == 1 ? "y" : "ies");
	if (K->unlabeled)
		note("%ld score line%s name an item without a label: ranked "
		     "as never relevant (--unlabeled-irrelevant)", K->unlabeled,
		     K->unlabeled == 1 ? "" : "s");
	note_missing(K);
}

void ranker_free(struct ranker *K)
{
	idset_free(&K->seen);
	strmap_free(&K->cand);
	free(K->score);
	free(K->rq.item);
	free(K->rq.grade);
	free(K->line);
	rk_free(&K->g);
	maxcut_free(&K->cut);
	free(K->runtag);
	if (K->ex)
		rankexplain_free(K->ex);
	free(K->ex);
	memset(K, 0, sizeof *K);
}
