/* Comma-separated option arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"

/* the first comma of p outside parentheses (ir_measures' parameters:
 * SDCG(min_rel=0,max_rel=4)@10), or NULL */
static char *list_comma(char *p)
{
	long depth = 0;

	for (; *p; p++)
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth > 0)
			depth--;
		else if (*p == ',' && depth == 0)
			return p;
	return NULL;
}

void parse_names(const char *opt, const char *text, char ***out, size_t *n,
		 const char *usage)
{
	char *copy = xstrndup(text, strlen(text)), *p = copy;
	size_t k = 0, cap = 0;
	char **v = NULL;

	for (;;) {
		char *c = list_comma(p);
		if (c)
			*c = '\0';
		if (*p == '\0')
			usage_error(usage, "%s: empty item in list '%s'", opt,
				    text);
		xgrow((void **)&v, &cap, k + 1, sizeof *v);
		v[k++] = p;
		if (!c)
			break;
		p = c + 1;
	}
	*out = v;
	*n = k;
}

void parse_cutoffs(const char *opt, const char *text, long **out, size_t *n,
		   int allow_all, int *all, const char *usage)
{
	char **item;
	size_t k, i, j, m = 0;
	long *v;

	if (all)
		*all = 0;
	if (allow_all && strcmp(text, "all") == 0) {
		*all = 1;
		*out = NULL;
		*n = 0;
		return;
	}
	parse_names(opt, text, &item, &k, usage);
	v = xmalloc(k * sizeof *v);
	for (i = 0; i < k; i++) {
		struct slice s = { item[i], strlen(item[i]) };
		long x;
		if (parse_long(s, &x) != NUM_OK || x < 1)
			usage_error(usage,
				    "%s: '%s' is not a positive integer", opt,
				    item[i]);
		for (j = 0; j < m && v[j] != x; j++)
			;
		if (j == m)
			v[m++] = x;
	}
	free(item[0]);
	free(item);
	*out = v;
	*n = m;
}

int parse_choice(const char *opt, const char *text,
		 const char *const *names, const char *usage)
{
	char list[256] = "";
	int i, n;

	for (n = 0; names[n]; n++)
		if (strcmp(text, names[n]) == 0)
			return n;
	for (i = 0; i < n; i++) {
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s",
			 i == 0 ? "" : i == n - 1 ? " or " : ", ",
			 names[i]);
	}
	usage_error(usage, "%s: '%s' is not %s", opt, text, list);
}
