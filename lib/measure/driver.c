/* The measure programs' common pass (driver.h): each query's record in the
 * three tie modes, its rows, the summary rows; the options, columns and
 * notes are in driveropts.c, drivercols.c and drivernotes.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/condense.h"
#include "measure/driver.h"
#include "measure/explain.h"
#include "measure/mingrade.h"
#include "measure/gallery.h"
#include "measure/runcheck.h"
#include "measure/sampled.h"
#include "measure/trecnames.h"
#include "util/out.h"
#include "stream/stream.h"

/* --format table: the header row, names left and values right */
static void table_begin(struct driver *d)
{
	int *align = xmalloc((d->ncol + 2) * sizeof *align);
	size_t i;

	align[0] = ALIGN_LEFT;
	for (i = 0; i < d->ncol; i++)
		align[i + 1] = d->col[i].def->kind == MK_RUN ?
			ALIGN_LEFT : ALIGN_RIGHT;
	if (d->opt.common.group_by) {
		/* the kind column, after the query's */
		memmove(align + 2, align + 1, d->ncol * sizeof *align);
		align[1] = ALIGN_LEFT;
	}
	texttable_init(&d->table, d->ncol + 1 + (d->opt.common.group_by != NULL),
		       align);
	free(align);
	texttable_cell(&d->table, "query");
	if (d->opt.common.group_by)
		texttable_cell(&d->table, "kind");
	for (i = 0; i < d->ncol; i++)
		texttable_cell(&d->table, d->col[i].name);
}

/* options (exits on -h, --version and usage errors), the columns, then
 * the input opened */
static void driver_init(struct driver *d, int argc, char **argv,
			const struct measureprog *prog)
{
	memset(d, 0, sizeof *d);
	d->prog = prog;
	d->defs = measures_of(prog->name, &d->ndefs);
	driver_parse_options(d, argc, argv);
	driver_build_columns(d);
	driver_fit_columns(d);
	d->rec.q = &d->q;
	d->rec.v = xmalloc((d->ncol ? d->ncol : 1) * NTIEMODES * sizeof *d->rec.v);
	d->rec.rv = xmalloc((d->ncol ? d->ncol : 1) * NTIEMODES *
			    sizeof *d->rec.rv);
	summary_init(&d->sum, d->col, d->ncol, d->opt.common.folds, prog->ctx);
	if (d->opt.common.group_by) {
		groupfile_read(&d->groups, d->opt.common.group_by);
		summary_groups(&d->sum, d->groups.groups.nent,
			       !d->opt.common.group_micro);
	}
	d->noval = xcalloc(d->ncol ? d->ncol : 1, sizeof *d->noval);
	d->beyond = xcalloc(d->ncol ? d->ncol : 1, sizeof *d->beyond);
	if (d->opt.common.format == FORMAT_TABLE)
		table_begin(d);
	rankreader_open(&d->reader, d->files, d->nfiles);
	d->reader.v2ok = 1;	/* the r lines of version 2 are version 1 */
}

/* the record of q: every column in every mode */
static void query_values(const struct driver *d, const struct rquery *q,
			 double *v)
{
	/* a random ordering of the gallery: all n candidates tie (all G at
	 * --gallery-size G) */
	long n = d->opt.gallery ? d->opt.gallery : q->n;
	struct tgroup g = { .a = 0, .t = n, .s = q->nret };
	struct rquery shuffled = *q;
	struct mcall call = { .ctx = d->prog->ctx, .G = d->opt.gallery };
	size_t i;
	int m;

	shuffled.g = &g;
	shuffled.ng = q->nret > 0;
	shuffled.n = n;
	for (i = 0; i < d->ncol; i++) {
		const struct column *c = &d->col[i];
		double *w = v + i * NTIEMODES;
		call.K = c->K;
		call.q = c->chance ? &shuffled : q;
		for (m = 0; m < NTIEMODES; m++) {
			call.mode = c->chance ? TIE_EXP : m;
			if (c->fit)
				w[m] = sampled_value(c->fit, q, m);
			else if (q->m == 0 && d->opt.common.empty == EMPTY_MISS &&
			    c->def->with_empty)
				w[m] = c->def->value(&call);
			else if (q->m == 0)
				w[m] = d->opt.common.empty == EMPTY_MISS &&
					!c->def->needs_rel ? 0 : NAN;
			else if (call.G && !c->chance)
				w[m] = c->def->gvalue(&call);
			else
				w[m] = c->def->value(&call);
		}
	}
}

/* the exact first ranks of q in the rank columns (rankval.h): the values
 * the doubles of query_values round past 2^53 */
static void query_ranks(const struct driver *d, const struct rquery *q,
			struct rankval *rv)
{
	size_t i;
	int m;

	for (i = 0; i < d->ncol; i++) {
		const struct column *c = &d->col[i];
		for (m = 0; m < NTIEMODES; m++) {
			struct rankval *r = &rv[i * NTIEMODES + (size_t)m];
			r->whole = 0;
			r->frac = NAN;
			/* at G = n the sub-gallery is the gallery */
			if (c->def->rank && !c->chance && q->m > 0 &&
			    (!d->opt.gallery || (d->opt.gallery == q->n &&
						 !d->opt.replace)))
				*r = rankval_first(q, m);
		}
	}
}

/* whether a query id is the name of a summary row: "all", or "foldN"
 * under --folds; such a query is refused, so that no reader can take a
 * summary for a query */
static int summary_name(const struct driver *d, const char *id)
{
	size_t digits;

	if (strcmp(id, "all") == 0)
		return 1;
	if (!d->opt.common.folds || strncmp(id, "fold", 4) != 0)
		return 0;
	digits = strspn(id + 4, "0123456789");
	return digits > 0 && id[4 + digits] == '\0';
}

/* at the end of the input: the parts one whole run (or --partial), the
 * folds those of --folds, every rank there where a measure needs them
 * (runcheck.h) */
static void driver_check_run(const struct driver *d)
{
	const struct runfacts *r = &d->reader.facts;

	runcheck_parts(r, d->opt.common.partial, d->opt.common.quiet);
	runcheck_folds(r, d->opt.common.folds);
	if (d->opt.gallery)
		runcheck_uncut(r, NULL, "--gallery-size");
	if (d->opt.chance)
		runcheck_uncut(r, NULL, "--chance");
}

/* the next query's record, or NULL at the end of the input; dies on bad
 * data, on an input without a query, on a query named as a summary row
 * and on an empty query under --empty error */
static const struct qrecord *driver_next(struct driver *d)
{
	const char *why;

	if (!rankreader_next(&d->reader, &d->q)) {
		if (d->nread == 0)
			die(EXIT_DATA, "no query in the input: nothing to measure");
		driver_check_run(d);
		return NULL;
	}
	/* the higher bar first: an item it demotes stays judged */
	if (d->prog->ctx && d->prog->ctx->min_grade_given)
		mingrade_apply(&d->q, (long)d->prog->ctx->min_grade);
	if (d->opt.common.judged_only)
		condense_judged(&d->q);
	/* a cut ranking is told by lines before the records: refused
	 * before any row is written */
	if (d->opt.gallery)
		runcheck_uncut(&d->reader.facts, &d->reader.st.facts,
			       "--gallery-size");
	if (d->opt.chance)
		runcheck_uncut(&d->reader.facts, &d->reader.st.facts,
			       "--chance");
	if (d->q.m == 0 && d->opt.common.empty == EMPTY_ERROR)
		die_at(d->q.file, d->q.line,
		       "query '%s' has no relevant item (--empty error)", d->q.id);
	if (summary_name(d, d->q.id))
		die_at(d->q.file, d->q.line,
		       "query '%s' has the name of a summary row: rename it",
		       d->q.id);
	if (d->opt.sampled && (why = sampled_check(&d->q, d->opt.sampled)))
		die_at(d->q.file, d->q.line, "query '%s': --sampled-negatives "
		       "%ld: %s (n = %ld)", d->q.id, d->opt.sampled, why,
		       d->q.n);
	if (d->opt.gallery && (why = gallery_check(&d->q, d->opt.gallery)))
		die_at(d->q.file, d->q.line, "query '%s': --gallery-size %ld: %s",
		       d->q.id, d->opt.gallery, why);
	if (d->opt.common.group_by) {
		d->group = groupfile_group(&d->groups, (struct slice){
			d->q.id, strlen(d->q.id) });
		if (d->group == STRMAP_ABSENT)
			die_at(d->q.file, d->q.line, "query '%s' has no group "
			       "in %s (--group-by): give it a line 'query "
			       "group'", d->q.id, d->groups.name);
	}
	d->nread++;
	query_values(d, &d->q, d->rec.v);
	query_ranks(d, &d->q, d->rec.rv);
	return &d->rec;
}

/* the value field of a row or a cell of the table: the run's tag, or
 * the value (rv: a rank column's exact value, or NULL) */
static void value_text(const struct driver *d, const struct column *c,
		       double v, const struct rankval *rv, char *buf,
		       size_t size)
{
	if (c->def->kind == MK_RUN)
		snprintf(buf, size, "%s",
			 d->reader.runtag ? d->reader.runtag : "-");
	else
		driver_format_rank(buf, size, &d->opt, c, v, rv);
}

/* the kinds of rows of the measure stream's version 2 (--group-by),
 * its fourth column; without groups, none */
enum rowkind { ROW_QUERY, ROW_GROUP, ROW_ALL };

static const char *kind_name(const struct driver *d, enum rowkind kind)
{
	if (!d->opt.common.group_by)
		return NULL;
	return kind == ROW_QUERY ? "query" : kind == ROW_GROUP ? "group" :
		d->opt.common.group_micro ? "micro" : "macro";
}

static void write_row(const struct driver *d, const struct column *c,
		      const char *query, double v, const struct rankval *rv,
		      enum rowkind kind)
{
	char buf[512];
	const char *k = kind_name(d, kind);

	value_text(d, c, v, rv, buf, sizeof buf);
	if (d->opt.common.format != FORMAT_STREAM) {
		/* --format jsonl, csv: the name without trec_eval's padding */
		record_write_kind(d->opt.common.format, 0, NULL, c->name,
				  (struct slice){ query, strlen(query) }, buf,
				  k);
		return;
	}
	if (d->opt.common.names == NAMES_TREC) {
		trec_write_row(c->name, query, buf);
		return;
	}
	out_str(c->name);
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(buf);
	if (k) {
		out_char('\t');
		out_str(k);
	}
	out_char('\n');
}

/* whether a column has a row for each query */
static int has_query_rows(const struct column *c)
{
	const struct mdef *def = c->def;
	return def->kind != MK_MEDIAN && def->kind != MK_RUN &&
		!def->summary_only;
}

/* the exact value to print at rv[at]: a query's where it is past 2^53,
 * a summary's where it is given; NULL: the double's */
static const struct rankval *exact_of(const struct rankval *rv, size_t at,
				      int query_row)
{
	if (!rv || (query_row && !rankval_big(rv[at])))
		return NULL;
	return &rv[at];
}

/* a row of the table: the query or summary row's name, then each
 * column's value v[c * NTIEMODES + mode], "-" where it has none */
static void table_row(struct driver *d, const char *name, const double *v,
		      const struct rankval *rv, int query_row, enum rowkind kind)
{
	char buf[512];
	size_t i;

	texttable_cell(&d->table, name);
	if (d->opt.common.group_by)
		texttable_cell(&d->table, kind_name(d, kind));
	for (i = 0; i < d->ncol; i++) {
		const struct column *c = &d->col[i];
		if (query_row && !has_query_rows(c))
			snprintf(buf, sizeof buf, "-");
		else {
			size_t at = i * NTIEMODES + (size_t)d->opt.common.mode;
			value_text(d, c, v[at], exact_of(rv, at, query_row),
				   buf, sizeof buf);
		}
		texttable_cell(&d->table, buf);
	}
}

/* the record's rows under -q: written, or held for the table */
static void driver_write_rows(struct driver *d, const struct qrecord *rec)
{
	size_t i;

	if (!d->opt.perquery)
		return;
	if (d->opt.common.format == FORMAT_TABLE) {
		table_row(d, rec->q->id, rec->v, rec->rv, 1, ROW_QUERY);
		return;
	}
	for (i = 0; i < d->ncol; i++) {
		size_t at = i * NTIEMODES + (size_t)d->opt.common.mode;
		if (has_query_rows(&d->col[i]) && !isnan(rec->v[at]))
			write_row(d, &d->col[i], rec->q->id, rec->v[at],
				  rankval_big(rec->rv[at]) ? &rec->rv[at] : NULL,
				  ROW_QUERY);
	}
}

/* the record into the summaries and the counts of the notes */
static void driver_add(struct driver *d, const struct qrecord *rec)
{
	const struct rquery *q = rec->q;
	size_t i;

	/* the depth of the parts read and of the one being read */
	d->depth = d->reader.facts.all;
	facts_merge_depth(&d->depth, &d->reader.st.facts);
	d->cut = d->depth.depth || d->depth.score_cut;
	if (q->m == 0)
		d->nempty++;
	if (q->m > 1)
		d->nmulti++;
	for (i = 0; i < d->ncol && q->m; i++) {
		const struct column *c = &d->col[i];
		if (isnan(rec->v[i * NTIEMODES + (size_t)d->opt.common.mode]))
			d->noval[i]++;
		/* a relevant item missing from a ranking cut short (the
		 * stream's depth line) or, without one, shorter than K
		 * might have been found by K in the whole ranking */
		long K = column_deepest_rank(c);
		int past = d->cut ? runcheck_past_cut(&d->depth, K, q->n) :
			   q->n < K;
		if (!c->chance && past && q->nret < q->m)
			d->beyond[i]++;
	}
	summary_add(&d->sum, rec->v, rec->rv, d->group);
}

/* --group-by: a row per group that has queries, in the order of the
 * group file; written, or held for the table */
static void driver_write_groups(struct driver *d, const struct summaryrows *s)
{
	size_t g, i, mode = (size_t)d->opt.common.mode;
	size_t width = d->ncol * NTIEMODES;

	for (g = 0; g < s->ngroup; g++) {
		struct slice key = strmap_key(&d->groups.groups, g);
		char *name;
		if (!s->group_n[g])
			continue;
		name = xstrndup(key.p, key.n);
		if (d->opt.common.format == FORMAT_TABLE)
			table_row(d, name, s->group + g * width,
				  s->rank_group + g * width, 0, ROW_GROUP);
		else
			for (i = 0; i < d->ncol; i++)
				write_row(d, &d->col[i], name,
					  s->group[g * width + i * NTIEMODES + mode],
					  &s->rank_group[g * width + i * NTIEMODES + mode],
					  ROW_GROUP);
		free(name);
	}
}

/* fold rows and the "all" row: written, or held for the table */
static void driver_write_summary(struct driver *d, const struct summaryrows *s)
{
	size_t f, i, mode = (size_t)d->opt.common.mode;

	for (f = 0; f < s->nfold; f++) {
		char name[32];
		snprintf(name, sizeof name, "fold%zu", f + 1);
		if (d->opt.common.format == FORMAT_TABLE) {
			table_row(d, name, s->fold + f * d->ncol * NTIEMODES,
				  s->rank_fold + f * d->ncol * NTIEMODES, 0,
				  ROW_ALL);
			continue;
		}
		for (i = 0; i < d->ncol; i++)
			write_row(d, &d->col[i], name,
				  s->fold[(f * d->ncol + i) * NTIEMODES + mode],
				  &s->rank_fold[(f * d->ncol + i) * NTIEMODES + mode],
				  ROW_ALL);
	}
	driver_write_groups(d, s);
	if (d->opt.common.format == FORMAT_TABLE) {
		table_row(d, "all", s->all, s->rank_all, 0, ROW_ALL);
		return;
	}
	for (i = 0; i < d->ncol; i++)
		write_row(d, &d->col[i], "all", s->all[i * NTIEMODES + mode],
			  &s->rank_all[i * NTIEMODES + mode], ROW_ALL);
}

static void driver_free(struct driver *d)
{
	struct measureopts *o = &d->opt;

	summary_free(&d->sum);
	if (o->common.group_by)
		groupfile_free(&d->groups);
	texttable_free(&d->table);
	free(d->noval);
	free(d->beyond);
	free(d->rec.v);
	free(d->rec.rv);
	free(d->col);
	free(o->cutoffs);
	free(o->common.explain);
	if (o->sel) {
		free(o->sel[0]);
		free(o->sel);
	}
	rquery_free(&d->q);
	rankreader_close(&d->reader);
	memset(d, 0, sizeof *d);
}

void driver_main(int argc, char **argv, const struct measureprog *prog)
{
	struct driver d;
	struct summaryrows s;
	const struct qrecord *rec;
	unsigned char *seen;	/* the --explain names a query took */

	driver_init(&d, argc, argv, prog);
	seen = xcalloc(d.opt.common.nexplain + 1, 1);
	if (d.opt.common.format == FORMAT_STREAM)
		stream_write_header(d.opt.common.group_by ? HDR_MEASURE2 : HDR_MEASURE);
	else if (d.opt.common.group_by)
		record_begin_kind(d.opt.common.format, 0);
	else
		record_begin(d.opt.common.format, 0);
	while ((rec = driver_next(&d))) {
		if (explain_wanted(d.opt.common.explain, d.opt.common.nexplain, rec->q->id,
				   seen))
			explain_record(&d, rec);
		driver_write_rows(&d, rec);
		driver_add(&d, rec);
	}
	explain_missing(d.opt.common.explain, d.opt.common.nexplain, seen, NULL);
	free(seen);
	summary_rows(&d.sum, &s);
	driver_write_summary(&d, &s);
	/* the table is written only when every query was read: a failed
	 * run leaves the standard output empty */
	if (d.opt.common.format == FORMAT_TABLE)
		texttable_write(&d.table);
	else if (d.opt.common.format == FORMAT_STREAM)
		stream_write_end();
	out_flush();
	driver_write_notes(&d, &s);
	summaryrows_free(&s);
	driver_free(&d);
	out_finish();
}
