/* What the rank streams' header lines ask of a measure program
 * (runcheck.h). */
#include <stdio.h>
#include "measure/runcheck.h"
#include "util/err.h"

void runcheck_parts(const struct runfacts *r, int partial, int quiet)
{
	char buf[160];
	const char *gap = runfacts_gap(r, buf, sizeof buf);

	if (!gap)
		return;
	if (!partial)
		die(EXIT_DATA, "%s: these parts are not one whole run; give "
		    "every part (or --partial for a deliberate subset)", gap);
	if (!quiet)
		note("--partial: %ld of %ld parts measured, not the whole run",
		     r->marked, r->all.nparts);
}

void runcheck_uncut(const struct runfacts *r, const struct facts *open,
		    const char *opt)
{
	char cut[96];

	struct facts f = r->all;

	if (open)
		facts_merge_depth(&f, open);
	facts_depth_text(&f, cut, sizeof cut);
	if (*cut)
		die(EXIT_DATA, "%s needs every rank, and these "
		       "rankings are cut (%s, the stream's depth line): rank "
		       "the whole gallery (simmat without -k and -t, rankof "
		       "without -M)", opt, cut);
}

void runcheck_folds(const struct runfacts *r, long folds)
{
	long stated = runfacts_folds(r);

	if (stated < 0)
		die_at(r->file, r->line, "some parts say their gallery was cut "
		       "into %ld folds, others say nothing: parts of different "
		       "runs", r->all.folds);
	if (folds && stated && stated != folds)
		die_at(r->file, r->line, "--folds %ld, but the gallery was cut "
		       "into %ld folds (the stream's folds line): give "
		       "--folds %ld", folds, stated, stated);
}

void runcheck_folds_note(long stated, long folds)
{
	if (folds > 1 && !stated)
		note("--folds %ld: the gallery was not folded (no folds line): "
		     "each fold's queries were ranked against the whole gallery, "
		     "not within their fold as in COCO's 1K protocol (rankof "
		     "--folds %ld or simmat --folds %ld ranks them so)", folds,
		     folds, folds);
}

int runcheck_past_cut(const struct facts *f, long K, long n)
{
	if (f->depth && (K == 0 || K > f->depth))
		return 1;
	return f->score_cut && (K == 0 || K > n);
}
