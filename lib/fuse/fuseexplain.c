/* The explanation's text, item by item, best first. */
#include "util/err.h"
#include "util/fmtscore.h"
#include "fuse/fuseexplain.h"

/* a number as the score stream prints it */
static const char *num(char *buf, double v)
{
	fmt_double(buf, v + 0.0);
	return buf;
}

/* run r's line of item e: what it holds there and the term it adds */
static void run_line(const struct fuser *f, size_t e, size_t r)
{
	size_t R = f->nruns, k = e * R + r;
	const struct fusecomb *c = &f->comb;
	char a[FMTSCORE_MAX], b[FMTSCORE_MAX], w[FMTSCORE_MAX];

	tell("    %s: ", f->runs[r].path);
	if (!f->held[k]) {
		tell("lacks it\n");
		return;
	}
	if (f->held[k] == 2)
		tell("lacks it: borda %s", num(a, f->val[k]));
	else if (f->norm == NORM_NONE)
		tell("score %s, rank %ld", num(a, f->raw[k]), f->rank[k]);
	else
		tell("score %s, rank %ld, %s %s", num(a, f->raw[k]),
		    f->rank[k], fusenorm_names[f->norm], num(b, f->val[k]));
	if (c->method == FUSE_RRF)
		tell(", 1/(%s + %ld) = %s", num(b, c->rrf_k), f->rank[k],
		    num(a, fusecomb_term(c, 0, f->rank[k])));
	else if (c->method == FUSE_ISR)
		tell(", 1/%ld^2 = %s", f->rank[k],
		    num(a, fusecomb_term(c, 0, f->rank[k])));
	if (c->w && fusemethod_weighted(c->method))
		tell(", weight %s", num(w, c->w[r]));
	tell("\n");
}

/* the method's line: its name, the terms (weighted) and the result */
static void sum_line(const struct fuser *f, size_t e)
{
	size_t R = f->nruns, r, count = 0;
	const struct fusecomb *c = &f->comb;
	char a[FMTSCORE_MAX], w[FMTSCORE_MAX];
	int scaled = c->method == FUSE_COMBMNZ || c->method == FUSE_ISR;

	for (r = 0; r < R; r++)
		count += f->held[e * R + r] != 0;
	tell("    %s: ", fusemethod_names[c->method]);
	if (!fusemethod_weighted(c->method))
		tell("of the %zu value%s", count, count == 1 ? "" : "s");
	else {
		if (scaled)
			tell("%zu x (", count);
		int first = 1;
		for (r = 0; r < R; r++) {
			size_t k = e * R + r;
			if (!f->held[k])
				continue;
			tell("%s", first ? "" : " + ");
			first = 0;
			if (c->w)
				tell("%s x ", num(w, c->w[r]));
			tell("%s", num(a, fusecomb_term(c, f->val[k],
						       f->rank[k])));
		}
		if (first)
			tell("0");
		if (scaled)
			tell(")");
		if (c->method == FUSE_COMBANZ)
			tell(" / %zu", count);
	}
	tell(" = %s\n", num(a, f->fused[e]));
}

void fuseexplain_query(const struct fuser *f, struct slice q, size_t u)
{
	char a[FMTSCORE_MAX];
	size_t i, r;

	tell("query %.*s: %s", (int)q.n, q.p, fusemethod_names[f->comb.method]);
	if (!fusemethod_ranked(f->comb.method))
		tell(" of %s values", fusenorm_names[f->norm]);
	tell(", %zu item%s from %zu runs; ranks by score, ties by item id "
	    "descending\n", u, u == 1 ? "" : "s", f->nruns);
	for (i = 0; i < u; i++) {
		size_t e = f->order[i];
		struct slice id = strmap_key(&f->cand, e);
		tell("  %zu. %.*s %s\n", i + 1, (int)id.n, id.p,
		    num(a, f->fused[e]));
		for (r = 0; r < f->nruns; r++)
			run_line(f, e, r);
		sum_line(f, e);
	}
}
