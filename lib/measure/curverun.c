/* Without folds a system is one curve. With folds, fold boundaries need
 * the query count, so each query's first tie group that holds a relevant
 * item (four numbers: hit@K at every K follows from it) is kept to the
 * end, then each fold's curve is made from them. Values are made as they
 * are written, for the rows asked for only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/escape.h"
#include "util/out.h"
#include "stream/rankstream.h"
#include "stream/stream.h"
#include "measure/curve.h"
#include "measure/condense.h"
#include "measure/curverun.h"
#include "measure/runcheck.h"
#include "measure/exactsum.h"
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

/* each fold's curve of the stored queries, as curve_add would make it */
static void make_folds(const struct foldstore *fs, const struct curveopts *o,
		       struct curveresult *r)
{
	size_t nf = (size_t)o->common.folds, per = fs->n / nf, f, i;

	if (fs->n % nf)
		die(EXIT_DATA, "%zu queries do not split into %ld equal folds",
		    fs->n, o->common.folds);
	r->nfolds = o->common.folds;
	r->fold = xcalloc(nf, sizeof *r->fold);
	for (f = 0; f < nf; f++) {
		curve_init(&r->fold[f]);
		for (i = f * per; i < (f + 1) * per; i++) {
			const struct firstgroup *x = &fs->q[i];
			if (x->kind == 0 && o->common.empty == EMPTY_SKIP)
				continue;
			curve_add_group(&r->fold[f], x->a,
					x->kind == 2 ? x->t : 0, x->s);
		}
	}
}

/* each group's curve of the stored queries (query i in group[i]), as
 * curve_add would make it */
static void make_groups(const struct foldstore *fs, const size_t *group,
			const struct curveopts *o, struct curveresult *r)
{
	size_t i, ng = o->groups->groups.nent;

	r->ngroups = ng;
	r->macro = !o->common.group_micro;
	r->group = xcalloc(ng + 1, sizeof *r->group);
	r->group_n = xcalloc(ng + 1, sizeof *r->group_n);
	for (i = 0; i < ng; i++)
		curve_init(&r->group[i]);
	for (i = 0; i < fs->n; i++) {
		const struct firstgroup *x = &fs->q[i];
		r->group_n[group[i]]++;
		if (x->kind == 0 && o->common.empty == EMPTY_SKIP)
			continue;
		curve_add_group(&r->group[group[i]], x->a,
				x->kind == 2 ? x->t : 0, x->s);
	}
}

/* --group-by: the group of q, kept beside its first tie group; dies
 * naming q when the file has no line for it */
static void store_group(const struct rquery *q, const struct curveopts *o,
			struct foldstore *fs, size_t **group, size_t *cap)
{
	size_t g = groupfile_group(o->groups, (struct slice){ q->id,
				   strlen(q->id) });

	if (g == STRMAP_ABSENT)
		die_at(q->file, q->line, "query '%s' has no group in %s "
		       "(--group-by): give it a line 'query group'", q->id,
		       o->groups->name);
	xgrow((void **)group, cap, fs->n + 1, sizeof **group);
	(*group)[fs->n] = g;
	store_query(fs, q);
}

/* the gallery of q sets the last K of -K all; beyond the rows cmc may
 * write, that is an error at q rather than a run that never ends */
static void take_gallery(const struct rquery *q, const struct curveopts *o,
			 size_t *nK)
{
	if (o->maxK != 0 || (size_t)q->n <= *nK)
		return;
	if (o->rows_max && (size_t)q->n > o->rows_max)
		die_at(q->file, q->line, "-K all: query '%s' has %ld "
		       "candidates, past the %zu rows cmc writes; give -K N "
		       "for the first N rows, or --plot or --svg - alone, "
		       "which sample the curve", q->id, q->n, o->rows_max);
	*nK = (size_t)q->n;
}

void curve_read(char *file, const struct curveopts *o,
		struct curveresult *r)
{
	struct rankreader rd;
	struct rquery q;
	struct foldstore fs = { NULL, 0, 0 };
	size_t *group = NULL, groupcap = 0;
	char *files[1] = { file };
	size_t nK = o->maxK;
	long stated_folds;

	memset(r, 0, sizeof *r);
	r->explained = xcalloc(o->common.nexplain + 1, 1);
	memset(&q, 0, sizeof q);
	curve_init(&r->all);
	rankreader_open(&rd, files, 1);
	rd.v2ok = 1;	/* the r lines of version 2 are version 1 */
	while (rankreader_next(&rd, &q)) {
		if (o->common.judged_only)
			condense_judged(&q);
		r->nquery++;
		if (q.m == 0) {
			if (o->common.empty == EMPTY_ERROR)
				die_at(q.file, q.line,
				       "query '%s' has no relevant item (--empty error)",
				       q.id);
			r->nempty++;
		}
		if (explain_wanted(o->common.explain, o->common.nexplain, q.id,
				   r->explained)) {
			explain_query(&q, o->common.mode);
			if (q.m)
				explain_curve(&q, o->maxK ? (long)o->maxK : q.n,
					      o->common.mode);
		}
		take_gallery(&q, o, &nK);
		if (o->groups)
			store_group(&q, o, &fs, &group, &groupcap);
		if (o->common.folds)
			store_query(&fs, &q);
		else if (q.m > 0 || o->common.empty == EMPTY_MISS)
			curve_add(&r->all, &q);
	}
	runcheck_parts(&rd.facts, o->common.partial, o->common.quiet);
	runcheck_folds(&rd.facts, o->common.folds);
	stated_folds = runfacts_folds(&rd.facts);
	rankreader_close(&rd);
	rquery_free(&q);
	/* no query, or galleries of nothing: K = 1 */
	r->nK = nK ? nK : 1;
	if (o->common.folds)
		make_folds(&fs, o, r);
	if (o->groups)
		make_groups(&fs, group, o, r);
	free(group);
	if (!o->common.quiet)
		runcheck_folds_note(stated_folds, o->common.folds);
	free(fs.q);
}

void curveresult_extend(struct curveresult *r, size_t nK)
{
	if (nK > r->nK)
		r->nK = nK;
}

void curveresult_free(struct curveresult *r)
{
	long f;
	size_t g;

	for (f = 0; f < r->nfolds; f++)
		curve_free(&r->fold[f]);
	free(r->fold);
	for (g = 0; g < r->ngroups; g++)
		curve_free(&r->group[g]);
	free(r->group);
	free(r->group_n);
	free(r->explained);
	curve_free(&r->all);
	memset(r, 0, sizeof *r);
}

double curveresult_value(struct curveresult *r, size_t K, int mode)
{
	struct exactsum x;
	long f, cnt = 0;

	int groups = r->ngroups && r->macro;
	long nparts = groups ? (long)r->ngroups : r->nfolds;

	if (!nparts)
		return curve_value(&r->all, (long)K, mode);
	/* the mean over the folds (groups) that have a value, summed
	 * exactly as hitrate sums its fold (group) rows */
	exactsum_init(&x);
	for (f = 0; f < nparts; f++) {
		double v = curve_value(groups ? &r->group[f] : &r->fold[f],
				       (long)K, mode);
		if (!isnan(v)) {
			exactsum_add(&x, v);
			cnt++;
		}
	}
	return cnt ? exactsum_value(&x) / (double)cnt : NAN;
}

/* as the measure programs print a value: percent unless fractions */
static void format_rate(char *buf, size_t n, const struct curveopts *o,
			double v)
{
	if (isnan(v)) {
		snprintf(buf, n, "-");
		return;
	}
	if (!o->common.fractions)
		v *= 100;
	if (v == 0)
		v = 0;
	snprintf(buf, n, "%.*f", o->common.decimals, v);
}

void curve_format_rate(char *buf, size_t n, const struct curveopts *o,
		       double v)
{
	format_rate(buf, n, o, v);
}

/* a row hit@K of query: the stream's line, or under --format jsonl or
 * csv the record of system (NULL: one unlabelled curve); kind: the
 * row's kind in version 2 (--group-by), NULL in version 1 */
static void write_row(size_t K, const char *query, double v,
		      const struct curveopts *o, const char *system,
		      const char *kind)
{
	char buf[512];
	format_rate(buf, sizeof buf, o, v);
	if (o->common.format != FORMAT_STREAM) {
		char name[32];
		snprintf(name, sizeof name, "hit@%zu", K);
		record_write_kind(o->common.format, 1, system, name,
				  (struct slice){ query, strlen(query) }, buf,
				  kind);
		return;
	}
	out_str("hit@");
	out_long((long)K);
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(buf);
	if (kind) {
		out_char('\t');
		out_str(kind);
	}
	out_char('\n');
}

/* --group-by: the rows of each group that has queries, in the order of
 * the group file */
static void write_groups(struct curveresult *r, const struct curveopts *o,
			 const char *system)
{
	size_t g, K;

	for (g = 0; g < r->ngroups; g++) {
		struct slice key = strmap_key(&o->groups->groups, g);
		char *name;
		if (!r->group_n[g])
			continue;
		name = xstrndup(key.p, key.n);
		for (K = 1; K <= r->nK; K++)
			write_row(K, name, curve_value(&r->group[g], (long)K,
						       o->common.mode), o,
				  system, "group");
		free(name);
	}
}

void curve_write_stream(struct curveresult *r, const struct curveopts *o,
			const char *system)
{
	int stream = o->common.format == FORMAT_STREAM;
	size_t K;
	long f;

	const char *all_kind = !o->groups ? NULL : r->macro ? "macro" : "micro";

	if (stream)
		stream_write_header(o->groups ? HDR_MEASURE2 : HDR_MEASURE);
	if (stream && system) {
		out_str("# system ");
		out_str(system);
		out_char('\n');
	}
	for (f = 0; f < r->nfolds; f++) {
		char name[32];
		snprintf(name, sizeof name, "fold%ld", f + 1);
		for (K = 1; K <= r->nK; K++)
			write_row(K, name, curve_value(&r->fold[f], (long)K,
						       o->common.mode), o, system,
				  NULL);
	}
	write_groups(r, o, system);
	for (K = 1; K <= r->nK; K++)
		write_row(K, "all", curveresult_value(r, K, o->common.mode), o,
			  system, all_kind);
	if (stream)
		stream_write_end();
}

/* system i's value at K, formatted; "-" past its last K */
static void cell(struct curveresult *r, size_t i, size_t K,
		 const struct curveopts *o, char *buf, size_t size)
{
	format_rate(buf, size, o, K <= r[i].nK ?
		    curveresult_value(&r[i], K, o->common.mode) : NAN);
}

static size_t last_K(const struct curveresult *r, size_t n)
{
	size_t i, nK = 0;
	for (i = 0; i < n; i++)
		if (r[i].nK > nK)
			nK = r[i].nK;
	return nK;
}

void curve_write_columns(struct curveresult *r, size_t n,
			 const char *const *names, const struct curveopts *o)
{
	size_t K, i, nK = last_K(r, n);
	char buf[512];

	out_str("# K");
	for (i = 0; i < n; i++) {
		out_char('\t');
		out_str(names[i]);
	}
	out_char('\n');
	for (K = 1; K <= nK; K++) {
		out_long((long)K);
		for (i = 0; i < n; i++) {
			cell(r, i, K, o, buf, sizeof buf);
			out_char('\t');
			out_str(buf);
		}
		out_char('\n');
	}
	stream_write_end();
}

static void pad(size_t n)
{
	while (n--)
		out_char(' ');
}

/* one row of the table: each cell right-aligned to its column's width,
 * two blanks apart */
static void table_row(const char *const *text, const size_t *width,
		      size_t ncol)
{
	size_t c;
	for (c = 0; c < ncol; c++) {
		if (c)
			pad(2);
		pad(width[c] - strlen(text[c]));
		out_str(text[c]);
	}
	out_char('\n');
}

void curve_write_table(struct curveresult *r, size_t n,
		       const char *const *names, const struct curveopts *o)
{
	size_t K, i, nK = last_K(r, n);
	size_t *width = xcalloc(n + 1, sizeof *width);
	char (*buf)[512] = xmalloc((n + 1) * sizeof *buf);
	const char **text = xmalloc((n + 1) * sizeof *text);
	char **shown = xmalloc((n + 1) * sizeof *shown);

	/* the widths: a first pass over every value */
	snprintf(buf[0], sizeof buf[0], "%zu", nK);
	width[0] = strlen(buf[0]) > 1 ? strlen(buf[0]) : 1;
	/* the systems' names for a terminal: control bytes escaped */
	for (i = 0; i < n; i++) {
		shown[i] = esc_dup(names[i], strlen(names[i]));
		width[i + 1] = strlen(shown[i]);
	}
	for (K = 1; K <= nK; K++)
		for (i = 0; i < n; i++) {
			cell(r, i, K, o, buf[0], sizeof buf[0]);
			if (strlen(buf[0]) > width[i + 1])
				width[i + 1] = strlen(buf[0]);
		}
	text[0] = "K";
	for (i = 0; i < n; i++)
		text[i + 1] = shown[i];
	table_row(text, width, n + 1);
	for (K = 1; K <= nK; K++) {
		snprintf(buf[0], sizeof buf[0], "%zu", K);
		text[0] = buf[0];
		for (i = 0; i < n; i++) {
			cell(r, i, K, o, buf[i + 1], sizeof buf[i + 1]);
			text[i + 1] = buf[i + 1];
		}
		table_row(text, width, n + 1);
	}
	for (i = 0; i < n; i++)
		free(shown[i]);
	free(shown);
	free(text);
	free(buf);
	free(width);
}

static int long_order(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;
	return (a > b) - (a < b);
}

/* K = 1 and every K where the optimistic or the pessimistic curve rises,
 * ascending, each once, up to nK; *n of them */
static long *curve_breaks(const struct curveresult *r, size_t *n)
{
	long *b = NULL, f;
	size_t cap = 0, i, kept = 0;

	*n = 0;
	xgrow((void **)&b, &cap, 1, sizeof *b);
	b[(*n)++] = 1;
	if (!r->nfolds)
		curve_steps(&r->all, &b, n, &cap);
	for (f = 0; f < r->nfolds; f++)
		curve_steps(&r->fold[f], &b, n, &cap);
	qsort(b, *n, sizeof *b, long_order);
	for (i = 0; i < *n; i++)
		if ((kept == 0 || b[i] != b[kept - 1]) && b[i] >= 1 &&
		    (size_t)b[i] <= r->nK)
			b[kept++] = b[i];
	*n = kept;
	return b;
}

void curve_notes(struct curveresult *r, const struct curveopts *o,
		 const char *who)
{
	const char *sep = who ? ": " : "";
	char a[512], b[512], worst_a[512] = "", worst_b[512] = "";
	size_t i, nb, nchanged = 0, worst = 0;
	long *brk;
	double gap = -1;

	if (o->common.quiet)
		return;
	if (!who)
		who = "";
	if (r->nempty)
		note("%s%s%ld quer%s no relevant item: %s", who, sep,
		     r->nempty, r->nempty == 1 ? "y has" : "ies have",
		     o->common.empty == EMPTY_MISS ? (r->nempty == 1 ?
		     "it counts as 0 (--empty miss)" :
		     "they count as 0 (--empty miss)") : (r->nempty == 1 ?
		     "it is left out of the curve (--empty skip)" :
		     "they are left out of the curve (--empty skip)"));
	/* both curves are constant from one break to the next: each stretch
	 * is compared once, at its first K */
	brk = curve_breaks(r, &nb);
	for (i = 0; i < nb; i++) {
		size_t K = (size_t)brk[i];
		size_t end = i + 1 < nb ? (size_t)brk[i + 1] : r->nK + 1;
		double opt = curveresult_value(r, K, TIE_OPT);
		double pess = curveresult_value(r, K, TIE_PESS);
		format_rate(a, sizeof a, o, opt);
		format_rate(b, sizeof b, o, pess);
		if (strcmp(a, b) == 0)
			continue;
		nchanged += end - K;
		if (opt - pess > gap) {
			gap = opt - pess;
			worst = K;
			strcpy(worst_a, a);
			strcpy(worst_b, b);
		}
	}
	free(brk);
	if (nchanged)
		note("%s%sties change hit@K at %zu of %zu cut-offs, most at hit@%zu: "
		     "%s if relevant items win every tie (optimistic), %s if "
		     "they lose every one (pessimistic)", who, sep, nchanged, r->nK,
		     worst, worst_a, worst_b);
}
