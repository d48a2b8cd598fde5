/* rankof -e: the relevance files and the embedding rows must name the same
 * things. Ids that match no row (renamed, swapped or wrong files) would
 * otherwise give plausible zeros with exit 0. */
#ifndef RK_ROWCHECK_H
#define RK_ROWCHECK_H
#include "stream/embed.h"
#include "stream/relevance.h"
#include "stream/rowindex.h"

/* The ids of every query row of Q into qrow: called before --shard keeps a
 * share of the rows, so that the records of the queries left out are not
 * taken for ids that name no row. */
void rowcheck_queries(struct rowindex *qrow, const struct embed *qemb);

/* Labels: a note naming file and line when label records name no row
 * (with one file for both sides: neither a query row of qrow nor an item
 * row), and dies naming the file and the count when item rows have no
 * label, unless rel->unlabeled_ok (then a note gives the count). Qrels: a
 * note counts the relevant judgments whose item is no row (they can never
 * be retrieved). irow finds the item rows. qemb->path names the queries. */
void rowcheck(const struct relsrc *rel, const struct rowindex *qrow,
	      const struct embed *qemb, const struct embed *iemb,
	      const struct rowindex *irow);

#endif
