/* Relevance for rankof: TREC qrels, or labels (one file for both sides, or
 * one per side) with optional cameras, and the gallery exclusions that come
 * with them (-x, same-camera junk, a junk label, folds). */
#ifndef RK_RELEVANCE_H
#define RK_RELEVANCE_H
#include <limits.h>
#include <stddef.h>
#include "stream/labelfile.h"
#include "util/strmap.h"

enum { REL_QRELS, REL_LABELS };

/* --protocol: revisitop's lists (Radenovic et al., CVPR 2018), qrels whose
 * grade is the word easy, hard or junk; each protocol makes every listed
 * item a positive (grade 1) or an ignored one (REL_IGNORED), which leaves
 * the query's gallery before positions are counted:
 *   easy    easy positive; hard, junk ignored
 *   medium  easy, hard positive; junk ignored
 *   hard    hard positive; easy, junk ignored */
enum { PROTO_NONE, PROTO_EASY, PROTO_MEDIUM, PROTO_HARD };
#define REL_IGNORED LONG_MIN

struct relsrc {
	int kind;
	long min_grade;
	int exclude_self;
	int junk_samecam;
	int has_junk_label;
	size_t junk_label;	/* interned, valid when has_junk_label */
	long folds;		/* 0: none */
	/* labels: an item without a label is a candidate that is never
	 * relevant (--unlabeled-irrelevant) instead of an error */
	int unlabeled_ok;
	int keep_unjudged;	/* qrels: a query they lack has no relevant item */
	/* qrels (rankof --judged): every judgment of a query is in its set,
	 * those below min_grade and the negative ones too, so that the rank
	 * stream's version 2 gives each its line (relkind) */
	int judged;
	int protocol;		/* PROTO_*: the grades are revisitop's words */

	/* qrels: per qrels query (strmap entry), its judgments sorted by
	 * item id: items jitem[jbeg[q] .. jbeg[q+1]-1] of the arena jids */
	const char *qrels_name;
	struct strmap qq;
	size_t *jbeg;
	struct strmap jids;	/* every judged item string, one entry per judgment */
	size_t *jent;		/* judgment -> jids entry */
	long *jgrade;

	/* labels */
	struct strmap labels;	/* interned label strings */
	struct strmap cams;
	struct labelfile qlab, ilab;	/* qlab aliases ilab with -l */
	int one_file;
	size_t *lbeg, *litem;	/* per label, its items (ilab records) */
	/* set before rel_load_labels by a gallery shard (rankof -e --items
	 * A:B): the item labels file is read for rows A to B-1 and for the
	 * items that share a label with a query (labelfile_load_some), when
	 * the queries have their own labels file and there are no folds */
	int item_rows;
	size_t item_lo, item_hi;
	const char *junk_name;	/* --junk-label, kept wherever it is */
	/* set before rel_load_labels: cameras from files of their own
	   (--query-cameras, --item-cameras; NULL: none), for labels files
	   without them (stream/camerafile.h) */
	const char *qcams, *icams;
	/* --folds: the queries whose label is one fold's on one side (its
	 * queries or its items all in one fold) and has items outside their
	 * fold (rel_load_labels counts them: the items are out of the
	 * queries' fold order), the first of them (a qlab record), and the
	 * items the folds would drop from their relevant sets */
	size_t fold_dropped, fold_queries, fold_first;
};

/* the kind of a judged item's line in the rank stream's version 2: 'r'
 * relevant (grade >= min_grade), 'j' judged not relevant (0 <= grade <
 * min_grade), 'u' a negative grade (trec_eval's unjudged) */
char relkind(long grade, long min_grade);

/* the relevant set of one query, and what its gallery filter needs */
struct relquery {
	size_t n;
	struct slice *item;
	long *grade;
	size_t cap;
	/* labels: the query's record, for per-line exclusions */
	const struct labelrec *qrec;
	size_t fold;
	size_t fold_dropped;	/* items of its label outside its fold */
	/* --protocol: the items it ignores, by item id (byte order) */
	struct slice *ign;
	size_t nign, igncap;
};

void rel_load_qrels(struct relsrc *rel, const char *path);
/* the nj judgments in rel->jent and rel->jgrade (jq[i]: the rel->qq
 * entry of judgment i, jline[i]: its line in path) grouped by query, then
 * by item, as rel_load_qrels leaves them; dies on an item judged twice
 * for a query (rel_load_qrels, truth.c) */
void rel_group_judgments(struct relsrc *rel, const char *path,
			 const size_t *jq, const long *jline, size_t nj);
/* ANN ground truth as qrels (rankof --truth, truth.c): row i of gt (ids,
 * true neighbours nearest first; negative ids: none) is query i, and its
 * relevant items are its first knn neighbours and, with distances (dist,
 * rows and columns as gt's), every later one within thr = d_K + tol
 * (tol >= 0) or (1 + eps) d_K (eps >= 0; both < 0: no threshold), d_K
 * the knn-th distance; with a result matrix run and its items' distances
 * recomputed from the vectors (rundist, NaN for none), every item it
 * returns within thr too. Returns the number of queries whose threshold
 * passes their last neighbour in the file (more may be within it) when
 * rundist is NULL. */
struct matrixfile;
long rel_load_truth(struct relsrc *rel, const struct matrixfile *gt,
		    const double *dist, size_t knn, double tol, double eps,
		    const struct matrixfile *run, const double *rundist);
void rel_load_labels(struct relsrc *rel, const char *qpath, const char *ipath);
void rel_set_junk_label(struct relsrc *rel, const char *label);
/* --folds with items out of the queries' fold order (fold_queries):
 * dies naming the counts and the fix; returns when there are none */
void rel_refuse_fold_order(const struct relsrc *rel);
/* A gallery shard's item labels, read for its rows by their positions,
 * against the item rows (row_id(ctx, r): the id of row r of nrows): when
 * the records at positions lo .. hi-1 do not name rows lo .. hi-1, the
 * file is not in row order and is read again, whole. */
void rel_items_in_order(struct relsrc *rel,
			struct slice (*row_id)(const void *ctx, size_t r),
			const void *ctx, size_t nrows);
/* fills *out for query q; 0 when q has no relevance (qrels: not judged,
 * unless keep_unjudged, which makes it a query without relevant items;
 * labels: dies naming file and line) */
int rel_query(struct relsrc *rel, struct slice q, struct relquery *out,
	      const char *file, long line);
/* which rule takes item out of the gallery of query q (whose relquery is
 * rq), the first that applies in this order; EXCL_NONE (0) when none */
enum { EXCL_NONE, EXCL_SELF, EXCL_JUNK_LABEL, EXCL_SAME_CAMERA, EXCL_FOLD,
       EXCL_PROTOCOL, EXCL_RULES };
int rel_exclusion(const struct relsrc *rel, const struct relquery *rq,
		  struct slice q, struct slice item);
/* 1 when item leaves the gallery of query q (whose relquery is rq) */
int rel_excluded(const struct relsrc *rel, const struct relquery *rq,
		 struct slice q, struct slice item);
/* qrels queries, for -c: count, id, relevant set */
size_t rel_nqueries(const struct relsrc *rel);
struct slice rel_query_id(const struct relsrc *rel, size_t i);

#endif
