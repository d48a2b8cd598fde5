/* treceval's command line: trec_eval's options, long spellings and order
 * (GNU getopt_long: options before or after the files), its -m with
 * nicknames and parameters as trec_eval 10.0 reads them (the first -m of a
 * measure with parameters gives them; cut-offs sorted; numbers as atol()
 * and atof() read them), and its exit statuses: 1 for usage, 2 for what
 * cannot be done (here also a measure of a format treceval does not
 * read), 4 for utility's count of coefficients. */
#ifndef RK_TRECARGS_H
#define RK_TRECARGS_H
#include <stddef.h>
#include "trec/trecmeas.h"
#include "stream/measurerecord.h"	/* enum format */

/* trec_eval's exit statuses */
enum { TREC_USAGE = 1, TREC_INPUT = 2, TREC_CALC = 4, TREC_NONE = 7 };

struct trecopts {
	int query;		/* -q */
	int format;		/* --format: enum format, not FORMAT_TABLE */
	int complete;		/* -c */
	int summary;		/* not -n */
	long level;		/* -l, >= 0 */
	long maxret;		/* -M; -1: every document */
	long ndocs;		/* -N */
	int jobs;		/* -j: the threads that split the run */
	const char *qrels, *run;
	struct trecasked *asked;	/* in trec_eval's order of printing */
	size_t nasked, ncols;
	/* the lowest grade whose documents the ranks carry: -l, or lower
	 * for the documents that have a gain (1; 0 when a parameter gives
	 * grade 0 a gain) */
	long g0;
	int levels;		/* a measure counts the judged documents per grade */
	int judged_only;	/* -J: the unjudged documents leave the ranking */
	/* a measure or -J needs every judged document ranked, those below
	 * -l and below 0 too (the rank stream's version 2) */
	int judged;
	/* a measure reads the topics' rankings (all but runid and num_q):
	 * then, as in trec_eval, a document twice is an error */
	int ranks;
	char **own;		/* -m's arguments, copied (the parameters) */
	size_t nown;
};

/* parses argv; prints the help or the version and exits 0 when asked;
 * dies with trec_eval's statuses */
void trecargs_parse(struct trecopts *o, int argc, char **argv);
void trecargs_free(struct trecopts *o);

#endif
