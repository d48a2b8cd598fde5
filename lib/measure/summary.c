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
	size_t i;
	int m;

	memset(s, 0, sizeof *s);
	s->col = col;
	s->ncol = ncol;
	s->folds = folds;
	s->ctx = ctx;
	s->acc = xcalloc(ncol ? ncol : 1, sizeof *s->acc);
	for (i = 0; i < ncol; i++)
		for (m = 0; m < NTIEMODES; m++)
			rankmean_init(&s->acc[i].rmean[m]);
}

/* a rank column's exact value of one query in mode m */
static void colsum_add_rank(struct colsum *a, const struct column *c, int m,
			    struct rankval v)
{
	rankmean_add(&a->rmean[m], v);	/* a median's too: its size */
	if (c->def->kind == MK_MEDIAN) {
		xgrow((void **)&a->rmed[m], &a->rmedcap[m], a->nrmed[m] + 1,
		      sizeof *a->rmed[m]);
		a->rmed[m][a->nrmed[m]++] = v;
	}
}

/* v: the values of the modes; rv: their exact ranks, or NULL */
static void colsum_add(struct colsum *a, const struct column *c,
		       const double *v, const struct rankval *rv)
{
	int m;

	for (m = 0; m < NTIEMODES; m++) {
		if (rv && c->def->rank && !isnan(rv[m].frac))
			colsum_add_rank(a, c, m, rv[m]);
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

static int cmp_rankval(const void *pa, const void *pb)
{
	return rankval_cmp(*(const struct rankval *)pa,
			   *(const struct rankval *)pb);
}

/* a rank column's summary exactly (frac NAN: none) */
static struct rankval colsum_rank(struct colsum *a, const struct column *c,
				  int m, const void *ctx)
{
	struct rankval v = { 0, NAN }, *r = a->rmed[m];
	size_t n = a->nrmed[m];

	if (!c->def->rank || a->rmean[m].count == 0)
		return v;
	if (c->def->kind != MK_MEDIAN) {
		v = rankmean_value(&a->rmean[m]);
	} else if (n) {
		qsort(r, n, sizeof *r, cmp_rankval);
		v = n % 2 ? r[n / 2] : rankval_half(r[n / 2 - 1], r[n / 2]);
		if (c->def->finish) {
			/* finish commutes with adding integers: applied to
			 * 1 + frac, the whole part added back */
			double f = c->def->finish(1 + v.frac, ctx);
			double w = floor(f);
			v.whole = v.whole - 1 + (uint64_t)w;
			v.frac = f - w;
		}
	}
	return v;
}

/* the same where the sum of its values reaches 2^53; below, the doubles
 * of colsum_value add and halve them exactly as before (frac NAN) */
static struct rankval colsum_rank_big(struct colsum *a,
				      const struct column *c, int m,
				      const void *ctx)
{
	struct rankval none = { 0, NAN };

	return rankmean_big(&a->rmean[m]) ? colsum_rank(a, c, m, ctx) : none;
}

static void colsum_free(struct colsum *a)
{
	int m;
	for (m = 0; m < NTIEMODES; m++) {
		free(a->med[m]);
		free(a->rmed[m]);
	}
	memset(a, 0, sizeof *a);
}

void summary_groups(struct summary *s, size_t ngroups, int macro)
{
	s->ngroups = ngroups;
	s->macro = macro;
}

void summary_add(struct summary *s, const double *v, const struct rankval *rv,
		 size_t group)
{
	size_t i, per = s->ncol * NTIEMODES;

	if (s->ngroups) {
		xgrow((void **)&s->part, &s->partcap, s->nq + 1,
		      sizeof *s->part);
		s->part[s->nq] = group;
	}
	if (s->folds || s->ngroups) {
		xgrow((void **)&s->store, &s->storecap, (s->nq + 1) * per,
		      sizeof *s->store);
		memcpy(s->store + s->nq * per, v, per * sizeof *v);
		xgrow((void **)&s->rstore, &s->rstorecap, (s->nq + 1) * per,
		      sizeof *s->rstore);
		memcpy(s->rstore + s->nq * per, rv, per * sizeof *rv);
	}
	if (!s->folds) {
		for (i = 0; i < s->ncol; i++)
			colsum_add(&s->acc[i], &s->col[i], v + i * NTIEMODES,
				   rv + i * NTIEMODES);
	}
	s->nq++;
}

/* the rows of the parts of the stored records, record j in part
 * part[j] < nparts: part p's row at out + p * width (its exact ranks at
 * rout), each value that is a number added into over[column] (the mean
 * of the parts), big[at] set where a part's exact sums reach 2^53 */
static void part_rows(struct summary *s, size_t nparts, const size_t *part,
		      double *out, struct rankval *rout, struct colsum *over,
		      unsigned char *big)
{
	size_t width = s->ncol * NTIEMODES, p, i, j, k;
	size_t *start = xcalloc(nparts + 1, sizeof *start);
	size_t *order = xmalloc((s->nq ? s->nq : 1) * sizeof *order);
	int m;

	/* the records in order of their parts (a counting sort), each
	 * part's in input order */
	for (j = 0; j < s->nq; j++)
		start[part[j] + 1]++;
	for (p = 0; p < nparts; p++)
		start[p + 1] += start[p];
	for (j = 0; j < s->nq; j++)
		order[start[part[j]]++] = j;
	for (p = nparts; p > 0; p--)
		start[p] = start[p - 1];
	start[0] = 0;
	for (p = 0; p < nparts; p++) {
		for (i = 0; i < s->ncol; i++) {
			struct colsum a;
			memset(&a, 0, sizeof a);
			for (m = 0; m < NTIEMODES; m++)
				rankmean_init(&a.rmean[m]);
			for (k = start[p]; k < start[p + 1]; k++) {
				size_t rec = (order[k] * s->ncol + i) * NTIEMODES;
				colsum_add(&a, &s->col[i], s->store + rec,
					   s->rstore + rec);
			}
			for (m = 0; m < NTIEMODES; m++) {
				size_t at = i * NTIEMODES + (size_t)m;
				double x = colsum_value(&a, &s->col[i], m, s->ctx);
				struct rankval rv = colsum_rank(&a, &s->col[i],
								m, s->ctx);
				out[p * width + at] = x;
				rout[p * width + at] = rv;
				if (!rankmean_big(&a.rmean[m]))
					rout[p * width + at].frac = NAN;
				else
					big[at] = 1;
				if (!isnan(x))
					exactmean_add(&over[i].mean[m], x);
				if (!isnan(rv.frac))
					rankmean_add(&over[i].rmean[m], rv);
			}
			colsum_free(&a);
		}
	}
	free(order);
	free(start);
}

/* the "all" row as the mean of the parts' values in over, whatever the
 * column's kind, but the sum of a count's */
static void mean_of_parts(const struct summary *s, struct colsum *over,
			  const unsigned char *big, struct summaryrows *r)
{
	size_t i;
	int m;

	for (i = 0; i < s->ncol; i++)
		for (m = 0; m < NTIEMODES; m++) {
			size_t at = i * NTIEMODES + (size_t)m;
			r->all[at] = s->col[i].def->kind != MK_SUM ?
				exactmean_value(&over[i].mean[m]) :
				over[i].mean[m].count ?
				exactsum_value(&over[i].mean[m].sum) : NAN;
			/* a rank column's mean of the parts' exact values,
			 * where a part's sums or theirs reach 2^53 */
			r->rank_all[at] = rankmean_value(&over[i].rmean[m]);
			if (!big[at] && !rankmean_big(&over[i].rmean[m]))
				r->rank_all[at].frac = NAN;
		}
}

/* room for the mean of parts: a colsum per column, a flag per value */
static struct colsum *over_new(const struct summary *s, unsigned char **big)
{
	struct colsum *over = xcalloc(s->ncol ? s->ncol : 1, sizeof *over);
	size_t i;
	int m;

	*big = xcalloc(s->ncol ? s->ncol * NTIEMODES : 1, 1);
	for (i = 0; i < s->ncol; i++)
		for (m = 0; m < NTIEMODES; m++)
			rankmean_init(&over[i].rmean[m]);
	return over;
}

/* nparts rows of width values and exact ranks */
static void rows_new(const struct summary *s, size_t nparts, double **v,
		     struct rankval **rv)
{
	size_t width = s->ncol * NTIEMODES;
	size_t n = (width ? width : 1) * (nparts ? nparts : 1);

	*v = xmalloc(n * sizeof **v);
	*rv = xmalloc(n * sizeof **rv);
}

/* fold rows from the stored records, and "all" as the mean of the folds */
static void fold_rows(struct summary *s, struct summaryrows *r)
{
	size_t nfold = (size_t)s->folds, per = s->nq / nfold, j;
	size_t *part = xmalloc((s->nq ? s->nq : 1) * sizeof *part);
	unsigned char *big;
	struct colsum *over = over_new(s, &big);

	if (s->nq % nfold)
		die(EXIT_DATA, "%zu queries do not split into %ld equal folds",
		    s->nq, s->folds);
	for (j = 0; j < s->nq; j++)
		part[j] = j / per;
	r->nfold = nfold;
	rows_new(s, nfold, &r->fold, &r->rank_fold);
	part_rows(s, nfold, part, r->fold, r->rank_fold, over, big);
	mean_of_parts(s, over, big, r);
	free(part);
	free(big);
	free(over);
}

/* the "all" row over every query, from the running sums */
static void query_mean_row(struct summary *s, struct summaryrows *r)
{
	size_t i;
	int m;

	for (i = 0; i < s->ncol; i++)
		for (m = 0; m < NTIEMODES; m++) {
			size_t at = i * NTIEMODES + (size_t)m;
			r->all[at] = colsum_value(&s->acc[i], &s->col[i], m,
						  s->ctx);
			r->rank_all[at] = colsum_rank_big(&s->acc[i],
							  &s->col[i], m, s->ctx);
		}
}

/* group rows from the stored records; "all" the mean of the groups'
 * values (macro) or of the queries' (micro) */
static void group_rows(struct summary *s, struct summaryrows *r)
{
	unsigned char *big;
	struct colsum *over = over_new(s, &big);
	size_t j;

	r->ngroup = s->ngroups;
	rows_new(s, s->ngroups, &r->group, &r->rank_group);
	r->group_n = xcalloc(s->ngroups + 1, sizeof *r->group_n);
	for (j = 0; j < s->nq; j++)
		r->group_n[s->part[j]]++;
	part_rows(s, s->ngroups, s->part, r->group, r->rank_group, over, big);
	if (s->macro)
		mean_of_parts(s, over, big, r);
	else
		query_mean_row(s, r);
	free(big);
	free(over);
}

void summary_rows(struct summary *s, struct summaryrows *r)
{
	size_t width = s->ncol * NTIEMODES;

	memset(r, 0, sizeof *r);
	r->all = xmalloc((width ? width : 1) * sizeof *r->all);
	r->rank_all = xmalloc((width ? width : 1) * sizeof *r->rank_all);
	if (s->folds)
		fold_rows(s, r);
	else if (s->ngroups)
		group_rows(s, r);
	else
		query_mean_row(s, r);
}

void summaryrows_free(struct summaryrows *r)
{
	free(r->fold);
	free(r->all);
	free(r->rank_all);
	free(r->rank_fold);
	free(r->group);
	free(r->rank_group);
	free(r->group_n);
	memset(r, 0, sizeof *r);
}

void summary_free(struct summary *s)
{
	size_t i;

	for (i = 0; i < s->ncol; i++)
		colsum_free(&s->acc[i]);
	free(s->acc);
	free(s->store);
	free(s->rstore);
	free(s->part);
	memset(s, 0, sizeof *s);
}
