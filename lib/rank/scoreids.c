/* The comment lines of a score stream that rankof acts on (scoreids.h):
 * the ids line's rules of rankkit(7), and the header lines of facts.h. */
#include "rank/scoreids.h"
#include "util/err.h"

/* The ids line of a score stream of two files whose rows are named by
 * their numbers (simmat q.npy g.npy): with one labels file (-l), query row
 * 0 would take the label of item row 0. Refused, as rankof -e refuses it. */
static void two_numberings(const struct ranker *rk, const char *path,
			   long line)
{
	const struct relsrc *rel = rk->rel;

	if (rel->kind != REL_LABELS || !rel->one_file)
		return;
	die_at(path, line, "the query and item ids are the row numbers of "
	       "two embedding files: with one labels file (-l %s) query row 0 "
	       "would take the label of item row 0: give --query-labels and "
	       "--item-labels (or one embedding file for both, with -x)",
	       rel->ilab.name);
}

/* The ids line of a score stream of one file against itself that kept
 * each query's own row (simmat e.npy e.npy without -x): each query finds
 * itself at rank 1. Refused unless rankof leaves it out (-x) or is told
 * that it is meant (--keep-self). */
static void self_pairs(const struct ranker *rk, const char *path, long line)
{
	if (rk->rel->exclude_self || rk->keep_self)
		return;
	die_at(path, line, "the scores are of one embedding file against "
	       "itself with each query's own row kept (its ids line): each "
	       "query would find itself at rank 1; give -x (or simmat -x), or "
	       "--keep-self if that is meant");
}

/* The same made by simmat -x: each query's own row is gone from the
 * scores, and with labels it would count as a relevant item never
 * retrieved unless rankof leaves it out too (-x). */
static void self_pairs_gone(const struct ranker *rk, const char *path,
			    long line)
{
	if (rk->rel->exclude_self || rk->rel->kind != REL_LABELS)
		return;
	die_at(path, line, "the scores have no query's own row (simmat "
	       "-x, its ids line): give -x here too, or each query's own row "
	       "counts as a relevant item never retrieved");
}

int scoreids_is_fact(struct slice ln)
{
	struct slice w;

	ln.p++, ln.n--;
	if (split_fields(ln, &w, 1) < 1)
		return 0;
	return slice_eqs(w, "depth") || slice_eqs(w, "folds") ||
	       slice_eqs(w, "part") || slice_eqs(w, "fingerprint");
}

void scoreids_check(const struct ranker *rk, enum ids_from ids,
		    const char *path, long line)
{
	if (ids == IDS_ROWS_TWO_FILES)
		two_numberings(rk, path, line);
	else if (ids == IDS_ROWS_ONE_FILE)
		self_pairs(rk, path, line);
	else if (ids == IDS_ROWS_ONE_FILE_NO_SELF)
		self_pairs_gone(rk, path, line);
}
