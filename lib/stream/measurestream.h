/* Reading measure streams, "measure query value" (rankkit(7)): the output
 * of hitrate, mapr and ndcg. The header and "# end" lines follow the rule
 * of stream/stream.h; a value of "-" means the measure has none for that
 * query; any other value is a strict finite number, but for the runid
 * row, whose third field is the run's tag (text, read as no value).
 * Version 2 (--group-by: header "# measure query value kind") has a
 * fourth field on every row, the row's kind; a file holds one version. */
#ifndef RK_MEASURESTREAM_H
#define RK_MEASURESTREAM_H
#include "stream/stream.h"

/* a row's kind: version 1's rows have none (what query says); version
 * 2's say it in their fourth field */
enum mrowkind { MROW_V1, MROW_QUERY, MROW_GROUP, MROW_MACRO, MROW_MICRO };

struct mrow {
	struct slice measure, query;	/* valid until the next call */
	double value;			/* NaN when the field is "-" or text */
	int text;	/* the value is text in single quotes, as trec_eval
			   -q writes relstring's: '1101110110' */
	long line;
	enum mrowkind kind;
};

struct mreader {
	struct stream st;
	long rows;	/* data rows read */
	int version;	/* 2 after a header of version 2; 1 otherwise */
};

/* "-" is stdin; dies (exit 1) naming the file when it cannot be opened */
void mreader_open(struct mreader *mr, const char *path);
/* 1 and the next data row in *row, 0 at the end (after checking the end
 * line). Dies "prog: file:line: what" on a row that is not three fields
 * (four in version 2, the fourth a kind), on headers of both versions in
 * one file, or whose value is not a number or "-", and on the records of --format
 * jsonl or csv (measurerecord.h), named, with the fix: the stream. */
int mreader_next(struct mreader *mr, struct mrow *row);
const char *mreader_name(const struct mreader *mr);
void mreader_close(struct mreader *mr);

#endif
