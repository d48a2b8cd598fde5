/* rankof --merge (see rankmerge.h). An item's rank is one plus the
 * candidates above it, and the candidates of a gallery are those of its
 * shards: rank - 1, ties and n of a line add up over the shards. The
 * shards list each query's lines in item order, the same in all of them;
 * the sums of a query are written in the rank stream's order. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/out.h"
#include "rank/rankmerge.h"
#include "rank/ranker.h"
#include "stream/stream.h"

/* one query's lines being added up: item ids in text, lines by offset */
struct merge {
	char *qid, *text;
	size_t qn, tn, tcap, qcap;
	size_t *ioff;		/* per line: its item in text */
	struct rankline *ln;
	size_t m, lcap, icap;
	long n;
	int empty;		/* the query's '-' line */
	int first_line;		/* the line begun is the query's first */
};

static int is_dash(struct slice s)
{
	return s.n == 1 && s.p[0] == '-';
}

/* the next record of S into f[0 .. 5], 0 at the end */
static int next_record(struct stream *st, struct slice *f)
{
	size_t nf;

	if (!stream_next(st, f, 7, &nf))
		return 0;
	if (nf != 6)
		die_at(st->lines.name, st->lines.lineno, "expected 6 fields (query item "
		       "grade rank ties n), found %zu", nf);
	return 1;
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

/* adds record f of shard S (file k) to the line begun; first is the
 * record of the first shard */
static void add_line(struct merge *mg, struct stream *st, const struct slice *f,
		     const struct slice *first, int k)
{
	const char *file = st->lines.name;
	long ln = st->lines.lineno, grade;
	struct rankline *l = is_dash(f[1]) ? NULL : &mg->ln[mg->m - 1];

	if (!slice_eq(f[0], first[0]) || !slice_eq(f[1], first[1]))
		die_at(file, ln, "query '%.*s' item '%.*s' where the first "
		       "shard has query '%.*s' item '%.*s'", (int)f[0].n,
		       f[0].p, (int)f[1].n, f[1].p, (int)first[0].n,
		       first[0].p, (int)first[1].n, first[1].p);
	grade = field_long(file, ln, 3, f[2]);
	if (mg->first_line)
		mg->n += field_long(file, ln, 6, f[5]);
	if (!l)
		return;
	if (k == 0)
		l->grade = grade;
	else if (grade != l->grade)
		die_at(file, ln, "grade %ld where the first shard has %ld",
		       grade, l->grade);
	if (k > 0 && is_dash(f[3]) != (l->rank < 0))
		die_at(file, ln, "rank '%.*s' where the first shard has %s",
		       (int)f[3].n, f[3].p, l->rank < 0 ? "'-'" : "a rank");
	if (is_dash(f[3])) {
		l->rank = -1;
		return;
	}
	l->rank += field_long(file, ln, 4, f[3]) - 1;
	l->ties += field_long(file, ln, 5, f[4]);
}

void rankmerge_run(char **files, int nfiles)
{
	struct stream *st = xcalloc((size_t)nfiles, sizeof *st);
	struct slice *f = xcalloc((size_t)nfiles * 7, sizeof *f);
	struct merge mg;
	int k, more;

	memset(&mg, 0, sizeof mg);
	for (k = 0; k < nfiles; k++)
		stream_open(&st[k], files[k], HDR_RANK);
	for (;;) {
		more = next_record(&st[0], f);
		for (k = 1; k < nfiles; k++)
			if (next_record(&st[k], f + 7 * k) != more)
				die_at(files[k], st[k].lines.lineno, "%s where %s %s",
				       more ? "ends" : "goes on", files[0],
				       more ? "goes on" : "ends");
		if (!more)
			break;
		begin_line(&mg, f);
		for (k = 0; k < nfiles; k++)
			add_line(&mg, &st[k], f + 7 * k, f, k);
	}
	flush(&mg);
	for (k = 0; k < nfiles; k++)
		stream_close(&st[k]);
	free(st);
	free(f);
	free(mg.qid);
	free(mg.text);
	free(mg.ioff);
	free(mg.ln);
}
