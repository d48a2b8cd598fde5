/* Cameras from a file of their own (camerafile.h). The cameras are read
 * whole, interned in file order, then given to the labels' records by
 * their position in the labels file, so a gallery shard's records (a part
 * of the file, labelfile_load_some) get theirs too. */
#include <stdlib.h>
#include "util/err.h"
#include "stream/npylabels.h"
#include "stream/stream.h"
#include "stream/camerafile.h"

/* the cameras read so far, interned */
struct camlist {
	const char *path;
	struct strmap *cams;
	long *cam;
	size_t n, cap;
};

static void add_camera(struct camlist *cl, struct slice cam)
{
	if (cl->n == cl->cap) {
		cl->cap = cl->cap ? 2 * cl->cap : 1024;
		cl->cam = xrealloc(cl->cam, cl->cap * sizeof *cl->cam);
	}
	cl->cam[cl->n++] = (long)strmap_put(cl->cams, cam, NULL);
}

/* a row of a .npy array: its value the camera; an (N, 2) array's second
 * column would be a camera of cameras */
static void add_npy_camera(void *ctx, struct slice id, struct slice value,
			   const struct slice *second, long row)
{
	struct camlist *cl = ctx;
	(void)id;
	(void)row;
	if (second)
		die_at(cl->path, 0, "cameras from .npy: expected a 1-D array of "
		       "integers, one camera per row, found shape (N, 2) "
		       "(give it as the labels: (label, camera) rows)");
	add_camera(cl, value);
}

static void read_cameras(struct camlist *cl)
{
	struct stream st;
	struct slice f[2];
	size_t nf;

	if (npylabels_is(cl->path)) {
		npylabels_load(cl->path, add_npy_camera, cl);
		return;
	}
	stream_open(&st, cl->path, NULL);
	npylabels_not_piped(&st.lines, "camera");
	while (stream_next(&st, f, 2, &nf)) {
		if (nf != 1)
			die_at(cl->path, st.lines.lineno, "expected 1 field (a "
			       "camera, one per line in the labels' order), "
			       "found %zu", nf);
		add_camera(cl, f[0]);
	}
	stream_close(&st);
}

void camerafile_apply(struct labelfile *lf, const char *path,
		      struct strmap *cams)
{
	struct camlist cl = { path, cams, NULL, 0, 0 };

	for (size_t e = 0; e < lf->nrec; e++)
		if (lf->rec[e].cam >= 0)
			die_at(path, 0, "%s has cameras already (a camera column "
			       "or an (N, 2) array): give them once",
			       lf->name);
	read_cameras(&cl);
	if (cl.n != lf->nall)
		die_at(path, 0, "%zu cameras for the %zu %s of %s", cl.n,
		       lf->nall, lf->npy ? "rows" : "lines", lf->name);
	for (size_t e = 0; e < lf->nrec; e++)
		lf->rec[e].cam = cl.cam[lf->rec[e].pos];
	free(cl.cam);
}
