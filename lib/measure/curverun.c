/* Without folds a system is one running curve. With folds, fold
 * boundaries need the query count, so each query's first tie group that
 * holds a relevant item (four numbers, hit@K at every K follows from it)
 * is kept to the end, then each fold's curve is made from them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/out.h"
#include "stream/rankstream.h"
#include "stream/stream.h"
#include "measure/curve.h"
#include "measure/curverun.h"
#include "util/texttable.h"
#include "measure/driver.h"
#include "measure/explain.h"

struct firstgroup {
	long a, t, s;
	int kind;		/* 0: empty query, 1: nothing retrieved, 2: group */
};

struct foldstore {
	struct firstgroup *q;
	size_t n, cap;
};

static void store_query(struct foldstore *fs, const struct rquery *q)
{
	struct firstgroup *x;
	xgrow((void **)&fs->q, &fs->cap, fs->n + 1, sizeof *fs->q);
	x = &fs->q[fs->n++];
	memset(x, 0, sizeof *x);
	x->kind = q->m == 0 ? 0 : q->ng == 0 ? 1 : 2;
	if (x->kind == 2) {
		x->a = q->g[0].a;
		x->t = q->g[0].t;
		x->s = (long)q->g[0].s;
	}
}

/* the curve of stored queries lo .. hi-1, as curve_add would make it */
static void fold_curve(const struct foldstore *fs, size_t lo, size_t hi,
		       int empty, struct curve *cv)
{
	size_t i;
	for (i = lo; i < hi; i++) {
		const struct firstgroup *x = &fs->q[i];
		struct tgroup g = { x->a, x->t, (size_t)x->s, 0 };
		struct rquery r;
		if (x->kind == 0 && empty == EMPTY_SKIP)
			continue;
		memset(&r, 0, sizeof r);
		r.m = x->kind != 0;
		r.g = &g;
		r.ng = x->kind == 2;
		curve_add(cv, &r);
	}
}

/* the summary is the mean over the folds that have a value, summed
 * exactly as hitrate sums its fold rows */
static void fold_results(const struct foldstore *fs, const struct curveopts *o,
			 size_t nK, struct curveresult *r)
{
	size_t nf = (size_t)o->folds, per = fs->n / nf, f, K, nk = nK ? nK : 1;
	double *val[NTIEMODES];
	int m;

	if (fs->n % nf)
		die(EXIT_DATA, "%zu queries do not split into %ld equal folds",
		    fs->n, o->folds);
	r->nfolds = o->folds;
	r->fold = xcalloc(nf * nk, sizeof *r->fold);
	for (m = 0; m < NTIEMODES; m++)
		val[m] = xcalloc(nf * nk, sizeof *val[m]);
	for (f = 0; f < nf; f++) {
		struct curve cv;
		curve_init(&cv, nK);
		fold_curve(fs, f * per, (f + 1) * per, o->empty, &cv);
		for (m = 0; m < NTIEMODES; m++)
			for (K = 1; K <= nK; K++)
				val[m][f * nk + K - 1] = curve_mean(&cv, K, m);
		curve_free(&cv);
	}
	for (m = 0; m < NTIEMODES; m++) {
		for (K = 1; K <= nK; K++) {
			struct exactsum x;
			long cnt = 0;
			exactsum_init(&x);
			for (f = 0; f < nf; f++) {
				double v = val[m][f * nk + K - 1];
				if (m == o->mode)
					r->fold[f * nK + K - 1] = v;
				if (!isnan(v)) {
					exactsum_add(&x, v);
					cnt++;
				}
			}
			r->v[m][K - 1] = cnt ? exactsum_value(&x) / (double)cnt
					     : NAN;
		}
		free(val[m]);
	}
}

void curve_read(char *file, const struct curveopts *o,
		struct curveresult *r)
{
	struct rankreader rd;
	struct rquery q;
	struct curve cv;
	struct foldstore fs = { NULL, 0, 0 };
	char *files[1] = { file };
	size_t K, nK = o->maxK;
	int m;

	memset(r, 0, sizeof *r);
	memset(&q, 0, sizeof q);
	curve_init(&cv, nK);
	rankreader_open(&rd, files, 1);
	while (rankreader_next(&rd, &q)) {
		r->nquery++;
		if (q.m == 0) {
			if (o->empty == EMPTY_ERROR)
				die_at(q.file, q.line,
				       "query '%s' has no relevant item (--empty error)",
				       q.id);
			r->nempty++;
		}
		if (explain_wanted(o->explain, o->nexplain, q.id)) {
			explain_query(&q, o->mode);
			if (q.m)
				explain_curve(&q, o->maxK ? (long)o->maxK : q.n,
					      o->mode);
		}
		if (o->maxK == 0 && (size_t)q.n > nK) {
			nK = (size_t)q.n;
			curve_extend(&cv, nK);
		}
		if (o->folds)
			store_query(&fs, &q);
		else if (q.m > 0 || o->empty == EMPTY_MISS)
			curve_add(&cv, &q);
	}
	rankreader_close(&rd);
	rquery_free(&q);
	if (nK == 0)
		nK = 1;		/* no query, or galleries of nothing: K = 1 */
	curve_extend(&cv, nK);
	r->nK = nK;
	for (m = 0; m < NTIEMODES; m++)
		r->v[m] = xcalloc(nK, sizeof *r->v[m]);
	if (o->folds) {
		fold_results(&fs, o, nK, r);
	} else {
		for (m = 0; m < NTIEMODES; m++)
			for (K = 1; K <= nK; K++)
				r->v[m][K - 1] = curve_mean(&cv, K, m);
	}
	free(fs.q);
	curve_free(&cv);
}

void curveresult_extend(struct curveresult *r, size_t nK)
{
	size_t K, cap;
	int m;

	if (nK <= r->nK)
		return;
	for (m = 0; m < NTIEMODES; m++) {
		cap = r->nK;
		xgrow((void **)&r->v[m], &cap, nK, sizeof *r->v[m]);
		for (K = r->nK + 1; K <= nK; K++)
			r->v[m][K - 1] = r->v[m][r->nK - 1];
	}
	r->nK = nK;
}

void curveresult_free(struct curveresult *r)
{
	int m;
	for (m = 0; m < NTIEMODES; m++)
		free(r->v[m]);
	free(r->fold);
	memset(r, 0, sizeof *r);
}

/* as the measure programs print a value: percent unless fractions */
static void format_rate(char *buf, size_t n, const struct curveopts *o,
			double v)
{
	if (isnan(v)) {
		snprintf(buf, n, "-");
		return;
	}
	if (!o->fractions)
		v *= 100;
	if (v == 0)
		v = 0;
	snprintf(buf, n, "%.*f", o->decimals, v);
}

static void write_row(size_t K, const char *query, double v,
		      const struct curveopts *o)
{
	char buf[512];
	format_rate(buf, sizeof buf, o, v);
	out_str("hit@");
	out_long((long)K);
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(buf);
	out_char('\n');
}

void curve_write_stream(const struct curveresult *r, const struct curveopts *o)
{
	size_t K;
	long f;

	stream_write_header(HDR_MEASURE);
	for (f = 0; f < r->nfolds; f++) {
		char name[32];
		snprintf(name, sizeof name, "fold%ld", f + 1);
		for (K = 1; K <= r->nK; K++)
			write_row(K, name, r->fold[(size_t)f * r->nK + K - 1], o);
	}
	for (K = 1; K <= r->nK; K++)
		write_row(K, "all", r->v[o->mode][K - 1], o);
	stream_write_end();
}

void curve_write_columns(const struct curveresult *r, size_t n,
			 const char *const *names, const struct curveopts *o)
{
	size_t K, i, nK = 0;
	char buf[512];

	for (i = 0; i < n; i++)
		if (r[i].nK > nK)
			nK = r[i].nK;
	out_str("# K");
	for (i = 0; i < n; i++) {
		out_char('\t');
		out_str(names[i]);
	}
	out_char('\n');
	for (K = 1; K <= nK; K++) {
		out_long((long)K);
		for (i = 0; i < n; i++) {
			format_rate(buf, sizeof buf, o,
				    K <= r[i].nK ? r[i].v[o->mode][K - 1] : NAN);
			out_char('\t');
			out_str(buf);
		}
		out_char('\n');
	}
	stream_write_end();
}

void curve_write_table(const struct curveresult *r, size_t n,
		       const char *const *names, const struct curveopts *o)
{
	struct texttable t;
	int *align = xmalloc((n + 1) * sizeof *align);
	size_t K, i, nK = 0;
	char buf[512];

	for (i = 0; i <= n; i++)
		align[i] = ALIGN_RIGHT;
	texttable_init(&t, n + 1, align);
	free(align);
	texttable_cell(&t, "K");
	for (i = 0; i < n; i++) {
		texttable_cell(&t, names[i]);
		if (r[i].nK > nK)
			nK = r[i].nK;
	}
	for (K = 1; K <= nK; K++) {
		snprintf(buf, sizeof buf, "%zu", K);
		texttable_cell(&t, buf);
		for (i = 0; i < n; i++) {
			format_rate(buf, sizeof buf, o,
				    K <= r[i].nK ? r[i].v[o->mode][K - 1] : NAN);
			texttable_cell(&t, buf);
		}
	}
	texttable_write(&t);
	texttable_free(&t);
}

void curve_notes(const struct curveresult *r, const struct curveopts *o,
		 const char *who)
{
	const char *sep = who ? ": " : "";
	char a[512], b[512], worst_a[512] = "", worst_b[512] = "";
	size_t K, nchanged = 0, worst = 0;
	double gap = -1;

	if (o->quiet)
		return;
	if (!who)
		who = "";
	if (r->nempty)
		note("%s%s%ld quer%s with no relevant item %s", who, sep,
		     r->nempty, r->nempty == 1 ? "y" : "ies",
		     o->empty == EMPTY_MISS ? "counted as 0 (--empty miss)" :
		     "left out (--empty skip)");
	for (K = 1; K <= r->nK; K++) {
		double opt = r->v[TIE_OPT][K - 1], pess = r->v[TIE_PESS][K - 1];
		format_rate(a, sizeof a, o, opt);
		format_rate(b, sizeof b, o, pess);
		if (strcmp(a, b) == 0)
			continue;
		nchanged++;
		if (opt - pess > gap) {
			gap = opt - pess;
			worst = K;
			strcpy(worst_a, a);
			strcpy(worst_b, b);
		}
	}
	if (nchanged)
		note("%s%sties change hit@K at %zu of %zu cut-offs, widest at hit@%zu: "
		     "optimistic %s, pessimistic %s", who, sep, nchanged, r->nK,
		     worst, worst_a, worst_b);
}
