/* Small grayscale images for the image-text and class retrieval data: 16 x
 * 16 pixels, row after row, as in the reference article's example. Smooth
 * random patterns come from a binomial blur (the article low-passes in the
 * Fourier domain, which needs cos and exp; the blur needs + and * only),
 * and the shift-invariant embedding is the magnitude of the 2-D discrete
 * Fourier transform with twiddle factors built from square roots. */
#ifndef RK_IMAGE_H
#define RK_IMAGE_H
#include <stddef.h>
#include "util/rng.h"

enum { IMG_SIDE = 16, IMG_PIXELS = IMG_SIDE * IMG_SIDE };

/* out: n smooth random patterns, IMG_PIXELS values each, of mean 0 and
 * standard deviation 1 over their pixels */
void smooth_patterns(struct rng *r, size_t n, double *out);
/* out = img with its columns moved right by shift, circularly */
void roll_columns(const double *img, int shift, double *out);
/* out = |DFT(img)|, IMG_PIXELS values: unchanged by circular shifts */
void dft_magnitude(const double *img, double *out);

#endif
