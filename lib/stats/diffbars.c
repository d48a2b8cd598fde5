/* The per-query differences drawn (diffbars.h): IR papers' sorted bar
 * chart of per-topic differences, the baseline the line at 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/slice.h"
#include "plot/svgbars.h"
#include "stats/diffbars.h"

/* a query's difference and its place in the baseline */
struct qdiff {
	double d;
	size_t q;
};

static int by_difference(const void *a, const void *b)
{
	const struct qdiff *x = a, *y = b;
	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return x->q < y->q ? -1 : x->q > y->q;
}

/* the index of the measure drawn in the baseline; dies when it has none */
static size_t drawn_measure(const struct mtable *base, const char *name)
{
	size_t m;
	if (!name)
		return 0;
	m = strmap_get(&base->measures,
		       (struct slice){ name, strlen(name) });
	if (m == STRMAP_ABSENT)
		usage_error(NULL, "--svg-measure '%s' is not a measure of %s",
			    name, base->file);
	return m;
}

void diffbars_save(const struct mtable *base, const struct mtable *sys,
		   const char *basename, const char *sysname,
		   const struct difflook *look, const char *path)
{
	size_t m = drawn_measure(base, look->measure), n = 0;
	struct slice mname = strmap_key(&base->measures, m);
	size_t ms = strmap_get(&sys->measures, mname);
	static const char fix[] = " (from treceval -q, add -c: a row for "
		"every query of the qrels)";
	struct qdiff *qd = xmalloc((base->nq + 1) * sizeof *qd);
	const double *a = base->v + m * base->nq;

	if (ms == STRMAP_ABSENT)
		die_at(sys->file, 0, "measure '%.*s' of %s is missing",
		       (int)mname.n, mname.p, base->file);
	for (size_t e = 0; e < sys->nq; e++) {	/* as bootstrap's numbers */
		struct slice id = strmap_key(&sys->queries, e);
		if (strmap_get(&base->queries, id) == STRMAP_ABSENT)
			die_at(sys->file, sys->query_line[e], "query '%.*s' is "
			       "not in %s%s", (int)id.n, id.p, base->file, fix);
	}
	for (size_t q = 0; q < base->nq; q++) {
		struct slice id = strmap_key(&base->queries, q);
		size_t qs = strmap_get(&sys->queries, id);
		double x;
		if (qs == STRMAP_ABSENT)
			die_at(sys->file, 0, "query '%.*s' of %s is missing%s",
			       (int)id.n, id.p, base->file, fix);
		x = sys->v[ms * sys->nq + qs];
		if (!isnan(a[q]) && !isnan(x) && isfinite(x - a[q]))
			qd[n++] = (struct qdiff){ x - a[q], q };
	}
	if (n == 0)
		die(EXIT_DATA, "%s: --svg: no query has a value of %.*s in both "
		    "%s and %s", path, (int)mname.n, mname.p, basename, sysname);
	qsort(qd, n, sizeof *qd, by_difference);

	double *v = xmalloc(n * sizeof *v);
	char **qname = xmalloc(n * sizeof *qname);
	for (size_t i = 0; i < n; i++) {
		struct slice id = strmap_key(&base->queries, qd[i].q);
		v[i] = qd[i].d;
		qname[i] = xstrndup(id.p, id.n);
	}
	size_t ysize = mname.n + strlen(sysname) + strlen(basename) + 8;
	char *ylabel = xmalloc(ysize);
	snprintf(ylabel, ysize, "%.*s: %s - %s", (int)mname.n, mname.p,
		 sysname, basename);
	struct barspec spec = {
		.v = v, .name = (const char *const *)qname, .n = n,
		.xlabel = look->xlabel ? look->xlabel :
		    "queries, by difference",
		.ylabel = look->ylabel ? look->ylabel : ylabel,
		.title = look->title, .ymin = NAN, .ymax = NAN,
		.width = look->width, .height = look->height,
	};
	svgbars_save(&spec, path);
	for (size_t i = 0; i < n; i++)
		free(qname[i]);
	free(qname);
	free(ylabel);
	free(v);
	free(qd);
}
