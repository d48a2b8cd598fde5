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
	snprintf(x->name + len, sizeof x->name - len, "/G%ld", d->opt.gallery);
}

static void add_column(struct driver *d, size_t *cap, const struct mdef *def,
		       long K, int chance)
{
	struct column *x;
	int trec = d->opt.common.names == NAMES_TREC && def->trec && !chance;
	int irm = d->opt.common.names == NAMES_IRM && def->irm && !chance;

	xgrow((void **)&d->col, cap, d->ncol + 1, sizeof *d->col);
	x = &d->col[d->ncol++];
	x->def = def;
	x->K = K;
	x->chance = chance;
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
			add_column(d, cap, def, 0, 0);
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

/* the columns: chosen measures in the order given, each cut-off */
void driver_build_columns(struct driver *d)
{
	const struct measureprog *prog = d->prog;
	const struct measureopts *o = &d->opt;
	size_t cap = 0, i, j;
	long K;
	int chance;
	char fixed[80];

	for (i = 0; i < (o->sel ? o->nsel : d->ndefs); i++) {
		const char *name = o->sel ? given_name(d, o->sel[i], fixed,
						       sizeof fixed) : NULL;
		const struct mdef *def = o->sel ?
			find_def(d->defs, d->ndefs, name) : &d->defs[i];
		if (!def && (def = find_column(d, name, &K, &chance))) {
			add_column(d, &cap, def, K, chance);
			continue;
		}
		if (!def && (def = trec_find(d->defs, d->ndefs,
					     name, &K)) && K) {
			if (K > 1000000000L)
				usage_error(prog->usage, "-m: '%s': the cut-off "
					    "is not an integer from 1 to "
					    "1000000000", name);
			add_column(d, &cap, def, K, 0);
			continue;
		}
		if (!def)
			measure_name_unknown(d->defs, d->ndefs, prog->name,
					     o->sel[i], prog->usage);
		if (!o->sel && def->on_request)
			continue;
		/* the default measures at G: those with an expectation */
		if (!o->sel && o->gallery && !def->gvalue)
			continue;
		if (!def->cutoff) {
			add_column(d, &cap, def, 0, 0);
			continue;
		}
		for (j = 0; j < o->ncutoffs; j++) {
			add_column(d, &cap, def, o->cutoffs[j], 0);
			if (o->chance && def->chance)
				add_column(d, &cap, def, o->cutoffs[j], 1);
		}
	}
	add_flag_columns(d, &cap);
	if (o->common.names == NAMES_TREC)
		trec_order_columns(d->col, d->ncol);
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
