/* What the header lines of the rank streams a measure program read
 * (stream/facts.h, rankkit(7) "Header lines") ask of it: one whole run,
 * or --partial; folds that are those of --folds; every rank for the
 * measures that need them (--gallery-size, --chance, cmc
 * --gallery-curve). */
#ifndef RK_RUNCHECK_H
#define RK_RUNCHECK_H
#include "stream/facts.h"

/* dies when the parts read are not one whole run, naming the part that
 * is missing, repeated or mixed; with partial, a note (unless quiet)
 * names how many parts were measured */
void runcheck_parts(const struct runfacts *r, int partial, int quiet);
/* dies when the ranking is cut, by the parts read (r) or the part being
 * read (open, NULL: none): what needs every rank is opt (an option's
 * name) */
void runcheck_uncut(const struct runfacts *r, const struct facts *open,
		    const char *opt);
/* --folds N (0: not given) against the folds the streams state: parts
 * that disagree or a different count die */
void runcheck_folds(const struct runfacts *r, long folds);
/* the note, with the other notes, that --folds N's gallery was not
 * folded: stated is runfacts_folds of the streams, 0 when they state no
 * folds */
void runcheck_folds_note(long stated, long folds);
/* whether a column whose deepest rank is K (0: the whole list) looks
 * past the cut (f: the depth of the parts read and of the one being
 * read) of a query with n candidates */
int runcheck_past_cut(const struct facts *f, long K, long n);

#endif
