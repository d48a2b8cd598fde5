/* --explain: how each measure of one query is made from its ranks, on the
 * standard error, in the symbols of the measure programs' manual pages
 * (r, h(K), m, n, a, t, s, c), lines within 80 columns. Each function
 * prints its formula with the query's numbers filled in and ends the last
 * line with "= value", the value computed from the terms shown. */
#ifndef RK_EXPLAIN_H
#define RK_EXPLAIN_H
#include <stddef.h>
#include "stream/rankstream.h"
#include "measure/gainmap.h"

struct mcall;
struct driver;
struct qrecord;

/* whether the --explain names (query ids, or "all") take query id; sets
 * seen[i] for each name i that does (seen may be NULL) */
int explain_wanted(const char *const *names, size_t n, const char *id,
		   unsigned char *seen);
/* "prog: --explain NAME: the input has no such query" for each name but
 * "all" not seen (who: the system's name first, when not NULL), as rankof
 * says it */
void explain_missing(const char *const *names, size_t n,
		     const unsigned char *seen, const char *who);

/* the query: n, m, its relevant items (grade, rank, ties) and tie groups */
void explain_query(const struct rquery *q, int mode);
/* the query, then each column of the record that has an explanation, in
 * the active tie mode: the driver's per-query step */
void explain_record(const struct driver *d, const struct qrecord *rec);

/* one measure of c->q at c->K in c->mode, named name (as printed) */
void explain_hit(const struct mcall *c, const char *name);
void explain_recall(const struct mcall *c, const char *name);
void explain_prec(const struct mcall *c, const char *name);
void explain_rr(const struct mcall *c, const char *name);
void explain_first(const struct mcall *c, const char *name);
void explain_rprec(const struct mcall *c, const char *name);
void explain_mapr(const struct mcall *c, const char *name);
void explain_wholeap(const struct mcall *c, const char *name);
void explain_inp(const struct mcall *c, const char *name);
/* AP cut at c->K (<= 0: none) over divisor div (an enum apdiv); nDCG cut
 * at c->K (<= 0: none) with gain (an enum gainkind) and map (ndcg
 * --gains, or NULL) */
void explain_ap(const struct mcall *c, const char *name, int div);
void explain_ndcg(const struct mcall *c, const char *name, int gain,
		  const struct gainmap *map);
/* ndcg's measures on request: SDCG@K with largest grade top, ERR@K with
 * largest grade gmax, RBP and its residual with persistence p */
void explain_sdcg(const struct mcall *c, const char *name, long top);
void explain_err(const struct mcall *c, const char *name, long gmax);
void explain_rbp(const struct mcall *c, const char *name, double p);
void explain_rbp_resid(const struct mcall *c, const char *name, double p);
/* revisitop's measures (explainrv.c): the trapezoidal AP (mapr --ap-area
 * trapezoid) and mP@K */
void explain_trapezoid_ap(const struct mcall *c, const char *name);
void explain_mpk(const struct mcall *c, const char *name);
/* the whole curve of cmc up to maxK: where hit@K is 0, where 1, each K
 * between */
void explain_curve(const struct rquery *q, long maxK, int mode);

#endif
