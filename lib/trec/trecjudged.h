/* trec_eval's measures of the judged documents that are not relevant and
 * of the unjudged ones (treceval): bpref, gm_bpref, infAP, unj, relstring,
 * rbp_resid and num_nonrel_judged_ret, from a topic as the rank stream's
 * version 2 gives it (trecmeas.h: rq.jud, and apos/agrade, every judged
 * document retrieved). A retrieved document is unjudged when the qrels do
 * not judge it or judge it below 0 (trec_eval's -1 and -2); only the
 * judged are in the topic's lines, so a position without one is unjudged.
 * Each value follows trec_eval's order of operations. */
#ifndef RK_TRECJUDGED_H
#define RK_TRECJUDGED_H
#include <stddef.h>
#include "trec/trecmeas.h"

void trec_bpref(const struct trectopic *t, const struct trecasked *a,
		double *v);
void trec_gm_bpref(const struct trectopic *t, const struct trecasked *a,
		   double *v);
void trec_infap(const struct trectopic *t, const struct trecasked *a,
		double *v);
void trec_unj(const struct trectopic *t, const struct trecasked *a,
	      double *v);
void trec_rbp_resid(const struct trectopic *t, const struct trecasked *a,
		    double *v);
void trec_nonrel_judged_ret(const struct trectopic *t,
			    const struct trecasked *a, double *v);
/* relstring: the grades of the first N documents (N the parameter, 10 by
 * default) as characters, 0-9, '>' above 9, '.' judged below 0, '-' not
 * judged, into *buf (grown); returns its length */
size_t trec_relstring(const struct trectopic *t, const struct trecasked *a,
		      char **buf, size_t *cap);

#endif
