/* rankof --merge of query shards (see queryjoin.h). Query shard I of N
 * holds the queries at positions I, I+N, I+2N, ... of the run, so taking
 * one query of shard 0, then one of shard 1, ..., around again, gives
 * back the run's order whenever every query wrote lines (rankof writes a
 * query without relevant items as its '-' line; only a qrels query
 * without judgments, or a run's query unjudged, writes none). Records are
 * checked as every rank stream reader checks them and written as rankof
 * writes them, fields apart by tabs. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/idset.h"
#include "util/out.h"
#include "rank/queryjoin.h"
#include "stream/rankstream.h"

const struct facts *shardin_facts(const struct shardin *s)
{
	return s->st.parts.ended ? &s->ended : &s->st.facts;
}

void shardin_same_run(const struct shardin *s, const struct shardin *s0)
{
	const struct facts *f = shardin_facts(s), *a = shardin_facts(s0);
	const char *file = s->st.lines.name, *first = s0->st.lines.name;

	if (f->has_fingerprint != a->has_fingerprint)
		die_at(file, 0, "%s '# fingerprint' line where %s has %s: "
		       "shards of different runs (or of an older rankof: make "
		       "them again)", f->has_fingerprint ? "a" : "no", first,
		       a->has_fingerprint ? "one" : "none");
	if (f->fingerprint != a->fingerprint)
		die_at(file, 0, "fingerprint %016" PRIx64 " where %s has "
		       "%016" PRIx64 ": a shard of another run (another query "
		       "file, gallery, relevance or option)", f->fingerprint,
		       first, a->fingerprint);
}

static int cmp_part(const void *pa, const void *pb)
{
	const struct shardin *a = *(struct shardin *const *)pa;
	const struct shardin *b = *(struct shardin *const *)pb;
	long x = shardin_facts(a)->part, y = shardin_facts(b)->part;

	return (x > y) - (x < y);
}

/* a part after a file's end line: parts given concatenated would hide a
 * shard missing inside the file */
static _Noreturn void second_part(const struct shardin *s)
{
	die_at(s->st.lines.name, s->st.lines.lineno, "a second part in one "
	       "file: give each query shard as a file of its own");
}

/* each shard of one run, once: the same version, fingerprint (or none
 * in any), N, depth and folds as the first */
static void check_shard(const struct shardin *s, const struct shardin *s0)
{
	const struct facts *f = shardin_facts(s), *a = shardin_facts(s0);
	const char *file = s->st.lines.name, *first = s0->st.lines.name;

	if (!f->nparts)
		die_at(file, 0, "no '# part I/N' line and no '# items A:B N' "
		       "line: not a shard (rankof --shard I/N, --part I/N or "
		       "-e --items A:B)");
	if (s->parts > 1 || (s->parts && s->got))
		second_part(s);
	if (s->version != s0->version)
		die_at(file, 0, "a rank stream of version %d where %s is of "
		       "version %d: shards of different runs", s->version,
		       first, s0->version);
	shardin_same_run(s, s0);
	if (f->nparts != a->nparts)
		die_at(file, 0, "part %ld/%ld where %s is part %ld/%ld: shards "
		       "of different runs", f->part, f->nparts, first, a->part,
		       a->nparts);
	if (f->depth != a->depth || f->score_cut != a->score_cut ||
	    strcmp(f->cut_score, a->cut_score) != 0 || f->folds != a->folds)
		die_at(file, 0, "its depth or folds lines differ from those of "
		       "%s", first);
}

/* the shards sorted by part: parts 0 to N-1, each once, or dies naming
 * the file given twice or the part missing */
static struct shardin **in_part_order(struct shardin *s, int n)
{
	struct shardin **o = xcalloc((size_t)n, sizeof *o);
	long nparts;
	int want = 0;
	int k;

	for (k = 0; k < n; k++) {
		check_shard(&s[k], &s[0]);
		o[k] = &s[k];
	}
	qsort(o, (size_t)n, sizeof *o, cmp_part);
	nparts = shardin_facts(o[0])->nparts;
	for (k = 1; k < n; k++)
		if (shardin_facts(o[k])->part == shardin_facts(o[k - 1])->part)
			die_at(o[k]->st.lines.name, 0, "part %ld/%ld, as in %s "
			       "(a shard given twice?)",
			       shardin_facts(o[k])->part, nparts,
			       o[k - 1]->st.lines.name);
	while (want < n && shardin_facts(o[want])->part == want)
		want++;
	if (want < nparts)
		die(EXIT_DATA, "--merge: part %d/%ld is missing (%d of %ld "
		    "query shards given)", want, nparts, n, nparts);
	return o;
}

/* writes record f of shard s, checked */
static void copy_record(struct shardin *s)
{
	const char *file = s->st.lines.name;
	long ln = s->st.lines.lineno, n;
	struct relitem it;
	size_t i, want = s->version == 2 ? 7 : 6;
	int empty;

	if (s->nf != want)
		die_at(file, ln, "expected %zu fields (query item grade rank "
		       "ties n%s), found %zu", want, want == 7 ? " kind" : "",
		       s->nf);
	rankrecord_parse(file, ln, s->f, 0, &it, &n, &empty);
	for (i = 0; i < s->nf; i++) {
		if (i)
			out_char('\t');
		out_slice(s->f[i]);
	}
	out_char('\n');
}

static void next_record(struct shardin *s)
{
	s->got = stream_next(&s->st, s->f, 8, &s->nf);
	if (s->got && s->parts)
		second_part(s);
}

/* copies the lines of shard s's next query; 0 when s has ended */
static int copy_query(struct shardin *s, struct idset *seen, char **qid,
		      size_t *cap)
{
	size_t qn;

	if (!s->got)
		return 0;
	qn = s->f[0].n;
	stream_query_begins(seen, s->f[0], s->st.lines.name,
			    s->st.lines.lineno, 1);
	xgrow((void **)qid, cap, qn + 1, 1);
	memcpy(*qid, s->f[0].p, qn);
	do {
		copy_record(s);
		next_record(s);
	} while (s->got && s->f[0].n == qn && memcmp(s->f[0].p, *qid, qn) == 0);
	return 1;
}

void queryjoin_run(struct shardin *s, int n)
{
	struct shardin **o = in_part_order(s, n);
	struct facts out = *shardin_facts(o[0]);
	struct idset seen;
	char *qid = NULL;
	size_t cap = 0;
	int k, more = 1;

	out.nparts = out.part = 0;
	out.has_fingerprint = 0;
	stream_write_header(o[0]->version == 2 ? HDR_RANK2 : HDR_RANK);
	facts_write(&out);
	out_flush();	/* a failure below leaves the stream visibly cut */
	idset_init(&seen);
	while (more)
		for (more = 0, k = 0; k < n; k++)
			more |= copy_query(o[k], &seen, &qid, &cap);
	for (k = 0; k < n; k++)
		if (s[k].parts > 1)
			second_part(&s[k]);
	stream_write_end();
	idset_free(&seen);
	free(qid);
	free(o);
}
