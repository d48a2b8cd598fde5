/* trec_eval's count measures of one query from its rank-stream lines:
 * num_q, num_ret, num_rel, num_rel_ret. Their summary is the sum over the
 * queries (MK_SUM), as trec_eval sums them. */
#ifndef RK_COUNTS_H
#define RK_COUNTS_H
#include "measure/column.h"

/* 1: the summary counts the queries */
double count_query(const struct mcall *c);
/* n, the candidates (after rankof -M) */
double count_retrieved(const struct mcall *c);
/* m, the relevant items, retrieved or not */
double count_relevant(const struct mcall *c);
/* the relevant items among the candidates */
double count_relevant_retrieved(const struct mcall *c);
/* runid has no value: the summary row prints the run's tag */
double count_none(const struct mcall *c);

#endif
