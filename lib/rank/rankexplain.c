/* rankof --explain (rankexplain.h). A query's explanation costs one pass
 * over its candidates per relevant item shown, and memory for a few ids
 * per kind: other queries cost one test of their id. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rank/rankexplain.h"
#include "rank/ranker.h"
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/strmap.h"

/* the width of a line; the relevant items explained one by one */
enum { WIDTH = 79, ITEMS = 12 };

static void say(struct rankexplain *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(struct rankexplain *x, const char *fmt, ...)
{
	struct membuf own = { NULL, 0, 0 }, *to = x->to ? x->to : &own;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	xgrow((void **)&to->p, &to->cap, to->n + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(to->p + to->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	to->n += (size_t)n;
	/* no buffer: the text goes to the standard error now, escaped */
	if (!x->to) {
		tell_bytes(own.p, own.n);
		free(own.p);
	}
}

/* with the names of --explain (n of them; n = 0: nothing is explained) */
static void rankexplain_init(struct rankexplain *x, const char *const *names,
		      size_t n)
{
	memset(x, 0, sizeof *x);
	x->names = names;
	x->nnames = n;
}

void rankexplain_free(struct rankexplain *x)
{
	free(x->arena);
	free(x->rq.item);
	free(x->rq.grade);
	free(x->rq.ign);
	memset(x, 0, sizeof *x);
}

int rankexplain_wanted(const struct rankexplain *x, struct slice q)
{
	size_t i;

	for (i = 0; i < x->nnames; i++)
		if (strcmp(x->names[i], "all") == 0 ||
		    slice_eqs(q, x->names[i]))
			return 1;
	return 0;
}

void rankexplain_begin(struct rankexplain *x)
{
	memset(x->nremoved, 0, sizeof x->nremoved);
	x->used = 0;
}

void rankexplain_removed(struct rankexplain *x, struct slice item, int why)
{
	size_t k = x->nremoved[why]++;

	if (k >= EXPLAIN_SHOWN)
		return;
	xgrow((void **)&x->arena, &x->cap, x->used + item.n + 1, 1);
	memcpy(x->arena + x->used, item.p, item.n);
	x->shown_off[why][k] = x->used;
	x->shown_len[why][k] = item.n;
	x->used += item.n;
}

/* a list of ids after a prefix of col columns: at most EXPLAIN_SHOWN and
 * as many as fit in the line, then "and N more" for the rest of total */
struct idlist {
	char *text;
	size_t len, cap, col, shown, total;
	int full;
};

static void list_add(struct idlist *ids, struct slice id, const char *after)
{
	size_t need = id.n + strlen(after) + (ids->shown ? 1 : 0);
	size_t left = ids->total - ids->shown - 1;	/* after this one */
	size_t tail = left ? (size_t)snprintf(NULL, 0, " and %zu more", left) :
			     0;

	if (ids->full || ids->shown == EXPLAIN_SHOWN ||
	    ids->col + ids->len + need + tail > WIDTH) {
		ids->full = 1;
		return;
	}
	xgrow((void **)&ids->text, &ids->cap, ids->len + need + 1, 1);
	ids->len += (size_t)snprintf(ids->text + ids->len, ids->cap - ids->len,
				   "%s%.*s%s", ids->shown ? " " : "", (int)id.n,
				   id.p, after);
	ids->shown++;
}

/* the list's text, "and N more" when it ends early; the caller frees
 * ids->text */
static const char *list_end(struct idlist *ids)
{
	if (ids->shown < ids->total) {
		xgrow((void **)&ids->text, &ids->cap, ids->len + 40, 1);
		snprintf(ids->text + ids->len, ids->cap - ids->len, "%s%zu more",
			 ids->shown ? " and " : "", ids->total - ids->shown);
	}
	return ids->text ? ids->text : "";
}

static const char *score_text(char *buf, double s, int f32)
{
	if (f32)
		fmt_float(buf, (float)s);
	else
		fmt_double(buf, s);
	return buf;
}

static int is_relevant(const struct rankline *l, size_t m, struct slice id)
{
	size_t i;

	for (i = 0; i < m; i++)
		if (slice_eq(l[i].item, id))
			return 1;
	return 0;
}

/* the rules' lines: how many of the query's lines each took out, which */
static void explain_removed(struct rankexplain *x, const struct relsrc *rel,
			    const struct relquery *rq, const struct excands *c)
{
	size_t total = 0, r, i;
	char what[160];

	for (r = 1; r < EXCL_RULES; r++)
		total += x->nremoved[r];
	if (total == 0)
		return;
	say(x, "  removed: %zu of its %zu %s, not candidates:\n", total,
	    c->n + total, c->lines);
	for (r = 1; r < EXCL_RULES; r++) {
		struct slice lab, cam;
		if (!x->nremoved[r])
			continue;
		if (r == EXCL_SELF)
			snprintf(what, sizeof what, "-x (the query itself)");
		else if (r == EXCL_JUNK_LABEL) {
			lab = strmap_key(&rel->labels, rel->junk_label);
			snprintf(what, sizeof what, "--junk-label %.*s",
				 (int)(lab.n > 40 ? 40 : lab.n), lab.p);
		} else if (r == EXCL_SAME_CAMERA) {
			cam = strmap_key(&rel->cams, (size_t)rq->qrec->cam);
			snprintf(what, sizeof what, "--junk same-camera "
				 "(camera %.*s)",
				 (int)(cam.n > 40 ? 40 : cam.n), cam.p);
		} else if (r == EXCL_FOLD)
			snprintf(what, sizeof what, "--folds (not in fold %zu, "
				 "the query's)", rq->fold + 1);
		else
			snprintf(what, sizeof what, "--protocol (%s)",
				 rel->protocol == PROTO_EASY ? "hard or junk" :
				 rel->protocol == PROTO_MEDIUM ? "junk" :
				 "easy or junk");
		struct idlist ids = { .total = x->nremoved[r] };
		ids.col = (size_t)snprintf(NULL, 0, "    %zu by %s: ",
					 x->nremoved[r], what);
		for (i = 0; i < x->nremoved[r] && i < EXPLAIN_SHOWN; i++) {
			struct slice id = { x->arena + x->shown_off[r][i],
					    x->shown_len[r][i] };
			list_add(&ids, id, "");
		}
		say(x, "    %zu by %s: %s\n", x->nremoved[r], what, list_end(&ids));
		free(ids.text);
	}
}

/* what one pass over the candidates finds for a target scoring s */
struct scan {
	size_t above, tied, before;
	size_t best[EXPLAIN_SHOWN], nbest;	/* the highest, best first */
	struct idlist tie, pre, post;
};

static void keep_best(struct scan *scn, const struct excands *c, size_t i,
		      double v)
{
	size_t k = scn->nbest;

	if (k == EXPLAIN_SHOWN) {
		if (!(v > c->score(c->ctx, scn->best[k - 1])))
			return;
		k--;
	} else
		scn->nbest++;
	while (k > 0 && v > c->score(c->ctx, scn->best[k - 1])) {
		scn->best[k] = scn->best[k - 1];
		k--;
	}
	scn->best[k] = i;
}

static void scan_query(struct scan *scn, const struct excands *c, double s,
		       long cand, struct slice id, int brk)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		double v = c->score(c->ctx, i);
		if (cand >= 0 && i == (size_t)cand)
			continue;
		if (v == s) {
			struct slice o = c->id(c->ctx, i);
			scn->tied++;
			if (brk == BREAK_ID ? slice_cmp(o, id) > 0 :
			    (long)i < cand)
				scn->before++;
		} else if (!(v < s)) {	/* higher, NaN as the counting */
			scn->above++;
			keep_best(scn, c, i, v);
		}
	}
}

/* the ids of the tied candidates, before and after the item with brk */
static void list_ties(struct scan *scn, const struct excands *c, double s,
		      long cand, struct slice id, int brk,
		      const struct rankline *l, size_t m)
{
	size_t i;

	scn->tie.total = scn->tied;
	scn->pre.total = scn->before;
	scn->post.total = scn->tied - scn->before;
	for (i = 0; i < c->n; i++) {
		if ((cand >= 0 && i == (size_t)cand) ||
		    c->score(c->ctx, i) != s)
			continue;
		struct slice o = c->id(c->ctx, i);
		const char *mark = is_relevant(l, m, o) ? "*" : "";
		if (brk == BREAK_NONE)
			list_add(&scn->tie, o, mark);
		else if (brk == BREAK_ID ? slice_cmp(o, id) > 0 :
			 (long)i < cand)
			list_add(&scn->pre, o, mark);
		else
			list_add(&scn->post, o, mark);
	}
}

/* the break rules, and what puts a tied candidate before the item */
static const char *const break_opt[] = {
	[BREAK_NONE] = "",
	[BREAK_INPUT] = "--break input",
	[BREAK_ID] = "--break id",
};
static const char *const break_before[] = {
	[BREAK_NONE] = "",
	[BREAK_INPUT] = "earlier in the input",
	[BREAK_ID] = "a greater item id",
};

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "a = N candidates score higher: the best few"; returns 1 when a
 * relevant one was marked */
static int say_above(struct rankexplain *x, const struct scan *scn,
		     const struct excands *c, const struct rankline *l,
		     size_t m)
{
	char buf[FMTSCORE_MAX + 5], sc[FMTSCORE_MAX];
	struct idlist ids = { .total = scn->above };
	size_t i;
	int marked = 0;

	if (scn->above == 0) {
		say(x, "    a = 0: no candidate scores higher\n");
		return 0;
	}
	ids.col = (size_t)snprintf(NULL, 0, "    a = %zu candidates score "
				 "higher: ", scn->above);
	for (i = 0; i < scn->nbest; i++) {
		struct slice id = c->id(c->ctx, scn->best[i]);
		int rel = is_relevant(l, m, id);
		snprintf(buf, sizeof buf, "%s (%s)", rel ? "*" : "",
			 score_text(sc, c->score(c->ctx, scn->best[i]), c->f32));
		size_t shown = ids.shown;
		list_add(&ids, id, buf);
		marked |= rel && ids.shown > shown;
	}
	say(x, "    a = %zu %s higher: %s\n", scn->above,
	    plural(scn->above, "candidate scores", "candidates score"),
	    list_end(&ids));
	free(ids.text);
	return marked;
}

/* the tied candidates and the rank they leave; returns 1 when a relevant
 * one was marked */
static int say_ties(struct rankexplain *x, struct scan *scn,
		    const struct rankline *ln, const struct rankline *l,
		    size_t m, const struct excands *c, double s, long cand,
		    int brk)
{
	char sc[FMTSCORE_MAX];
	size_t grp = 0, i;

	score_text(sc, s, c->f32);
	if (scn->tied == 0) {
		say(x, "    no other candidate scores %s: rank = a + 1 = %zu, "
		    "ties = 0\n", sc, scn->above + 1);
		return 0;
	}
	scn->tie.col = (size_t)snprintf(NULL, 0, "    ties = %zu others score "
				      "%s too: ", scn->tied, sc);
	scn->pre.col = (size_t)snprintf(NULL, 0, "      %zu before it (%s): ",
				      scn->before, break_before[brk]);
	scn->post.col = (size_t)snprintf(NULL, 0, "      %zu after it: ",
				       scn->tied - scn->before);
	list_ties(scn, c, s, cand, ln->item, brk, l, m);
	if (brk == BREAK_NONE) {
		for (i = 0; i < m; i++)
			grp += l[i].rank == ln->rank;
		say(x, "    ties = %zu %s %s too: %s\n", scn->tied,
		    plural(scn->tied, "other scores", "others score"), sc,
		    list_end(&scn->tie));
		say(x, "    rank = a + 1 = %zu, ties = %zu\n", scn->above + 1,
		    scn->tied);
		say(x, "    tie group: t = ties + 1 = %zu candidates with s = %zu "
		    "relevant,\n", scn->tied + 1, grp);
		say(x, "      positions a + 1 to a + t = %zu..%zu\n",
		    scn->above + 1, scn->above + scn->tied + 1);
	} else {
		say(x, "    %zu %s %s too, broken by %s:\n", scn->tied,
		    plural(scn->tied, "other scores", "others score"), sc,
		    break_opt[brk]);
		if (scn->before)
			say(x, "      %zu before it (%s): %s\n", scn->before,
			    break_before[brk], list_end(&scn->pre));
		if (scn->tied > scn->before)
			say(x, "      %zu after it: %s\n", scn->tied - scn->before,
			    list_end(&scn->post));
		say(x, "    rank = a + 1 + %zu before it = %zu, ties = 0\n",
		    scn->before, scn->above + 1 + scn->before);
	}
	return strchr(scn->tie.text ? scn->tie.text : "", '*') ||
	       strchr(scn->pre.text ? scn->pre.text : "", '*') ||
	       strchr(scn->post.text ? scn->post.text : "", '*');
}

/* one relevant item: its score, the candidates above, the ties, its rank;
 * returns 1 when a relevant item was marked */
static int explain_item(struct rankexplain *x, const struct rankline *ln,
			const struct rankline *l, size_t m,
			const struct excands *c, int brk)
{
	char sc[FMTSCORE_MAX];
	struct scan scan;
	double s;
	long cand;
	int marked;
	size_t rank, ties;

	if (ln->rank < 0 || !c->find(c->ctx, ln->item, &s, &cand)) {
		say(x, "  %.*s: grade %ld, not a candidate: rank -, ties -\n",
		    (int)ln->item.n, ln->item.p, ln->grade);
		return 0;
	}
	memset(&scan, 0, sizeof scan);
	scan_query(&scan, c, s, cand, ln->item, brk);
	say(x, "  %.*s: grade %ld, score %s%s\n", (int)ln->item.n, ln->item.p,
	    ln->grade, score_text(sc, s, c->f32),
	    cand < 0 ? ", outside --items: no candidate" : "");
	marked = say_above(x, &scan, c, l, m);
	marked |= say_ties(x, &scan, ln, l, m, c, s, cand, brk);
	rank = scan.above + 1 + (brk == BREAK_NONE ? 0 : scan.before);
	ties = brk == BREAK_NONE ? scan.tied : 0;
	/* the two counts are made apart; they never differ */
	if ((long)rank != ln->rank || (long)ties != ln->ties)
		say(x, "    but its line says rank %ld, ties %ld: a bug of "
		    "rankof\n", ln->rank, ln->ties);
	free(scan.tie.text);
	free(scan.pre.text);
	free(scan.post.text);
	return marked;
}

void rankexplain_query(struct rankexplain *x, const struct relsrc *rel,
		       const struct relquery *rq, struct slice q,
		       const struct rankline *l, size_t m,
		       const struct excands *c, int brk)
{
	size_t i, nret = 0;
	int marked = 0;

	for (i = 0; i < m; i++)
		nret += l[i].rank >= 0;
	say(x, "query %.*s: n = %zu candidates, m = %zu relevant, %zu "
	    "retrieved\n", (int)q.n, q.p, c->n, m, nret);
	if (c->gallery)
		say(x, "  %s\n", c->gallery);
	if (rq->fold_dropped)
		say(x, "  dropped: %zu items of its label, outside its fold "
		    "%zu (--folds), not relevant\n", rq->fold_dropped,
		    rq->fold + 1);
	explain_removed(x, rel, rq, c);
	if (m == 0)
		say(x, "  no relevant item: one line '%.*s - 0 - - %zu'\n",
		    (int)q.n, q.p, c->n);
	for (i = 0; i < m && i < ITEMS; i++)
		marked |= explain_item(x, &l[i], l, m, c, brk);
	if (m > ITEMS)
		say(x, "  ... and %zu more relevant items\n", m - ITEMS);
	if (marked)
		say(x, "  (* a relevant item)\n");
}

void rankexplain_unjudged(struct rankexplain *x, struct slice q)
{
	say(x, "query %.*s: not in the qrels, left out (-u keeps it)\n",
	    (int)q.n, q.p);
}

void rankexplain_missing(struct rankexplain *x,
			 int (*has)(const void *ctx, struct slice id),
			 const void *ctx, const struct relsrc *rel)
{
	size_t i;

	if (x->checked)
		return;
	x->checked = 1;
	for (i = 0; i < x->nnames; i++) {
		struct slice q = { x->names[i], strlen(x->names[i]) };
		if (strcmp(x->names[i], "all") == 0 ||
		    has(ctx, q) ||
		    (rel && rel->kind == REL_QRELS &&
		     strmap_get(&rel->qq, q) != (size_t)-1))
			continue;
		tell_note("--explain %s: the input has no such query",
			  x->names[i]);
	}
}

/* the queries a ranker has seen */
static int has_seen(const void *ctx, struct slice id)
{
	return idset_has(ctx, id);
}

void ranker_explain_missing(struct ranker *rk)
{
	rankexplain_missing(rk->ex, has_seen, &rk->seen,
			    rk->all_queries ? rk->rel : NULL);
}

/* the ranker's candidates: its map of ids and its scores */
static struct slice cand_id(const void *ctx, size_t i)
{
	const struct ranker *rk = ctx;
	return strmap_key(&rk->cand, i);
}

static double cand_score(const void *ctx, size_t i)
{
	const struct ranker *rk = ctx;
	return rk->score[i];
}

static int cand_find(const void *ctx, struct slice id, double *s,
		     long *cand)
{
	const struct ranker *rk = ctx;
	size_t c = strmap_get(&rk->cand, id);

	if (c == (size_t)-1)
		return 0;
	*s = rk->score[c];
	*cand = (long)c;
	return 1;
}

void ranker_explain(struct ranker *rk, const char *const *names, size_t n)
{
	if (n == 0)
		return;
	rk->ex = xmalloc(sizeof *rk->ex);
	rankexplain_init(rk->ex, names, n);
}

void ranker_explain_query(struct ranker *rk, struct slice q, size_t n)
{
	struct excands c = {
		.n = n, .ctx = rk, .id = cand_id, .score = cand_score,
		.find = cand_find, .lines = "lines"
	};

	rankexplain_query(rk->ex, rk->rel, &rk->rq, q, rk->line, rk->rq.n, &c,
			  rk->brk);
}
