/* Person re-identification data in the layout of Market-1501 (Zheng et
 * al., ICCV 2015): identities seen by several cameras, one query image per
 * identity and camera, a gallery holding the other images, junk images
 * (label -1, bad detections, left out of every gallery) and distractors
 * (label 0, people who are never queried). An image embeds its person,
 * its camera's view and noise, so same-camera matches are easy: the
 * protocol removes them (rankof --junk same-camera). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "synth/embwrite.h"
#include "synth/matrix.h"
#include "synth/synth.h"

#define CAMERA_VIEW 0.6		/* weight of the camera's view */
#define IMAGE_NOISE 0.8		/* pose, light, occlusion */
#define JUNK_PERSON 0.4		/* what a bad detection keeps of its person */
#define ONE_CAMERA 10		/* percent of people seen by one camera only */

struct reidset {
	struct matrix emb;	/* rows filled so far: n */
	long *label, *cam;
	size_t n, cap;
};

static size_t or_default(long v, size_t dflt)
{
	return v > 0 ? (size_t)v : dflt;
}

/* appends weight * person + view of camera cam + noise, normalised */
static void add_image(struct reidset *set, struct rng *r, const double *person,
		      double weight, const struct matrix *views, size_t cam,
		      long label)
{
	size_t D = views->cols, j;

	if (set->n == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 256;
		set->emb.v = xrealloc(set->emb.v, cap * D * sizeof *set->emb.v);
		set->label = xrealloc(set->label, cap * sizeof *set->label);
		set->cam = xrealloc(set->cam, cap * sizeof *set->cam);
		set->cap = cap;
	}
	double *x = set->emb.v + set->n * D, *v = matrix_row(views, cam);
	for (j = 0; j < D; j++)
		x[j] = weight * person[j] + CAMERA_VIEW * v[j] +
		       IMAGE_NOISE * rng_normal(r);
	set->label[set->n] = label;
	set->cam[set->n] = (long)cam + 1;
	set->n++;
	set->emb.rows = set->n;
	set->emb.cols = D;
}

/* the identities: each seen by one camera (ONE_CAMERA percent) or by 2 to
 * all cameras, 1 to 4 images per camera; the first image of each camera
 * is the query */
static void identities(struct rng *r, const struct matrix *persons,
		       const struct matrix *views, struct reidset *query,
		       struct reidset *gallery)
{
	size_t ncam = views->rows, i, c, k;
	size_t *order = xmalloc(ncam * sizeof *order);

	for (i = 0; i < persons->rows; i++) {
		const double *p = matrix_row(persons, i);
		size_t seen = rng_below(r, 100) < ONE_CAMERA || ncam == 1 ? 1 :
			      2 + (size_t)rng_below(r, ncam - 1);
		/* which cameras: the first `seen` of a random order */
		for (c = 0; c < ncam; c++)
			order[c] = c;
		for (c = 0; c < seen; c++) {
			size_t t = c + (size_t)rng_below(r, ncam - c), s = order[c];
			order[c] = order[t];
			order[t] = s;
		}
		for (c = 0; c < seen; c++) {
			size_t shots = 1 + (size_t)rng_below(r, 4);
			for (k = 0; k < shots; k++)
				add_image(k ? gallery : query, r, p, 1, views, order[c],
					  (long)i + 1);
		}
	}
	free(order);
}

void synth_reid(const struct synth_opts *o)
{
	size_t I = or_default(o->count, 300), ncam = or_default(o->cameras, 6);
	size_t D = or_default(o->dim, 64);
	size_t nd = o->distractors < 0 ? 500 : (size_t)o->distractors;
	size_t nj = o->junk < 0 ? 100 : (size_t)o->junk, i;
	struct reidset query, gallery;
	struct matrix views, persons, strangers;
	struct rng r;

	memset(&query, 0, sizeof query);
	memset(&gallery, 0, sizeof gallery);
	rng_seed(&r, o->seed);
	matrix_init(&views, ncam, D);
	matrix_normal(&views, &r, 1);
	matrix_init(&persons, I, D);
	matrix_normal(&persons, &r, 1);
	identities(&r, &persons, &views, &query, &gallery);
	/* junk: a bad detection of one of the people, label -1 */
	for (i = 0; i < nj; i++) {
		size_t who = (size_t)rng_below(&r, I);
		add_image(&gallery, &r, matrix_row(&persons, who), JUNK_PERSON,
			  &views, (size_t)rng_below(&r, ncam), -1);
	}
	/* distractors: people never queried, label 0 */
	matrix_init(&strangers, nd ? nd : 1, D);
	matrix_normal(&strangers, &r, 1);
	for (i = 0; i < nd; i++)
		add_image(&gallery, &r, matrix_row(&strangers, i), 1, &views,
			  (size_t)rng_below(&r, ncam), 0);
	matrix_unit_rows(&query.emb);
	matrix_unit_rows(&gallery.emb);
	write_npy(o->dir, "query.npy", &query.emb, o->bytes);
	write_npy(o->dir, "gallery.npy", &gallery.emb, o->bytes);
	write_labels(o->dir, "query.labels", query.n, query.label, query.cam);
	write_labels(o->dir, "gallery.labels", gallery.n, gallery.label, gallery.cam);
	matrix_free(&views);
	matrix_free(&persons);
	matrix_free(&strangers);
	matrix_free(&query.emb);
	matrix_free(&gallery.emb);
	free(query.label);
	free(query.cam);
	free(gallery.label);
	free(gallery.cam);
}
