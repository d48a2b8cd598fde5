/* Approximate nearest neighbour data in the formats of the ANN benchmarks
 * (the TEXMEX corpus of Jegou, Douze and Schmid, TPAMI 2011): base and
 * query vectors as .fvecs, drawn around random cluster centres, and the
 * result list of an approximate index: each query's `list` best items by
 * a distance that errs by a relative `error` (what quantization does), as
 * a score stream (score = minus the approximate distance). The exact
 * neighbours are not written: simmat -k gives them. The base and the
 * queries depend on the seed only, so lists of several error levels from
 * one seed are systems to compare on the same data. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "stream/stream.h"
#include "synth/embwrite.h"
#include "synth/matrix.h"
#include "synth/outfile.h"
#include "synth/synth.h"

#define CLUSTERS 100
#define SPREAD 0.5		/* of a vector around its centre */

struct cand {
	double d;
	size_t i;
};

static size_t or_default(long v, size_t dflt)
{
	return v > 0 ? (size_t)v : dflt;
}

static int cmp_cand(const void *pa, const void *pb)
{
	const struct cand *a = pa, *b = pb;
	if (a->d != b->d)
		return a->d < b->d ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

static void clustered(struct rng *r, const struct matrix *centres,
		      struct matrix *mat, size_t n)
{
	size_t i, j, D = centres->cols;

	matrix_init(mat, n, D);
	for (i = 0; i < n; i++) {
		const double *c = matrix_row(centres, rng_below(r, centres->rows));
		double *x = matrix_row(mat, i);
		for (j = 0; j < D; j++)
			x[j] = c[j] + SPREAD * rng_normal(r);
	}
}

/* the distance that the index computes in float32, as the files hold
 * the vectors */
static double dist32(const double *a, const double *b, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double d = (double)(float)a[i] - (double)(float)b[i];
		s += d * d;
	}
	return sqrt(s);
}

static void write_list(struct outfile *o, size_t q, const struct cand *c,
		       size_t L)
{
	char buf[FMTSCORE_MAX];
	size_t k;

	for (k = 0; k < L; k++) {
		outfile_long(o, (long)q);
		outfile_char(o, '\t');
		outfile_long(o, (long)c[k].i);
		outfile_char(o, '\t');
		outfile_bytes(o, buf, fmt_double(buf, -c[k].d));
		outfile_char(o, '\n');
	}
}

void synth_ann(const struct synth_opts *o)
{
	size_t N = or_default(o->count, 10000), Q = or_default(o->queries, 100);
	size_t D = or_default(o->dim, 32), L = or_default(o->list, 100), q, i;
	double err = o->error >= 0 ? o->error : 0.05;
	struct matrix centres, base, query;
	struct cand *c;
	struct outfile out;
	struct rng r;

	if (L > N)
		L = N;
	rng_seed(&r, o->seed);
	matrix_init(&centres, CLUSTERS, D);
	matrix_normal(&centres, &r, 1);
	clustered(&r, &centres, &base, N);
	clustered(&r, &centres, &query, Q);
	write_fvecs(o->dir, "base.fvecs", &base);
	write_fvecs(o->dir, "query.fvecs", &query);

	c = xmalloc(N * sizeof *c);
	outfile_open(&out, o->dir, "approx.scores");
	outfile_str(&out, "# " HDR_SCORE "\n");
	for (q = 0; q < Q; q++) {
		const double *x = matrix_row(&query, q);
		for (i = 0; i < N; i++) {
			double d = dist32(x, matrix_row(&base, i), D);
			c[i].d = d * (1 + err * rng_normal(&r));
			c[i].i = i;
		}
		qsort(c, N, sizeof *c, cmp_cand);
		write_list(&out, q, c, L);
	}
	outfile_str(&out, "# end\n");
	outfile_close(&out);
	free(c);
	matrix_free(&centres);
	matrix_free(&base);
	matrix_free(&query);
}
