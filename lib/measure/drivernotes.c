/* The notes a measure program writes on stderr after its output: empty
 * queries, queries left out, cut-offs beyond the candidates, and measures
 * that ties change (driver.h). */
#include <stdio.h>
#include <string.h>
#include "util/err.h"
#include "measure/driver.h"
#include "measure/runcheck.h"
#include "measure/trecnames.h"

/* "a, b, c" made "a, b and c", to read as a sentence */
static void and_last(char *names, size_t size)
{
	char *comma = strrchr(names, ',');
	size_t n = strlen(names);
	if (!comma || n + 4 >= size)
		return;
	memmove(comma + 4, comma + 1, n - (size_t)(comma - names));
	memcpy(comma, " and", 4);
}

/* the names of the columns that pick() takes, each name once: a list for
 * a note */
static void column_names(const struct driver *d,
			 int (*pick)(const struct driver *, size_t),
			 char *names, size_t size)
{
	size_t i, j;

	*names = '\0';
	for (i = 0; i < d->ncol; i++) {
		if (!pick(d, i))
			continue;
		for (j = 0; j < i; j++)
			if (pick(d, j) && strcmp(d->col[j].name, d->col[i].name) == 0)
				break;
		if (j < i)
			continue;
		if (*names)
			strncat(names, ", ", size - strlen(names) - 1);
		strncat(names, d->col[i].name, size - strlen(names) - 1);
	}
	and_last(names, size);
}

static int needs_rel(const struct driver *d, size_t i)
{
	return d->col[i].def->needs_rel;
}

static int left_out(const struct driver *d, size_t i)
{
	return d->col[i].def->needs_rel && d->noval[i];
}

/* queries with relevant items, none retrieved, have no first rank */
static void note_left_out(const struct driver *d)
{
	char names[256];
	long cnt = 0;
	size_t i;

	for (i = 0; i < d->ncol; i++)
		if (left_out(d, i))
			cnt = d->noval[i];
	if (!cnt)
		return;
	column_names(d, left_out, names, sizeof names);
	int one = !strstr(names, " and ");
	if (cnt == 1)
		note("1 query retrieves none of its relevant items; %s leave%s "
		     "it out, as it has no rank for %s", names, one ? "s" : "",
		     one ? "it" : "them");
	else
		note("%ld queries retrieve none of their relevant items; %s "
		     "leave%s them out, as they have no rank for %s", cnt, names,
		     one ? "s" : "", one ? "it" : "them");
}

/* an empty query counts 0 under --empty miss, but in a measure that
 * needs a relevant item it has no value and is left out */
static void note_empty(const struct driver *d)
{
	char names[256];
	long n = d->nempty;

	if (!n)
		return;
	if (d->opt.common.empty != EMPTY_MISS) {
		note("%ld quer%s no relevant item and %s left out of every "
		     "measure (--empty skip)", n, n == 1 ? "y has" : "ies have",
		     n == 1 ? "is" : "are");
		return;
	}
	column_names(d, needs_rel, names, sizeof names);
	note("%ld quer%s no relevant item: %s as 0 (--empty miss)%s%s%s%s",
	     n, n == 1 ? "y has" : "ies have", n == 1 ? "it counts" : "they count",
	     *names ? ", except in " : "", names,
	     !*names ? "" : strstr(names, " and ") ? ", which leave " :
	     ", which leaves ",
	     *names ? (n == 1 ? "it out, as it has no rank" :
		       "them out, as they have no rank") : "");
}

/* a ranking cut short (the stream's depth line): the measures that look
 * past the cut, for the queries with relevant items below it; each
 * column's name once ("hit@K" for every K of hit) */
static void note_cut(const struct driver *d)
{
	char names[256] = "", cut[96];
	long most = 0, least = 0;
	size_t i;

	for (i = 0; i < d->ncol; i++) {
		if (!d->beyond[i])
			continue;
		most = d->beyond[i] > most ? d->beyond[i] : most;
		least = !least || d->beyond[i] < least ? d->beyond[i] : least;
		snprintf(names + strlen(names), sizeof names - strlen(names),
			 "%s%s", *names ? ", " : "", d->col[i].name);
	}
	if (!most)
		return;
	and_last(names, sizeof names);
	facts_depth_text(&d->depth, cut, sizeof cut);
	note("the rankings are cut (%s, the stream's depth line) and %s%ld "
	     "quer%s relevant items below the cut: %s count%s them as not "
	     "retrieved (the cut ranking's values, as trec_eval's on a cut "
	     "run; the whole ranking's may be higher)", cut,
	     least < most ? "up to " : "", most,
	     most == 1 ? "y has" : "ies have", names,
	     strstr(names, " and ") ? "" : "s");
}

/* cut-offs deeper than the candidates of queries that miss a relevant
 * item: a truncated ranking (simmat -k, a run's depth) may hold it below
 * the cut, so the values at those K are lower bounds */
static void note_beyond(const struct driver *d)
{
	char names[256] = "", range[64];	/* with "and": 4 more */
	long lo = 0, hi = 0, most = 0;
	size_t i, j;

	for (i = 0; i < d->ncol; i++) {
		if (!d->beyond[i])
			continue;
		long K = column_deepest_rank(&d->col[i]);
		lo = !lo || K < lo ? K : lo;
		hi = K > hi ? K : hi;
		most = d->beyond[i] > most ? d->beyond[i] : most;
		for (j = 0; j < i; j++)
			if (d->beyond[j] && d->col[j].def == d->col[i].def)
				break;
		if (j < i)
			continue;
		snprintf(names + strlen(names), sizeof names - strlen(names),
			 "%s%s%s", *names ? ", " : "", d->col[i].def->name,
			 d->col[i].def->cutoff ? "@K" : "");
	}
	if (!most)
		return;
	and_last(names, sizeof names);
	int plural = strstr(names, " and ") || lo != hi;
	char ks[64];
	if (lo == hi) {
		snprintf(range, sizeof range, "%ld", lo);
		snprintf(ks, sizeof ks, "%ld", lo);
	} else {
		snprintf(range, sizeof range, "K (K from %ld to %ld)", lo, hi);
		snprintf(ks, sizeof ks, "%ld to %ld", lo, hi);
	}
	note("%s%ld quer%s fewer than %s candidates and miss%s a relevant "
	     "item: if %s cut short (simmat -k, a run's depth), the item may "
	     "lie below the cut, so %s at K=%s %s",
	     lo == hi ? "" : "up to ", most, most == 1 ? "y has" : "ies have",
	     range, most == 1 ? "es" : "", most == 1 ? "its ranking was" :
	     "their rankings were", names, ks,
	     plural ? "are lower bounds" : "is a lower bound");
}

/* recall@K asked for by name without hit@K where queries have several
 * relevant items: the R@K of image-text papers is the hit rate, not this
 * (not under --names trec or irm, where recall is what their users mean) */
static void note_recall(const struct driver *d)
{
	size_t i;
	int recall = 0;

	if (!d->opt.sel || d->opt.common.names != NAMES_RANKKIT || !d->nmulti)
		return;
	for (i = 0; i < d->ncol; i++) {
		if (strcmp(d->col[i].def->name, "hit") == 0)
			return;
		recall |= strcmp(d->col[i].def->name, "recall") == 0;
	}
	if (recall)
		note("recall@K is the share of a query's relevant items in its "
		     "top K; the R@K of image-text papers, a relevant item in "
		     "the top K, is hit@K (-m hit)");
}

void driver_write_notes(const struct driver *d, const struct summaryrows *s)
{
	size_t i;

	if (d->opt.common.quiet)
		return;
	note_empty(d);
	note_recall(d);
	note_left_out(d);
	runcheck_folds_note(runfacts_folds(&d->reader.facts),
			    d->opt.common.folds);
	if (d->cut)
		note_cut(d);
	else
		note_beyond(d);
	for (i = 0; i < d->ncol; i++) {
		char opt[512], pess[512];
		if (d->col[i].chance)
			continue;
		size_t o = i * NTIEMODES + TIE_OPT, p = i * NTIEMODES + TIE_PESS;
		driver_format_rank(opt, sizeof opt, &d->opt, &d->col[i],
				   s->all[o], &s->rank_all[o]);
		driver_format_rank(pess, sizeof pess, &d->opt, &d->col[i],
				   s->all[p], &s->rank_all[p]);
		if (strcmp(opt, pess) != 0)
			note("ties change %s: %s if relevant items win every "
			     "tie (optimistic), %s if they lose every one "
			     "(pessimistic)",
			     d->col[i].name, opt, pess);
	}
}
