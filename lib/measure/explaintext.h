/* What every --explain function writes with (explain.c, explainmodel.c),
 * besides err.h's tell(): a sum of terms "x + y + ..." cut with
 * "+ ... (N terms)" so that its line stays within 80 columns. */
#ifndef RK_EXPLAINTEXT_H
#define RK_EXPLAINTEXT_H
#include <stddef.h>

enum { EXPLAIN_WIDTH = 78 };

/* the terms of a sum: zero it to begin */
struct explainterms {
	char text[EXPLAIN_WIDTH + 1];
	size_t len, n, cut;
};

/* one more term, printf-formatted; past the room on the line only counted */
void explain_term(struct explainterms *tm, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* the terms, "+ ... (N terms)" when cut, "0" when none */
const char *explain_terms_text(struct explainterms *tm);

#endif
