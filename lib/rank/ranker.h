/* rankof's per-query machine: candidates of one query go in (from a score
 * stream or from the scoring kernel), rank-stream lines come out. */
#ifndef RK_RANKER_H
#define RK_RANKER_H
#include "rank/maxcut.h"
#include "rank/rankcount.h"
#include "rank/rankexplain.h"
#include "stream/facts.h"
#include "stream/relevance.h"
#include <stdint.h>
#include "util/idset.h"
#include "util/strmap.h"

struct ranker {
	struct relsrc *rel;
	int brk;		/* BREAK_* */
	int all_queries;	/* -c */
	int excl;		/* any gallery exclusion to check per line */

	struct idset seen;	/* queries begun so far (the calling
				 * thread's ranker: a worker's is empty) */
	struct strmap cand;	/* this query's candidates: entry = index */
	/* candidates go into cand unchecked, their ids left where the
	 * caller holds them, with their scores, hashes and lines, and are
	 * checked for duplicates all at once (ranker_check): the map's slots
	 * are loaded a batch ahead instead of one cache miss a line; the
	 * first `indexed` are checked */
	double *score;
	uint64_t *hash;
	long *cline;
	size_t ccap, indexed;	/* room in score, hash and cline */
	const char *cfile;	/* the file of the candidates' lines */
	struct slice q;		/* this query, as ranker_begin got it */
	int active, judged;
	/* this query's candidates go straight in: judged, no exclusion to
	 * check, no labels to look up, not explained */
	int plain;
	int v2;			/* --judged: the rank stream's version 2 */
	struct relquery rq;
	long unjudged;		/* run queries left out: not in the qrels */
	long unlabeled;		/* candidate lines whose item has no label */
	long written;		/* queries of the run written */
	long selfhits;		/* of which an item has the query's id */
	int keep_self;		/* --keep-self: no note of them */
	/* --allow-empty: an input of no bytes is a run of no queries (a
	 * reducer's empty partition), not a failure upstream */
	int allow_empty;
	int two_id_spaces;	/* the ids line says two files */
	long none_retrieved;	/* of which no relevant item is a candidate */
	/* --shard: the queries kept are those whose position (from 0, in
	 * order of appearance) is shard modulo nshards */
	long shard, nshards;
	long position;		/* queries begun so far, all shards */
	/* -M: each query keeps its first maxret candidates in the tie order
	 * (0: all); qfile and qline name the query in the error of a cut
	 * through a tie kept */
	long maxret;
	const char *qfile;
	long qline;

	/* --explain: the queries named (NULL: none), and whether this
	 * query is one */
	struct rankexplain *ex;
	int explain_on;

	/* per-query scratch: the lines, the targets */
	struct rankline *line;
	size_t linecap;
	struct rankcount g;
	struct maxcut cut;	/* -M's scratch */
	char *runtag;		/* the tag of the run's last TREC line */
	size_t runtagcap;
	/* --lower-is-better: -1, each score taken negated; else 1 */
	double sign;
	/* rankof --single-shot: each query's candidates go to query_hook
	 * (called with hook_ctx; this ranker's hook_state is its own scratch,
	 * freed by hook_free) instead of becoming rank-stream lines */
	void (*query_hook)(void *ctx, struct ranker *rk);
	void *hook_ctx, *hook_state;
	void (*hook_free)(void *state);
	/* the header lines of rankkit(7) (facts.h): rankof's own (-M,
	 * --depth, --folds, --shard, --part, the fingerprint), those of its
	 * score streams, and those its rank stream has stated */
	struct facts own, in, stated;
};

void ranker_init(struct ranker *rk, struct relsrc *rel, int brk,
		 int all_queries);
/* a worker's ranker (scorerank.c) takes from the calling thread's what
 * each query needs: -M, the sign of the scores, the version, the hook */
void ranker_inherit(struct ranker *rk, const struct ranker *from);
/* the rank stream's header lines of rankof's own facts (rk->own), after
 * its header */
void ranker_write_facts(struct ranker *rk);
/* a header line of a score stream read at file:line (facts_line's
 * syntax): its depth and folds go into the rank stream (a smaller depth
 * than stated is written again; folds other than --folds are refused) */
void ranker_fact(struct ranker *rk, struct slice line, const char *file,
		 long lineno);
/* sorts m lines into the rank stream's order: by rank, equal ranks by
 * item id (byte order), the items not retrieved last by item id */
void rankline_sort(struct rankline *l, size_t m);
/* by item id alone: the order of gallery shards (rankof --items), the
 * same in every shard whatever the ranks */
void rankline_sort_items(struct rankline *l, size_t m);
/* writes query q's m lines (n candidates), or its '-' line when m = 0 */
void rankline_write(struct slice q, const struct rankline *l, size_t m,
		    long n);

/* the same in version 2 (rankkit(7)): each line with its kind (relkind,
 * against min_grade), a query without relevant items led by its line
 * "q - 0 - - n r" */
void rankline_write_v2(struct slice q, const struct rankline *l, size_t m,
		       long n, long min_grade);

/* candidates go in as: begin query q, then take each of its candidates
 * (h = hash_bytes(item)); file and line name them in messages. q and the
 * items must stay valid until the query ends; the caller checks that a
 * query does not come back (stream_query_begins into the seen of the
 * ranker that keeps the whole run's). */
void ranker_begin(struct ranker *rk, struct slice q, const char *file,
		  long line);
void ranker_take_checked(struct ranker *rk, struct slice item, uint64_t h,
			 double score, const char *file, long line);
void ranker_grow(struct ranker *rk);
/* candidate c's score, hash and line */
static inline void ranker_store(struct ranker *rk, size_t c, double score,
				uint64_t h, long line)
{
	if (c >= rk->ccap)
		ranker_grow(rk);
	rk->score[c] = score * rk->sign;
	rk->hash[c] = h;
	rk->cline[c] = line;
}
static inline void ranker_take(struct ranker *rk, struct slice item,
			       uint64_t h, double score, const char *file,
			       long line)
{
	if (rk->plain)
		ranker_store(rk, strmap_append_ref(&rk->cand, item), score, h,
			     line);
	else
		ranker_take_checked(rk, item, h, score, file, line);
}
/* counts a query of the run written as its m lines l (for the note on
 * queries whose relevant items are all missing from the candidates) */
void ranker_count(struct ranker *rk, const struct rankline *l, size_t m);
/* checks the candidates taken so far for a duplicate item (the error at
 * the first one's line): the caller calls it before it reports another
 * error in the query, so that errors come in line order */
void ranker_check(struct ranker *rk);
/* writes the query in progress, if any */
void ranker_end_query(struct ranker *rk);
/* the run's tag, for the "# run" line (the last one set wins) */
void ranker_set_run(struct ranker *rk, struct slice tag);
/* the last query, then (-c) the qrels queries the run lacked, then the
 * run's tag when a TREC run gave one */
void ranker_finish(struct ranker *rk);
void ranker_free(struct ranker *rk);
/* --explain: the n queries named (n = 0: none; "all": every one) are
 * explained (rankexplain.h) as they end; names must outlive K */
void ranker_explain(struct ranker *rk, const char *const *names, size_t n);
/* a note for each query --explain names that the input lacks */
void ranker_explain_missing(struct ranker *rk);
/* the explanation of query q, n candidates, its lines in rk->line */
void ranker_explain_query(struct ranker *rk, struct slice q, size_t n);

#endif
