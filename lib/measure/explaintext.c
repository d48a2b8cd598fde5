/* The text of --explain (explaintext.h). */
#include <stdarg.h>
#include <stdio.h>
#include "util/err.h"
#include "measure/explaintext.h"

void explain_term(struct explainterms *tm, const char *fmt, ...)
{
	char b[128];
	va_list ap;
	int l;

	va_start(ap, fmt);
	l = vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	tm->n++;
	if (tm->cut)
		return;
	/* room for "  name = ", " + ... (N terms)" and " = value" */
	if (tm->len + (size_t)l + 3 > EXPLAIN_WIDTH - 42) {
		tm->cut = tm->n;
		return;
	}
	tm->len += (size_t)snprintf(tm->text + tm->len, sizeof tm->text - tm->len,
				   "%s%s", tm->n > 1 ? " + " : "", b);
}

const char *explain_terms_text(struct explainterms *tm)
{
	if (tm->cut)
		snprintf(tm->text + tm->len, sizeof tm->text - tm->len,
			 " + ... (%zu terms)", tm->n);
	return tm->n ? tm->text : "0";
}
