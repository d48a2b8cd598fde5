/* rankof --explain: for the queries named, why each relevant item got its
 * rank, on the standard error before the query's lines reach the output:
 * the candidates that score higher (a), those that tie with it and how a
 * break rule orders them, its tie group (t, s), and the candidate lines
 * that left the gallery and by which rule. Lines fit in 80 columns (item
 * ids permitting) and use the symbols of the manual pages (n, m, a, t, s,
 * rank, ties). The counts come from a pass of their own over the query's
 * candidates, not from the rank counting, so that each checks the other. */
#ifndef RK_RANKEXPLAIN_H
#define RK_RANKEXPLAIN_H
#include <stddef.h>
#include "rank/rankcount.h"
#include "stream/relevance.h"
#include "util/idset.h"
#include "util/out.h"
#include "util/slice.h"

enum { EXPLAIN_SHOWN = 5 };	/* ids listed of each kind, then a count */

struct rankexplain {
	const char *const *names;	/* query ids, "all" for every one */
	size_t nnames;
	struct membuf *to;	/* where the text goes; NULL: the standard
				 * error, at once */
	/* the query in progress: candidate lines removed, per rule (EXCL_*),
	 * the first few ids of each kept in the arena (offset, length) */
	size_t nremoved[EXCL_RULES];
	size_t shown_off[EXCL_RULES][EXPLAIN_SHOWN];
	size_t shown_len[EXCL_RULES][EXPLAIN_SHOWN];
	char *arena;
	size_t used, cap;
	struct relquery rq;	/* scratch for callers that need one */
	int checked;		/* rankexplain_missing has run */
};

/* one query's candidates, numbered 0 .. n-1 in input order (the order of
 * --break input), as the caller holds them */
struct excands {
	size_t n;
	const void *ctx;
	struct slice (*id)(const void *ctx, size_t i);
	double (*score)(const void *ctx, size_t i);
	/* the score of relevant item id and its candidate number (-1: scored
	 * but no candidate, as with rankof --items); 0 when it has no score */
	int (*find)(const void *ctx, struct slice id, double *s, long *cand);
	int f32;		/* scores are floats: printed as such */
	const char *lines;	/* what the removed ones were: "lines",
				 * "item rows" */
	const char *gallery;	/* NULL, or a line on where the candidates
				 * come from */
};

void rankexplain_free(struct rankexplain *x);
/* whether query q is to be explained */
int rankexplain_wanted(const struct rankexplain *x, struct slice q);
/* a query begins: no candidate removed yet */
void rankexplain_begin(struct rankexplain *x);
/* a candidate line of the query left its gallery by rule why (EXCL_*) */
void rankexplain_removed(struct rankexplain *x, struct slice item, int why);
/* query q is left out: the qrels lack it */
void rankexplain_unjudged(struct rankexplain *x, struct slice q);
/* a note for each query named that the input lacks (has(ctx, id) is 0)
 * and rel's qrels lack too when rel is not NULL (rankof -c adds those);
 * the first call only */
void rankexplain_missing(struct rankexplain *x,
			 int (*has)(const void *ctx, struct slice id),
			 const void *ctx, const struct relsrc *rel);
/* the explanation of query q: its m rank lines l (in the stream's order),
 * its candidates c, the relevance rules (rq: the query's, for the rules'
 * names), the break rule brk */
void rankexplain_query(struct rankexplain *x, const struct relsrc *rel,
		       const struct relquery *rq, struct slice q,
		       const struct rankline *l, size_t m,
		       const struct excands *c, int brk);

#endif
