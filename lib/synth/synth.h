/* The data generator behind synthemb(1): each mode writes, into a folder,
 * embeddings and relevance of one retrieval protocol, from one seed of the
 * project's generator (util/rng.h). Floating-point work uses +, -, *, /
 * and sqrt only, in a fixed order, so the files are byte for byte the same
 * on every machine. An option left at 0 takes the mode's default, which
 * synthemb(1) lists. */
#ifndef RK_SYNTH_H
#define RK_SYNTH_H
#include <stdint.h>

struct synth_opts {
	uint64_t seed;
	const char *dir;
	long count;		/* images, identities, database images, base rows */
	long queries;		/* place and ANN queries */
	long dim;		/* embedding dimensions */
	long captions;		/* captions per image */
	long classes;		/* classes of the image-text and class data */
	long bits;		/* bits of the binary codes */
	long cameras;		/* re-identification cameras */
	long distractors;	/* re-identification distractor images */
	long junk;		/* re-identification junk images */
	long list;		/* length of the approximate result lists */
	double error;		/* relative distance error of the ANN index */
	int bytes;		/* 4: float32 files, 8: float64 */
};

/* image-text: img.npy cap.npy img.labels cap.labels img_codes.tsv
 * cap_codes.tsv (the reference article's example) */
void synth_crossmodal(const struct synth_opts *o);
/* class retrieval: pixels.tsv spectrum.tsv shots.labels */
void synth_classes(const struct synth_opts *o);
/* re-identification: query.npy gallery.npy query.labels gallery.labels */
void synth_reid(const struct synth_opts *o);
/* place recognition: qpos.npy dbpos.npy qdesc.npy dbdesc.npy */
void synth_places(const struct synth_opts *o);
/* approximate nearest neighbours: base.fvecs query.fvecs approx.scores */
void synth_ann(const struct synth_opts *o);

#endif
