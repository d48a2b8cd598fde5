/* The rank stream, one query at a time: records are checked (field count,
 * numbers, '-' pairs, constant n, contiguous queries, consistent tie
 * groups) and gathered into tie groups. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/fieldscan.h"
#include "util/num.h"
#include "util/out.h"
#include "stream/rankfast.h"
#include "stream/rankstream.h"

void rankstream_write_run(struct slice tag)
{
	out_str("# run ");
	out_slice(tag);
	out_char('\n');
}

/* "# run TAG": the tag kept (the last one read wins, as trec_eval keeps
 * the runid of a run's last line) */
static int take_run(void *ctx, struct slice line)
{
	struct rankreader *rd = ctx;
	struct slice f[3];

	if (rd->v2ok && stream_is_header(line, HDR_RANK2)) {
		parts_header(&rd->st.parts, rd->st.lines.lineno);
		rd->fields = 7;
		return 1;
	}
	line.p++, line.n--;
	if (split_fields(line, f, 3) != 2 || !slice_eqs(f[0], "run"))
		return 0;
	xgrow((void **)&rd->runtag, &rd->runtagcap, f[1].n + 1, 1);
	memcpy(rd->runtag, f[1].p, f[1].n);
	rd->runtag[f[1].n] = '\0';
	return 1;
}

void rankreader_open(struct rankreader *rd, char **files, int nfiles)
{
	static char dash[] = "-";
	static char *std_in[] = { dash };
	memset(rd, 0, sizeof *rd);
	rd->files = nfiles ? files : std_in;
	rd->nfiles = nfiles ? nfiles : 1;
	idset_init(&rd->seen);
	repeats_init(&rd->items);
	runfacts_init(&rd->facts);
}

/* a part ended: its facts join the run's */
static void part_done(void *ctx, const struct facts *f, const char *file,
		      long line)
{
	struct rankreader *rd = ctx;
	runfacts_add(&rd->facts, f, file, line);
}

void rankreader_close(struct rankreader *rd)
{
	if (rd->open)
		stream_close(&rd->st);
	rd->open = 0;
	idset_free(&rd->seen);
	repeats_free(&rd->items);
	free(rd->iline);
	rd->iline = NULL;
	free(rd->pend_item);
	free(rd->pend_qid);
	free(rd->runtag);
	rd->pend_item = rd->pend_qid = rd->runtag = NULL;
	runfacts_free(&rd->facts);
}

static int is_dash(struct slice s)
{
	return s.n == 1 && s.p[0] == '-';
}

/* a field of 1 to 8 plain digits, in a line of a block (lines_block):
 * a single digit (grades, ties) at once, more as one word */
static inline int small_number(struct slice s, unsigned long *v)
{
	unsigned d = (unsigned)((unsigned char)s.p[0] - '0');

	if (s.n == 1 && d <= 9) {
		*v = d;
		return 1;
	}
#ifdef NUM_WORD_DIGITS
	return word_digits(s, v);
#else
	return plain_digits(s, 8, v);
#endif
}

/* field_long, through small_number when 8 bytes can be read from each
 * field (bulk: a line of lines_block) */
static inline long record_long(const char *file, long ln, int fieldno,
			       struct slice s, int bulk)
{
	unsigned long v;

	if (bulk && small_number(s, &v))
		return (long)v;
	return field_long(file, ln, fieldno, s);
}

/* rankrecord_parse, inline in the reader's loop (bulk) */
static inline __attribute__((always_inline)) void
parse_record(const char *file, long ln, const struct slice *f, int shard,
	     struct relitem *it, long *n, int *empty, int bulk)
{
	it->line = ln;
	it->grade = record_long(file, ln, 3, f[2], bulk);
	*n = record_long(file, ln, 6, f[5], bulk);
	if (*n < 0)
		die_at(file, ln, "field 6: n is negative");
	if (is_dash(f[3]) || is_dash(f[4])) {
		if (!is_dash(f[3]) || !is_dash(f[4]))
			die_at(file, ln, "rank and ties must both be '-' or both numbers");
		it->rank = -1;
		it->ties = 0;
	} else {
		it->rank = record_long(file, ln, 4, f[3], bulk);
		it->ties = record_long(file, ln, 5, f[4], bulk);
		if (it->rank < 1 || it->ties < 0)
			die_at(file, ln, "rank must be >= 1 and ties >= 0");
		/* rank + ties <= n (+ 1 in a shard), written so that nothing
		 * overflows: n - rank + shard is at most n */
		if (it->rank - shard > *n || it->ties > *n - it->rank + shard)
			die_at(file, ln, "rank %ld with %ld ties does not fit in n = %ld%s",
			       it->rank, it->ties, *n, shard ?
			       " (rank - 1 + ties counts the shard's candidates)" : "");
	}
	*empty = is_dash(f[1]);
	if (*empty && it->rank >= 0)
		die_at(file, ln, "a query without relevant items ('-') has rank '-'");
}

void rankrecord_parse(const char *file, long ln, const struct slice *f,
		      int shard, struct relitem *it, long *n, int *empty)
{
	parse_record(file, ln, f, shard, it, n, empty, 0);
}

/* version 2's seventh field: 'u' exactly for a negative grade, 'r' for
 * the '-' line of a query without relevant items */
static char parse_kind(const char *file, long ln, struct slice f,
		       long grade, int empty)
{
	if (f.n != 1 || !strchr("rju", f.p[0]))
		die_at(file, ln, "field 7: kind '%.*s' is not r, j or u",
		       (int)f.n, f.p);
	if ((f.p[0] == 'u') != (grade < 0))
		die_at(file, ln, "kind %c with grade %ld (u is for the negative "
		       "grades, and only u)", f.p[0], grade);
	if (empty && f.p[0] != 'r')
		die_at(file, ln, "the '-' line of a query without relevant "
		       "items has kind r");
	return f.p[0];
}

/* The items of the query read since the last check, searched in one
 * batch (repeats_check): a duplicate dies with the line of its second
 * occurrence, the first such line. Every file's end runs it, so that the
 * lines it checks are all in the open file. */
static void check_items(struct rankreader *rd)
{
	size_t d = repeats_check(&rd->items);

	if (d != REPEATS_NONE) {
		struct slice item = repeats_key(&rd->items, d);
		die_at(rd->st.lines.name, rd->iline[d], "duplicate item "
		       "'%.*s' in query '%s'", (int)item.n, item.p, rd->iqid);
	}
}

/* err_first's form of check_items: an error of a later line waits for
 * the duplicates before it */
static void check_items_first(void *ctx)
{
	check_items(ctx);
}

/* reads the next record; 0 at the end of the last file */
static int next_record(struct rankreader *rd, struct slice *qid,
		       struct slice *item, struct relitem *it, long *n,
		       int *empty, long *line)
{
	struct slice f[7];
	size_t nf;

	for (;;) {
		if (rd->p < rd->e) {
			/* a data line of 6 or 7 fields split in one pass (from
			 * masks, or 8 bytes at a time); any other line as
			 * stream_next takes it */
			const char *p = rd->p, *nl;
			rd->st.lines.lineno++;
			if (*p != '#') {
#ifdef FIELDSCAN_MASKS
				nf = mask_fields(&rd->p, f, 7);
				if ((nf == 6 || nf == 7) && !rd->st.parts.ended) {
					rd->st.seen_any = 1;
					break;
				}
#endif
				nf = scan_fields(p, f, 7, &nl);
				rd->p = nl + 1;
				if ((nf == 6 || nf == 7) && !rd->st.parts.ended) {
					rd->st.seen_any = 1;
					break;
				}
			} else {
				nl = memchr(p, '\n', (size_t)(rd->e - p));
				rd->p = nl + 1;
			}
			int ended = rd->st.parts.ended;
			if (stream_line(&rd->st, lines_cut(&rd->st.lines, p, nl),
					f, 7, &nf))
				break;
			/* a header after an end line: a new part */
			rd->part_begun &= !(ended && !rd->st.parts.ended);
			continue;
		}
		if (!rd->open) {
			if (rd->fi == rd->nfiles)
				return 0;
			stream_open(&rd->st, rd->files[rd->fi++], HDR_RANK);
			rd->st.comment = take_run;
			rd->st.comment_ctx = rd;
			rd->st.part_done = part_done;
			rd->st.part_ctx = rd;
			rd->open = 1;
			rd->part_begun = 0;
			rd->fields = 0;
		}
		if (lines_block(&rd->st.lines, &rd->p, &rd->e))
			continue;
		check_items(rd);
		parts_finish(&rd->st.parts, rd->st.lines.name,
			     rd->st.lines.lineno);
		stream_part_flush(&rd->st);
		/* nothing at all, not even a header: a failed rankof upstream
		 * (make runs pipelines without pipefail), never a result */
		if (!rd->st.seen_any)
			die_at(rd->st.lines.name, 0, "empty input: no rank stream (did the program upstream fail?)");
		stream_close(&rd->st);
		rd->open = 0;
		rd->p = rd->e = NULL;
	}
	const char *file = rd->st.lines.name;
	long ln = rd->st.lines.lineno;
	if (nf != 6 && !(nf == 7 && rd->v2ok))
		die_at(file, ln,
		       "expected 6 fields (query item grade rank ties n), found %zu%s",
		       nf, nf == 3 ? " (scores? pipe them through rankof first)" : "");
	if (rd->fields && nf != rd->fields)
		die_at(file, ln, "a line of %zu fields among lines of %zu "
		       "(version 1 has 6 fields, version 2 has 7)", nf,
		       rd->fields);
	rd->fields = nf;
	*qid = f[0];
	*item = f[1];
	*line = ln;
	parse_record(file, ln, f, 0, it, n, empty, 1);
	it->kind = nf == 7 ? parse_kind(file, ln, f[6], it->grade, *empty) : 'r';
	return 1;
}

int rank_order(long a, long b)
{
	if ((a < 0) != (b < 0))
		return a < 0 ? 1 : -1;
	return (a > b) - (a < b);
}

static int cmp_rel(const void *pa, const void *pb)
{
	const struct relitem *a = pa, *b = pb;
	int c = rank_order(a->rank, b->rank);
	return c ? c : (a->grade < b->grade) - (a->grade > b->grade);
}

/* 1 when cmp_rel holds the n items in order already, as rankof writes
 * them (by rank): no sort then */
static int in_order(const struct relitem *r, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (cmp_rel(&r[i - 1], &r[i]) > 0)
			return 0;
	return 1;
}

/* how many of the n items in cmp_rel's order are retrieved (the first) */
static size_t retrieved(const struct relitem *r, size_t n)
{
	size_t k = 0;

	while (k < n && r[k].rank >= 0)
		k++;
	return k;
}

/* q's tie groups from its relevant items by rank (the count and the
 * group in locals: the stores into a group could be to q's counts, for
 * all the compiler knows) */
void rquery_make_groups(struct rquery *q)
{
	size_t i, ng = 0, nret = q->nret;
	struct tgroup *g = NULL;

	for (i = 0; i < nret; i++) {
		const struct relitem *r = &q->rel[i];
		if (i == 0 || r->rank != r[-1].rank) {
			if (ng >= q->gcap)
				xgrow((void **)&q->g, &q->gcap, ng + 1,
				      sizeof *q->g);
			g = &q->g[ng++];
			g->a = r->rank - 1;
			g->t = r->ties + 1;
			g->s = 0;
			g->first = i;
		}
		if (r->ties + 1 != g->t)
			die_at(q->file, r->line,
			       "query '%s': relevant items at rank %ld disagree on ties",
			       q->id, r->rank);
		g->s++;
		if ((long)g->s > g->t)
			die_at(q->file, r->line,
			       "query '%s': more relevant items at rank %ld than its %ld tied positions",
			       q->id, r->rank, g->t);
	}
	q->ng = ng;
}

/* a record into the query: relevant ('r') or one of the other judged;
 * *unsorted set when a relevant one comes out of cmp_rel's order */
static inline void add(struct rquery *q, const struct relitem *it,
		       int *unsorted)
{
	if (it->kind == 'r') {
		if (q->m >= q->relcap)
			xgrow((void **)&q->rel, &q->relcap, q->m + 1,
			      sizeof *q->rel);
		if (q->m && cmp_rel(&q->rel[q->m - 1], it) > 0)
			*unsorted = 1;
		q->rel[q->m++] = *it;
	} else {
		if (q->nj >= q->jcap)
			xgrow((void **)&q->jud, &q->jcap, q->nj + 1,
			      sizeof *q->jud);
		q->jud[q->nj++] = *it;
	}
}

/* version 2: a query without relevant items has its '-' line; the judged
 * items that are not relevant sorted, and the lines at each rank agreeing
 * on ties and fitting in their tied positions, relevant ones included */
static void check_judged(struct rquery *q, int q_empty)
{
	size_t i = 0, k, gi = 0;
	long cnt;

	if (q->m == 0 && !q_empty)
		die_at(q->file, q->line, "query '%s' has no line of kind r (a "
		       "query without relevant items has '%s - 0 - - n r')",
		       q->id, q->id);
	if (q->nj > 1 && !in_order(q->jud, q->nj))
		qsort(q->jud, q->nj, sizeof *q->jud, cmp_rel);
	while (i < q->nj && q->jud[i].rank >= 0) {
		const struct relitem *f = &q->jud[i];
		for (k = i; k < q->nj && q->jud[k].rank == f->rank; k++)
			if (q->jud[k].ties != f->ties)
				die_at(q->file, q->jud[k].line, "query '%s': "
				       "items at rank %ld disagree on ties",
				       q->id, f->rank);
		cnt = (long)(k - i);
		while (gi < q->ng && q->g[gi].a < f->rank - 1)
			gi++;
		if (gi < q->ng && q->g[gi].a == f->rank - 1) {
			if (q->g[gi].t != f->ties + 1)
				die_at(q->file, f->line, "query '%s': items at "
				       "rank %ld disagree on ties", q->id, f->rank);
			cnt += (long)q->g[gi].s;
		}
		if (cnt > f->ties + 1)
			die_at(q->file, f->line, "query '%s': more items at rank "
			       "%ld than its %ld tied positions", q->id, f->rank,
			       f->ties + 1);
		i = k;
	}
}

void rquery_need_v2(const struct rquery *q, const char *measure)
{
	if (!q->v2)
		die_at(q->file, q->line, "%s needs the judged items that are "
		       "not relevant, which the rank stream carries from "
		       "rankof --judged (version 2); query '%s' has its "
		       "relevant items only", measure, q->id);
}

/* keeps record (qid, item, ...) as the first of the next query */
static void hold(struct rankreader *rd, struct slice qid, struct slice item,
		 const struct relitem *it, long n, int empty)
{
	xgrow((void **)&rd->pend_qid, &rd->pend_qidcap, qid.n + 1, 1);
	memcpy(rd->pend_qid, qid.p, qid.n);
	rd->pend_qid[qid.n] = '\0';
	rd->pend_qidlen = qid.n;
	xgrow((void **)&rd->pend_item, &rd->pend_itemcap, item.n + 1, 1);
	memcpy(rd->pend_item, item.p, item.n);
	rd->pend_itemlen = item.n;
	rd->pend = *it;
	rd->pend_n = n;
	rd->pend_empty = empty;
	rd->have_pend = 1;
}

/* an item that comes twice in one query would count twice: kept for
 * check_items */
static void take_item(struct rankreader *rd, struct slice item, long line)
{
	size_t e = rd->items.n;

	repeats_add(&rd->items, item);
	if (e >= rd->ilcap)
		xgrow((void **)&rd->iline, &rd->ilcap, e + 1, sizeof *rd->iline);
	rd->iline[e] = line;
}

int rankreader_next(struct rankreader *rd, struct rquery *q)
{
	struct slice qid, item;
	struct relitem it;
	long n, line;
	int empty;

	if (!rd->have_pend) {
		if (!next_record(rd, &qid, &item, &it, &n, &empty, &line))
			return 0;
		idset_add(&rd->seen, qid);
		rd->part_begun = 1;
		hold(rd, qid, item, &it, n, empty);
	}
	rd->have_pend = 0;

	/* 8 bytes more for same_bytes_padded */
	xgrow((void **)&q->id, &q->idcap, rd->pend_qidlen + 9, 1);
	memcpy(q->id, rd->pend_qid, rd->pend_qidlen + 1);
	memset(q->id + rd->pend_qidlen + 1, 0, 8);
	q->n = rd->pend_n;
	q->line = rd->pend.line;
	q->file = rd->st.lines.name;
	q->m = q->nret = q->nj = 0;
	q->v2 = rd->fields == 7;
	repeats_clear(&rd->items);
	rd->iqid = q->id;
	err_first(check_items_first, rd);
	int q_empty = rd->pend_empty, unsorted = 0;
	if (!q_empty) {
		struct slice pi = { rd->pend_item, rd->pend_itemlen };
		take_item(rd, pi, q->line);
		add(q, &rd->pend, &unsorted);
	}
	/* the query's common lines taken by the quick path (rankfast.c),
	 * every other line by next_record and the checks below; a query of
	 * '-' has its lines checked by next_record only */
	rankfast_begin(rd, q, q_empty);
	for (;;) {
		rankfast_take(rd, q, &unsorted);
		if (!next_record(rd, &qid, &item, &it, &n, &empty, &line))
			break;
		if (qid.n != rd->pend_qidlen ||
		    !same_bytes_padded(qid.p, q->id, qid.n)) {
			stream_query_begins(&rd->seen, qid, rd->st.lines.name,
					    line, !rd->part_begun);
			rd->part_begun = 1;
			hold(rd, qid, item, &it, n, empty);
			break;
		}
		if (n != q->n)
			die_at(rd->st.lines.name, line,
			       "n differs within query '%s' (%ld, then %ld)",
			       q->id, q->n, n);
		if (empty || (q_empty && it.kind == 'r'))
			die_at(rd->st.lines.name, line,
			       "query '%s' has a '-' line and other lines%s",
			       q->id, q->v2 ? " of kind r" : "");
		take_item(rd, item, line);
		add(q, &it, &unsorted);
	}
	check_items(rd);
	err_first(NULL, NULL);
	if (unsorted)
		qsort(q->rel, q->m, sizeof *q->rel, cmp_rel);
	q->nret = retrieved(q->rel, q->m);
	rquery_make_groups(q);
	if (q->v2)
		check_judged(q, q_empty);
	return 1;
}

void rquery_free(struct rquery *q)
{
	free(q->id);
	free(q->rel);
	free(q->g);
	free(q->jud);
	memset(q, 0, sizeof *q);
}
