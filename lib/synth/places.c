/* Visual place recognition data in the shape of Pitts250k and Tokyo 24/7
 * (Arandjelovic et al., NetVLAD, CVPR 2016): database and query images
 * along the streets of a city grid, each with its position in metres in a
 * UTM-like frame (easting, northing) and a descriptor that depends on the
 * place: nearby positions look alike, far ones do not. One street was
 * never driven by the database car, so some queries have no database
 * image within 25 m: the benchmarks count those as misses. */
#include "synth/embwrite.h"
#include "synth/matrix.h"
#include "synth/synth.h"

#define BLOCK 100.0		/* metres between parallel streets */
#define BLOCKS 10		/* the city is BLOCKS x BLOCKS blocks */
#define CELL 20.0		/* metres between the landmarks of the scene */
#define EASTING 585000.0	/* the city's south-west corner */
#define NORTHING 4477000.0
#define DB_NOISE 0.35		/* the database's appearance noise */
#define QUERY_NOISE 1.0		/* a query: another day, another camera */

enum { STREETS = 2 * (BLOCKS + 1), LATTICE = (int)(BLOCKS * BLOCK / CELL) + 2 };

static size_t or_default(long v, size_t dflt)
{
	return v > 0 ? (size_t)v : dflt;
}

/* a position on a street: streets 0..BLOCKS run east-west, the others
 * north-south; `skip` is a street to avoid (-1: none) */
static void street_point(struct rng *r, long skip, double *x, double *y)
{
	size_t s;
	do
		s = (size_t)rng_below(r, STREETS);
	while ((long)s == skip);
	double along = rng_uniform(r) * BLOCKS * BLOCK;
	double at = (double)(s % (BLOCKS + 1)) * BLOCK;
	if (s <= BLOCKS)
		*x = along, *y = at;
	else
		*x = at, *y = along;
}

/* what a camera at (x, y) sees: the bilinear blend of the four landmarks
 * around it, plus noise */
static void look(struct rng *r, const struct matrix *scene, double x,
		 double y, double noise, double *out)
{
	size_t D = scene->cols, j;
	size_t i0 = (size_t)(x / CELL), j0 = (size_t)(y / CELL);
	double fx = x / CELL - (double)i0, fy = y / CELL - (double)j0;
	const double *a = matrix_row(scene, i0 * LATTICE + j0);
	const double *b = matrix_row(scene, (i0 + 1) * LATTICE + j0);
	const double *c = matrix_row(scene, i0 * LATTICE + j0 + 1);
	const double *d = matrix_row(scene, (i0 + 1) * LATTICE + j0 + 1);

	for (j = 0; j < D; j++)
		out[j] = (1 - fx) * (1 - fy) * a[j] + fx * (1 - fy) * b[j] +
			 (1 - fx) * fy * c[j] + fx * fy * d[j] +
			 noise * rng_normal(r);
}

/* n images on the streets (all but `skip`): positions and descriptors */
static void shoot(struct rng *r, const struct matrix *scene, size_t n,
		  long skip, double noise, struct matrix *pos,
		  struct matrix *desc)
{
	size_t i;

	matrix_init(pos, n, 2);
	matrix_init(desc, n, scene->cols);
	for (i = 0; i < n; i++) {
		double x, y;
		street_point(r, skip, &x, &y);
		look(r, scene, x, y, noise, matrix_row(desc, i));
		matrix_row(pos, i)[0] = EASTING + x;
		matrix_row(pos, i)[1] = NORTHING + y;
	}
	matrix_unit_rows(desc);
}

void synth_places(const struct synth_opts *o)
{
	size_t N = or_default(o->count, 2000), Q = or_default(o->queries, 500);
	size_t D = or_default(o->dim, 64);
	struct matrix scene, dbpos, dbdesc, qpos, qdesc;
	struct rng r;

	rng_seed(&r, o->seed);
	matrix_init(&scene, (size_t)LATTICE * LATTICE, D);
	matrix_normal(&scene, &r, 1);
	/* the database car skipped the last north-south street */
	shoot(&r, &scene, N, STREETS - 1, DB_NOISE, &dbpos, &dbdesc);
	shoot(&r, &scene, Q, -1, QUERY_NOISE, &qpos, &qdesc);
	/* positions in float64 whatever -p says: float32 has half-metre
	 * steps at four million metres */
	write_npy(o->dir, "dbpos.npy", &dbpos, 8);
	write_npy(o->dir, "qpos.npy", &qpos, 8);
	write_npy(o->dir, "dbdesc.npy", &dbdesc, o->bytes);
	write_npy(o->dir, "qdesc.npy", &qdesc, o->bytes);
	matrix_free(&scene);
	matrix_free(&dbpos);
	matrix_free(&dbdesc);
	matrix_free(&qpos);
	matrix_free(&qdesc);
}
