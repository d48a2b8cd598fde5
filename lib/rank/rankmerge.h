/* rankof --merge: the rank streams of gallery shards (rankof -e --items
 * A:B over item rows that cover the gallery once) added line by line into
 * the rank stream of one run over the whole gallery; or, when no input
 * names its item rows, query shards joined (queryjoin.h). */
#ifndef RK_RANKMERGE_H
#define RK_RANKMERGE_H

struct rankmerge;

/* Opens the files, reads their headers, items lines and first records:
 * dies naming the file (and line) where the items lines do not cover the
 * gallery once, or where one shard has no record and another has, before
 * anything is written, so that the caller writes its header after. */
struct rankmerge *rankmerge_open(char **files, int nfiles);

/* writes the merged stream (header, records, end line) and frees M; dies naming the file and
 * line where a shard's queries, items, grades or '-' ranks differ from
 * the first shard's, where a shard's n is above its item rows, or where
 * a shard ends early */
void rankmerge_run(struct rankmerge *m);

#endif
