/* bootstrap's results table (resulttable.h): the marks decided once, then
 * written in one of three styles, aligned text, Markdown or LaTeX with
 * booktabs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/escape.h"
#include "util/fmtscore.h"
#include "util/markup.h"
#include "util/out.h"
#include "util/texttable.h"
#include "measure/direction.h"
#include "stats/adjust.h"
#include "stats/bootwords.h"
#include "stats/resulttable.h"

/* what the table shows of the results */
struct shown {
	const struct bootresults *r;
	int style;
	size_t *col, ncol;	/* the measures with a value, in order */
	char *best, *sig;	/* per measure and system, as mean[] */
	int *sentences;		/* of the legend so far */
};

/* text in the style's escaping */
static void put(const struct shown *t, const char *text)
{
	struct slice s = { text, strlen(text) };
	if (t->style == TABLE_LATEX)
		out_latex(s);
	else if (t->style == TABLE_MARKDOWN)
		out_markdown(s);
	else {
		char *e = esc_dup(text, s.n);
		out_str(e);
		free(e);
	}
}

static void put_slice(const struct shown *t, struct slice s)
{
	char *z = xmalloc(s.n + 1);
	memcpy(z, s.p, s.n);
	z[s.n] = '\0';
	put(t, z);
	free(z);
}

/* the best system(s) of measure m in its direction, and the systems that
 * differ from the baseline at the level */
static void marks(struct shown *t, size_t m)
{
	const struct bootresults *r = t->r;
	size_t row = m * (size_t)r->nsys;
	int dir = measure_direction(boot_measure(r, m));
	double best = NAN, alpha = (1 - r->o->confidence) * (1 + 1e-12);
	for (int s = 0; s < r->nsys; s++) {
		double v = r->mean[row + (size_t)s].est;
		if (!isnan(v) && (isnan(best) || (dir == BETTER_HIGHER ? v > best
						   : v < best)))
			best = v;
	}
	for (int s = 0; s < r->nsys; s++) {
		t->best[row + (size_t)s] = dir != BETTER_NEITHER &&
		    r->nsys > 1 && r->mean[row + (size_t)s].est == best;
		t->sig[row + (size_t)s] = s != r->base &&
		    r->adj[row + (size_t)s] <= alpha;
	}
}

static void shown_init(struct shown *t, const struct bootresults *r, int style)
{
	size_t cells = r->nm * (size_t)r->nsys + 1;
	*t = (struct shown){ .r = r, .style = style };
	t->col = xmalloc((r->nm + 1) * sizeof *t->col);
	t->best = xcalloc(cells, 1);
	t->sig = xcalloc(cells, 1);
	for (size_t m = 0; m < r->nm; m++) {
		int any = 0;
		for (int s = 0; s < r->nsys; s++)
			any |= !isnan(r->mean[m * (size_t)r->nsys + (size_t)s].est);
		if (any) {
			t->col[t->ncol++] = m;
			marks(t, m);
		}
	}
}

static void shown_free(struct shown *t)
{
	free(t->col);
	free(t->best);
	free(t->sig);
}

/* the numbers of a cell: mean, and "[lower, upper]" */
static void cell_numbers(const struct shown *t, size_t i, char *mean,
			 char *iv)
{
	const struct bootstat *st = &t->r->mean[i];
	char lo[FMTFIXED_MAX], hi[FMTFIXED_MAX];
	fmt_fixed(mean, st->est, t->r->o->decimals);
	fmt_fixed(lo, st->lo, t->r->o->decimals);
	fmt_fixed(hi, st->hi, t->r->o->decimals);
	snprintf(iv, 2 * FMTFIXED_MAX + 8, "[%s, %s]", lo, hi);
}

/* the effect of system s against the baseline in column c, from the
 * system's side: "0.52 12/3/5", d_z '-' when it does not exist */
static void effect_cell(const struct shown *t, size_t c, int s, char *buf,
			size_t size)
{
	const struct bootresults *r = t->r;
	struct effect e = effect_reversed(r->eff[t->col[c] * (size_t)r->nsys +
						  (size_t)s]);
	char dz[32] = "-";
	if (!isnan(e.dz))
		snprintf(dz, sizeof dz, "%.2f", e.dz);
	snprintf(buf, size, "%s %ld/%ld/%ld", dz, e.wins, e.ties, e.losses);
}

/* the name of an effect row, "system vs baseline", or with s = -1 the
 * head of the effects' table, "vs baseline"; freed by the caller */
static char *effect_label(const struct bootresults *r, int s)
{
	const char *sys = s < 0 ? "" : r->label[s];
	size_t n = strlen(sys) + strlen(r->label[r->base]) + 8;
	char *buf = xmalloc(n);
	snprintf(buf, n, "%s%svs %s", sys, s < 0 ? "" : " ", r->label[r->base]);
	return buf;
}

/* the effects of the systems against the baseline, a table of their own
 * under the means (align: every column's, left) */
static void text_effects(const struct shown *t, const int *align)
{
	const struct bootresults *r = t->r;
	struct texttable tt;
	char cell[64];
	char *head = effect_label(r, -1);
	texttable_init(&tt, t->ncol + 1, align);
	texttable_cell(&tt, head);
	free(head);
	for (size_t c = 0; c < t->ncol; c++) {
		struct slice name = boot_measure(r, t->col[c]);
		char *z = xstrndup(name.p, name.n);
		texttable_cell(&tt, z);
		free(z);
	}
	for (int s = 0; s < r->nsys; s++) {
		if (s == r->base)
			continue;
		texttable_cell(&tt, r->label[s]);
		for (size_t c = 0; c < t->ncol; c++) {
			effect_cell(t, c, s, cell, sizeof cell);
			texttable_cell(&tt, cell);
		}
	}
	out_char('\n');
	texttable_write(&tt);
	texttable_free(&tt);
}

static void text_table(const struct shown *t)
{
	const struct bootresults *r = t->r;
	int *align = xmalloc((t->ncol + 1) * sizeof *align);
	struct texttable tt;
	char mean[FMTFIXED_MAX], iv[2 * FMTFIXED_MAX + 8];
	char cell[4 * FMTFIXED_MAX];
	for (size_t c = 0; c <= t->ncol; c++)
		align[c] = ALIGN_LEFT;
	texttable_init(&tt, t->ncol + 1, align);
	texttable_cell(&tt, "system");
	for (size_t c = 0; c < t->ncol; c++) {
		struct slice name = boot_measure(r, t->col[c]);
		char *z = xmalloc(name.n + 1);
		memcpy(z, name.p, name.n);
		z[name.n] = '\0';
		texttable_cell(&tt, z);
		free(z);
	}
	/* within a column the means right-aligned, the intervals left */
	size_t *wm = xcalloc(t->ncol + 1, sizeof *wm);
	size_t *wi = xcalloc(t->ncol + 1, sizeof *wi);
	for (int s = 0; s < r->nsys; s++)
		for (size_t c = 0; c < t->ncol; c++) {
			cell_numbers(t, t->col[c] * (size_t)r->nsys + (size_t)s,
				     mean, iv);
			wm[c] = strlen(mean) > wm[c] ? strlen(mean) : wm[c];
			wi[c] = strlen(iv) > wi[c] ? strlen(iv) : wi[c];
		}
	for (int s = 0; s < r->nsys; s++) {
		texttable_cell(&tt, r->label[s]);
		for (size_t c = 0; c < t->ncol; c++) {
			size_t i = t->col[c] * (size_t)r->nsys + (size_t)s;
			int marked = t->sig[i] || t->best[i];
			cell_numbers(t, i, mean, iv);
			snprintf(cell, sizeof cell, "%*s %-*s%s%s%s", (int)wm[c],
				 mean, marked ? (int)wi[c] : 0, iv,
				 marked ? " " : "", t->sig[i] ? "*" : "",
				 t->best[i] ? "^" : "");
			texttable_cell(&tt, cell);
		}
	}
	free(wi);
	free(wm);
	texttable_write(&tt);
	texttable_free(&tt);
	if (r->nsys > 1)
		text_effects(t, align);
	free(align);
}

/* the rows of the effects in Markdown or LaTeX: `lead`, the row's name
 * (the system's, or with versus "system vs baseline"), each cell after
 * `sep`, then `end` */
static void effect_rows(const struct shown *t, int versus, const char *lead,
			const char *sep, const char *end)
{
	const struct bootresults *r = t->r;
	char cell[64];
	for (int s = 0; s < r->nsys; s++) {
		if (s == r->base)
			continue;
		char *name = effect_label(r, s);
		out_str(lead);
		put(t, versus ? name : r->label[s]);
		free(name);
		for (size_t c = 0; c < t->ncol; c++) {
			out_str(sep);
			effect_cell(t, c, s, cell, sizeof cell);
			put(t, cell);
		}
		out_str(end);
	}
}

/* a Markdown table's head: `first` (escaped), the measures, the rule */
static void markdown_head(const struct shown *t, const char *first)
{
	out_str("| ");
	put(t, first);
	out_str(" |");
	for (size_t c = 0; c < t->ncol; c++) {
		out_char(' ');
		put_slice(t, boot_measure(t->r, t->col[c]));
		out_str(" |");
	}
	out_str("\n|:--|");
	for (size_t c = 0; c < t->ncol; c++)
		out_str("--:|");
	out_char('\n');
}

static void markdown_table(const struct shown *t)
{
	const struct bootresults *r = t->r;
	char mean[FMTFIXED_MAX], iv[2 * FMTFIXED_MAX + 8];
	markdown_head(t, "System");
	for (int s = 0; s < r->nsys; s++) {
		out_str("| ");
		put(t, r->label[s]);
		out_str(" |");
		for (size_t c = 0; c < t->ncol; c++) {
			size_t i = t->col[c] * (size_t)r->nsys + (size_t)s;
			cell_numbers(t, i, mean, iv);
			out_str(t->best[i] ? " **" : " ");
			out_str(mean);
			out_str(t->best[i] ? "**" : "");
			out_str(t->sig[i] ? "\xe2\x80\xa0 " : " ");	/* dagger */
			out_str(iv);
			out_str(" |");
		}
		out_char('\n');
	}
	if (r->nsys < 2)
		return;
	char *head = effect_label(r, -1);
	out_char('\n');
	markdown_head(t, head);
	free(head);
	effect_rows(t, 0, "| ", " | ", " |\n");
}

static void latex_table(const struct shown *t)
{
	const struct bootresults *r = t->r;
	char mean[FMTFIXED_MAX], iv[2 * FMTFIXED_MAX + 8];
	out_str("% bootstrap --format latex: needs \\usepackage{booktabs}\n"
		"\\begin{table}\n\\centering\n\\begin{tabular}{l");
	for (size_t c = 0; c < t->ncol; c++)
		out_char('r');
	out_str("}\n\\toprule\nSystem");
	for (size_t c = 0; c < t->ncol; c++) {
		out_str(" & ");
		put_slice(t, boot_measure(r, t->col[c]));
	}
	out_str(" \\\\\n\\midrule\n");
	for (int s = 0; s < r->nsys; s++) {
		put(t, r->label[s]);
		for (size_t c = 0; c < t->ncol; c++) {
			size_t i = t->col[c] * (size_t)r->nsys + (size_t)s;
			cell_numbers(t, i, mean, iv);
			out_str(" & ");
			out_str(t->best[i] ? "\\textbf{" : "");
			out_str(mean);
			out_str(t->best[i] ? "}" : "");
			out_str(t->sig[i] ? "$^{\\dagger}$ " : " ");
			put(t, iv);
		}
		out_str(" \\\\\n");
	}
	if (r->nsys > 1)
		out_str("\\midrule\n");
	effect_rows(t, 1, "", " & ", " \\\\\n");
	out_str("\\bottomrule\n\\end{tabular}\n\n\\smallskip\n{\\footnotesize ");
}

/* a sentence's fixed parts go through put(); these are the style's own */
static void put_le(const struct shown *t)
{
	out_str(t->style == TABLE_LATEX ? "$\\le$" :
		t->style == TABLE_MARKDOWN ? "\xe2\x89\xa4" : "<=");
}

/* each sentence of the legend on a line; a paragraph in Markdown, whose
 * lines would run together */
static void sentence_start(const struct shown *t)
{
	if (t->style == TABLE_MARKDOWN && (*t->sentences)++ > 0)
		out_char('\n');
}

static void sentence_end(void)
{
	out_str(".\n");
}

/* the measures of the column list whose direction is lower, named */
static void lower_names(const struct shown *t)
{
	int n = 0;
	for (size_t c = 0; c < t->ncol; c++) {
		struct slice name = boot_measure(t->r, t->col[c]);
		if (measure_direction(name) != BETTER_LOWER)
			continue;
		put(t, n++ ? ", " : "; lower is better for ");
		put_slice(t, name);
	}
}

static void legend_marks(const struct shown *t)
{
	const struct bootresults *r = t->r;
	char n[32], buf[128];
	static const char *const best[] = { "^", "**Bold**", "Bold" };
	static const char *const sig[] = { "*", "\xe2\x80\xa0", "$^{\\dagger}$" };
	sentence_start(t);
	out_str(best[t->style]);
	put(t, ": the best mean of its column");
	lower_names(t);
	sentence_end();
	sentence_start(t);
	out_str(sig[t->style]);
	put(t, ": differs from the baseline, ");
	put(t, r->label[r->base]);
	snprintf(buf, sizeof buf, ", at the %.10g%% level: ",
		 r->o->confidence * 100);
	put(t, buf);
	if (boot_adjusted(r->nsys, r->o)) {
		put(t, adjust_adjective(r->o->adjust));
		put(t, " ");
	}
	put(t, "p ");
	put_le(t);
	snprintf(buf, sizeof buf, " %.10g", 1 - r->o->confidence);
	put(t, buf);
	if (r->nsys > 2) {
		snprintf(buf, sizeof buf, " %s the %d comparisons with it "
			 "per measure", boot_adjusted(r->nsys, r->o) ? "over" :
			 "unadjusted for", r->nsys - 1);
		put(t, buf);
	}
	snprintf(buf, sizeof buf, " (%s", boot_test_title(r->o->test));
	put(t, buf);
	if (r->o->test == TEST_SIGNFLIP) {
		boot_thousands(n, r->o->permutations);
		snprintf(buf, sizeof buf, ", %s permutations, seed %lu", n,
			 (unsigned long)r->o->seed + 1);
		put(t, buf);
	}
	put(t, ")");
	sentence_end();
	sentence_start(t);
	put(t, "vs ");
	put(t, r->label[r->base]);
	put(t, ": a system's d_z, the mean of its per-query differences to the "
	    "baseline over their standard deviation (- when that is 0), then "
	    "the queries it wins/ties/loses, in the measure's direction");
	sentence_end();
}

/* the measures left out: no per-query rows, or no value at all */
static void legend_left_out(const struct shown *t)
{
	const struct bootresults *r = t->r;
	const struct strmap *only = &r->tab[r->base]->summary_only;
	int n = 0;
	for (size_t e = 0; e < only->nent; e++) {
		if (!n)
			sentence_start(t);
		put(t, n++ ? ", " : "Not in the table: ");
		put_slice(t, strmap_key(only, e));
		put(t, " (no per-query rows)");
	}
	for (size_t m = 0, c = 0; m < r->nm; m++) {
		if (c < t->ncol && t->col[c] == m) {
			c++;
			continue;
		}
		if (!n)
			sentence_start(t);
		put(t, n++ ? ", " : "Not in the table: ");
		put_slice(t, boot_measure(r, m));
		put(t, " (no query has a value)");
	}
	if (n)
		sentence_end();
}

static void legend(const struct shown *t)
{
	const struct bootresults *r = t->r;
	char b[32], buf[256];
	boot_thousands(b, r->o->resamples);
	sentence_start(t);
	snprintf(buf, sizeof buf, "Each cell: the mean over %zu quer%s and "
		 "its %.10g%% %s bootstrap interval ", r->nq,
		 r->nq == 1 ? "y" : "ies", r->o->confidence * 100,
		 r->o->method == METHOD_BCA ? "BCa" : "percentile");
	put(t, buf);
	/* as the cells write it: no link in Markdown, braces in LaTeX */
	out_str(t->style == TABLE_LATEX ? "{[}lower, upper{]}" : "[lower, upper]");
	snprintf(buf, sizeof buf, " (%s resamples, seed %lu)", b,
		 (unsigned long)r->o->seed);
	put(t, buf);
	if (r->tab[r->base]->stratum) {
		snprintf(buf, sizeof buf, ", the queries resampled within the "
			 "%zu groups of --group-by%s", r->tab[r->base]->nstrata,
			 r->tab[r->base]->macro ? ", the mean the mean of the "
			 "groups' means" : "");
		put(t, buf);
	}
	sentence_end();
	if (r->nsys > 1)
		legend_marks(t);
	legend_left_out(t);
}

void boot_table(const struct bootresults *r, int style)
{
	struct shown t;
	int sentences = 0;
	shown_init(&t, r, style);
	t.sentences = &sentences;
	if (style == TABLE_LATEX)
		latex_table(&t);
	else if (style == TABLE_MARKDOWN)
		markdown_table(&t);
	else
		text_table(&t);
	if (style != TABLE_LATEX)
		out_char('\n');
	legend(&t);
	if (style == TABLE_LATEX)
		out_str("\\par}\n\\end{table}\n");
	shown_free(&t);
}
