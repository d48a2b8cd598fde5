/* bootstrap's numbers (bootcalc.h): columns of per-query values go
 * through the resampling engines, and each column's replicates become an
 * interval. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "measure/direction.h"
#include "stats/columns.h"
#include "stats/adjust.h"
#include "stats/interval.h"
#include "stats/pairedtest.h"
#include "stats/resample.h"
#include "stats/signflip.h"
#include "stats/tukeyhsd.h"
#include "stats/bootcalc.h"

/* v times 2^shift, the unscaled value of a scaled column's statistic;
 * dies when that is past the largest double (a difference of two values
 * near it can be), naming the file, the measure and the column */
static double unscale(double v, int shift, const char *file, struct slice m,
		      const char *what)
{
	double x = ldexp(v, shift);
	if (isfinite(v) && !isfinite(x))
		die(EXIT_DATA, "%s: measure '%.*s': the %s, %.17g times 2^%d, "
		    "is past the largest double", file, (int)m.n, m.p, what,
		    v, shift);
	return x;
}

/* Power-of-two scales that keep every sum of a column finite: shift[c]
 * (on entry: the scale the column already has) grows until the column's
 * values times 2^-shift sum, n of them, below 2^1021, so that no resample
 * mean, sign-flip sum, quantile or BCa term overflows; the estimate and
 * the interval are then taken back by 2^shift. A power of two changes the
 * exponent alone, so the results are the same bits as without scaling
 * whenever that did not overflow (values below 2^(shift - 1022), which
 * lose bits, weigh nothing beside the largest). Returns a scaled copy of
 * cols->v (cols then points to it) or NULL when no column needs one. */
static double *scale_columns(struct columns *cols, int *shift)
{
	double *copy = NULL;
	int lg = 0;

	while (lg < 64 && ((size_t)1 << lg) < cols->n)
		lg++;		/* n <= 2^lg */
	for (size_t c = 0; c < cols->k; c++) {
		const double *x = cols->v + c * cols->n;
		double top = 0;
		int extra;
		for (size_t i = 0; i < cols->n; i++)
			if (isfinite(x[i]) && fabs(x[i]) > top)
				top = fabs(x[i]);
		/* top < 2^(ilogb + 1), so n top < 2^(ilogb + 1 + lg) */
		extra = top > 0 ? ilogb(top) + 1 + lg + 2 - 1023 : 0;
		if (extra <= 0)
			continue;
		if (!copy) {
			copy = xmalloc((cols->n * cols->k + 1) * sizeof *copy);
			memcpy(copy, cols->v, cols->n * cols->k * sizeof *copy);
			cols->v = copy;
		}
		for (size_t i = 0; i < cols->n; i++)
			copy[c * cols->n + i] = ldexp(x[i], -extra);
		shift[c] += extra;
	}
	return copy;
}

/* room for B replicates of k columns, or a one-line error when that many
 * doubles cannot be counted in a size_t (32-bit machines) */
static double *replicates(size_t k, long B)
{
	if (k > SIZE_MAX / sizeof(double) / ((size_t)B + 1))
		die(EXIT_DATA, "%zu columns x %ld resamples do not fit in memory", k, B);
	return xmalloc((k * (size_t)B + 1) * sizeof(double));
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* the interval of column c from its replicates rep[0 .. B-1] (reordered);
 * NaN when the column or every replicate lacks a value */
static void interval_of(const struct columns *cols, size_t c, double *rep,
			const struct bootopts *o, double *lo, double *hi)
{
	size_t kept = 0, m;
	double estimate = column_mean(cols, c, &m);
	for (long b = 0; b < o->resamples; b++)
		if (!isnan(rep[b]))
			rep[kept++] = rep[b];
	*lo = *hi = NAN;
	if (m == 0 || kept == 0)
		return;
	qsort(rep, kept, sizeof *rep, by_value);
	if (o->method == METHOD_BCA)
		interval_bca(rep, kept, estimate,
			     bca_acceleration(cols->v + c * cols->n, cols->n),
			     o->confidence, lo, hi);
	else
		interval_percentile(rep, kept, o->confidence, lo, hi);
}

/* the fix of a query that one system lacks, when the files are
 * treceval's: without -c it leaves out the queries a run has no line of */
static const char *fix_hint(const char *what)
{
	return strcmp(what, "query") == 0 ? " (from treceval -q, add -c: a "
	    "row for every query of the qrels)" : "";
}

/* where each key (a query or a measure: what) of `first` is in `map`,
 * the keys of file t; dies naming the file and line of a key that one of
 * the two lacks */
static void match(const struct strmap *first, const struct strmap *map,
		  const long *line, size_t *pos, const char *what,
		  const char *firstfile, const char *file)
{
	for (size_t e = 0; e < map->nent; e++) {
		struct slice id = strmap_key(map, e);
		if (strmap_get(first, id) == STRMAP_ABSENT)
			die_at(file, line[e], "%s '%.*s' is not in %s%s", what,
			       (int)id.n, id.p, firstfile, fix_hint(what));
	}
	for (size_t e = 0; e < first->nent; e++) {
		struct slice id = strmap_key(first, e);
		pos[e] = strmap_get(map, id);
		if (pos[e] == STRMAP_ABSENT)
			die_at(file, 0, "%s '%.*s' of %s is missing%s", what,
			       (int)id.n, id.p, firstfile, fix_hint(what));
	}
}

/* where each query and measure of the first table is in table t; dies
 * naming the file when the two do not hold the same ones */
static void align(const struct mtable *first, const struct mtable *t,
		  size_t *qpos, size_t *mpos)
{
	match(&first->queries, &t->queries, t->query_line, qpos, "query",
	      first->file, t->file);
	match(&first->measures, &t->measures, t->measure_line, mpos,
	      "measure", first->file, t->file);
}

/* the differences first - other, per measure m and other file j at
 * column m * (nfiles - 1) + j - 1; NaN where either lacks a value; and
 * eff[column], their effect. A
 * column where some value reaches 2^1022 holds the differences of the
 * halves (exact), shift[column] = 1, since a - x may overflow there. */
static double *differences(const struct mtable *const *tab, int nfiles,
			   int *shift, struct effect *eff)
{
	const struct mtable *other = tab[0];
	size_t n = other->nq, pairs = (size_t)nfiles - 1;
	double *d = xmalloc((other->nm * pairs * n + 1) * sizeof *d);
	size_t *qpos = xmalloc((n + 1) * sizeof *qpos);
	size_t *mpos = xmalloc((other->nm + 1) * sizeof *mpos);
	for (int j = 1; j < nfiles; j++) {
		align(other, tab[j], qpos, mpos);
		for (size_t m = 0; m < other->nm; m++) {
			size_t c = m * pairs + (size_t)j - 1;
			double *col = d + c * n;
			const double *a = other->v + m * n;
			const double *x = tab[j]->v + mpos[m] * tab[j]->nq;
			int half = 0;
			double top = 0;	/* the largest magnitude of a value */
			for (size_t q = 0; q < n; q++) {
				top = fmax(top, fmax(fabs(a[q]), fabs(x[qpos[q]])));
				half |= fabs(a[q]) >= 0x1p1022 ||
				    fabs(x[qpos[q]]) >= 0x1p1022;
			}
			for (size_t q = 0; q < n; q++)
				col[q] = half ? a[q] / 2 - x[qpos[q]] / 2
					      : a[q] - x[qpos[q]];
			shift[c] = half;
			/* the values' rounding, 2^-52 of the largest, is
			 * the noise of d_z */
			effect_of(col, n, measure_direction(strmap_key(
				  &other->measures, m)) == BETTER_LOWER,
				  DBL_EPSILON * (half ? top / 2 : top), &eff[c]);
		}
	}
	free(mpos);
	free(qpos);
	return d;
}


const char *const boot_test_names[] = { "signflip", "t", "wilcoxon", NULL };

const char *boot_test_title(int test)
{
	static const char *const title[] = {
		"paired sign-flip test", "paired t-test", "Wilcoxon signed-rank test"
	};
	return title[test];
}

int boot_adjusted(int nsys, const struct bootopts *o)
{
	return nsys > 2 && o->adjust != ADJUST_NONE;
}

/* p[c] for every column of differences by the test of o */
static void test_pvalues(const struct columns *cols, const struct bootopts *o,
			 double *p)
{
	if (o->test == TEST_SIGNFLIP) {
		signflip_pvalues(cols, o->permutations, o->seed + 1, o->threads, p);
		return;
	}
	for (size_t c = 0; c < cols->k; c++) {
		const double *d = cols->v + c * cols->n;
		size_t m;
		if (isnan(column_mean(cols, c, &m)))
			p[c] = NAN;	/* no query has a difference */
		else
			p[c] = o->test == TEST_T ? paired_t_p(d, cols->n)
			    : wilcoxon_p(d, cols->n, NULL);
	}
}

void boot_means(const struct mtable *tab, const struct bootopts *o,
		struct bootstat *st)
{
	struct columns cols = { .v = tab->v, .n = tab->nq, .k = tab->nm,
				.stratum = tab->stratum,
				.nstrata = tab->nstrata,
				.macro = tab->macro };
	int *shift = xcalloc(cols.k + 1, sizeof *shift);
	double *scaled = scale_columns(&cols, shift);
	double *rep = replicates(cols.k, o->resamples);
	resample_means(&cols, o->resamples, o->seed, o->threads, rep);
	for (size_t c = 0; c < cols.k; c++) {
		double lo, hi;
		size_t m;
		struct slice name = strmap_key(&tab->measures, c);
		interval_of(&cols, c, rep + c * (size_t)o->resamples, o, &lo, &hi);
		st[c].est = unscale(column_mean(&cols, c, &m), shift[c],
				    tab->file, name, "mean");
		st[c].lo = unscale(lo, shift[c], tab->file, name, "lower bound");
		st[c].hi = unscale(hi, shift[c], tab->file, name, "upper bound");
	}
	free(rep);
	free(scaled);
	free(shift);
}

void boot_diffs(const struct mtable *const *t, int n,
		const struct bootopts *o, struct bootstat *st, double *p,
		double *adj, struct effect *eff)
{
	size_t pairs = (size_t)n - 1;
	struct columns cols = { .n = t[0]->nq, .k = t[0]->nm * pairs };
	int *shift = xcalloc(cols.k + 1, sizeof *shift);
	double *d = differences(t, n, shift, eff);
	cols.v = d;
	double *scaled = scale_columns(&cols, shift);
	double *rep = replicates(cols.k, o->resamples);
	resample_means(&cols, o->resamples, o->seed, o->threads, rep);
	test_pvalues(&cols, o, p);
	for (size_t m = 0; m < t[0]->nm; m++)
		p_adjust(o->adjust, p + m * pairs, pairs, adj + m * pairs);
	for (size_t c = 0; c < cols.k; c++) {
		double lo, hi;
		size_t m;
		struct slice name = strmap_key(&t[0]->measures, c / pairs);
		const char *f = t[0]->file;
		interval_of(&cols, c, rep + c * (size_t)o->resamples, o, &lo, &hi);
		st[c].est = unscale(column_mean(&cols, c, &m), shift[c], f,
				    name, "mean difference");
		st[c].lo = unscale(lo, shift[c], f, name, "lower bound");
		st[c].hi = unscale(hi, shift[c], f, name, "upper bound");
	}
	free(rep);
	free(scaled);
	free(d);
	free(shift);
}

void boot_all_pairs(const struct mtable *const *t, int n,
		    const struct bootopts *o, double *diff, double *p)
{
	size_t nq = t[0]->nq, nm = t[0]->nm, k = (size_t)n;
	double *v = xmalloc((nm * nq * k + 1) * sizeof *v);
	size_t *qpos = xmalloc((nq + 1) * sizeof *qpos);
	size_t *mpos = xmalloc((nm + 1) * sizeof *mpos);
	for (size_t s = 0; s < k; s++) {
		align(t[0], t[s], qpos, mpos);
		for (size_t m = 0; m < nm; m++)
			for (size_t q = 0; q < nq; q++)
				v[(m * nq + q) * k + s] = t[s]->v[mpos[m] *
				    t[s]->nq + qpos[q]];
	}
	/* each measure's block of values as one column, scaled so that no
	 * system's sum overflows */
	struct columns cols = { .v = v, .n = nq * k, .k = nm };
	int *shift = xcalloc(nm + 1, sizeof *shift);
	double *scaled = scale_columns(&cols, shift);
	tukey_hsd(cols.v, nm, nq, n, o->permutations, o->seed + 1, o->threads,
		  diff, p);
	size_t npairs = k * (k - 1) / 2;
	for (size_t c = 0; c < nm * npairs; c++)
		diff[c] = unscale(diff[c], shift[c / npairs], t[0]->file,
				  strmap_key(&t[0]->measures, c / npairs),
				  "mean difference");
	free(scaled);
	free(shift);
	free(mpos);
	free(qpos);
	free(v);
}

/* r->mean for every system, in the baseline's order of measures (the
 * systems' measures are checked against it by boot_diffs first) */
static void all_means(struct bootresults *r)
{
	const struct mtable *b = r->tab[r->base];
	for (int s = 0; s < r->nsys; s++) {
		const struct mtable *t = r->tab[s];
		struct bootstat *st = xmalloc((t->nm + 1) * sizeof *st);
		boot_means(t, r->o, st);
		for (size_t m = 0; m < b->nm; m++) {
			size_t e = strmap_get(&t->measures,
					      strmap_key(&b->measures, m));
			r->mean[m * (size_t)r->nsys + (size_t)s] = st[e];
		}
		free(st);
	}
}

void boot_labels_unique(const char *const *label, size_t n)
{
	for (size_t i = 1; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(label[i], label[j]) == 0)
				usage_error(NULL, "--label '%s' names two systems, "
					    "files %zu and %zu: each needs a name "
					    "of its own", label[i], j + 1, i + 1);
}

void boot_results(struct bootresults *r, const struct mtable *const *tab,
		  const char *const *label, int nsys, int base,
		  const struct bootopts *o)
{
	size_t cells, pairs = (size_t)nsys - 1;
	*r = (struct bootresults){ .nsys = nsys, .base = base, .label = label,
		.tab = tab, .o = o, .nm = tab[base]->nm, .nq = tab[base]->nq };
	cells = r->nm * (size_t)nsys + 1;
	r->mean = xmalloc(cells * sizeof *r->mean);
	r->diff = xmalloc(cells * sizeof *r->diff);
	r->p = xmalloc(cells * sizeof *r->p);
	r->adj = xmalloc(cells * sizeof *r->adj);
	r->eff = xcalloc(cells, sizeof *r->eff);
	for (size_t i = 0; i < cells; i++) {
		r->diff[i] = (struct bootstat){ NAN, NAN, NAN };
		r->p[i] = r->adj[i] = NAN;
	}
	if (nsys > 1) {
		const struct mtable **t = xmalloc((size_t)nsys * sizeof *t);
		struct bootstat *st = xmalloc((r->nm * pairs + 1) * sizeof *st);
		double *p = xmalloc((r->nm * pairs + 1) * sizeof *p);
		double *adj = xmalloc((r->nm * pairs + 1) * sizeof *adj);
		struct effect *eff = xmalloc((r->nm * pairs + 1) * sizeof *eff);
		int *sys = xmalloc((size_t)nsys * sizeof *sys);
		t[0] = tab[base];
		for (int s = 0, j = 1; s < nsys; s++)
			if (s != base) {
				sys[j] = s;
				t[j++] = tab[s];
			}
		boot_diffs(t, nsys, o, st, p, adj, eff);
		for (size_t m = 0; m < r->nm; m++)
			for (size_t j = 1; j < (size_t)nsys; j++) {
				size_t from = m * pairs + j - 1;
				size_t to = m * (size_t)nsys + (size_t)sys[j];
				r->diff[to] = st[from];
				r->p[to] = p[from];
				r->adj[to] = adj[from];
				r->eff[to] = eff[from];
			}
		free(eff);
		free(sys);
		free(adj);
		free(p);
		free(st);
		free(t);
	}
	all_means(r);
}

void boot_results_free(struct bootresults *r)
{
	free(r->mean);
	free(r->diff);
	free(r->p);
	free(r->adj);
	free(r->eff);
}

struct slice boot_measure(const struct bootresults *r, size_t m)
{
	return strmap_key(&r->tab[r->base]->measures, m);
}
