/* The header lines that state how a stream was made (facts.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stream/facts.h"
#include "util/err.h"
#include "util/num.h"
#include "util/out.h"

/* "I/N" with 0 <= I < N */
static int parse_part(struct slice s, long *i, long *n)
{
	const char *slash = memchr(s.p, '/', s.n);
	struct slice a, b;

	if (!slash)
		return 0;
	a = (struct slice){ s.p, (size_t)(slash - s.p) };
	b = (struct slice){ slash + 1, s.n - a.n - 1 };
	return parse_long(a, i) == NUM_OK && parse_long(b, n) == NUM_OK &&
	       *i >= 0 && *i < *n;
}

/* 16 hexadecimal digits */
static int parse_hex64(struct slice s, uint64_t *v)
{
	size_t i;

	*v = 0;
	if (s.n != 16)
		return 0;
	for (i = 0; i < 16; i++) {
		char c = s.p[i];
		int d = c >= '0' && c <= '9' ? c - '0' :
			c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0)
			return 0;
		*v = *v << 4 | (uint64_t)d;
	}
	return 1;
}

static void depth_line(struct facts *f, const struct slice *a, size_t na,
		       const char *file, long ln)
{
	long d;

	if (na == 3 && slice_eqs(a[1], "score")) {
		double t;
		if (parse_double(a[2], &t) != NUM_OK ||
		    a[2].n >= sizeof f->cut_score)
			die_at(file, ln, "a depth line is '# depth N' or "
			       "'# depth score T'");
		if (f->score_cut && (strlen(f->cut_score) != a[2].n ||
				     memcmp(f->cut_score, a[2].p, a[2].n) != 0))
			die_at(file, ln, "a second depth score, %.*s after %s",
			       (int)a[2].n, a[2].p, f->cut_score);
		f->score_cut = 1;
		memcpy(f->cut_score, a[2].p, a[2].n);
		f->cut_score[a[2].n] = '\0';
		return;
	}
	if (na != 2 || parse_long(a[1], &d) != NUM_OK || d < 1)
		die_at(file, ln, "a depth line is '# depth N' (N >= 1) or "
		       "'# depth score T'");
	if (!f->depth || d < f->depth)
		f->depth = d;
}

int facts_line(struct facts *f, struct slice line, const char *file,
	       long lineno)
{
	struct slice a[5];
	size_t na;

	if (line.n < 2 || line.p[0] != '#')
		return 0;
	line.p++, line.n--;
	na = split_fields(line, a, 5);
	if (na < 1)
		return 0;
	if (slice_eqs(a[0], "depth")) {
		depth_line(f, a, na, file, lineno);
		return 1;
	}
	if (slice_eqs(a[0], "folds")) {
		long n;
		if (na != 2 || parse_long(a[1], &n) != NUM_OK || n < 1)
			die_at(file, lineno, "a folds line is '# folds N' (N >= 1)");
		if (f->folds && f->folds != n)
			die_at(file, lineno, "folds %ld after folds %ld in one "
			       "stream", n, f->folds);
		f->folds = n;
		return 1;
	}
	if (slice_eqs(a[0], "part")) {
		long i, n;
		if (na != 2 || !parse_part(a[1], &i, &n))
			die_at(file, lineno, "a part line is '# part I/N' with "
			       "0 <= I < N");
		if (f->nparts && (f->part != i || f->nparts != n))
			die_at(file, lineno, "a second part line in one stream "
			       "(part %ld/%ld, then %ld/%ld): were two parts "
			       "joined without their end lines?", f->part,
			       f->nparts, i, n);
		f->part = i;
		f->nparts = n;
		return 1;
	}
	if (slice_eqs(a[0], "fingerprint")) {
		uint64_t v;
		if (na != 2 || !parse_hex64(a[1], &v))
			die_at(file, lineno, "a fingerprint line is "
			       "'# fingerprint HEX' (16 hexadecimal digits)");
		if (f->has_fingerprint && f->fingerprint != v)
			die_at(file, lineno, "a second fingerprint in one stream");
		f->has_fingerprint = 1;
		f->fingerprint = v;
		return 1;
	}
	return 0;
}

void facts_write(const struct facts *f)
{
	char buf[96];

	if (f->depth) {
		snprintf(buf, sizeof buf, "# depth\t%ld\n", f->depth);
		out_str(buf);
	}
	if (f->score_cut) {
		snprintf(buf, sizeof buf, "# depth\tscore\t%s\n", f->cut_score);
		out_str(buf);
	}
	if (f->folds) {
		snprintf(buf, sizeof buf, "# folds\t%ld\n", f->folds);
		out_str(buf);
	}
	if (f->nparts) {
		snprintf(buf, sizeof buf, "# part\t%ld/%ld\n", f->part,
			 f->nparts);
		out_str(buf);
	}
	if (f->has_fingerprint) {
		snprintf(buf, sizeof buf, "# fingerprint\t%016" PRIx64 "\n",
			 f->fingerprint);
		out_str(buf);
	}
}

void facts_depth_text(const struct facts *f, char *buf, size_t n)
{
	if (f->depth && f->score_cut)
		snprintf(buf, n, "depth %ld and score %s", f->depth,
			 f->cut_score);
	else if (f->depth)
		snprintf(buf, n, "depth %ld", f->depth);
	else if (f->score_cut)
		snprintf(buf, n, "score %s", f->cut_score);
	else
		snprintf(buf, n, "%s", "");
}

void runfacts_init(struct runfacts *r)
{
	memset(r, 0, sizeof *r);
}

void facts_merge_depth(struct facts *a, const struct facts *f)
{
	if (f->depth && (!a->depth || f->depth < a->depth))
		a->depth = f->depth;
	if (f->score_cut && !a->score_cut) {
		a->score_cut = 1;
		memcpy(a->cut_score, f->cut_score, sizeof a->cut_score);
	}
}

void runfacts_add(struct runfacts *r, const struct facts *f,
		  const char *file, long line)
{
	struct facts *a = &r->all;

	facts_merge_depth(a, f);
	if (f->folds && a->folds && f->folds != a->folds)
		die_at(file, line, "this part's gallery was cut into %ld folds, "
		       "an earlier part's into %ld: parts of different runs",
		       f->folds, a->folds);
	if (f->folds) {
		a->folds = f->folds;
		r->folded++;
	}
	if (f->has_fingerprint && a->has_fingerprint &&
	    f->fingerprint != a->fingerprint)
		die_at(file, line, "fingerprint %016" PRIx64 " where an earlier "
		       "part has %016" PRIx64 ": parts of different runs "
		       "(different inputs or options)", f->fingerprint,
		       a->fingerprint);
	if (f->has_fingerprint) {
		a->has_fingerprint = 1;
		a->fingerprint = f->fingerprint;
	}
	if (f->nparts) {
		if (a->nparts && f->nparts != a->nparts)
			die_at(file, line, "part %ld/%ld among parts of %ld: "
			       "parts of different runs", f->part, f->nparts,
			       a->nparts);
		a->nparts = f->nparts;
		xgrow((void **)&r->part, &r->cap, (size_t)r->marked + 1,
		      sizeof *r->part);
		r->part[r->marked++] = f->part;
	}
	if (!r->file) {
		r->file = file;
		r->line = line;
	}
	r->parts++;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

const char *runfacts_gap(const struct runfacts *r, char *buf, size_t n)
{
	long N = r->all.nparts, want = 0, i;

	if (!r->marked)
		return NULL;
	if (r->marked != r->parts) {
		snprintf(buf, n, "%ld of %ld parts have no part line: a whole "
			 "run mixed with parts of one", r->parts - r->marked,
			 r->parts);
		return buf;
	}
	qsort(r->part, (size_t)r->marked, sizeof *r->part, cmp_long);
	for (i = 0; i < r->marked; i++) {
		if (r->part[i] < want) {
			snprintf(buf, n, "part %ld/%ld is there twice",
				 r->part[i], N);
			return buf;
		}
		if (r->part[i] > want)
			break;
		want++;
	}
	if (want < N) {
		snprintf(buf, n, "part %ld/%ld is missing (%ld of %ld parts read)",
			 want, N, r->marked, N);
		return buf;
	}
	return NULL;
}

long runfacts_folds(const struct runfacts *r)
{
	if (!r->folded)
		return 0;
	return r->folded == r->parts ? r->all.folds : -1;
}

void runfacts_free(struct runfacts *r)
{
	free(r->part);
	memset(r, 0, sizeof *r);
}
