/* rankof --merge (see rankmerge.h). An item's rank is one plus the
 * candidates above it, and the candidates of a gallery are those of its
 * shards: rank - 1, ties and n of a line add up over the shards. The
 * shards list each query's lines in item order, the same in all of them;
 * the sums of a query are written in the rank stream's order. Every shard
 * line passes the rank stream's own checks (rankrecord_parse; a relevant
 * item outside a shard's items is not its candidate, so rank - 1 + ties <=
 * n there) and every sum is checked against overflow: the n of a query,
 * the same on all its lines of a shard, is at most the shard's item
 * rows B - A, so they add up to at most the gallery's N, each
 * shard's rank - 1 + ties is at most its n, so no rank or ties can wrap;
 * a merged line must fit its n as any rank-stream line does. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/out.h"
#include "rank/queryjoin.h"
#include "rank/rankmerge.h"
#include "rank/ranker.h"
#include "stream/rankstream.h"
#include "stream/stream.h"

/* one query's lines being added up: item ids in text, lines by offset */
struct merge {
	char *qid, *text;
	size_t qn, tn, tcap, qcap;
	size_t *ioff;		/* per line: its item in text */
	struct rankline *ln;
	size_t m, lcap, icap;
	long n;
	long *shard_n;		/* per shard: its n for the query */
	int nshards;
	int empty;		/* the query's '-' line */
	int first_line;		/* the line begun is the query's first */
};

static int is_dash(struct slice s)
{
	return s.n == 1 && s.p[0] == '-';
}

/* the next record of shard S into its f, 0 at the end */
static int read_record(struct shardin *s)
{
	s->got = stream_next(&s->st, s->f, 8, &s->nf);
	return s->got;
}

/* a gallery shard's record read: of 7 fields, of kind 'r' */
static void check_record(const struct shardin *s)
{
	const struct stream *st = &s->st;

	if (!s->got)
		return;
	if (!st->has_items)	/* it comes before the records */
		die_at(st->lines.name, 0, "no '# items A:B N' line: not a "
		       "gallery shard (rankof -e --items A:B)");
	if (s->version != 2 || s->nf != 7)
		die_at(st->lines.name, st->lines.lineno, "expected 7 fields "
		       "(query item grade rank ties n kind), found %zu", s->nf);
	if (!slice_eqs(s->f[6], "r"))
		die_at(st->lines.name, st->lines.lineno, "kind '%.*s': a "
		       "gallery shard's lines are all of kind 'r'",
		       (int)s->f[6].n, s->f[6].p);
}

static void flush(struct merge *mg)
{
	size_t i;

	if (!mg->m && !mg->empty)
		return;
	for (i = 0; i < mg->m; i++)
		mg->ln[i].item.p = mg->text + mg->ioff[i];
	rankline_sort(mg->ln, mg->m);
	rankline_write((struct slice){ mg->qid, mg->qn }, mg->ln, mg->m, mg->n);
	mg->qn = mg->tn = mg->m = 0;
	mg->empty = 0;
}

/* record f of the first shard begins a line (or a query) of the merge */
static void begin_line(struct merge *mg, const struct slice *f)
{
	struct rankline *l;

	if (mg->m + mg->empty && (f[0].n != mg->qn ||
				memcmp(f[0].p, mg->qid, mg->qn) != 0))
		flush(mg);
	mg->first_line = !mg->m && !mg->empty;
	if (mg->first_line) {
		xgrow((void **)&mg->qid, &mg->qcap, f[0].n + 1, 1);
		memcpy(mg->qid, f[0].p, f[0].n);
		mg->qid[f[0].n] = '\0';	/* for messages */
		mg->qn = f[0].n;
		mg->n = 0;
	}
	if (is_dash(f[1])) {
		mg->empty = 1;
		return;
	}
	xgrow((void **)&mg->text, &mg->tcap, mg->tn + f[1].n, 1);
	xgrow((void **)&mg->ioff, &mg->icap, mg->m + 1, sizeof *mg->ioff);
	xgrow((void **)&mg->ln, &mg->lcap, mg->m + 1, sizeof *mg->ln);
	memcpy(mg->text + mg->tn, f[1].p, f[1].n);
	mg->ioff[mg->m] = mg->tn;
	mg->tn += f[1].n;
	l = &mg->ln[mg->m++];
	l->item.n = f[1].n;
	l->grade = 0;
	l->rank = 1;
	l->ties = 0;
}

/* x + y, or dies naming file and line: what sums past a long */
static long add_checked(long x, long y, const char *file, long ln,
			const char *what, const char *qid)
{
	if ((y > 0 && x > LONG_MAX - y) || (y < 0 && x < LONG_MIN - y))
		die_at(file, ln, "query '%s': %s sums past %ld over the shards",
		       qid, what, LONG_MAX);
	return x + y;
}

/* A query's candidates in a shard are among its item rows A .. B-1:
 * its n is at most B - A. With check_rows (the ranges cover the N rows
 * once) this bounds the merged n by N: a merged n above N has a shard
 * whose n is above its rows, and that shard's line is named. */
static void check_shard_n(const struct stream *st, long n, const char *qid)
{
	long rows = st->items.b - st->items.a;

	if (n > rows)
		die_at(st->lines.name, st->lines.lineno, "query '%s': n = %ld, "
		       "more candidates than the shard's %ld item rows (%ld:%ld)",
		       qid, n, rows, st->items.a, st->items.b);
}

/* adds record f of shard S (file k) to the line begun; first is the
 * record of the first shard */
static void add_line(struct merge *mg, struct stream *st, const struct slice *f,
		     const struct slice *first, int k)
{
	const char *file = st->lines.name;
	long ln = st->lines.lineno, n;
	struct rankline *l = is_dash(f[1]) ? NULL : &mg->ln[mg->m - 1];
	struct relitem it;
	int empty;

	if (!slice_eq(f[0], first[0]) || !slice_eq(f[1], first[1]))
		die_at(file, ln, "query '%.*s' item '%.*s' where the first "
		       "shard has query '%.*s' item '%.*s'", (int)f[0].n,
		       f[0].p, (int)f[1].n, f[1].p, (int)first[0].n,
		       first[0].p, (int)first[1].n, first[1].p);
	rankrecord_parse(file, ln, f, 1, &it, &n, &empty);
	if (mg->first_line) {
		check_shard_n(st, n, mg->qid);
		mg->shard_n[k] = n;
		mg->n = add_checked(mg->n, n, file, ln, "n", mg->qid);
	} else if (n != mg->shard_n[k]) {
		die_at(file, ln, "n differs within query '%s' (%ld, then %ld)",
		       mg->qid, mg->shard_n[k], n);
	}
	if (!l)
		return;
	if (k == 0)
		l->grade = it.grade;
	else if (it.grade != l->grade)
		die_at(file, ln, "grade %ld where the first shard has %ld",
		       it.grade, l->grade);
	if (k > 0 && (it.rank < 0) != (l->rank < 0))
		die_at(file, ln, "rank '%.*s' where the first shard has %s",
		       (int)f[3].n, f[3].p, l->rank < 0 ? "'-'" : "a rank");
	if (it.rank < 0) {
		l->rank = -1;
		return;
	}
	l->rank = add_checked(l->rank, it.rank - 1, file, ln, "rank", mg->qid);
	l->ties = add_checked(l->ties, it.ties, file, ln, "ties", mg->qid);
	/* the last shard completes the line: an item that is a candidate
	 * of two shards (overlapping cuts) leaves it past n */
	if (k == mg->nshards - 1 && l->ties > mg->n - l->rank)
		die_at(file, ln, "query '%s': rank %ld with %ld ties over the "
		       "shards does not fit in n = %ld (do the shards' item "
		       "ranges overlap?)", mg->qid, l->rank, l->ties, mg->n);
}

/* a shard's rows and its file, sorted by rows */
struct shardrows {
	struct itemrange r;
	const char *file;
};

static int cmp_rows(const void *pa, const void *pb)
{
	const struct shardrows *a = pa, *b = pb;
	if (a->r.a != b->r.a)
		return (a->r.a > b->r.a) - (a->r.a < b->r.a);
	return (a->r.b > b->r.b) - (a->r.b < b->r.b);
}

/* Every input carries its items line (read with its header), all with
 * one N, and the ranges cover rows 0 .. N-1 once: a shard given twice,
 * overlapping another or left out dies here, naming a file, before a
 * record is added. An empty range A:A covers nothing. */
static void check_rows(const struct shardin *in, int nfiles)
{
	struct shardrows *s = xcalloc((size_t)nfiles, sizeof *s), *prev = NULL;
	long next = 0, n;
	int k;

	for (k = 0; k < nfiles; k++) {
		const struct stream *st = &in[k].st;
		if (!st->has_items)
			die_at(st->lines.name, 0, "no '# items A:B N' line: "
			       "not a gallery shard (rankof -e --items A:B)");
		s[k].r = st->items;
		s[k].file = st->lines.name;
	}
	n = s[0].r.n;
	for (k = 1; k < nfiles; k++)
		if (s[k].r.n != n)
			die_at(s[k].file, s[k].r.line, "a gallery of %ld rows "
			       "where %s has %ld", s[k].r.n, s[0].file, n);
	qsort(s, (size_t)nfiles, sizeof *s, cmp_rows);
	for (k = 0; k < nfiles; k++) {
		struct itemrange *r = &s[k].r;
		if (prev && r->a == prev->r.a && r->b == prev->r.b)
			die_at(s[k].file, r->line, "rows %ld:%ld, as in %s (a "
			       "shard given twice?)", r->a, r->b, prev->file);
		if (r->a == r->b) {
			prev = &s[k];
			continue;
		}
		if (r->a < next)
			die_at(s[k].file, r->line, "rows %ld:%ld overlap rows "
			       "%ld:%ld of %s", r->a, r->b, prev->r.a,
			       prev->r.b, prev->file);
		if (r->a > next)
			die_at(s[k].file, r->line, "rows %ld:%ld of %ld are in "
			       "no shard (a shard missing before rows %ld:%ld?)",
			       next, r->a, n, r->a, r->b);
		next = r->b;
		prev = &s[k];
	}
	if (next < n)
		die_at(s[nfiles - 1].file, s[nfiles - 1].r.line, "rows %ld:%ld "
		       "of %ld are in no shard (a shard missing after this "
		       "one?)", next, n, n);
	free(s);
}

/* the shards being merged, each at its record read; or the query shards
 * being joined (join) */
struct rankmerge {
	struct shardin *in;
	int nfiles, join;
	struct facts out;	/* the header lines the merge writes */
	struct merge mg;
};

/* a shard's facts at its end line (a shard without records ends before
 * the first record is looked for), and its parts counted */
static void keep_facts(void *ctx, const struct facts *f, const char *file,
		       long line)
{
	struct shardin *s = ctx;

	(void)file, (void)line;
	s->ended = *f;
	s->parts++;
}

/* the header line of a rank stream of version 1 (query shards), its
 * version 2 being the stream's own header */
static int take_v1_header(void *ctx, struct slice line)
{
	struct shardin *s = ctx;

	if (!stream_is_header(line, HDR_RANK))
		return 0;
	parts_header(&s->st.parts, s->st.lines.lineno);
	s->version = 1;
	return 1;
}

/* Every shard carries one fingerprint, the same in all (rankkit(7)), or
 * none does (shards written by hand, or by an older rankof), and the
 * same depth, folds and part lines: shards of different runs are
 * refused before a record is added. The merge states those lines but the
 * fingerprint, whose work is done: the merged stream is the unsharded
 * run's, byte for byte. */
static void check_facts(struct rankmerge *m)
{
	const struct facts *a = shardin_facts(&m->in[0]);
	const char *first = m->in[0].st.lines.name;
	int k;

	for (k = 1; k < m->nfiles; k++) {
		const struct facts *f = shardin_facts(&m->in[k]);
		const char *file = m->in[k].st.lines.name;
		shardin_same_run(&m->in[k], &m->in[0]);
		if (f->depth != a->depth || f->score_cut != a->score_cut ||
		    strcmp(f->cut_score, a->cut_score) != 0 ||
		    f->folds != a->folds || f->part != a->part ||
		    f->nparts != a->nparts)
			die_at(file, 0, "its depth, folds or part "
			       "lines differ from those of %s", first);
	}
	m->out = *a;
	m->out.has_fingerprint = 0;
}

/* every shard has a record, or every shard has ended */
static void check_step(const struct rankmerge *m)
{
	const struct shardin *in = m->in;
	int k;

	for (k = 1; k < m->nfiles; k++)
		if (in[k].got != in[0].got)
			die_at(in[k].st.lines.name, in[k].st.lines.lineno,
			       "%s where %s %s", in[0].got ? "ends" : "goes on",
			       in[0].st.lines.name,
			       in[0].got ? "goes on" : "ends");
}

static void read_step(struct rankmerge *m)
{
	int k;

	for (k = 0; k < m->nfiles; k++) {
		read_record(&m->in[k]);
		check_record(&m->in[k]);
	}
}

/* query shards: no input names its item rows */
static int all_query_shards(const struct shardin *in, int nfiles)
{
	int k;

	for (k = 0; k < nfiles; k++)
		if (in[k].st.has_items)
			return 0;
	return 1;
}

struct rankmerge *rankmerge_open(char **files, int nfiles)
{
	struct rankmerge *m = xcalloc(1, sizeof *m);
	int k;

	m->nfiles = nfiles;
	m->in = xcalloc((size_t)nfiles, sizeof *m->in);
	m->mg.shard_n = xcalloc((size_t)nfiles, sizeof *m->mg.shard_n);
	m->mg.nshards = nfiles;
	for (k = 0; k < nfiles; k++) {
		struct shardin *s = &m->in[k];
		stream_open(&s->st, files[k], HDR_RANK2);
		s->version = 2;
		s->st.take_items = 1;
		s->st.part_done = keep_facts;
		s->st.part_ctx = s;
		s->st.comment = take_v1_header;
		s->st.comment_ctx = s;
		read_record(s);	/* the header lines come before it */
	}
	m->join = all_query_shards(m->in, nfiles);
	if (m->join)
		return m;
	for (k = 0; k < nfiles; k++)
		check_record(&m->in[k]);
	check_rows(m->in, nfiles);
	check_facts(m);
	check_step(m);
	return m;
}

/* the records of the shards added up, onto stdout */
static void merge_gallery(struct rankmerge *m)
{
	struct merge *mg = &m->mg;
	struct shardin *in = m->in;
	int k;

	stream_write_header(HDR_RANK);
	facts_write(&m->out);
	out_flush();	/* a failure below leaves the stream visibly cut */
	while (in[0].got) {
		begin_line(mg, in[0].f);
		for (k = 0; k < m->nfiles; k++)
			add_line(mg, &in[k].st, in[k].f, in[0].f, k);
		read_step(m);
		check_step(m);
	}
	flush(mg);
	stream_write_end();
}

void rankmerge_run(struct rankmerge *m)
{
	struct merge *mg = &m->mg;
	int k;

	if (m->join)
		queryjoin_run(m->in, m->nfiles);
	else
		merge_gallery(m);
	for (k = 0; k < m->nfiles; k++)
		stream_close(&m->in[k].st);
	free(m->in);
	free(mg->qid);
	free(mg->text);
	free(mg->ioff);
	free(mg->ln);
	free(mg->shard_n);
	free(m);
}
