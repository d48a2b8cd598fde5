/* A topic of a TREC run in one piece, ranked without a map of its
 * documents (trecpiece.h). */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/strmap.h"
#include "trec/trecpiece.h"

/* LAG: lines between a line and its place in the set; TIES: the longest
 * run of equal scores ranks_in_order counts */
enum { LAG = 8, TIES = 64 };

void trecpiece_init(struct trecpiece *p)
{
	memset(p, 0, sizeof *p);
	p->setmask = 1023;
	p->set = xcalloc(p->setmask + 1, sizeof *p->set);
}

/* a line's hash, never 0 (the empty slot): two ids that make the same
 * one are taken for a document twice, which costs a second reading */
static uint64_t trecpiece_hash(struct slice s)
{
	uint64_t h = hash_bytes(s.p, s.n);

	return h ? h : 1;
}

/* the filter's bit of a hash: bits the table's place does not use */
static size_t filter_bit(uint64_t h)
{
	return (size_t)(h >> 40) & (FILTER_BITS - 1);
}

/* 0 when no judged document has hash h (most lines, at one load) */
static int filter_has(const struct trecpiece *p, uint64_t h)
{
	size_t b = filter_bit(h);

	return (int)(p->tfilt[b / 64] >> (b % 64) & 1);
}

/* the judged documents in a table by hash (tslot[] holds 1 + index) and
 * in the filter */
static void targets(struct trecpiece *p)
{
	size_t i, j, n = 16;

	memset(p->tfilt, 0, sizeof p->tfilt);
	while (n < 2 * p->k)
		n *= 2;
	xgrow((void **)&p->tslot, &p->tslotcap, n, sizeof *p->tslot);
	memset(p->tslot, 0, n * sizeof *p->tslot);
	p->tmask = n - 1;
	for (i = 0; i < p->k; i++) {
		p->th[i] = trecpiece_hash(p->tdoc[i]);
		p->tline[i] = (size_t)-1;
		for (j = p->th[i] & p->tmask; p->tslot[j]; j = (j + 1) & p->tmask)
			;
		p->tslot[j] = (uint32_t)(i + 1);
		j = filter_bit(p->th[i]);
		p->tfilt[j / 64] |= UINT64_C(1) << (j % 64);
	}
}

void trecpiece_begin(struct trecpiece *p, const struct slice *doc, size_t k)
{
	size_t i;

	for (i = 0; i < p->ins; i++)	/* the set emptied slot by slot */
		p->set[p->where[i]] = 0;
	p->n = p->ins = 0;
	p->rising = 0;
	p->tdoc = doc;
	p->k = k;
	if (k > p->tcap) {
		size_t cap = p->tcap;
		xgrow((void **)&p->th, &cap, k, sizeof *p->th);
		p->tline = xrealloc(p->tline, cap * sizeof *p->tline);
		p->tcap = cap;
	}
	targets(p);
}

/* the set's place for h, the place of h when it is there already */
static size_t place(const struct trecpiece *p, uint64_t h)
{
	size_t i = (size_t)h & p->setmask;

	while (p->set[i] && p->set[i] != h)
		i = (i + 1) & p->setmask;
	return i;
}

/* a set twice as large, at most half full, the lines placed again */
static void grow_set(struct trecpiece *p)
{
	size_t i, j;

	free(p->set);
	p->setmask = 2 * p->setmask + 1;
	p->set = xcalloc(p->setmask + 1, sizeof *p->set);
	for (i = 0; i < p->ins; i++) {
		j = place(p, p->h[i]);
		p->set[j] = p->h[i];
		p->where[i] = j;
	}
}

static void room(struct trecpiece *p)
{
	size_t cap = p->cap;

	if (p->n < cap)
		return;
	xgrow((void **)&p->score, &cap, p->n + 1, sizeof *p->score);
	p->id = xrealloc(p->id, cap * sizeof *p->id);
	p->h = xrealloc(p->h, cap * sizeof *p->h);
	p->where = xrealloc(p->where, cap * sizeof *p->where);
	p->cap = cap;
}

/* line c into the set; 0 when its hash is there */
static int insert(struct trecpiece *p, size_t c)
{
	size_t i = place(p, p->h[c]);

	if (p->set[i])
		return 0;
	p->set[i] = p->h[c];
	p->where[c] = i;
	p->ins = c + 1;
	return 1;
}

int trecpiece_add(struct trecpiece *p, struct slice doc, const char *keep,
		  double score)
{
	uint64_t h = trecpiece_hash(doc);
	size_t c = p->n, j;

	room(p);
	if (2 * (c + 1) > p->setmask + 1)
		grow_set(p);
	p->h[c] = h;
	p->id[c].p = keep;
	p->id[c].n = doc.n;
	p->score[c] = score;
	p->rising |= c > 0 && score > p->score[c - 1];
	p->n++;
	for (j = (size_t)h & p->tmask; filter_has(p, h) && p->tslot[j];
	     j = (j + 1) & p->tmask) {
		size_t t = p->tslot[j] - 1;
		if (p->th[t] == h && slice_eq(p->tdoc[t], doc)) {
			p->tline[t] = c;
			break;
		}
	}
	/* the set takes the line LAG lines back, whose slot this call of
	 * LAG lines ago asked the cache for: the misses overlap */
#if defined(__GNUC__)
	__builtin_prefetch(&p->set[(size_t)h & p->setmask], 1);
#endif
	return c < LAG || insert(p, c - LAG);
}

void trecpiece_rescaled(struct trecpiece *p)
{
	size_t c;

	p->rising = 0;
	for (c = 1; c < p->n; c++)
		p->rising |= p->score[c] > p->score[c - 1];
}

int trecpiece_flush(struct trecpiece *p)
{
	while (p->ins < p->n)
		if (!insert(p, p->ins))
			return 0;
	return 1;
}

/* The ranks of the judged documents when the lines come by score, not
 * rising (as runs are written): a line's rank is 1 + the lines above its
 * run of equal scores + those of the run before it in the order of ids
 * (descending), as rankcount counts it. 0 (nothing of out changed) for
 * lines in another order, or a run of equal scores longer than TIES,
 * which rankcount counts better. */
static int ranks_in_order(struct trecpiece *p)
{
	size_t i, c, b, e, j;
	long r;

	if (p->rising)
		return 0;
	for (i = 0; i < p->k; i++) {	/* the runs' lengths first */
		if ((c = p->tline[i]) == (size_t)-1)
			continue;
		for (b = c; b > 0 && p->score[b - 1] == p->score[c]; b--)
			if (c - b >= TIES)
				return 0;
		for (e = c + 1; e < p->n && p->score[e] == p->score[c]; e++)
			if (e - b >= TIES)
				return 0;
	}
	for (i = 0; i < p->k; i++) {
		if ((c = p->tline[i]) == (size_t)-1)
			continue;
		for (b = c; b > 0 && p->score[b - 1] == p->score[c]; b--)
			;
		r = (long)b + 1;
		for (j = b; j < p->n && p->score[j] == p->score[c]; j++)
			if (j != c && slice_cmp(p->id[j], p->id[c]) > 0)
				r++;
		p->out[i].rank = r;
	}
	return 1;
}

struct rankline *trecpiece_rank(struct trecpiece *p, const long *grade)
{
	struct rankcount *g = &p->g;
	struct rankwalk w = { 0, 0, 0 };
	size_t i, c, k = 0;
	double lowest;

	xgrow((void **)&p->out, &p->outcap, p->k + 1, sizeof *p->out);
	rankcount_reserve(g, p->k + 1);
	for (i = 0; i < p->k; i++) {
		p->out[i].item = p->tdoc[i];
		p->out[i].grade = grade[i];
		p->out[i].rank = -1;
		p->out[i].ties = 0;
	}
	if (ranks_in_order(p))
		return p->out;
	for (i = 0; i < p->k; i++) {
		if ((c = p->tline[i]) == (size_t)-1)
			continue;
		g->t[k].s = p->score[c];
		g->t[k].cand = c;
		g->t[k].id = p->tdoc[i];
		g->t[k].out = i;
		g->t[k].outside = 0;
		k++;
	}
	if (!k)
		return p->out;
	g->k = k;
	g->brk = BREAK_ID;
	rankcount_group(g);
	lowest = g->u[g->d - 1];
	for (c = 0; c < p->n; c++)	/* a run comes by rank, mostly */
		if (!(p->score[c] < lowest))
			rankcount_add_walk(g, &w, c, p->id[c], p->score[c]);
	rankcount_ranks(g, p->out);
	return p->out;
}

void trecpiece_free(struct trecpiece *p)
{
	free(p->score);
	free(p->id);
	free(p->h);
	free(p->where);
	free(p->set);
	free(p->th);
	free(p->tline);
	free(p->tslot);
	rankcount_free(&p->g);
	free(p->out);
	memset(p, 0, sizeof *p);
}
