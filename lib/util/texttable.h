/* An aligned text table for a person to read: rows of cells held until
 * the table is written, each column padded to its widest cell (in the
 * columns of a terminal, textwidth.h: UTF-8 text lines up), numbers
 * right-aligned and names left-aligned, two blanks between columns. The
 * cells are kept in one buffer: memory grows with the printed size of the
 * table. */
#ifndef RK_TEXTTABLE_H
#define RK_TEXTTABLE_H
#include <stddef.h>

enum align { ALIGN_LEFT, ALIGN_RIGHT };

struct texttable {
	size_t ncol;
	int *align;		/* per column, enum align */
	size_t *width;		/* per column: its widest cell so far, in columns */
	char *text;		/* every cell, each ended by '\0', row by row */
	size_t ntext, textcap;
	size_t ncell;		/* cells added so far */
};

/* a table of ncol columns aligned as align[] says (copied) */
void texttable_init(struct texttable *t, size_t ncol, const int *align);
/* the next cell, filling the rows left to right, its control bytes
 * escaped as in the error messages (escape.h) */
void texttable_cell(struct texttable *t, const char *text);
/* every row on the standard output, with no blanks at the ends of lines;
 * dies if the last row is unfinished */
void texttable_write(const struct texttable *t);
void texttable_free(struct texttable *t);

#endif
