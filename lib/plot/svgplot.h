/* A plot as a standalone SVG 1.1 file: axes, ticks, grid, axis titles,
 * one polyline per curve and a legend. */
#ifndef RK_SVGPLOT_H
#define RK_SVGPLOT_H
#include "plot/plot.h"

/* writes it to the file path ("-": standard output), under a temporary
 * name renamed when complete (util/savefile.h); dies on a write failure,
 * naming the file */
void svgplot_save(const struct plotspec *spec, const char *path);

#endif
