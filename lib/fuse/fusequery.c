/* fuse's work on one query, from the runs' lines to the fused lines. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/out.h"
#include "fuse/fusequery.h"
#include "fuse/fuseexplain.h"

void fuser_init(struct fuser *f)
{
	strmap_init(&f->cand);
	f->tmp = xmalloc((f->nruns ? f->nruns : 1) * sizeof *f->tmp);
	f->explained = xcalloc(f->nexplain + 1, 1);
}

void fuser_free(struct fuser *f)
{
	strmap_free(&f->cand);
	free(f->held);
	free(f->raw);
	free(f->val);
	free(f->rank);
	free(f->fused);
	free(f->order);
	free(f->by);
	free(f->sorted);
	free(f->normed);
	free(f->tmp);
	free(f->entry);
	free(f->explained);
}

/* the best first: score descending, then item id descending (byte order) */
static int cmp_byrank(const void *a, const void *b)
{
	const struct byrank *x = a, *y = b;
	if (x->s != y->s)
		return x->s > y->s ? -1 : 1;
	return slice_cmp(y->id, x->id);
}

/* room for u items in the per-item arrays (u * nruns in the per-run
 * ones), and for a run of n lines */
static void make_room(struct fuser *f, size_t u, size_t n)
{
	size_t R = f->nruns, c;

	if (u > f->cap) {
		c = f->cap;
		xgrow((void **)&f->fused, &c, u, sizeof *f->fused);
		c = f->cap;
		xgrow((void **)&f->order, &c, u, sizeof *f->order);
		f->held = xrealloc(f->held, c * R);
		f->raw = xrealloc(f->raw, c * R * sizeof *f->raw);
		f->val = xrealloc(f->val, c * R * sizeof *f->val);
		f->rank = xrealloc(f->rank, c * R * sizeof *f->rank);
		f->cap = c;
	}
	if (n > f->bycap) {
		c = f->bycap;
		xgrow((void **)&f->sorted, &c, n, sizeof *f->sorted);
		c = f->bycap;
		xgrow((void **)&f->normed, &c, n, sizeof *f->normed);
		c = f->bycap;
		xgrow((void **)&f->entry, &c, n, sizeof *f->entry);
		xgrow((void **)&f->by, &f->bycap, n, sizeof *f->by);
	}
}

/* run r's lines of the query: each item's entry, a repeat an error;
 * then its scores in rank order, normalised, into the item arrays */
static void take_run(struct fuser *f, size_t r, struct slice q, size_t u)
{
	const struct runread *rr = &f->runs[r];
	size_t i, e, R = f->nruns;

	for (i = 0; i < rr->n; i++) {
		e = strmap_get(&f->cand, rr->item[i]);
		if (f->held[e * R + r])
			die_at(rr->path, rr->line[i],
			       "duplicate item '%.*s' in query '%.*s'",
			       (int)rr->item[i].n,
			       rr->item[i].p, (int)q.n, q.p);
		f->held[e * R + r] = 1;
		/* a distance negated: the lowest first, ties kept (negation
		 * is exact), before the normalisation and the ranks */
		f->by[i] = (struct byrank){ f->lower && f->lower[r] ?
					    -rr->score[i] : rr->score[i],
					    rr->item[i], e };
	}
	qsort(f->by, rr->n, sizeof *f->by, cmp_byrank);
	for (i = 0; i < rr->n; i++)
		f->sorted[i] = f->by[i].s;
	fusenorm_apply(f->norm, f->sorted, rr->n, u, f->normed);
	for (i = 0; i < rr->n; i++) {
		e = f->by[i].e;
		f->raw[e * R + r] = f->by[i].s;
		f->val[e * R + r] = f->normed[i];
		f->rank[e * R + r] = (long)i + 1;
	}
	if (f->norm != NORM_BORDA)
		return;
	/* borda: the run's normalised list holds every item of the query,
	 * those it lacks at the mean of the ranks left (ranx's) */
	for (e = 0; e < u; e++)
		if (!f->held[e * R + r]) {
			f->held[e * R + r] = 2;
			f->val[e * R + r] =
				fusenorm_borda_missing(rr->n, u);
			f->rank[e * R + r] = 0;
		}
}

/* the fused order: score descending, then item id descending; the fuser
 * whose items are sorted (qsort takes no context; each thread its own) */
static _Thread_local const struct fuser *order_of;
static int cmp_fused(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	double sx = order_of->fused[x], sy = order_of->fused[y];
	if (sx != sy)
		return sx > sy ? -1 : 1;
	return slice_cmp(strmap_key(&order_of->cand, y),
			 strmap_key(&order_of->cand, x));
}

static void write_lines(const struct fuser *f, struct slice q, size_t u)
{
	char num[FMTSCORE_MAX];
	size_t i;

	for (i = 0; i < u; i++) {
		size_t e = f->order[i];
		/* + 0.0: a -0 sum prints as 0 */
		fmt_double(num, f->fused[e] + 0.0);
		out_slice(q);
		if (f->trec) {
			out_str(" Q0 ");
			out_slice(strmap_key(&f->cand, e));
			out_char(' ');
			out_long((long)i + 1);
			out_char(' ');
			out_str(num);
			out_char(' ');
			out_str(f->tag);
		} else {
			out_char('\t');
			out_slice(strmap_key(&f->cand, e));
			out_char('\t');
			out_str(num);
		}
		out_char('\n');
	}
}

void fuser_query(struct fuser *f, struct slice q, const unsigned char *has)
{
	size_t r, i, e, u, most = 0, R = f->nruns;
	int created;

	strmap_clear(&f->cand);
	for (r = 0; r < R; r++) {
		if (!has[r])
			continue;
		for (i = 0; i < f->runs[r].n; i++)
			strmap_put(&f->cand, f->runs[r].item[i], &created);
		most = f->runs[r].n > most ? f->runs[r].n : most;
	}
	u = f->cand.nent;
	make_room(f, u, most);
	memset(f->held, 0, u * R);
	for (r = 0; r < R; r++)
		if (has[r])
			take_run(f, r, q, u);
	for (e = 0; e < u; e++) {
		f->fused[e] = fusecomb_score(&f->comb, f->val + e * R,
					     f->rank + e * R, f->held + e * R,
					     R, f->tmp);
		if (f->fused[e] != f->fused[e])
			die(EXIT_DATA,
			    "query '%.*s': the fused score of item '%.*s' "
			    "is not a number (scores near the double's "
			    "limit overflow)", (int)q.n, q.p,
			    (int)strmap_key(&f->cand, e).n,
			    strmap_key(&f->cand, e).p);
		f->order[e] = e;
	}
	order_of = f;
	qsort(f->order, u, sizeof *f->order, cmp_fused);
	for (i = 0; i < f->nexplain; i++)
		if (slice_eqs(q, f->explain[i])) {
			out_flush();	/* the lines before it first */
			fuseexplain_query(f, q, u);
			f->explained[i] = 1;
			break;
		}
	if (f->keep)
		f->keep(f->keep_ctx, f, q, u);
	else
		write_lines(f, q, u);
}
