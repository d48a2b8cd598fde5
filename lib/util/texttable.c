/* The aligned text table (texttable.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/escape.h"
#include "util/out.h"
#include "util/texttable.h"
#include "util/textwidth.h"

void texttable_init(struct texttable *t, size_t ncol, const int *align)
{
	memset(t, 0, sizeof *t);
	t->ncol = ncol;
	t->align = xmalloc((ncol ? ncol : 1) * sizeof *t->align);
	memcpy(t->align, align, ncol * sizeof *t->align);
	t->width = xcalloc(ncol ? ncol : 1, sizeof *t->width);
}

void texttable_cell(struct texttable *t, const char *text)
{
	size_t len = strlen(text), col = t->ncell % t->ncol, w;

	/* text for a terminal: control bytes escaped (escape.h) */
	if (len > ((size_t)-1 - t->ntext - 1) / ESC_MAX)
		die(EXIT_DATA, "out of memory");
	xgrow((void **)&t->text, &t->textcap, t->ntext + ESC_MAX * len + 1, 1);
	len = esc_bytes(t->text + t->ntext, text, len);
	t->text[t->ntext + len] = '\0';
	w = text_width(t->text + t->ntext, len);
	t->ntext += len + 1;
	if (w > t->width[col])
		t->width[col] = w;
	t->ncell++;
}

static void pad(size_t n)
{
	while (n--)
		out_char(' ');
}

void texttable_write(const struct texttable *t)
{
	const char *cell = t->text;
	size_t i;

	if (t->ncell % t->ncol)
		die(EXIT_DATA, "texttable: a row lacks %zu cells",
		    t->ncol - t->ncell % t->ncol);
	for (i = 0; i < t->ncell; i++) {
		size_t col = i % t->ncol, len = strlen(cell);
		size_t w = text_width(cell, len);
		int last = col + 1 == t->ncol;
		if (col)
			pad(2);
		if (t->align[col] == ALIGN_RIGHT)
			pad(t->width[col] - w);
		out_bytes(cell, len);
		if (t->align[col] == ALIGN_LEFT && !last)
			pad(t->width[col] - w);
		if (last)
			out_char('\n');
		cell += len + 1;
	}
}

void texttable_free(struct texttable *t)
{
	free(t->align);
	free(t->width);
	free(t->text);
	memset(t, 0, sizeof *t);
}
