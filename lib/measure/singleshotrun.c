/* rankof --single-shot's pass (see singleshotrun.h): a query's candidates
 * grouped by identity, its values, its rows, its part of the means. */
#include <stdlib.h>
#include <string.h>
#include "measure/singleshot.h"
#include "measure/singleshotrun.h"
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/out.h"

/* a candidate: its identity (interned label) and score */
struct sspair {
	size_t label;
	double score;
};

/* a ranker's scratch: its queries' candidates, identities, values */
struct ssstate {
	struct sspair *pair;
	size_t paircap;
	double *score;
	size_t scorecap;
	size_t *beg;
	size_t begcap;
	double *hit;
	size_t hitcap;
	struct ssscratch w;
};

static void state_free(void *p)
{
	struct ssstate *st = p;

	if (!st)
		return;
	free(st->pair);
	free(st->score);
	free(st->beg);
	free(st->hit);
	ssscratch_free(&st->w);
	free(st);
}

/* by identity, then score highest first */
static int cmp_pair(const void *pa, const void *pb)
{
	const struct sspair *a = pa, *b = pb;

	if (a->label != b->label)
		return a->label < b->label ? -1 : 1;
	return (a->score < b->score) - (a->score > b->score);
}

/* the candidates of rk's query grouped by identity into st and g; 0 when
 * none has the query's label */
static int group(struct ranker *rk, struct ssstate *st, struct ssgallery *g)
{
	const struct labelfile *il = &rk->rel->ilab;
	size_t n = rk->cand.nent, c, m = 0, own = rk->rq.qrec->label;
	int found = 0;

	xgrow((void **)&st->pair, &st->paircap, n, sizeof *st->pair);
	xgrow((void **)&st->score, &st->scorecap, n, sizeof *st->score);
	xgrow((void **)&st->beg, &st->begcap, n + 1, sizeof *st->beg);
	for (c = 0; c < n; c++) {
		size_t e = labelfile_get_h(il, strmap_key(&rk->cand, c),
					   rk->hash[c]);
		st->pair[c].label = il->rec[e].label;
		st->pair[c].score = rk->score[c];
	}
	qsort(st->pair, n, sizeof *st->pair, cmp_pair);
	for (c = 0; c < n; c++) {
		if (c == 0 || st->pair[c].label != st->pair[c - 1].label) {
			if (st->pair[c].label == own)
				g->pos = m, found = 1;
			st->beg[m++] = c;
		}
		st->score[c] = st->pair[c].score;
	}
	st->beg[m] = n;
	g->score = st->score;
	g->beg = st->beg;
	g->m = m;
	return found;
}

static void write_value(double v, int decimals)
{
	char buf[FMTFIXED_MAX];

	fmt_fixed(buf, v * 100, decimals);
	out_str(buf);
}

static void write_row(long K, struct slice q, double v, int decimals)
{
	out_str("hit@");
	out_long(K);
	out_str(":single-shot\t");
	out_slice(q);
	out_char('\t');
	write_value(v, decimals);
	out_char('\n');
}

/* the ranker's hook: one query */
static void one_query(void *ctx, struct ranker *rk)
{
	struct singleshot *s = ctx;
	struct ssstate *st = rk->hook_state;
	struct ssgallery g;
	size_t i;

	if (slice_eqs(rk->q, "all"))
		die_at(rk->qfile, rk->qline, "a query named 'all' would be "
		       "taken for the summary rows of the measure stream");
	if (!st)
		st = rk->hook_state = xcalloc(1, sizeof *st);
	if (!group(rk, st, &g)) {
		pthread_mutex_lock(&s->lock);
		s->skipped++;
		pthread_mutex_unlock(&s->lock);
		return;
	}
	xgrow((void **)&st->hit, &st->hitcap, s->nK, sizeof *st->hit);
	singleshot_hits(&g, s->K, s->nK, s->kmax, &st->w, st->hit);
	for (i = 0; i < s->nK; i++)
		write_row(s->K[i], rk->q, st->hit[i], s->decimals);
	pthread_mutex_lock(&s->lock);
	for (i = 0; i < s->nK; i++)
		exactmean_add(&s->mean[i], st->hit[i]);
	s->measured++;
	pthread_mutex_unlock(&s->lock);
}

void singleshot_init(struct singleshot *s, const long *K, size_t nK,
		     int decimals)
{
	size_t i;

	memset(s, 0, sizeof *s);
	s->K = K;
	s->nK = nK;
	s->decimals = decimals;
	for (i = 0; i < nK; i++)
		if (K[i] > s->kmax)
			s->kmax = K[i];
	s->mean = xcalloc(nK, sizeof *s->mean);
	pthread_mutex_init(&s->lock, NULL);
}

void singleshot_attach(struct singleshot *s, struct ranker *rk)
{
	rk->query_hook = one_query;
	rk->hook_ctx = s;
	rk->hook_free = state_free;
}

void singleshot_finish(struct singleshot *s)
{
	static const struct slice all = { "all", 3 };
	size_t i;

	for (i = 0; i < s->nK; i++)
		write_row(s->K[i], all, exactmean_value(&s->mean[i]),
			  s->decimals);
	if (s->skipped)
		note("%ld of %ld queries have no relevant item among their "
		     "candidates: left out of --single-shot, as torchreid "
		     "skips them", s->skipped, s->skipped + s->measured);
	pthread_mutex_destroy(&s->lock);
	free(s->mean);
}
