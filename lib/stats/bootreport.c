/* The reports of bootstrap (see bootreport.h): columns of per-query
 * values go through the resampling engines, and each column's replicates
 * become an interval. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/out.h"
#include "stream/stream.h"
#include "stats/columns.h"
#include "stats/holm.h"
#include "stats/interval.h"
#include "stats/resample.h"
#include "stats/signflip.h"
#include "stats/bootreport.h"

/* a value to the decimals asked for; from 2^53 on a double has no
 * fraction and %f would spell out digits it does not hold (3.3e307 as 308
 * of them), so such a value gets the shortest text that reads back to it
 * (3.3e+307, fmtscore.h) */
static void out_number(double v, int decimals)
{
	char buf[64];		/* %.17f of a value below 2^53: 35 bytes */
	out_char('\t');
	if (isnan(v)) {
		out_char('-');
		return;
	}
	if (v == 0)
		v = 0;		/* no "-0" */
	if (fabs(v) >= 9007199254740992.0)	/* 2^53, or inf */
		fmt_double(buf, v);
	else
		snprintf(buf, sizeof buf, "%.*f", decimals, v);
	out_str(buf);
}

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

/* Wilson's interval when the column holds only 0 and 1, or 0 and 100
 * (a hit rate in percent) */
static void wilson_of(const struct columns *cols, size_t c,
		      const struct bootopts *o, double *lo, double *hi)
{
	const double *x = cols->v + c * cols->n;
	double scale = 1, hits = 0, n = 0;
	*lo = *hi = NAN;
	for (size_t i = 0; i < cols->n; i++)
		if (x[i] > 1)
			scale = 100;
	for (size_t i = 0; i < cols->n; i++) {
		if (isnan(x[i]))
			continue;
		if (x[i] != 0 && x[i] != scale)
			return;
		hits += x[i] != 0;
		n++;
	}
	if (n == 0)
		return;
	interval_wilson(hits / n, n, o->confidence, lo, hi);
	*lo *= scale;
	*hi *= scale;
}

void boot_one(const struct mtable *tab, const struct bootopts *o)
{
	struct columns cols = { .v = tab->v, .n = tab->nq, .k = tab->nm };
	const struct columns raw = cols;
	int *shift = xcalloc(cols.k + 1, sizeof *shift);
	double *scaled = scale_columns(&cols, shift);
	double *rep = replicates(cols.k, o->resamples);
	resample_means(&cols, o->resamples, o->seed, o->threads, rep);
	out_str("# " HDR_BOOT_ONE);
	out_str(o->wilson ? HDR_BOOT_WILSON "\n" : "\n");
	for (size_t c = 0; c < cols.k; c++) {
		double lo, hi, m_lo, m_hi;
		size_t m;
		interval_of(&cols, c, rep + c * (size_t)o->resamples, o, &lo, &hi);
		double mean = column_mean(&cols, c, &m);
		struct slice name = strmap_key(&tab->measures, c);
		mean = unscale(mean, shift[c], tab->file, name, "mean");
		lo = unscale(lo, shift[c], tab->file, name, "lower bound");
		hi = unscale(hi, shift[c], tab->file, name, "upper bound");
		out_slice(name);
		out_str("\tall");
		out_number(mean, o->decimals);
		out_number(lo, o->decimals);
		out_number(hi, o->decimals);
		if (o->wilson) {
			wilson_of(&raw, c, o, &m_lo, &m_hi);
			out_number(m_lo, o->decimals);
			out_number(m_hi, o->decimals);
		}
		out_char('\n');
	}
	stream_write_end();
	free(rep);
	free(scaled);
	free(shift);
}

/* where each query and measure of the first table is in table t; dies
 * naming the file when the two do not hold the same ones */
static void align(const struct mtable *first, const struct mtable *t,
		  size_t *qpos, size_t *mpos)
{
	for (size_t q = 0; q < t->nq; q++) {
		struct slice id = strmap_key(&t->queries, q);
		if (strmap_get(&first->queries, id) == STRMAP_ABSENT)
			die_at(t->file, t->query_line[q],
			       "query '%.*s' is not in %s", (int)id.n, id.p,
			       first->file);
	}
	for (size_t q = 0; q < first->nq; q++) {
		struct slice id = strmap_key(&first->queries, q);
		qpos[q] = strmap_get(&t->queries, id);
		if (qpos[q] == STRMAP_ABSENT)
			die_at(t->file, 0, "query '%.*s' of %s is missing",
			       (int)id.n, id.p, first->file);
	}
	for (size_t m = 0; m < t->nm; m++) {
		struct slice id = strmap_key(&t->measures, m);
		if (strmap_get(&first->measures, id) == STRMAP_ABSENT)
			die_at(t->file, t->measure_line[m],
			       "measure '%.*s' is not in %s", (int)id.n, id.p,
			       first->file);
	}
	for (size_t m = 0; m < first->nm; m++) {
		struct slice id = strmap_key(&first->measures, m);
		mpos[m] = strmap_get(&t->measures, id);
		if (mpos[m] == STRMAP_ABSENT)
			die_at(t->file, 0, "measure '%.*s' of %s is missing",
			       (int)id.n, id.p, first->file);
	}
}

/* the differences first - other, per measure m and other file j at
 * column m * (nfiles - 1) + j - 1; NaN where either lacks a value. A
 * column where some value reaches 2^1022 holds the differences of the
 * halves (exact), shift[column] = 1, since a - x may overflow there. */
static double *differences(const struct mtable *tab, int nfiles, int *shift)
{
	const struct mtable *other = &tab[0];
	size_t n = other->nq, pairs = (size_t)nfiles - 1;
	double *d = xmalloc((other->nm * pairs * n + 1) * sizeof *d);
	size_t *qpos = xmalloc((n + 1) * sizeof *qpos);
	size_t *mpos = xmalloc((other->nm + 1) * sizeof *mpos);
	for (int j = 1; j < nfiles; j++) {
		align(other, &tab[j], qpos, mpos);
		for (size_t m = 0; m < other->nm; m++) {
			size_t c = m * pairs + (size_t)j - 1;
			double *col = d + c * n;
			const double *a = other->v + m * n;
			const double *x = tab[j].v + mpos[m] * tab[j].nq;
			int half = 0;
			for (size_t q = 0; q < n; q++)
				half |= fabs(a[q]) >= 0x1p1022 ||
				    fabs(x[qpos[q]]) >= 0x1p1022;
			for (size_t q = 0; q < n; q++)
				col[q] = half ? a[q] / 2 - x[qpos[q]] / 2
					      : a[q] - x[qpos[q]];
			shift[c] = half;
		}
	}
	free(mpos);
	free(qpos);
	return d;
}

static void write_pair_header(const struct mtable *tab, int nfiles)
{
	out_str("# " HDR_BOOT_PAIR);
	out_str(nfiles > 2 ? HDR_BOOT_HOLM "\n" : "\n");
	for (int j = 0; j < nfiles; j++) {
		out_str("# ");
		out_char((char)('A' + j));
		out_str(": ");
		out_str(tab[j].file);
		out_char('\n');
	}
}

void boot_compare(const struct mtable *tab, int nfiles,
		  const struct bootopts *o)
{
	size_t pairs = (size_t)nfiles - 1;
	struct columns cols = { .n = tab[0].nq, .k = tab[0].nm * pairs };
	int *shift = xcalloc(cols.k + 1, sizeof *shift);
	double *d = differences(tab, nfiles, shift);
	cols.v = d;
	double *scaled = scale_columns(&cols, shift);
	double *rep = replicates(cols.k, o->resamples);
	double *p = xmalloc((cols.k + 1) * sizeof *p);
	double *adj = xmalloc((cols.k + 1) * sizeof *adj);
	resample_means(&cols, o->resamples, o->seed, o->threads, rep);
	signflip_pvalues(&cols, o->permutations, o->seed + 1, o->threads, p);
	for (size_t m = 0; m < tab[0].nm; m++)
		holm_adjust(p + m * pairs, pairs, adj + m * pairs);
	write_pair_header(tab, nfiles);
	int pdec = o->decimals > 6 ? o->decimals : 6;
	for (size_t c = 0; c < cols.k; c++) {
		double lo, hi;
		size_t m;
		struct slice name = strmap_key(&tab[0].measures, c / pairs);
		interval_of(&cols, c, rep + c * (size_t)o->resamples, o, &lo, &hi);
		out_slice(name);
		out_str("\tA-");
		out_char((char)('B' + c % pairs));
		out_number(unscale(column_mean(&cols, c, &m), shift[c],
				   tab[0].file, name, "mean difference"),
			   o->decimals);
		out_number(unscale(lo, shift[c], tab[0].file, name,
				   "lower bound"), o->decimals);
		out_number(unscale(hi, shift[c], tab[0].file, name,
				   "upper bound"), o->decimals);
		out_number(nfiles > 2 ? adj[c] : p[c], pdec);
		if (nfiles > 2)
			out_number(p[c], pdec);
		out_char('\n');
	}
	stream_write_end();
	free(adj);
	free(p);
	free(rep);
	free(scaled);
	free(d);
	free(shift);
}
