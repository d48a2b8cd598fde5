/* The columns of a measure program's output: the measures chosen by -m
 * (or all), each at its cut-offs, with --chance and the program's flags,
 * in trec_eval's order under --names trec (driver.h); a column's value as
 * printed and the deepest rank it looks at, which the rows (driver.c) and
 * the notes (drivernotes.c) both use. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/err.h"
#include "measure/driver.h"
#include "measure/irmnames.h"
#include "measure/measurenames.h"
#include "measure/sampled.h"
#include "measure/trecnames.h"
#include "util/num.h"

static const struct mdef *find_def(const struct mdef *defs, size_t n,
				   const char *name)
{
	size_t i, len = strlen(name);
	for (i = 0; i < n; i++) {
		const char *dn = defs[i].name;
		size_t dl = strlen(dn);
		if (!defs[i].cutoff && strcmp(dn, name) == 0)
			return &defs[i];
		if (defs[i].cutoff && len == dl + 2 &&
		    strncmp(dn, name, dl) == 0 && strcmp(name + dl, "@K") == 0)
			return &defs[i];
	}
	for (i = 0; i < n; i++)
		if (defs[i].cutoff && strcmp(defs[i].name, name) == 0)
			return &defs[i];
	return NULL;
}

/* --gallery-size G: "/G" and G after the name, so that no value at G is
 * read as the whole gallery's; a measure without an expectation at G is
 * refused */
static void gallery_column(const struct driver *d, struct column *x)
{
	size_t len = strlen(x->name);

	if (!x->def->gvalue && !x->chance)
		usage_error(d->prog->usage, "--gallery-size: %s has no "
			    "expectation at a gallery size%s", x->name,
			    x->def->kind == MK_MEDIAN ? " (a median over "
			    "queries, not a mean)" : "");
	snprintf(x->name + len, sizeof x->name - len, "/G%ld%s", d->opt.gallery,
		 d->opt.replace ? ":replace" : "");
}

/* a column's mark under --sampled-negatives, by enum estimate */
static const char *const est_mark[] = { "", ":sampled", ":mes", ":bv" };

static void add_column(struct driver *d, size_t *cap, const struct mdef *def,
		       long K, int chance, int est)
{
	size_t len;
	struct column *x;
	int trec = d->opt.common.names == NAMES_TREC && def->trec && !chance;
	int irm = d->opt.common.names == NAMES_IRM && def->irm && !chance;

	xgrow((void **)&d->col, cap, d->ncol + 1, sizeof *d->col);
	x = &d->col[d->ncol++];
	x->def = def;
	x->K = K;
	x->chance = chance;
	x->est = est;
	x->fit = NULL;
	x->trec_rank = trec_rank(trec ? def->trec : NULL);
	if (trec)
		trec_column_name(x->name, sizeof x->name, def, K);
	else if (irm)
		irm_column_name(x->name, sizeof x->name, def, K, d->prog->ctx);
	else if (def->cutoff)
		snprintf(x->name, sizeof x->name, "%s@%ld%s", def->name, K,
			 chance ? ":chance" : "");
	else
		snprintf(x->name, sizeof x->name, "%s", def->name);
	len = strlen(x->name);
	snprintf(x->name + len, sizeof x->name - len, "%s", est_mark[est]);
	if (d->opt.gallery)
		gallery_column(d, x);
}

/* a column named as printed, "hit@10" or "hit@10:chance": its cut-off
 * measure and K, or NULL */
static const struct mdef *find_column(const struct driver *d,
				      const char *name, long *K, int *chance)
{
	const char *at = strrchr(name, '@');
	char digits[32];
	size_t i, len;

	if (!at)
		return NULL;
	len = strspn(at + 1, "0123456789");
	*chance = strcmp(at + 1 + len, ":chance") == 0;
	if (len == 0 || len >= sizeof digits || (at[1 + len] && !*chance))
		return NULL;
	memcpy(digits, at + 1, len);
	digits[len] = '\0';
	for (i = 0; i < d->ndefs; i++)
		if (d->defs[i].cutoff && (!*chance || d->defs[i].chance) &&
		    strlen(d->defs[i].name) == (size_t)(at - name) &&
		    strncmp(d->defs[i].name, name, (size_t)(at - name)) == 0) {
			*K = arg_long("-m", digits, 1, 1000000000L);
			return &d->defs[i];
		}
	return NULL;
}

/* --names trec: the columns in trec_eval's order of measures, each
 * measure's cut-offs ascending, as trec_eval sorts them; the columns
 * trec_eval lacks after them in the order given (a stable insertion
 * sort) */
static void trec_order_columns(struct column *col, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct column x = col[i];
		for (j = i; j > 0; j--) {
			const struct column *y = &col[j - 1];
			int before = x.trec_rank < y->trec_rank ||
				(x.trec_rank == y->trec_rank &&
				 x.trec_rank < trec_rank(NULL) && x.K < y->K);
			if (!before)
				break;
			col[j] = col[j - 1];
		}
		col[j] = x;
	}
}

/* the columns of the program's flags given, after the chosen ones */
static void add_flag_columns(struct driver *d, size_t *cap)
{
	const struct measureflag *flags = d->prog->flags;
	size_t i, j;

	for (i = 0; flags && flags[i].name; i++) {
		const struct mdef *def = find_def(d->defs, d->ndefs,
						  flags[i].measure);
		if (!(d->opt.flags & 1UL << i))
			continue;
		for (j = 0; j < d->ncol && d->col[j].def != def; j++)
			;
		if (j == d->ncol)
			add_column(d, cap, def, 0, 0, 0);
	}
}

/* name as -m gave it when the table knows it, else the name it stands for
 * (measurenames.h), in buf; under --names irm, an ir_measures name first
 * (irmnames.h) */
static const char *given_name(const struct driver *d, const char *name,
			      char *buf, size_t size)
{
	long K;
	int chance;
	const struct mdef *t;

	if (d->opt.common.names == NAMES_IRM &&
	    irm_find(d->defs, d->ndefs, name, d->prog->ctx, buf, size,
		     d->prog->usage))
		return buf;
	if (find_def(d->defs, d->ndefs, name) ||
	    find_column(d, name, &K, &chance) ||
	    ((t = trec_find(d->defs, d->ndefs, name, &K)) && K))
		return name;
	return measure_name_fix(d->defs, d->ndefs, name, buf, size,
				d->prog->usage) ? buf : name;
}

/* the estimate a name's mark asks for ("hit@10:bv"), cut off name in
 * buf; EST_NONE (name unchanged) when it has none */
static int est_of(const struct driver *d, const char *name, char *buf,
		  size_t size)
{
	size_t len = strlen(name), ml;
	int e;

	snprintf(buf, size, "%s", name);
	for (e = EST_SAMPLED; e <= EST_BV; e++) {
		ml = strlen(est_mark[e]);
		if (len <= ml || len >= size ||
		    strcmp(name + len - ml, est_mark[e]) != 0)
			continue;
		if (!d->opt.sampled)
			usage_error(d->prog->usage, "-m: '%s': the %s column "
				    "needs --sampled-negatives", name,
				    est_mark[e]);
		buf[len - ml] = '\0';
		return e;
	}
	return EST_NONE;
}

/* a measure at K: under --sampled-negatives the column est asks for, or
 * name:sampled and name:bv when none; refused there when the measure has
 * no estimate and -m names it */
static void add_measure(struct driver *d, size_t *cap, const struct mdef *def,
			long K, int chance, int est)
{
	if (!d->opt.sampled) {
		add_column(d, cap, def, K, chance, EST_NONE);
		return;
	}
	if (!def->full)
		usage_error(d->prog->usage, "--sampled-negatives: %s has no "
			    "estimate from sampled ranks", def->name);
	if (est != EST_NONE) {
		add_column(d, cap, def, K, 0, est);
		return;
	}
	add_column(d, cap, def, K, 0, EST_SAMPLED);
	add_column(d, cap, def, K, 0, EST_BV);
}

/* the columns: chosen measures in the order given, each cut-off */
void driver_build_columns(struct driver *d)
{
	const struct measureprog *prog = d->prog;
	const struct measureopts *o = &d->opt;
	size_t cap = 0, i, j;
	long K;
	int chance, est = EST_NONE;
	char fixed[80], bare[80];

	for (i = 0; i < (o->sel ? o->nsel : d->ndefs); i++) {
		const char *name = o->sel ? given_name(d, (est = est_of(d,
			o->sel[i], bare, sizeof bare)) ? bare : o->sel[i],
			fixed, sizeof fixed) : NULL;
		const struct mdef *def = o->sel ?
			find_def(d->defs, d->ndefs, name) : &d->defs[i];
		if (!def && (def = find_column(d, name, &K, &chance))) {
			add_measure(d, &cap, def, K, chance, est);
			continue;
		}
		if (!def && (def = trec_find(d->defs, d->ndefs,
					     name, &K)) && K) {
			if (K > 1000000000L)
				usage_error(prog->usage, "-m: '%s': the cut-off "
					    "is not an integer from 1 to "
					    "1000000000", name);
			add_measure(d, &cap, def, K, 0, est);
			continue;
		}
		if (!def)
			measure_name_unknown(d->defs, d->ndefs, prog->name,
					     o->sel[i], prog->usage);
		if (!o->sel && def->on_request)
			continue;
		/* the default measures at G: those with an expectation;
		 * from sampled ranks: those with an estimate */
		if (!o->sel && ((o->gallery && !def->gvalue) ||
				(o->sampled && !def->full)))
			continue;
		if (!def->cutoff) {
			add_measure(d, &cap, def, 0, 0, est);
			continue;
		}
		for (j = 0; j < o->ncutoffs; j++) {
			add_measure(d, &cap, def, o->cutoffs[j], 0, est);
			if (o->chance && def->chance)
				add_column(d, &cap, def, o->cutoffs[j], 1,
					   EST_NONE);
		}
	}
	add_flag_columns(d, &cap);
	if (o->common.names == NAMES_TREC)
		trec_order_columns(d->col, d->ncol);
}

/* --sampled-negatives: each :mes and :bv column's value of each sampled
 * rank, from one law of the sampled rank for all of them (sampled.h);
 * refused when its error bound passes 1e-6 */
void driver_fit_columns(struct driver *d)
{
	const struct measureopts *o = &d->opt;
	struct sampledlaw law;
	size_t i;
	double bound;
	const char *why;

	for (i = 0; i < d->ncol && d->col[i].est < EST_MES; i++)
		;
	if (i == d->ncol)
		return;
	sampled_law(&law, o->sampled, o->full);
	for (; i < d->ncol; i++) {
		struct column *c = &d->col[i];
		if (c->est < EST_MES)
			continue;
		c->fit = xmalloc((size_t)(o->sampled + 1) * sizeof *c->fit);
		why = sampled_fit(&law, c->def->full, c->K,
				  c->def->cutoff ? c->K : o->full,
				  c->est == EST_MES ? 0 : o->gamma, c->fit,
				  &bound);
		if (why)
			usage_error(d->prog->usage, "%s: at %ld sampled "
				    "negatives of %ld, %s (bound %.1e)%s",
				    c->name, o->sampled, o->full, why, bound,
				    c->est == EST_MES ? ": the minimal-bias "
				    "values grow exponentially with M; ask "
				    "for :bv" : "");
	}
	sampled_law_free(&law);
}

/* a value as printed: "-" for NaN, a rate in percent unless -f, trec_eval's
 * width under --names trec */
static void driver_format_value(char *buf, size_t n,
				const struct measureopts *o,
				const struct column *c, double v)
{
	if (isnan(v)) {
		snprintf(buf, n, "-");
		return;
	}
	if (c->def->rate && !o->common.fractions)
		v *= 100;
	if (v == 0)
		v = 0;
	if (c->def->integer)
		snprintf(buf, n, "%.0f", v);
	else if (o->common.names == NAMES_TREC && o->common.format == FORMAT_STREAM)
		snprintf(buf, n, "%6.*f", o->common.decimals, v);	/* trec_eval's %6.4f */
	else
		snprintf(buf, n, "%.*f", o->common.decimals, v);
}

void driver_format_rank(char *buf, size_t n, const struct measureopts *o,
			const struct column *c, double v, const struct rankval *rv)
{
	if (!rv || isnan(rv->frac)) {
		driver_format_value(buf, n, o, c, v);
		return;
	}
	rankval_text(buf, n, *rv, o->common.decimals,
		     o->common.names == NAMES_TREC &&
		     o->common.format == FORMAT_STREAM ? 6 : 0);
}

/* the deepest rank a column's value looks at (0: the whole list) */
long column_deepest_rank(const struct column *c)
{
	return c->def->cutoff ? c->K : c->def->depth;
}
