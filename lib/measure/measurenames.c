/* The names people write for measures (measurenames.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "measure/measurenames.h"
#include "measure/measures.h"
#include "util/err.h"

/* names from other tools and papers, matched without regard to case on
 * the part before '@': what they stand for in rankkit's tables */
static const struct {
	const char *said, *meant;
} aliases[] = {
	{ "R", "hit" },		/* R@K of image-text papers: the hit rate */
	{ "mAP", "AP" },	/* the mean of AP over queries */
	{ "map", "AP" },	/* trec_eval's map */
};

/* the length of name's part before '@' (all of it when it has none) */
static size_t base_len(const char *name)
{
	return strcspn(name, "@");
}

/* the first of the n measures of defs named name, or NULL */
static const struct mdef *named(const struct mdef *defs, size_t n,
				const char *name)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (strcmp(defs[i].name, name) == 0)
			return &defs[i];
	return NULL;
}

/* 1 when the table has a measure named base (cut-off or not) */
static int has(const struct mdef *defs, size_t n, const char *base)
{
	return named(defs, n, base) != NULL;
}

/* base (len bytes) equals s without regard to case */
static int same_ci(const char *base, size_t len, const char *s)
{
	return strlen(s) == len && strncasecmp(base, s, len) == 0;
}

/* the measure of defs that name fits without regard to case, when one
 * does: a whole name ("map@r" is MAP@R) or a cut-off measure's name before
 * '@' ("ndcg@10" is nDCG@10); NULL when none or two different ones do */
static const char *fit_ci(const struct mdef *defs, size_t n, const char *name,
			  size_t *len)
{
	const char *found = NULL;
	size_t i, b = base_len(name);

	for (i = 0; i < n; i++) {
		const char *d = defs[i].name;
		size_t dl = strlen(d);
		int whole = strcasecmp(name, d) == 0;
		int cut = defs[i].cutoff && dl == b &&
			strncasecmp(name, d, b) == 0;
		if (!whole && !cut)
			continue;
		if (found && strcmp(found, d) != 0)
			return NULL;
		found = d;
		*len = whole ? strlen(name) : b;
	}
	return found;
}

int measure_name_fix(const struct mdef *defs, size_t n, const char *name,
		     char *buf, size_t size, const char *usage)
{
	size_t i, b = base_len(name), len = 0;
	const char *fit;

	/* Recall@K: the hit rate to image-text papers, recall to IR */
	if (same_ci(name, b, "recall") && strncmp(name, "recall", b) != 0 &&
	    has(defs, n, "hit") && has(defs, n, "recall"))
		usage_error(usage, "-m: '%s' is ambiguous: the Recall@K of "
			    "image-text papers (R@K) is the hit rate, -m hit; "
			    "recall@K of information retrieval, the share of "
			    "the relevant items found, is -m recall", name);
	fit = fit_ci(defs, n, name, &len);
	if (fit) {
		snprintf(buf, size, "%s%s", fit, name + len);
		return 1;
	}
	for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (same_ci(name, b, aliases[i].said) &&
		    has(defs, n, aliases[i].meant)) {
			snprintf(buf, size, "%s%s", aliases[i].meant, name + b);
			return 1;
		}
	return 0;
}

/* where the measure name stands for lives, as "; it is hitrate -m hit",
 * into hint, when the program (defs) lacks it: a row of the table of
 * measures named so (case aside, before '@'), or an alias's meaning; 0
 * when none */
static int home_hint(const struct mdef *defs, size_t n, const char *name,
		     char *hint, size_t size)
{
	size_t nall, j, b = base_len(name);
	const struct mdef *all = measures_all(&nall), *m = NULL;
	char ask[96];

	for (j = 0; j < nall && !m; j++)
		if (same_ci(name, b, all[j].name) ||
		    strcasecmp(name, all[j].name) == 0)
			m = &all[j];
	for (j = 0; !m && j < sizeof aliases / sizeof aliases[0]; j++)
		if (same_ci(name, b, aliases[j].said))
			m = named(all, nall, aliases[j].meant);
	if (!m || has(defs, n, m->name))
		return 0;
	measure_ask(ask, sizeof ask, m);
	snprintf(hint, size, "; it is %s", ask);
	return 1;
}

/* the edits from a to b (insertions, deletions, substitutions and swaps
 * of neighbours: Damerau's distance, case aside), or 3 when that is more
 * than 2 or a name is longer than 32 bytes */
static size_t edits(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d[33][33];

	if (la > 32 || lb > 32 || (la > lb ? la - lb : lb - la) > 2)
		return 3;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t v = d[i - 1][j - 1] +
				(strncasecmp(a + i - 1, b + j - 1, 1) != 0);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && d[i - 2][j - 2] + 1 < v &&
			    strncasecmp(a + i - 1, b + j - 2, 1) == 0 &&
			    strncasecmp(a + i - 2, b + j - 1, 1) == 0)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb] < 3 ? d[la][lb] : 3;
}

_Noreturn void measure_name_unknown(const struct mdef *defs, size_t n,
				    const char *prog, const char *name,
				    const char *usage)
{
	char known[256] = "", hint[160] = "", form[72];
	size_t j, b = base_len(name);
	/* one edit in a name of up to 3 letters, two in a longer one */
	size_t best = b <= 3 ? 2 : 3;

	if (home_hint(defs, n, name, hint, sizeof hint))
		best = 0;
	for (j = 0; j < n; j++) {
		size_t l = strlen(known), e;
		snprintf(form, sizeof form, "%s%s", defs[j].name,
			 defs[j].cutoff ? "@K" : "");
		snprintf(known + l, sizeof known - l, "%s%s", j ? ", " : "",
			 form);
		e = edits(name, defs[j].name);
		if (defs[j].cutoff && b < strlen(name)) {
			char base[72];
			snprintf(base, sizeof base, "%.*s", (int)b, name);
			if (edits(base, defs[j].name) < e)
				e = edits(base, defs[j].name);
		}
		if (e < best) {
			best = e;
			snprintf(hint, sizeof hint, "; did you mean %s?", form);
		}
	}
	usage_error(usage, "-m: %s has no measure '%s'%s (known: %s)", prog,
		    name, hint, known);
}
