/* treceval's summary and rows: trec_eval's arithmetic and layout. Each
 * column's summary adds the topics' values as doubles, one topic after
 * the other in trec_eval's order of topics (their ids' byte order, which
 * treceval evaluates them in whatever the order of the run), then divides
 * the sum by the topic count (gm_map: exp of the mean of its logarithms;
 * the counts: their sum). So a mean at a halfway point prints trec_eval's
 * digit, where rankkit's other programs round an exact sum (exactsum.h),
 * the same for any order of queries. Rows are "%-22s\t%s\t%6.4f", counts
 * "%ld", as trec_eval prints them. */
#ifndef RK_TRECSUM_H
#define RK_TRECSUM_H
#include <stddef.h>
#include "trec/trecargs.h"

struct trecsum {
	const struct trecopts *o;
	double *acc;		/* per column: the sum of its values so far */
	long nq;
	double *rows;		/* -q: every topic's row, in order */
	struct slice *ids;
	size_t nrows, rowcap, idcap;
	/* -q: each topic's text (relstring), text[toff[t] .. toff[t+1]-1] */
	char *text;
	size_t textlen, textcap, *toff, toffcap;
};

/* topics: the most rows it will hold (the qrels' topics), their room
 * made once (-q): no copy of the rows as they come */
void trecsum_init(struct trecsum *s, const struct trecopts *o, size_t topics);
/* one topic's values, a row of o->ncols, and its text (relstring's; an
 * empty slice when none is asked for) */
void trecsum_add(struct trecsum *s, struct slice id, const double *row,
		 struct slice text);
/* the topics' rows (-q), then the summary rows (unless -n); positive:
 * the qrels' judgments of a grade above 0 (num_rel under -c); runid: the
 * run's last line's */
void trecsum_print(const struct trecsum *s, long positive, struct slice runid);
void trecsum_free(struct trecsum *s);

#endif
