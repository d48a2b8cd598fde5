/* Summaries of the measure columns (summary.h): means by exact running
 * sums, medians from the kept values, folds from the kept records. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/summary.h"

void summary_init(struct summary *s, const struct column *col, size_t ncol,
		  long folds, const void *ctx)
{
	memset(s, 0, sizeof *s);
	s->col = col;
	s->ncol = ncol;
	s->folds = folds;
	s->ctx = ctx;
	s->acc = xcalloc(ncol ? ncol : 1, sizeof *s->acc);
}

static void colsum_add(struct colsum *a, const struct column *c,
		       const double *v)
{
	int m;

	for (m = 0; m < NTIEMODES; m++) {
		if (isnan(v[m]))
			continue;
		if (c->def->kind == MK_MEDIAN) {
			xgrow((void **)&a->med[m], &a->medcap[m], a->nmed[m] + 1,
			      sizeof *a->med[m]);
			a->med[m][a->nmed[m]++] = v[m];
		} else {
			exactmean_add(&a->mean[m], v[m]);
		}
	}
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

static double colsum_value(struct colsum *a, const struct column *c, int m,
			   const void *ctx)
{
	double v;
	size_t n = a->nmed[m];

	if (c->def->kind == MK_SUM)
		return a->mean[m].count ? exactsum_value(&a->mean[m].sum) : NAN;
	if (c->def->kind != MK_MEDIAN)
		return exactmean_value(&a->mean[m]);
	if (n == 0)
		return NAN;
	qsort(a->med[m], n, sizeof *a->med[m], cmp_double);
	v = n % 2 ? a->med[m][n / 2] :
		(a->med[m][n / 2 - 1] + a->med[m][n / 2]) / 2;
	return c->def->finish ? c->def->finish(v, ctx) : v;
}

static void colsum_free(struct colsum *a)
{
	int m;
	for (m = 0; m < NTIEMODES; m++)
		free(a->med[m]);
	memset(a, 0, sizeof *a);
}

void summary_add(struct summary *s, const double *v)
{
	size_t i, per = s->ncol * NTIEMODES;

	if (s->folds) {
		xgrow((void **)&s->store, &s->storecap, (s->nq + 1) * per,
		      sizeof *s->store);
		memcpy(s->store + s->nq * per, v, per * sizeof *v);
	} else {
		for (i = 0; i < s->ncol; i++)
			colsum_add(&s->acc[i], &s->col[i], v + i * NTIEMODES);
	}
	s->nq++;
}

/* fold rows from the stored records, and "all" as the mean of the folds */
static void fold_rows(struct summary *s, struct summaryrows *r)
{
	size_t nfold = (size_t)s->folds, per = s->nq / nfold, f, i, j;
	size_t width = s->ncol * NTIEMODES;
	struct colsum *over = xcalloc(s->ncol ? s->ncol : 1, sizeof *over);
	int m;

	if (s->nq % nfold)
		die(EXIT_DATA, "%zu queries do not split into %ld equal folds",
		    s->nq, s->folds);
	r->nfold = nfold;
	r->fold = xmalloc((width ? width : 1) * nfold * sizeof *r->fold);
	for (f = 0; f < nfold; f++) {
		for (i = 0; i < s->ncol; i++) {
			struct colsum a;
			memset(&a, 0, sizeof a);
			for (j = f * per; j < (f + 1) * per; j++)
				colsum_add(&a, &s->col[i],
					   s->store + (j * s->ncol + i) * NTIEMODES);
			for (m = 0; m < NTIEMODES; m++) {
				size_t at = i * NTIEMODES + (size_t)m;
				double x = colsum_value(&a, &s->col[i], m, s->ctx);
				r->fold[f * width + at] = x;
				if (!isnan(x))
					exactmean_add(&over[i].mean[m], x);
			}
			colsum_free(&a);
		}
	}
	/* the mean of the fold values, whatever the column's kind, but
	 * the sum of a count's */
	for (i = 0; i < s->ncol; i++)
		for (m = 0; m < NTIEMODES; m++)
			r->all[i * NTIEMODES + (size_t)m] =
				s->col[i].def->kind != MK_SUM ?
				exactmean_value(&over[i].mean[m]) :
				over[i].mean[m].count ?
				exactsum_value(&over[i].mean[m].sum) : NAN;
	free(over);
}

void summary_rows(struct summary *s, struct summaryrows *r)
{
	size_t width = s->ncol * NTIEMODES, i;
	int m;

	memset(r, 0, sizeof *r);
	r->all = xmalloc((width ? width : 1) * sizeof *r->all);
	if (s->folds) {
		fold_rows(s, r);
		return;
	}
	for (i = 0; i < s->ncol; i++)
		for (m = 0; m < NTIEMODES; m++)
			r->all[i * NTIEMODES + (size_t)m] =
				colsum_value(&s->acc[i], &s->col[i], m, s->ctx);
}

void summaryrows_free(struct summaryrows *r)
{
	free(r->fold);
	free(r->all);
	memset(r, 0, sizeof *r);
}

void summary_free(struct summary *s)
{
	size_t i;

	for (i = 0; i < s->ncol; i++)
		colsum_free(&s->acc[i]);
	free(s->acc);
	free(s->store);
	memset(s, 0, sizeof *s);
}
