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
static int next_record(struct stream *S, struct slice *f)
{
	size_t nf;

	if (!stream_next(S, f, 7, &nf))
		return 0;
	if (nf != 6)
		die_at(S->L.name, S->L.lineno, "expected 6 fields (query item "
		       "grade rank ties n), found %zu", nf);
	return 1;
}

static void flush(struct merge *M)
{
	size_t i;

	if (!M->m && !M->empty)
		return;
	for (i = 0; i < M->m; i++)
		M->ln[i].item.p = M->text + M->ioff[i];
	rankline_sort(M->ln, M->m);
	rankline_write((struct slice){ M->qid, M->qn }, M->ln, M->m, M->n);
	M->qn = M->tn = M->m = 0;
	M->empty = 0;
}

/* record f of the first shard begins a line (or a query) of the merge */
static void begin_line(struct merge *M, const struct slice *f)
{
	struct rankline *l;

	if (M->m + M->empty && (f[0].n != M->qn ||
				memcmp(f[0].p, M->qid, M->qn) != 0))
		flush(M);
	M->first_line = !M->m && !M->empty;
	if (M->first_line) {
		xgrow((void **)&M->qid, &M->qcap, f[0].n + 1, 1);
		memcpy(M->qid, f[0].p, f[0].n);
		M->qn = f[0].n;
		M->n = 0;
	}
	if (is_dash(f[1])) {
		M->empty = 1;
		return;
	}
	xgrow((void **)&M->text, &M->tcap, M->tn + f[1].n, 1);
	xgrow((void **)&M->ioff, &M->icap, M->m + 1, sizeof *M->ioff);
	xgrow((void **)&M->ln, &M->lcap, M->m + 1, sizeof *M->ln);
	memcpy(M->text + M->tn, f[1].p, f[1].n);
	M->ioff[M->m] = M->tn;
	M->tn += f[1].n;
	l = &M->ln[M->m++];
	l->item.n = f[1].n;
	l->grade = 0;
	l->rank = 1;
	l->ties = 0;
}

/* adds record f of shard S (file k) to the line begun; first is the
 * record of the first shard */
static void add_line(struct merge *M, struct stream *S, const struct slice *f,
		     const struct slice *first, int k)
{
	const char *file = S->L.name;
	long ln = S->L.lineno, grade;
	struct rankline *l = is_dash(f[1]) ? NULL : &M->ln[M->m - 1];

	if (!slice_eq(f[0], first[0]) || !slice_eq(f[1], first[1]))
		die_at(file, ln, "query '%.*s' item '%.*s' where the first "
		       "shard has query '%.*s' item '%.*s'", (int)f[0].n,
		       f[0].p, (int)f[1].n, f[1].p, (int)first[0].n,
		       first[0].p, (int)first[1].n, first[1].p);
	grade = field_long(file, ln, 3, f[2]);
	if (M->first_line)
		M->n += field_long(file, ln, 6, f[5]);
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
	struct stream *S = xcalloc((size_t)nfiles, sizeof *S);
	struct slice *f = xcalloc((size_t)nfiles * 7, sizeof *f);
	struct merge M;
	int k, more;

	memset(&M, 0, sizeof M);
	for (k = 0; k < nfiles; k++)
		stream_open(&S[k], files[k], HDR_RANK);
	for (;;) {
		more = next_record(&S[0], f);
		for (k = 1; k < nfiles; k++)
			if (next_record(&S[k], f + 7 * k) != more)
				die_at(files[k], S[k].L.lineno, "%s where %s %s",
				       more ? "ends" : "goes on", files[0],
				       more ? "goes on" : "ends");
		if (!more)
			break;
		begin_line(&M, f);
		for (k = 0; k < nfiles; k++)
			add_line(&M, &S[k], f + 7 * k, f, k);
	}
	flush(&M);
	for (k = 0; k < nfiles; k++)
		stream_close(&S[k]);
	free(S);
	free(f);
	free(M.qid);
	free(M.text);
	free(M.ioff);
	free(M.ln);
}
