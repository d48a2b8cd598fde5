/* --judged-only: a query's condensed list (Sakai, SIGIR 2007; trec_eval
 * -J, ir_measures' judged_only): the items without a judgment leave the
 * ranking, and every measure sees the judged ones ranked among
 * themselves. */
#ifndef RK_CONDENSE_H
#define RK_CONDENSE_H
#include "stream/rankstream.h"

/* Rewrites q (version 2: dies naming rankof --judged on version 1) to
 * its condensed list: the retrieved relevant items and judged
 * non-relevant ones (kind 'j') keep their order and ties, ranked among
 * themselves; n becomes their count; an item of a negative grade (kind
 * 'u'), unjudged for trec_eval -J, is no longer retrieved. The groups
 * are made again. */
void condense_judged(struct rquery *q);

#endif
