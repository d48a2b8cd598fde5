/* The rank stream, one query at a time: records are checked (field count,
 * numbers, '-' pairs, constant n, contiguous queries, consistent tie
 * groups) and gathered into tie groups. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/out.h"
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
	strmap_init(&rd->items);
}

void rankreader_close(struct rankreader *rd)
{
	if (rd->open)
		stream_close(&rd->st);
	rd->open = 0;
	idset_free(&rd->seen);
	strmap_free(&rd->items);
	free(rd->pend_item);
	free(rd->pend_qid);
	free(rd->runtag);
	rd->pend_item = rd->pend_qid = rd->runtag = NULL;
}

static int is_dash(struct slice s)
{
	return s.n == 1 && s.p[0] == '-';
}

void rankrecord_parse(const char *file, long ln, const struct slice *f,
		      int shard, struct relitem *it, long *n, int *empty)
{
	it->line = ln;
	it->grade = field_long(file, ln, 3, f[2]);
	*n = field_long(file, ln, 6, f[5]);
	if (*n < 0)
		die_at(file, ln, "field 6: n is negative");
	if (is_dash(f[3]) || is_dash(f[4])) {
		if (!is_dash(f[3]) || !is_dash(f[4]))
			die_at(file, ln, "rank and ties must both be '-' or both numbers");
		it->rank = -1;
		it->ties = 0;
	} else {
		it->rank = field_long(file, ln, 4, f[3]);
		it->ties = field_long(file, ln, 5, f[4]);
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

/* reads the next record; 0 at the end of the last file */
static int next_record(struct rankreader *rd, struct slice *qid,
		       struct slice *item, struct relitem *it, long *n,
		       int *empty, long *line)
{
	struct slice f[7];
	size_t nf;

	for (;;) {
		if (!rd->open) {
			if (rd->fi == rd->nfiles)
				return 0;
			stream_open(&rd->st, rd->files[rd->fi++], HDR_RANK);
			rd->st.comment = take_run;
			rd->st.comment_ctx = rd;
			rd->open = 1;
		}
		if (stream_next(&rd->st, f, 7, &nf))
			break;
		/* nothing at all, not even a header: a failed rankof upstream
		 * (make runs pipelines without pipefail), never a result */
		if (!rd->st.seen_any)
			die_at(rd->st.lines.name, 0, "empty input: no rank stream (did the program upstream fail?)");
		stream_close(&rd->st);
		rd->open = 0;
	}
	const char *file = rd->st.lines.name;
	long ln = rd->st.lines.lineno;
	if (nf != 6)
		die_at(file, ln,
		       "expected 6 fields (query item grade rank ties n), found %zu%s",
		       nf, nf == 3 ? " (scores? pipe them through rankof first)" : "");
	*qid = f[0];
	*item = f[1];
	*line = ln;
	rankrecord_parse(file, ln, f, 0, it, n, empty);
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

static void make_groups(struct rquery *q)
{
	size_t i;
	q->ng = 0;
	for (i = 0; i < q->nret; i++) {
		struct relitem *r = &q->rel[i];
		if (i == 0 || r->rank != q->rel[i - 1].rank) {
			xgrow((void **)&q->g, &q->gcap, q->ng + 1, sizeof *q->g);
			struct tgroup *g = &q->g[q->ng++];
			g->a = r->rank - 1;
			g->t = r->ties + 1;
			g->s = 0;
			g->first = i;
		}
		struct tgroup *g = &q->g[q->ng - 1];
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

/* an item that comes twice in one query would count twice */
static void take_item(struct rankreader *rd, struct slice item, long line,
		      const char *qid)
{
	int created;
	strmap_put(&rd->items, item, &created);
	if (!created)
		die_at(rd->st.lines.name, line, "duplicate item '%.*s' in query '%s'",
		       (int)item.n, item.p, qid);
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
		hold(rd, qid, item, &it, n, empty);
	}
	rd->have_pend = 0;

	xgrow((void **)&q->id, &q->idcap, rd->pend_qidlen + 1, 1);
	memcpy(q->id, rd->pend_qid, rd->pend_qidlen + 1);
	q->n = rd->pend_n;
	q->line = rd->pend.line;
	q->file = rd->st.lines.name;
	q->m = q->nret = 0;
	strmap_clear(&rd->items);
	int q_empty = rd->pend_empty;
	if (!q_empty) {
		struct slice pi = { rd->pend_item, rd->pend_itemlen };
		take_item(rd, pi, q->line, q->id);
		xgrow((void **)&q->rel, &q->relcap, 1, sizeof *q->rel);
		q->rel[q->m++] = rd->pend;
	}
	while (next_record(rd, &qid, &item, &it, &n, &empty, &line)) {
		if (qid.n != rd->pend_qidlen ||
		    memcmp(qid.p, q->id, qid.n) != 0) {
			if (!idset_add(&rd->seen, qid))
				die_at(rd->st.lines.name, line,
				       "query '%.*s' reappears after another query began (sort -b -s -k1,1 first)",
				       (int)qid.n, qid.p);
			hold(rd, qid, item, &it, n, empty);
			break;
		}
		if (n != q->n)
			die_at(rd->st.lines.name, line,
			       "n differs within query '%s' (%ld, then %ld)",
			       q->id, q->n, n);
		if (empty || q_empty)
			die_at(rd->st.lines.name, line,
			       "query '%s' has a '-' line and other lines", q->id);
		take_item(rd, item, line, q->id);
		xgrow((void **)&q->rel, &q->relcap, q->m + 1, sizeof *q->rel);
		q->rel[q->m++] = it;
	}
	if (q->m > 1)
		qsort(q->rel, q->m, sizeof *q->rel, cmp_rel);
	while (q->nret < q->m && q->rel[q->nret].rank >= 0)
		q->nret++;
	make_groups(q);
	return 1;
}

void rquery_free(struct rquery *q)
{
	free(q->id);
	free(q->rel);
	free(q->g);
	memset(q, 0, sizeof *q);
}
