/* Ranking a score stream or TREC run with worker threads. The input is cut
 * into chunks of whole queries; each worker ranks its chunks with its own
 * ranker into memory, and the calling thread checks what must be checked
 * in input order (queries that reappear, header and end lines, the first
 * error) and writes the chunks in order. Output, messages and exit status
 * are those of a one-thread reader. */
#ifndef RK_SCORERANK_H
#define RK_SCORERANK_H
#include "rank/ranker.h"

/* ranks path ("-": stdin) into K's stream with nthreads workers (>= 1);
 * K keeps the queries seen (for -c) and the count of unjudged ones */
void scorerank_run(struct ranker *rk, const char *path, int nthreads);

#endif
