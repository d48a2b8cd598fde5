/* rankkit streams: tab-separated records, '#' comment lines, a header line
 * "# col col ..." first and a "# end" line last when a rankkit program wrote
 * it. A reader that saw the header demands the end line, so a failed
 * program upstream never turns into a plausible result downstream. */
#ifndef RK_STREAM_H
#define RK_STREAM_H
#include "stream/facts.h"
#include "util/idset.h"
#include "util/lines.h"

#define HDR_SCORE   "query\titem\tscore"
#define HDR_RANK    "query\titem\tgrade\trank\tties\tn"
/* the rank stream's version 2 (rankof --judged): a seventh column, kind */
#define HDR_RANK2   "query\titem\tgrade\trank\tties\tn\tkind"
#define HDR_MEASURE "measure\tquery\tvalue"
/* the measure stream's version 2 (--group-by): a fourth column, kind */
#define HDR_MEASURE2 "measure\tquery\tvalue\tkind"

/* The rule of header and end lines, for every reader of a stream: a
 * header on the first line, or right after an end line, starts a part
 * (streams concatenate: cat part1 part2); a part that began with a header
 * must end with the end line, and no data may follow an end line. */
struct parts {
	int has_header, ended;
};
/* a header line at line lineno of the file */
void parts_header(struct parts *pt, long lineno);
void parts_end(struct parts *pt);
/* die naming file and line when data comes after an end line */
void parts_data(const struct parts *pt, const char *file, long line);
/* die when the file ended (at line) inside a part with a header */
void parts_finish(const struct parts *pt, const char *file, long line);

/* A gallery shard's rows, the line "# items A:B N" after the header of
 * its rank stream (rankkit(7), rank stream version 2): rows A to B-1 of a
 * gallery of N rows, 0 <= A <= B <= N. */
struct itemrange {
	long a, b, n;
	long line;		/* where it was read, for messages */
};

struct stream {
	struct lines lines;
	const char *header;	/* columns expected after "# " */
	struct parts parts;
	int seen_any;		/* any line but blank ones */
	/* a comment line that is neither header nor end goes here first,
	 * when set after stream_open; 1: taken, no further check */
	int (*comment)(void *ctx, struct slice line);
	void *comment_ctx;
	/* the items line: refused in a rank stream unless take_items is
	 * set (rankof --merge), then kept in items (has_items) */
	int take_items, has_items;
	struct itemrange items;
	/* the header lines of rankkit(7) that state how the stream was
	 * made (facts.h): taken into facts, and handed to part_done at
	 * each end line and by stream_part_flush, when part_done is set
	 * (otherwise they are comments) */
	struct facts facts;
	void (*part_done)(void *ctx, const struct facts *f, const char *file,
			  long line);
	void *part_ctx;
};

void stream_open(struct stream *st, const char *path, const char *header);
/* The next data line split into fields (at most max stored; *nf gets the
 * total). Comment and blank lines are skipped. Returns 0 at the end, after
 * checking the end line. */
int stream_next(struct stream *st, struct slice *f, size_t max, size_t *nf);
/* stream_next's step for one line read already (a reader that takes
 * lines in bulk, lines_block): 1 and its fields for a data line, 0 for
 * a comment or blank line, taken */
int stream_line(struct stream *st, struct slice line, struct slice *f,
		size_t max, size_t *nf);
void stream_close(struct stream *st);
/* at the end of a file: a part without its end line (a stream written
 * by hand has none) goes to part_done */
void stream_part_flush(struct stream *st);

/* a comment line that is this header, or the end line */
int stream_is_header(struct slice line, const char *header);
int stream_is_end(struct slice line);

/* A comment line that is the header of another kind of stream than
 * expected (NULL: a relevance file, no stream at all) dies naming file and
 * line, what was given and what to do with it. */
void stream_check_kind(struct slice line, const char *expected,
		       const char *file, long lineno);
/* Query q begins at file:line: it joins seen, the queries begun so far.
 * A query whose lines are not consecutive dies here, naming the line
 * where it reappears: a stream holds each query's lines together. When
 * part_start (q is the first query of a file, or after a new header), the
 * message says that the inputs are one stream, not two systems' runs. */
void stream_query_begins(struct idset *seen, struct slice q,
			 const char *file, long line, int part_start);

/* "# header\n" and "# end\n" on stdout */
void stream_write_header(const char *header);
void stream_write_end(void);
/* The ids line of a score stream (rankkit(7)), after its header: both
 * files' rows are named by their numbers from 0, in one file (query row 0
 * is item row 0) or in two (query row 0 and item row 0 share the id "0"
 * and are different rows). */
enum ids_from { IDS_UNSAID, IDS_ROWS_ONE_FILE, IDS_ROWS_TWO_FILES,
		IDS_ROWS_ONE_FILE_NO_SELF };
void stream_write_ids(enum ids_from from);
/* what a comment line says of the ids (IDS_UNSAID: not an ids line) */
enum ids_from stream_ids_line(struct slice line);
/* "# items\tA:B\tN\n" on stdout, the line after a gallery shard's header */
void stream_write_items(long a, long b, long n);

#endif
