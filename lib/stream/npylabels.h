/* Labels from a .npy file: a 1-D array of integers (or shape (N, 1)), or
 * (N, 2) of (label, camera); row i named i, its label (and camera) the
 * integer in decimal; for labelfile.c. */
#ifndef RK_NPYLABELS_H
#define RK_NPYLABELS_H
#include "util/lines.h"
#include "util/slice.h"

/* 1 when path is a file (not "-") that begins with the .npy magic */
int npylabels_is(const char *path);

/* each row's id, label and camera (NULL: a 1-D array has none), and its
 * number from 1 as its "line" for messages, to add; dies naming the file
 * on a bad header, a dtype that is not an integer one, or a shape that is
 * not one label (or label and camera) per row */
typedef void (*npylabel_fn)(void *ctx, struct slice id, struct slice label,
			    const struct slice *cam, long line);
void npylabels_load(const char *path, npylabel_fn add, void *ctx);

/* dies when a text reader's input ln, which npylabels_is did not take,
 * begins with the .npy magic: .npy arrays of labels (what: "label") or
 * cameras are read from a file named by its path, and on standard input
 * or a pipe the line says so rather than "a NUL byte in the line" */
void npylabels_not_piped(struct lines *ln, const char *what);

#endif
