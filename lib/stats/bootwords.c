/* bootstrap's report in words (bootwords.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/out.h"
#include "util/texttable.h"
#include "measure/direction.h"
#include "stats/adjust.h"
#include "stats/bootwords.h"

void boot_thousands(char *buf, long n)
{
	char digits[32];
	int len = snprintf(digits, sizeof digits, "%ld", n), k = 0;
	for (int i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = digits[i];
	}
	buf[k] = '\0';
}

/* k/(n + 1), a p-value of n permutations (k = 1: the smallest one they
 * can give), rounded up to three significant digits so that "p <= this"
 * stays true; into buf (size >= 32) */
static void boot_pceil(char *buf, long k, long n)
{
	/* k/m rounded up to d 10^-e, 100 <= d < 1000: in integers, so the
	 * same digits on every machine (no log10 near a power of ten) */
	unsigned long long m = (unsigned long long)n + 1, ten = 1000, d;
	unsigned long long kk = (unsigned long long)k;
	int e = 3, at = 0;
	while (kk * ten < 100 * m) {
		ten *= 10;
		e++;
	}
	d = (kk * ten + m - 1) / m;
	if (d >= 1000) {
		d = (d + 9) / 10;
		e--;
	}
	while (d % 10 == 0 && e > 0) {	/* trailing zeros go */
		d /= 10;
		e--;
	}
	if (e <= 0 || d >= 1000) {	/* 1 */
		strcpy(buf, "1");
		return;
	}
	at = sprintf(buf, "0.");
	for (int z = e - (d >= 100 ? 3 : d >= 10 ? 2 : 1); z > 0; z--)
		buf[at++] = '0';
	sprintf(buf + at, "%llu", d);
}

/* 1 when p is the smallest value the permutations can give (no draw as
 * far from 0 as the observed difference) */
static int at_floor(double p, long n)
{
	return p * ((double)n + 1) < 1.5;
}

static void out_fmt(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static void out_fmt(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	out_str(buf);
}

/* "95%" of the confidence, into buf (size >= 32) */
static void level(char *buf, double confidence)
{
	snprintf(buf, 32, "%.10g%%", confidence * 100);
}

/* the cells of an estimate and its interval: "0.2292", "[0.0000, 0.5000]" */
static void stat_cells(struct texttable *t, const struct bootstat *st,
		       int decimals)
{
	char v[FMTFIXED_MAX], lo[FMTFIXED_MAX], hi[FMTFIXED_MAX];
	char iv[2 * FMTFIXED_MAX + 8];
	fmt_fixed(v, st->est, decimals);
	fmt_fixed(lo, st->lo, decimals);
	fmt_fixed(hi, st->hi, decimals);
	snprintf(iv, sizeof iv, "[%s, %s]", lo, hi);
	texttable_cell(t, v);
	texttable_cell(t, iv);
}

/* a cell "  a - b" or "  a" (b NULL) of any length */
static void name_cell(struct texttable *t, const char *a, const char *b)
{
	size_t n = strlen(a) + (b ? strlen(b) : 0) + 8;
	char *buf = xmalloc(n);
	snprintf(buf, n, b ? "  %s - %s" : "  %s", a, b);
	texttable_cell(t, buf);
	free(buf);
}

static void header(const struct bootresults *r)
{
	const struct bootopts *o = r->o;
	char lv[32], b[32], n[32];
	level(lv, o->confidence);
	boot_thousands(b, o->resamples);
	out_fmt("Bootstrap over %zu quer%s: each mean with its %s %s interval "
		"[lower, upper]\nfrom %s resamples (seed %lu).\n", r->nq,
		r->nq == 1 ? "y" : "ies", lv,
		o->method == METHOD_BCA ? "BCa" : "percentile", b,
		(unsigned long)o->seed);
	if (r->tab[r->base]->stratum)
		out_fmt("Resampled within the %zu groups of --group-by; the "
			"mean is %s.\n", r->tab[r->base]->nstrata,
			r->tab[r->base]->macro ? "the mean of the groups' means" :
			"over the queries");
	if (r->nsys > 1) {
		out_fmt("p: a %s of no difference", boot_test_title(o->test));
		if (o->test == TEST_SIGNFLIP) {
			boot_thousands(n, o->permutations);
			out_fmt(", %s permutations (seed %lu)", n,
				(unsigned long)o->seed + 1);
		}
		if (boot_adjusted(r->nsys, o))
			out_fmt(",\n%s over the %d comparisons with "
				"the baseline per measure",
				adjust_adjective(o->adjust), r->nsys - 1);
		else if (r->nsys > 2)
			out_fmt(",\nnot adjusted for the %d comparisons with "
				"the baseline per measure", r->nsys - 1);
		out_str(".\n");
	}
	out_str("Systems:");
	for (int s = 0; s < r->nsys; s++) {
		out_str(s ? ", " : " ");
		out_str(r->label[s]);
		int named = strcmp(r->label[s], r->tab[s]->file) != 0;
		int base = s == r->base && r->nsys > 1;
		if (named || base) {
			out_str(" (");
			out_str(named ? r->tab[s]->file : "");
			out_str(named && base ? ", " : "");
			out_str(base ? "the baseline" : "");
			out_str(")");
		}
	}
	out_str(".\n");
}

/* "p = 0.0123", or the floor "p <= 0.0001, the smallest value 10,000
 * permutations can give" */
static void out_p(const struct bootresults *r, size_t i)
{
	char buf[32], words[32];
	long n = r->o->permutations;
	int floor = r->o->test == TEST_SIGNFLIP && at_floor(r->p[i], n);
	const char *adjusted = adjust_adjective(r->o->adjust);
	if (boot_adjusted(r->nsys, r->o) && floor) {
		/* an adjustment of a bound is a bound, (count) / (n + 1)
		 * rounded up to a whole count (Holm and Bonferroni make
		 * whole multiples, Benjamini-Hochberg need not) */
		boot_pceil(buf, (long)ceil(r->adj[i] * ((double)n + 1) - 1e-6), n);
		out_fmt("%s p <= %s; before the adjustment ", adjusted, buf);
	} else if (boot_adjusted(r->nsys, r->o)) {
		out_fmt("%s p = %.3g; before the adjustment ", adjusted,
			r->adj[i]);
	}
	if (floor) {
		boot_pceil(buf, 1, n);
		boot_thousands(words, n);
		out_fmt("p <= %s, the smallest value %s permutations can give",
			buf, words);
	} else {
		out_fmt("p = %.3g", r->p[i]);
	}
}

/* four pieces of text of any length */
static void out_str4(const char *a, const char *b, const char *c,
		     const char *d)
{
	out_str(a);
	out_str(b);
	out_str(c);
	out_str(d);
}

/* the effect of cell i, system s against the baseline: "d_z = 0.107
 * (base - sys); base is better on 16 queries, sys on 8, 0 equal."
 * (higher, for a count) */
static void effect_sentence(const struct bootresults *r, size_t i, int s,
			    int dir)
{
	const struct effect *e = &r->eff[i];
	const char *base = r->label[r->base], *other = r->label[s];
	if (isnan(e->dz))
		out_str("  d_z: none, the differences do not vary");
	else
		out_fmt("  d_z = %.3g", e->dz);
	out_str4(" (", base, " - ", other);
	out_str4("); ", base, dir == BETTER_NEITHER ? " is higher" :
		 " is better", "");
	out_fmt(" on %ld quer%s, ", e->wins, e->wins == 1 ? "y" : "ies");
	out_str(other);
	out_fmt(" on %ld, %ld equal.\n", e->losses, e->ties);
}

/* the sentence on system s against the baseline for measure m */
static void verdict(const struct bootresults *r, size_t m, int s, int dir)
{
	size_t i = m * (size_t)r->nsys + (size_t)s;
	const char *base = r->label[r->base], *other = r->label[s];
	char lv[32];
	level(lv, r->o->confidence);
	out_str("  ");
	if (isnan(r->p[i])) {
		out_str4(base, " and ", other, ": no query has a value of both.\n");
		return;
	}
	int shown = r->adj[i] <= (1 - r->o->confidence) * (1 + 1e-12);
	if (!shown || r->diff[i].est == 0)
		out_str4("No difference between ", base, " and ", other);
	else if (dir == BETTER_NEITHER)
		out_str4(base, " and ", other, " differ");
	else {
		int base_wins = (r->diff[i].est > 0) == (dir == BETTER_HIGHER);
		out_str4(base_wins ? base : other, " is better than ",
			 base_wins ? other : base, "");
	}
	out_str4(!shown || r->diff[i].est == 0 ? " shown" : "", " at the ",
		 lv, " level");
	out_str(" (");
	out_p(r, i);
	out_str(").\n");
	effect_sentence(r, i, s, dir);
}

/* one measure: the means, the differences, the sentences */
static void measure_block(const struct bootresults *r, size_t m)
{
	struct slice name = boot_measure(r, m);
	int dir = measure_direction(name);
	static const int align[] = { ALIGN_LEFT, ALIGN_RIGHT, ALIGN_LEFT };
	size_t row = m * (size_t)r->nsys;
	struct texttable t;

	out_char('\n');
	out_slice(name);
	out_fmt(dir ? " (%s is better)\n" : " (a count: neither is better)\n",
		direction_word(dir));
	if (isnan(r->mean[row + (size_t)r->base].est)) {
		out_str("  No query has a value of it (not resampled).\n");
		return;
	}
	texttable_init(&t, 3, align);
	for (int s = 0; s < r->nsys; s++) {
		name_cell(&t, r->label[s], NULL);
		stat_cells(&t, &r->mean[row + (size_t)s], r->o->decimals);
	}
	for (int s = 0; s < r->nsys; s++)
		if (s != r->base) {
			name_cell(&t, r->label[r->base], r->label[s]);
			stat_cells(&t, &r->diff[row + (size_t)s], r->o->decimals);
		}
	texttable_write(&t);
	texttable_free(&t);
	for (int s = 0; s < r->nsys; s++)
		if (s != r->base)
			verdict(r, m, s, dir);
}

/* the measures the files summarise but cannot resample */
static void unresampled(const struct bootresults *r)
{
	const struct strmap *only = &r->tab[r->base]->summary_only;
	if (only->nent == 0)
		return;
	out_str("\nNot resampled: ");
	for (size_t e = 0; e < only->nent; e++) {
		out_str(e ? ", " : "");
		out_slice(strmap_key(only, e));
	}
	out_str(only->nent > 1 ? ". They have" : ". It has");
	out_str(" a summary row over all queries but no per-query rows\n"
		"(a median has no value per query), and the bootstrap "
		"resamples per-query values.\n");
}

void boot_words(const struct bootresults *r)
{
	header(r);
	for (size_t m = 0; m < r->nm; m++)
		measure_block(r, m);
	unresampled(r);
}
