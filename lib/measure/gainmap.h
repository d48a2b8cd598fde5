/* ndcg --gains: a gain for each grade listed, "0:0,1:1,2:3" (trec_eval's
 * ndcg.1=1,2=3 parameters, ir_measures' nDCG(gains={0:0,1:1,2:3})); a
 * grade not listed gains its own value, as in both. Parsed once from the
 * option, read by nDCG's gains (listmeasure.h) and written and compared
 * in ir_measures' names (irmnames.c). */
#ifndef RK_GAINMAP_H
#define RK_GAINMAP_H
#include <stddef.h>
#include "stream/rankstream.h"

/* grades a map lists, and the bytes of its text (gainmap_text), its
 * NUL included: a column's name holds it (column.h) */
enum { GAINMAP_MAX = 16, GAINMAP_TEXT = 128 };

struct gainmap {
	size_t n;
	long grade[GAINMAP_MAX];	/* distinct */
	double gain[GAINMAP_MAX];	/* finite */
};

/* text as "G:V,G:V,...": integer grades, each once, finite real gains
 * (strict C-locale numbers); blanks after ':' and ',' and braces around
 * the whole (ir_measures' dict, "{}" a map of no grade) are taken; the
 * map's text fits in GAINMAP_TEXT bytes. 0 and *m, or the error in why
 * (size at least 128) and -1. */
int gainmap_parse(const char *text, struct gainmap *m, char *why,
		  size_t size);

/* the gain of a grade: its listed gain, or the grade itself */
double gainmap_gain(const struct gainmap *m, long grade);

/* whether two maps give every grade the same gain */
int gainmap_same(const struct gainmap *a, const struct gainmap *b);

/* ir_measures' text of the map: "{2:3}", the grades ascending, those
 * that gain their own value left out, as ir_measures writes a dict
 * parameter; its length (buf holds size - 1 bytes of it) */
size_t gainmap_text(const struct gainmap *m, char *buf, size_t size);

/* dies naming the item when q (version 2) has a judged item that is not
 * relevant (kind 'j') of a grade m lists with a gain other than 0: nDCG
 * weighs the rank stream's relevant items only, where trec_eval would
 * weigh it */
void gainmap_check_judged(const struct gainmap *m, const struct rquery *q);

#endif
