/* The measure-stream reader (see measurestream.h). */
#include <math.h>
#include "util/err.h"
#include "util/num.h"
#include "stream/measurestream.h"

/* the header of version 2 (the stream expects version 1's until then),
 * or a header of the other version after one: one version per file */
static int version_header(void *ctx, struct slice line)
{
	struct mreader *mr = ctx;
	int v2 = stream_is_header(line, HDR_MEASURE2);
	long ln = mr->st.lines.lineno;

	if (!v2 && !stream_is_header(line, HDR_MEASURE))
		return 0;
	/* a header of version 1 comes here only after one of version 2 */
	if (!v2 || mr->rows > 0 || mr->st.parts.has_header)
		die_at(mr->st.lines.name, ln, "a measure stream of version %d "
		       "after one of version %d: one version per file",
		       v2 ? 2 : 1, v2 ? 1 : 2);
	mr->version = 2;
	mr->st.header = v2 ? HDR_MEASURE2 : HDR_MEASURE;
	parts_header(&mr->st.parts, ln);
	return 1;
}

void mreader_open(struct mreader *mr, const char *path)
{
	stream_open(&mr->st, path, HDR_MEASURE);
	mr->st.comment = version_header;
	mr->st.comment_ctx = mr;
	mr->rows = 0;
	mr->version = 1;
}

/* field 4 of a row of version 2 */
static enum mrowkind row_kind(const char *file, long line, struct slice k)
{
	static const char *const names[] = { "query", "group", "macro", "micro" };
	for (int i = 0; i < 4; i++)
		if (slice_eqs(k, names[i]))
			return (enum mrowkind)(MROW_QUERY + i);
	die_at(file, line, "field 4: kind '%.*s' is none of query, group, "
	       "macro, micro", k.n > 200 ? 200 : (int)k.n, k.p);
}

/* the first row f of a file that is --format jsonl or csv's output
 * rather than a stream: refused by name */
static void refuse_records(const char *file, long line, const struct slice *f,
			   size_t nf)
{
	const char *what = NULL;

	if (f[0].n > 0 && f[0].p[0] == '{')
		what = "JSON lines (--format jsonl)";
	else if (nf == 1 && (slice_eqs(f[0], "measure,query,value") ||
			     slice_eqs(f[0], "system,measure,query,value")))
		what = "CSV (--format csv)";
	if (what)
		die_at(file, line, "measures in %s, not a measure stream: "
		       "write the stream (no --format) for this program", what);
}

int mreader_next(struct mreader *mr, struct mrow *row)
{
	struct slice f[5];
	size_t nf;
	const char *file = mr->st.lines.name;

	if (!stream_next(&mr->st, f, 5, &nf))
		return 0;
	row->line = mr->st.lines.lineno;
	if (mr->rows++ == 0)
		refuse_records(file, row->line, f, nf);
	if (mr->version == 2 && nf != 4)
		die_at(file, row->line, "expected 4 fields (measure query "
		       "value kind: version 2), found %zu", nf);
	if (mr->version == 1 && nf != 3)
		die_at(file, row->line,
		       "expected 3 fields (measure query value), found %zu%s", nf,
		       comma_hint(f, nf));
	row->kind = mr->version == 2 ? row_kind(file, row->line, f[3]) :
		MROW_V1;
	row->measure = f[0];
	row->query = f[1];
	/* the run's tag (hitrate -m runid) is text, not a value; so is
	 * what trec_eval prints in quotes (relstring) */
	row->text = f[2].n >= 2 && f[2].p[0] == '\'' && f[2].p[f[2].n - 1] == '\'';
	if (slice_eqs(f[2], "-") || slice_eqs(f[0], "runid") || row->text) {
		row->value = NAN;
		return 1;
	}
	int r = parse_double(f[2], &row->value);
	int len = f[2].n > 200 ? 200 : (int)f[2].n;
	if (r == NUM_NAN)
		die_at(file, row->line,
		       "field 3: NaN is not a value (a missing value is '-')");
	if (r != NUM_OK) {
		char msg[256];
		num_error_msg(msg, sizeof msg, 3, f[2], r);
		die_at(file, row->line, "%s", msg);
	}
	if (isinf(row->value))
		die_at(file, row->line, "field 3: infinite value '%.*s'", len,
		       f[2].p);
	return 1;
}

const char *mreader_name(const struct mreader *mr)
{
	return mr->st.lines.name;
}

void mreader_close(struct mreader *mr)
{
	stream_close(&mr->st);
}
