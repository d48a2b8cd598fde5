/* Measures of one query at gallery size G: each measure's expectation
 * over the sub-galleries of G candidates that keep all the query's m
 * relevant items and G - m of its n - m others, every such sub-gallery
 * equally likely, in each tie mode. The model, the derivation and the
 * error bounds are in gallery.c.
 *
 * Every function takes a query whose relevant items are all retrieved
 * (nret = m >= 1) and m <= G <= n (gallery_check says so); K <= 0 means no
 * cut-off. Pure functions, no I/O. */
#ifndef RK_GALLERY_H
#define RK_GALLERY_H
#include "stream/rankstream.h"
#include "measure/listmeasure.h"

/* the G - m others drawn with replacement (1, --gallery-draws with) or
 * without (0, the default): a setting of the whole run, made once from
 * the options before any query; and which one is made */
void gallery_draws(int replace);
int gallery_replacing(void);

/* NULL when q can be measured at G, else why not (a static string) */
const char *gallery_check(const struct rquery *q, long G);
/* dies naming q's line: its expectation at G would take more terms than
 * any call may (hypergeom.h), and no bounded method is known for it */
_Noreturn void gallery_too_long(const struct rquery *q, long G);

/* hit@K: [first relevant rank <= K] */
double gal_hit(const struct rquery *q, long G, long K, int mode);
/* h(K): relevant items in the top K (recall@K = h/m, P@K = h/K) */
double gal_found(const struct rquery *q, long G, long K, int mode);
/* 1 / first relevant rank when it is at most K, else 0 */
double gal_rr(const struct rquery *q, long G, long K, int mode);
/* first relevant rank */
double gal_first(const struct rquery *q, long G, int mode);
/* sum of P@p over the relevant positions p <= K (AP@K times its divisor
 * m or min(m, K); AP and MAP@R are cuts of it) */
double gal_apsum(const struct rquery *q, long G, long K, int mode);
/* AP@K over the relevant items found in the top K (0 when none): a
 * ratio of sums over groups, from their joint law (galleryjoint.c) */
double gal_apk_found(const struct rquery *q, long G, long K, int mode);
/* DCG cut at K, gains as list_dcg takes them (map: ndcg --gains, or
 * NULL) */
double gal_dcg(const struct rquery *q, long G, long K, int mode, int gain,
	       const struct gainmap *map);
/* 1 / position of the last relevant item (mINP is m times it) */
double gal_lastrr(const struct rquery *q, long G, int mode);

#endif
