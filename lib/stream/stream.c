/* Reading and writing rankkit streams with their header and end lines. */
#include <stdio.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/out.h"
#include "stream/archive.h"
#include "stream/stream.h"

void stream_open(struct stream *st, const char *path, const char *header)
{
	/* a compressed file would fail later, far from the cause */
	archive_refuse_file(path);
	lines_open(&st->lines, path);
	st->header = header;
	st->parts.has_header = 0;
	st->parts.ended = 0;
	st->seen_any = 0;
	st->comment = NULL;
	st->comment_ctx = NULL;
	st->take_items = st->has_items = 0;
	memset(&st->facts, 0, sizeof st->facts);
	st->part_done = NULL;
	st->part_ctx = NULL;
}

/* the part's facts to part_done; a new part begins */
static void part_ends(struct stream *st)
{
	if (st->part_done)
		st->part_done(st->part_ctx, &st->facts, st->lines.name,
			      st->lines.lineno);
	memset(&st->facts, 0, sizeof st->facts);
}

void stream_part_flush(struct stream *st)
{
	if (st->seen_any && !st->parts.ended)
		part_ends(st);
}

int stream_is_header(struct slice line, const char *header)
{
	/* "# " then the columns, separated by tabs or spaces */
	struct slice a[16], b[16];
	struct slice h = { header, strlen(header) };
	size_t na, nb, i;

	if (line.n < 2 || line.p[0] != '#')
		return 0;
	line.p++, line.n--;
	na = split_fields(line, a, 16);
	nb = split_fields(h, b, 16);
	if (na != nb || na > 16)
		return 0;
	for (i = 0; i < na; i++)
		if (!slice_eq(a[i], b[i]))
			return 0;
	return 1;
}

int stream_is_end(struct slice line)
{
	struct slice f[3];
	if (line.n < 2 || line.p[0] != '#')
		return 0;
	line.p++, line.n--;
	return split_fields(line, f, 3) == 1 && slice_eqs(f[0], "end");
}

/* the streams rankkit programs write, and where each goes next */
static const struct kind {
	const char *header, *what, *todo;
} kinds[] = {
	{ .header = HDR_SCORE, .what = "a score stream (query item score)",
	  .todo = "pipe it through rankof first" },
	{ .header = HDR_RANK, .what = "a rank stream (rankof's output)",
	  .todo = "give it to hitrate, mapr or ndcg" },
	{ .header = HDR_RANK2, .what = "a rank stream of version 2 (rankof --judged, "
	  "or a gallery shard of rankof -e --items)",
	  .todo = "give it to hitrate, mapr, ndcg or cmc (this program reads version 1)" },
	{ .header = HDR_MEASURE, .what = "a measure stream (a result table)",
	  .todo = "it is already measured" },
	{ .header = HDR_MEASURE2, .what = "a measure stream of version 2 "
	  "(--group-by)", .todo = "it is already measured" },
};

static const char *kind_name(const char *header)
{
	size_t i;
	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].header, header) == 0)
			return kinds[i].what;
	return header;
}

void stream_check_kind(struct slice line, const char *expected,
		       const char *file, long lineno)
{
	size_t i;
	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if ((!expected || strcmp(kinds[i].header, expected) != 0) &&
		    stream_is_header(line, kinds[i].header)) {
			if (!expected)
				die_at(file, lineno, "this is %s, not a "
				       "relevance file (qrels or labels)",
				       kinds[i].what);
			die_at(file, lineno, "this is %s where %s belongs: %s",
			       kinds[i].what, kind_name(expected),
			       kinds[i].todo);
		}
}

void parts_header(struct parts *pt, long lineno)
{
	if (lineno == 1 || pt->ended) {
		pt->has_header = 1;
		pt->ended = 0;
	}
}

void parts_end(struct parts *pt)
{
	pt->ended |= pt->has_header;
}

void parts_data(const struct parts *pt, const char *file, long line)
{
	if (pt->ended)
		die_at(file, line, "data after the '# end' line");
}

void parts_finish(const struct parts *pt, const char *file, long line)
{
	if (pt->has_header && !pt->ended)
		die_at(file, line,
		       "stream ends without its '# end' line (the program upstream failed)");
}

/* "# items A:B N": the numbers of its fields a[1], a[2] into r */
static void parse_items(struct stream *st, const struct slice *a,
			size_t na, struct itemrange *r)
{
	const char *file = st->lines.name, *colon;
	long ln = st->lines.lineno;
	struct slice x, y;

	colon = na == 3 ? memchr(a[1].p, ':', a[1].n) : NULL;
	if (!colon)
		die_at(file, ln, "an items line is '# items A:B N'");
	x = (struct slice){ a[1].p, (size_t)(colon - a[1].p) };
	y = (struct slice){ colon + 1, a[1].n - x.n - 1 };
	if (parse_long(x, &r->a) != NUM_OK || parse_long(y, &r->b) != NUM_OK ||
	    parse_long(a[2], &r->n) != NUM_OK || r->a < 0 || r->a > r->b ||
	    r->b > r->n)
		die_at(file, ln, "items '%.*s %.*s' are not rows A:B of N with "
		       "0 <= A <= B <= N", (int)a[1].n, a[1].p, (int)a[2].n,
		       a[2].p);
	r->line = ln;
}

/* 1 when the comment line is an items line, taken or refused; one to a
 * rank stream, after its header (rankof --merge wants it before the
 * first record, where it reads the ranges) */
static int take_items(struct stream *st, struct slice line)
{
	struct slice a[4];
	size_t na;

	line.p++, line.n--;
	na = split_fields(line, a, 4);
	if (!st->header || (strcmp(st->header, HDR_RANK) != 0 &&
			    strcmp(st->header, HDR_RANK2) != 0) || na < 1 ||
	    !slice_eqs(a[0], "items"))
		return 0;
	if (!st->take_items)
		die_at(st->lines.name, st->lines.lineno, "a gallery shard's "
		       "rank stream (its '# items' line): merge the gallery "
		       "shards first (rankof --merge)");
	if (st->has_items)
		die_at(st->lines.name, st->lines.lineno, "a second items line");
	parse_items(st, a, na, &st->items);
	st->has_items = 1;
	return 1;
}

int stream_line(struct stream *st, struct slice line, struct slice *f,
		size_t max, size_t *nf)
{
	if (line.n && line.p[0] == '#') {
		if (st->header && stream_is_header(line, st->header))
			parts_header(&st->parts, st->lines.lineno);
		else if (stream_is_end(line)) {
			parts_end(&st->parts);
			part_ends(st);
		} else if (st->part_done &&
			   facts_line(&st->facts, line, st->lines.name,
				      st->lines.lineno))
			;
		else if (take_items(st, line))
			;
		else if (st->comment && st->comment(st->comment_ctx, line))
			;
		else
			stream_check_kind(line, st->header, st->lines.name,
					  st->lines.lineno);
		st->seen_any = 1;
		return 0;
	}
	size_t k = split_fields(line, f, max);
	if (k == 0)
		return 0;	/* blank line */
	parts_data(&st->parts, st->lines.name, st->lines.lineno);
	*nf = k;
	st->seen_any = 1;
	return 1;
}

int stream_next(struct stream *st, struct slice *f, size_t max, size_t *nf)
{
	struct slice line;

	while (lines_next(&st->lines, &line))
		if (stream_line(st, line, f, max, nf))
			return 1;
	parts_finish(&st->parts, st->lines.name, st->lines.lineno);
	stream_part_flush(st);
	return 0;
}

void stream_close(struct stream *st)
{
	lines_close(&st->lines);
}

void stream_write_header(const char *header)
{
	out_str("# ");
	out_str(header);
	out_char('\n');
}

void stream_write_end(void)
{
	out_str("# end\n");
}

/* written with tabs between its fields; read as words apart by any blanks,
 * as every stream's fields are */
static const char *const ids_lines[] = {
	[IDS_ROWS_ONE_FILE] = "ids\trow numbers\tone file",
	[IDS_ROWS_TWO_FILES] = "ids\trow numbers\ttwo files",
	[IDS_ROWS_ONE_FILE_NO_SELF] =
		"ids\trow numbers\tone file\tself pairs removed",
};

void stream_write_ids(enum ids_from from)
{
	out_str("# ");
	out_str(ids_lines[from]);
	out_char('\n');
}

/* 1 when the words of line (blank-separated) are those of s */
static int same_words(struct slice line, const char *s)
{
	struct slice a[8], b[8];
	size_t na = split_fields(line, a, 8), i;
	size_t nb = split_fields((struct slice){ s, strlen(s) }, b, 8);

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++)
		if (a[i].n != b[i].n || memcmp(a[i].p, b[i].p, a[i].n) != 0)
			return 0;
	return 1;
}

enum ids_from stream_ids_line(struct slice line)
{
	size_t i;

	if (line.n == 0 || line.p[0] != '#')
		return IDS_UNSAID;
	line.p++, line.n--;
	for (i = IDS_ROWS_ONE_FILE; i <= IDS_ROWS_ONE_FILE_NO_SELF; i++)
		if (same_words(line, ids_lines[i]))
			return (enum ids_from)i;
	return IDS_UNSAID;
}

void stream_write_items(long a, long b, long n)
{
	char buf[80];
	snprintf(buf, sizeof buf, "# items\t%ld:%ld\t%ld\n", a, b, n);
	out_str(buf);
}

void stream_query_begins(struct idset *seen, struct slice q,
			 const char *file, long line, int part_start)
{
	if (idset_add(seen, q))
		return;
	if (part_start)
		die_at(file, line, "query '%.*s' began in an earlier file or "
		       "part: the inputs are read as one stream (the parts of "
		       "one run); two systems need two runs of %s (bootstrap or "
		       "cmc compare several)", (int)q.n, q.p, progname);
	die_at(file, line, "query '%.*s' reappears after another "
	       "query began (sort -b -s -k1,1 first)", (int)q.n, q.p);
}
