/* A plot drawn with text on standard output, fitted to a terminal width:
 * UTF-8 braille dots (2 x 4 per character) for one curve, one marker
 * character per curve for several, or plain ASCII. */
#ifndef RK_TERMPLOT_H
#define RK_TERMPLOT_H
#include "plot/plot.h"

enum { TERMPLOT_MIN_COLUMNS = 24 };

/* the width to fit: $COLUMNS when it is a number of at least
 * TERMPLOT_MIN_COLUMNS (smaller ones give that minimum), 80 otherwise */
int termplot_columns(void);

/* writes the plot, at most columns characters a line, through out_* */
void termplot_write(const struct plotspec *spec, int columns, int ascii);

#endif
