/* rankof --merge: the rank streams of gallery shards (rankof -e --items
 * A:B over item rows that cover the gallery once) added line by line into
 * the rank stream of one run over the whole gallery. */
#ifndef RK_RANKMERGE_H
#define RK_RANKMERGE_H

/* merges the files' rank streams onto stdout; dies naming the file and
 * line where the shards' items lines do not cover the gallery once, where
 * a shard's queries, items, grades or '-' ranks differ from the first
 * shard's, or where a shard ends early */
void rankmerge_run(char **files, int nfiles);

#endif
