/* Result matrices into the ranker (matrixrank.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rank/matrixrank.h"
#include "stream/embed.h"
#include "util/err.h"

void matrixrank_open(struct matrixrun *mr, const char *path,
		     const char *distpath)
{
	memset(mr, 0, sizeof *mr);
	matrixfile_read(&mr->ids, path, 1);
	if (!distpath)
		return;
	matrixfile_read(&mr->dist, distpath, 0);
	if (mr->dist.rows != mr->ids.rows || mr->dist.cols != mr->ids.cols)
		die_at(distpath, 0, "shape (%zu, %zu), the run %s has (%zu, "
		       "%zu)", mr->dist.rows, mr->dist.cols, path,
		       mr->ids.rows, mr->ids.cols);
}

/* an id and its column, to find the repeats of a row */
struct idcol {
	int64_t id;
	size_t col;
};

static int cmp_idcol(const void *a, const void *b)
{
	const struct idcol *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

/* keep[j] = 0 for the columns of row whose id is negative or came
 * before; the count of repeats */
static size_t mark_kept(const int64_t *row, size_t cols, struct idcol *s,
			unsigned char *keep)
{
	size_t j, n = 0, rep = 0;

	for (j = 0; j < cols; j++) {
		keep[j] = row[j] >= 0;
		if (keep[j])
			s[n++] = (struct idcol){ row[j], j };
	}
	qsort(s, n, sizeof *s, cmp_idcol);
	for (j = 1; j < n; j++)
		if (s[j].id == s[j - 1].id) {
			keep[s[j].col] = 0;
			rep++;
		}
	return rep;
}

void matrixrank_run(struct ranker *rk, struct matrixrun *mr)
{
	const struct matrixfile *m = &mr->ids;
	size_t cols = m->cols, r, j, reprows = 0;
	struct idcol *s = xmalloc((cols ? cols : 1) * sizeof *s);
	unsigned char *keep = xmalloc(cols ? cols : 1);
	char *text = xmalloc((cols ? cols : 1) * 21), qtext[24];
	size_t *off = xmalloc((cols ? cols : 1) * sizeof *off);
	size_t *len = xmalloc((cols ? cols : 1) * sizeof *len);

	rk->two_id_spaces = 1;	/* query rows and item ids: two files */
	if (mr->dist.val)
		rk->sign = -1;	/* distances: the lowest first */
	for (r = 0; r < m->rows; r++) {
		const int64_t *row = m->id + r * cols;
		const double *d = mr->dist.val ? mr->dist.val + r * cols : NULL;
		struct slice q = { qtext, (size_t)snprintf(qtext, sizeof qtext,
							   "%zu", r) };
		size_t used = 0;

		reprows += mark_kept(row, cols, s, keep) > 0;
		for (j = 0; j < cols; j++)
			if (keep[j]) {
				off[j] = used;
				len[j] = (size_t)snprintf(text + used, 21, "%lld",
							  (long long)row[j]);
				used += len[j];
			}
		ranker_begin(rk, q, m->path, (long)r + 1);
		for (j = 0; j < cols; j++) {
			struct slice it;
			double score;
			if (!keep[j])
				continue;
			it.p = text + off[j];
			it.n = len[j];
			score = d ? d[j] : -(double)j;
			if (score != score)
				die_at(mr->dist.path, (long)r + 1, "column %zu: "
				       "distance NaN", j);
			ranker_take(rk, it, hash_bytes(it.p, it.n), score,
				    m->path, (long)r + 1);
		}
		ranker_end_query(rk);
	}
	if (reprows)
		note("%s: %zu of %zu rows repeat an id: each counted once, at "
		     "its first column", m->path, reprows, m->rows);
	free(s);
	free(keep);
	free(text);
	free(off);
	free(len);
}

/* the Euclidean distance of float or double rows a and b of dim values */
static double euclidean(const struct embed *qe, size_t qi,
			const struct embed *be, size_t bi)
{
	double s = 0, x, y;
	size_t k, dim = qe->dim;

	for (k = 0; k < dim; k++) {
		x = qe->type == EMB_F32 ? ((const float *)qe->data)[qi * dim + k] :
			((const double *)qe->data)[qi * dim + k];
		y = be->type == EMB_F32 ? ((const float *)be->data)[bi * dim + k] :
			((const double *)be->data)[bi * dim + k];
		s += (x - y) * (x - y);
	}
	return sqrt(s);
}

double *matrixrank_distances(const struct matrixrun *mr, const char *qpath,
			     const char *bpath)
{
	const struct matrixfile *m = &mr->ids;
	struct embed qe, be;
	size_t n = m->rows * m->cols, r, j;	/* checked by matrixfile_read */
	double *d = xmalloc((n ? n : 1) * sizeof *d);

	embed_read(&qe, qpath);
	embed_read(&be, bpath);
	if (qe.dim != be.dim)
		die_at(bpath, 0, "dimension %zu, the queries %s have %zu",
		       be.dim, qpath, qe.dim);
	if (qe.rows != m->rows)
		die_at(qpath, 0, "%zu rows, the result matrix %s has %zu",
		       qe.rows, m->path, m->rows);
	for (r = 0; r < m->rows; r++)
		for (j = 0; j < m->cols; j++) {
			int64_t id = m->id[r * m->cols + j];
			if (id >= 0 && (uint64_t)id >= be.rows)
				die_at(m->path, (long)r + 1, "id %lld: the base "
				       "%s has %zu rows", (long long)id, bpath,
				       be.rows);
			d[r * m->cols + j] = id < 0 ? NAN :
				euclidean(&qe, r, &be, (size_t)id);
		}
	embed_free(&qe);
	embed_free(&be);
	return d;
}
