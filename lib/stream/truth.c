/* ANN ground truth as relevance (relevance.h, rankof --truth): each row
 * of a ground-truth matrix is a query's true neighbours, nearest first.
 * A query's relevant items are its first K (k-NN recall, Jegou et al.'s
 * recall@R with K = 1) and, given the true distances, every later
 * neighbour within the threshold of ann-benchmarks' definitions
 * (Aumuller et al., Information Systems 2020): d <= d_K + tol ("knn",
 * tol = 1e-3; big-ann-benchmarks' ties at the K-th distance, 1e-6) or
 * d <= (1 + eps) d_K ("epsilon"). The query is named by its row number,
 * as a result matrix's rows are (matrixrank.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stream/matrixfile.h"
#include "stream/relevance.h"
#include "util/err.h"

/* the threshold of a row whose knn-th distance is dk */
static double threshold(double dk, double tol, double eps)
{
	if (tol >= 0)
		return dk + tol;
	if (eps >= 0)
		return (1 + eps) * dk;
	return -1;
}

/* item id of query qe judged relevant: one more judgment */
struct judgments {
	size_t n, cap, gcap, qcap, lcap, *jq;
	long *jline;
};

static void judge(struct relsrc *rel, struct judgments *j, size_t qe,
		  int64_t id, long line)
{
	char itext[24];
	struct slice it = { itext, (size_t)snprintf(itext, sizeof itext,
						    "%lld", (long long)id) };

	xgrow((void **)&rel->jent, &j->cap, j->n + 1, sizeof *rel->jent);
	xgrow((void **)&rel->jgrade, &j->gcap, j->n + 1, sizeof *rel->jgrade);
	xgrow((void **)&j->jq, &j->qcap, j->n + 1, sizeof *j->jq);
	xgrow((void **)&j->jline, &j->lcap, j->n + 1, sizeof *j->jline);
	j->jq[j->n] = qe;
	rel->jent[j->n] = strmap_put(&rel->jids, it, NULL);
	rel->jgrade[j->n] = 1;
	j->jline[j->n] = line;
	j->n++;
}

static int cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* the items a run's row returns within thr (by their distances
 * recomputed from the vectors) that the file's first c neighbours of the
 * query, truth, do not hold: judged once each, in O(k log k) */
static void judge_returned(struct relsrc *rel, struct judgments *j,
			   size_t qe, const int64_t *truth, size_t c,
			   const int64_t *row, const double *rowdist,
			   size_t cols, double thr, long line)
{
	int64_t *t = xmalloc((c ? c : 1) * sizeof *t);
	int64_t *x = xmalloc((cols ? cols : 1) * sizeof *x);
	size_t i, n = 0;

	memcpy(t, truth, c * sizeof *t);
	qsort(t, c, sizeof *t, cmp_id);
	for (i = 0; i < cols; i++)
		if (row[i] >= 0 && rowdist[i] <= thr)
			x[n++] = row[i];
	qsort(x, n, sizeof *x, cmp_id);
	for (i = 0; i < n; i++)
		if ((i == 0 || x[i] != x[i - 1]) &&
		    !bsearch(&x[i], t, c, sizeof *t, cmp_id))
			judge(rel, j, qe, x[i], line);
	free(t);
	free(x);
}

long rel_load_truth(struct relsrc *rel, const struct matrixfile *gt,
		    const double *dist, size_t knn, double tol, double eps,
		    const struct matrixfile *run, const double *rundist)
{
	struct judgments j = { 0 };
	size_t r, c;
	long passed = 0;
	char qtext[24];

	rel->kind = REL_QRELS;
	rel->qrels_name = gt->path;
	strmap_init(&rel->qq);
	strmap_init(&rel->jids);
	rel->jent = NULL;
	rel->jgrade = NULL;
	if (knn > gt->cols)
		die_at(gt->path, 0, "--knn %zu: the file has %zu neighbours a "
		       "query", knn, gt->cols);
	for (r = 0; r < gt->rows; r++) {
		const int64_t *id = gt->id + r * gt->cols;
		const double *d = dist ? dist + r * gt->cols : NULL;
		double thr = d ? threshold(d[knn - 1], tol, eps) : -1;
		struct slice q = { qtext, (size_t)snprintf(qtext, sizeof qtext,
							   "%zu", r) };
		size_t qe = strmap_put(&rel->qq, q, NULL);

		if (id[knn - 1] < 0)
			die_at(gt->path, (long)r + 1, "query %zu has fewer than "
			       "%zu true neighbours", r, knn);
		for (c = 0; c < gt->cols && id[c] >= 0 &&
		     (c < knn || (thr >= 0 && d[c] <= thr)); c++)
			judge(rel, &j, qe, id[c], (long)r + 1);
		/* the run's items past the file's neighbours, by the
		 * distances recomputed from the vectors */
		if (rundist && thr >= 0 && r < run->rows)
			judge_returned(rel, &j, qe, id, c,
				       run->id + r * run->cols,
				       rundist + r * run->cols, run->cols, thr,
				       (long)r + 1);
		else if (thr >= 0 && c == gt->cols)
			passed++;
	}
	if (j.n == 0)
		die_at(gt->path, 0, "no true neighbours");
	rel_group_judgments(rel, gt->path, j.jq, j.jline, j.n);
	free(j.jq);
	free(j.jline);
	return passed;
}
