/* --min-grade G (hitrate, mapr): a higher bar for relevance than the rank
 * stream's own (rankof -g), as trec_eval -l G and ir_measures' rel=G set
 * it. The relevant items of a grade below G are no longer relevant; the
 * ranks of the others stay what they are, positions in the whole ranking
 * (every candidate counts in rank, ties and n), so every measure reads the
 * query as rankof -g G would have written it. */
#ifndef RK_MINGRADE_H
#define RK_MINGRADE_H
#include "stream/rankstream.h"

/* Rewrites q: its relevant items of grade < G leave rel (m, nret and the
 * tie groups follow; a query left without one is empty, for --empty to
 * decide); in a version 2 stream they join the judged items that are not
 * relevant (kind 'j', for bpref and --judged-only). Dies on a version 2
 * query with a judged item that is not relevant and has a grade of at
 * least G: the stream was ranked with a bar above G, which no reader can
 * lower. */
void mingrade_apply(struct rquery *q, long G);

#endif
