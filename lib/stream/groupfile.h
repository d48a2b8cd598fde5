/* A group file (--group-by FILE of hitrate, mapr, ndcg and bootstrap):
 * "query group" per line, the group of each query, read whole. Blank
 * lines and lines starting with '#' are skipped, as in every rankkit
 * text input; each query has one line; a group may not bear the name of
 * a summary row ("all", "foldN"), so that no row of the measure stream
 * can be taken for another's. The groups are numbered in the order of
 * their first lines, which is the order of their rows. */
#ifndef RK_GROUPFILE_H
#define RK_GROUPFILE_H
#include <stddef.h>
#include "util/strmap.h"

struct groupfile {
	const char *name;	/* the file, for messages */
	struct strmap queries;	/* the queries named, entry e */
	size_t *group;		/* query e's group */
	long *line;		/* query e's line */
	struct strmap groups;	/* the groups' names, in order of first line */
	size_t cap, linecap;
};

/* Reads path whole. Dies (exit 1) naming the file and line on a line
 * that is not two fields, on a query's second line, on a group named
 * "all" or "fold" and digits, and on a file without a line. */
void groupfile_read(struct groupfile *g, const char *path);
/* the group of query, or STRMAP_ABSENT when the file has no line for it */
size_t groupfile_group(const struct groupfile *g, struct slice query);
void groupfile_free(struct groupfile *g);

#endif
