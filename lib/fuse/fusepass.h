/* fuse's pass over its runs: the queries of all runs (their union) in
 * the order they list them, each fused once from the runs that hold it
 * (fusequery.h), the score stream's header and end lines around them,
 * a note per run that lacks some queries. */
#ifndef RK_FUSEPASS_H
#define RK_FUSEPASS_H
#include "fuse/fusequery.h"

/* fuses the runs at paths[0 .. f->nruns - 1] into standard output with
 * f's options; require_all: a query missing from a run is an error;
 * nthreads > 1: the queries fused on that many workers (fusejobs.h; not
 * with --explain or --optimize), the same bytes */
void fusepass_run(struct fuser *f, const char *const *paths,
		  int require_all, int nthreads);

#endif
