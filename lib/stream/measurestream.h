/* Reading measure streams, "measure query value" (rankkit(7)): the output
 * of hitrate, mapr and ndcg. The header and "# end" lines follow the rule
 * of stream/stream.h; a value of "-" means the measure has none for that
 * query; any other value is a strict finite number, but for the runid
 * row, whose third field is the run's tag (text, read as no value). */
#ifndef RK_MEASURESTREAM_H
#define RK_MEASURESTREAM_H
#include "stream/stream.h"

struct mrow {
	struct slice measure, query;	/* valid until the next call */
	double value;			/* NaN when the field is "-" or text */
	int text;	/* the value is text in single quotes, as trec_eval
			   -q writes relstring's: '1101110110' */
	long line;
};

struct mreader {
	struct stream st;
	long rows;	/* data rows read */
};

/* "-" is stdin; dies (exit 1) naming the file when it cannot be opened */
void mreader_open(struct mreader *mr, const char *path);
/* 1 and the next data row in *row, 0 at the end (after checking the end
 * line). Dies "prog: file:line: what" on a row that is not three fields
 * or whose value is not a number or "-", and on the records of --format
 * jsonl or csv (measurerecord.h), named, with the fix: the stream. */
int mreader_next(struct mreader *mr, struct mrow *row);
const char *mreader_name(const struct mreader *mr);
void mreader_close(struct mreader *mr);

#endif
