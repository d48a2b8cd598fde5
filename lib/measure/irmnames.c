/* ir_measures' names (irmnames.h), from the rows' irm field: the name,
 * then the parameters in parentheses, then "@K" for a cut-off measure, as
 * ir_measures.parse_measure reads them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/num.h"
#include "measure/irmnames.h"

/* whether a row takes ir_measures' rel=G: its value changes with
 * --min-grade (its record's params say so) */
static int takes_rel(const struct mdef *def)
{
	return def->params && strstr(def->params, "--min-grade") != NULL;
}

/* the bar --min-grade sets (x may be NULL: none), 1 without it:
 * ir_measures' default rel */
static long rel_of(const struct measurectx *x)
{
	return x && x->min_grade_given ? (long)x->min_grade : 1;
}

/* the parameters of a row's name: "(p=0.8)" for RBP (--persistence),
 * "(max_rel=4)" for SDCG (--max-grade, ir_measures' required one),
 * "(rel=2)" for a row that takes --min-grade 2 (ir_measures leaves its
 * default 1 out), "(gains={2:3})" for nDCG under --gains, "" for the
 * others */
static void params_of(char *buf, size_t size, const struct mdef *def,
		      const struct measurectx *x)
{
	char num[32];

	if (takes_rel(def) && rel_of(x) != 1)
		snprintf(buf, size, "(rel=%ld)", rel_of(x));
	else if (strcmp(def->irm, "nDCG") == 0 && x->gains) {
		char map[GAINMAP_TEXT];
		gainmap_text(x->gains, map, sizeof map);
		snprintf(buf, size, "(gains=%s)", map);
	} else if (strcmp(def->irm, "RBP") == 0) {
		fmt_double(num, x->persistence);
		snprintf(buf, size, "(p=%s)", num);
	} else if (strcmp(def->irm, "SDCG") == 0)
		snprintf(buf, size, "(max_rel=%ld)", (long)x->max_grade);
	else
		buf[0] = '\0';
}

void irm_column_name(char *buf, size_t size, const struct mdef *def,
		     long K, const struct measurectx *x)
{
	char params[GAINMAP_TEXT + 16];

	params_of(params, sizeof params, def, x);
	if (def->cutoff)
		snprintf(buf, size, "%s%s@%ld", def->irm, params, K);
	else
		snprintf(buf, size, "%s%s", def->irm, params);
}

/* one parameter "key=value" of name, against the options: dies unless
 * the row takes it with the value they give */
static void check_param(const char *name, const char *p, size_t len,
			const struct mdef *def, const struct measurectx *x,
			const char *usage)
{
	const char *eq = memchr(p, '=', len);
	char value[GAINMAP_TEXT + 64], why[160];
	struct gainmap map;
	struct slice v;
	double d;

	if (!eq || (size_t)(p + len - eq - 1) >= sizeof value)
		usage_error(usage, "-m: '%s': a parameter is key=value", name);
	memcpy(value, eq + 1, (size_t)(p + len - eq - 1));
	value[p + len - eq - 1] = '\0';
	v = (struct slice){ value, strlen(value) };
	if (eq - p == 3 && memcmp(p, "rel", 3) == 0 && takes_rel(def)) {
		long g;
		if (parse_long(v, &g) != NUM_OK || g != rel_of(x))
			usage_error(usage, "-m: '%s': rel is --min-grade's "
				    "(--min-grade %s)", name, value);
		return;
	}
	if (eq - p == 11 && memcmp(p, "judged_only", 11) == 0)
		usage_error(usage, "-m: '%s': condensed lists are "
			    "--judged-only's: give it and name the measure "
			    "without judged_only=", name);
	if (strcmp(def->irm, "nDCG") == 0 && eq - p == 5 &&
	    memcmp(p, "gains", 5) == 0) {
		static const struct gainmap none;
		if (gainmap_parse(value, &map, why, sizeof why) < 0)
			usage_error(usage, "-m: '%s': gains: %s", name, why);
		if (!gainmap_same(&map, x->gains ? x->gains : &none))
			usage_error(usage, "-m: '%s': gains are --gains' "
				    "(--gains %s)", name, value);
		return;
	}
	if (strcmp(def->irm, "RBP") == 0 && eq - p == 1 && *p == 'p') {
		if (parse_double(v, &d) != NUM_OK || d != x->persistence)
			usage_error(usage, "-m: '%s': p is --persistence's "
				    "(--persistence %s)", name, value);
		return;
	}
	if (strcmp(def->irm, "SDCG") == 0 && eq - p == 7 &&
	    memcmp(p, "max_rel", 7) == 0) {
		if (parse_double(v, &d) != NUM_OK || d != x->max_grade)
			usage_error(usage, "-m: '%s': max_rel is --max-grade's "
				    "(--max-grade %s)", name, value);
		return;
	}
	if (strcmp(def->irm, "SDCG") == 0 && eq - p == 7 &&
	    memcmp(p, "min_rel", 7) == 0 && strcmp(value, "0") == 0)
		return;
	usage_error(usage, "-m: '%s': %s takes no parameter '%.*s'", name,
		    def->irm, (int)(eq - p), p);
}

/* whether def's ir_measures name is name's stem (stem bytes), with "@K"
 * (at) for a cut-off measure; pass 1 takes a cut-off measure without
 * "@K" too: its family */
static int names_row(const struct mdef *def, const char *name, size_t stem,
		     const char *at, int pass)
{
	if (!def->irm || strlen(def->irm) != stem ||
	    memcmp(def->irm, name, stem) != 0)
		return 0;
	return pass == 0 ? def->cutoff == (at != NULL) : !at && def->cutoff;
}

/* the end of the parameter at p: the first comma before close outside
 * braces (gains={0:0,1:1}), or close */
static const char *param_end(const char *p, const char *close)
{
	int depth = 0;

	for (; p < close; p++)
		if (*p == '{')
			depth++;
		else if (*p == '}' && depth > 0)
			depth--;
		else if (*p == ',' && depth == 0)
			return p;
	return close;
}

int irm_find(const struct mdef *defs, size_t n, const char *name,
	     const struct measurectx *x, char *buf, size_t size,
	     const char *usage)
{
	size_t stem = strcspn(name, "(@"), i;
	const char *params = name[stem] == '(' ? name + stem + 1 : NULL;
	const char *close = params ? strchr(params, ')') : NULL;
	const char *at = strchr(close ? close : name + stem, '@');
	const struct mdef *def = NULL;
	const char *p, *end;
	int pass;

	if (params && (!close || (close[1] && close[1] != '@')))
		return 0;
	/* a name with "@K" is a cut-off measure's, one without a whole-list
	 * measure's or else, second, a cut-off family's (R: recall@K at
	 * each of -k's K) */
	for (pass = 0; pass < 2 && !def; pass++)
		for (i = 0; i < n && !def; i++)
			if (names_row(&defs[i], name, stem, at, pass))
				def = &defs[i];
	if (!def)
		return 0;
	for (p = params; p && p < close; p = end + 1) {
		end = param_end(p, close);
		check_param(name, p, (size_t)(end - p), def, x, usage);
	}
	snprintf(buf, size, "%s%s", def->name, at ? at : "");
	return 1;
}
