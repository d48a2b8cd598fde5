/* The reference article's example data: image-text pairs built from class
 * templates, instance detail and noise, embedded by untrained random
 * projections; and class retrieval shots under circular shifts, embedded
 * as raw pixels and as the shift-invariant Fourier magnitude. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "synth/embwrite.h"
#include "synth/image.h"
#include "synth/matrix.h"
#include "synth/synth.h"

/* the article's weights: instance detail, pixel noise, caption noise */
#define INSTANCE_DETAIL 0.6
#define PIXEL_NOISE 0.8
#define CAPTION_NOISE 0.9

static size_t or_default(long v, size_t dflt)
{
	return v > 0 ? (size_t)v : dflt;
}

/* the codes: signs of `bits` random projections of each row */
static void write_codes(const char *dir, const char *name,
			const struct matrix *e, const struct matrix *h)
{
	struct matrix code;

	matrix_product(&code, e, h);
	matrix_signs(&code);
	write_text(dir, name, &code, 4);
	matrix_free(&code);
}

/* images: N images, each its class template plus instance detail (the
 * content that the captions describe) plus pixel noise */
static void render_images(struct rng *r, size_t N, size_t K,
			  struct matrix *content, struct matrix *pixels)
{
	double *templ = xmalloc(K * IMG_PIXELS * sizeof *templ);
	size_t i, j;

	smooth_patterns(r, K, templ);
	matrix_init(content, N, IMG_PIXELS);
	matrix_init(pixels, N, IMG_PIXELS);
	for (i = 0; i < N; i++) {
		size_t cls = (size_t)rng_below(r, K);
		memcpy(matrix_row(content, i), templ + cls * IMG_PIXELS,
		       IMG_PIXELS * sizeof *templ);
	}
	smooth_patterns(r, N, pixels->v);	/* instance detail, for now */
	for (i = 0; i < N * IMG_PIXELS; i++)
		content->v[i] += INSTANCE_DETAIL * pixels->v[i];
	for (i = 0; i < N; i++) {
		double *p = matrix_row(pixels, i), *c = matrix_row(content, i);
		for (j = 0; j < IMG_PIXELS; j++)
			p[j] = c[j] + PIXEL_NOISE * rng_normal(r);
	}
	free(templ);
}

void synth_crossmodal(const struct synth_opts *o)
{
	size_t N = or_default(o->count, 5000), C = or_default(o->captions, 5);
	size_t D = or_default(o->dim, 64), K = or_default(o->classes, 50);
	size_t B = or_default(o->bits, 32), i, j;
	struct matrix content, pixels, P, H, img, cproj, cap;
	long *label;
	struct rng r;

	rng_seed(&r, o->seed);
	render_images(&r, N, K, &content, &pixels);
	/* untrained encoders: one random projection of the 256 pixels */
	matrix_init(&P, IMG_PIXELS, D);
	matrix_normal(&P, &r, 1.0 / IMG_SIDE);	/* 1/sqrt(256) */
	matrix_product(&img, &pixels, &P);
	matrix_unit_rows(&img);
	/* each caption: its image's noise-free content, projected, plus
	 * caption noise */
	matrix_product(&cproj, &content, &P);
	matrix_init(&cap, N * C, D);
	for (i = 0; i < N * C; i++) {
		double *x = matrix_row(&cap, i), *c = matrix_row(&cproj, i / C);
		for (j = 0; j < D; j++)
			x[j] = c[j] + CAPTION_NOISE * rng_normal(&r);
	}
	matrix_unit_rows(&cap);
	matrix_init(&H, D, B);
	matrix_normal(&H, &r, 1);

	write_npy(o->dir, "img.npy", &img, o->bytes);
	write_npy(o->dir, "cap.npy", &cap, o->bytes);
	label = xmalloc(N * C * sizeof *label);
	for (i = 0; i < N; i++)
		label[i] = (long)i;
	write_labels(o->dir, "img.labels", N, label, NULL);
	for (i = 0; i < N * C; i++)
		label[i] = (long)(i / C);
	write_labels(o->dir, "cap.labels", N * C, label, NULL);
	write_codes(o->dir, "img_codes.tsv", &img, &H);
	write_codes(o->dir, "cap_codes.tsv", &cap, &H);
	free(label);
	matrix_free(&content);
	matrix_free(&pixels);
	matrix_free(&P);
	matrix_free(&H);
	matrix_free(&img);
	matrix_free(&cproj);
	matrix_free(&cap);
}

/* subtracts each column's mean over the rows */
static void center_columns(struct matrix *mat)
{
	size_t i, j;

	for (j = 0; j < mat->cols; j++) {
		double mean = 0;
		for (i = 0; i < mat->rows; i++)
			mean += matrix_row(mat, i)[j];
		mean /= (double)mat->rows;
		for (i = 0; i < mat->rows; i++)
			matrix_row(mat, i)[j] -= mean;
	}
}

void synth_classes(const struct synth_opts *o)
{
	size_t K = or_default(o->classes, 20), N = or_default(o->count, 500);
	size_t per, i, j;
	double *base;
	struct matrix shots, spec;
	long *label;
	struct rng r;

	if (N % K)
		usage_error(NULL, "-n: %zu images do not split into %zu classes", N, K);
	per = N / K;
	rng_seed(&r, o->seed);
	base = xmalloc(K * IMG_PIXELS * sizeof *base);
	smooth_patterns(&r, K, base);
	matrix_init(&shots, N, IMG_PIXELS);
	matrix_init(&spec, N, IMG_PIXELS);
	label = xmalloc(N * sizeof *label);
	/* image i: its class's pattern moved by one of 4 horizontal shifts
	 * (0, 4, 8 or 12 columns), plus pixel noise */
	for (i = 0; i < N; i++) {
		label[i] = (long)(i / per);
		int shift = 4 * (int)rng_below(&r, 4);
		roll_columns(base + (i / per) * IMG_PIXELS, shift,
			     matrix_row(&shots, i));
	}
	for (i = 0; i < N; i++) {
		double *x = matrix_row(&shots, i);
		for (j = 0; j < IMG_PIXELS; j++)
			x[j] += rng_normal(&r);
		dft_magnitude(x, matrix_row(&spec, i));
	}
	matrix_unit_rows(&shots);
	center_columns(&spec);
	matrix_unit_rows(&spec);
	write_text(o->dir, "pixels.tsv", &shots, o->bytes);
	write_text(o->dir, "spectrum.tsv", &spec, o->bytes);
	write_labels(o->dir, "shots.labels", N, label, NULL);
	free(base);
	free(label);
	matrix_free(&shots);
	matrix_free(&spec);
}
