/* rankkit streams: tab-separated records, '#' comment lines, a header line
 * "# col col ..." first and a "# end" line last when a rankkit program wrote
 * it. A reader that saw the header demands the end line, so a failed
 * program upstream never turns into a plausible result downstream. */
#ifndef RK_STREAM_H
#define RK_STREAM_H
#include "lines.h"

#define HDR_SCORE   "query\titem\tscore"
#define HDR_RANK    "query\titem\tgrade\trank\tties\tn"
#define HDR_MEASURE "measure\tquery\tvalue"

struct stream {
	struct lines L;
	const char *header;	/* columns expected after "# " */
	int has_header, ended;
	int seen_any;		/* any line but blank ones */
};

void stream_open(struct stream *S, const char *path, const char *header);
/* The next data line split into fields (at most max stored; *nf gets the
 * total). Comment and blank lines are skipped. Returns 0 at the end, after
 * checking the end line. */
int stream_next(struct stream *S, struct slice *f, size_t max, size_t *nf);
void stream_close(struct stream *S);

/* a comment line that is this header, or the end line */
int stream_is_header(struct slice line, const char *header);
int stream_is_end(struct slice line);

/* "# header\n" and "# end\n" on stdout */
void stream_write_header(const char *header);
void stream_write_end(void);

#endif
