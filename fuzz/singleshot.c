/* libFuzzer: CUHK03's single-shot CMC (measure/singleshot.h) against the
 * draws enumerated. The input makes a small gallery: byte 0 the number of
 * identities (2 to 6) and which is the query's own, byte 1 the cut-offs
 * (1 to 7, a bit each), then per identity a byte of its size (1 to 3)
 * and a byte per item of its score (one of 5 values: ties everywhere).
 * Every draw of one item per identity is enumerated (at most 3^6), and in
 * each the drawn relevant item x's chance of a position <= K with A
 * identities above it and T tied: min(K - A, T + 1) / (T + 1) when A < K
 * (every order of the T + 1 tied items alike). The two must agree to
 * 1e-12; a difference aborts. */
#include <math.h>
#include "fuzz.h"
#include "measure/singleshot.h"

enum { MAXID = 6, MAXN = 3, MAXK = 7 };

struct gal {
	double score[MAXID * MAXN];
	size_t beg[MAXID + 1];
	size_t m, pos;
	long K[MAXK];
	size_t nK;
};

/* the gallery of the input's bytes; 0 when they are too few */
static int build(const uint8_t *d, size_t n, struct gal *g)
{
	size_t i = 2, j, k, c = 0;

	if (n < 2)
		return 0;
	g->m = 2 + d[0] % (MAXID - 1);
	g->pos = (size_t)(d[0] / 8) % g->m;
	g->nK = 0;
	for (k = 0; k < MAXK; k++)
		if (d[1] >> k & 1)
			g->K[g->nK++] = (long)k + 1;
	if (!g->nK)
		g->K[g->nK++] = 1;
	for (j = 0; j < g->m; j++) {
		size_t sz, t;
		if (i >= n)
			return 0;
		sz = 1 + d[i++] % MAXN;
		g->beg[j] = c;
		for (t = 0; t < sz; t++) {
			g->score[c++] = i < n ? (double)(d[i] % 5) : 0;
			i++;
		}
	}
	g->beg[g->m] = c;
	return 1;
}

static int cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x < y) - (x > y);
}

/* the expectation by enumeration into want[] */
static void enumerate(const struct gal *g, double *want)
{
	size_t pick[MAXID] = { 0 }, j, i, total = 0;

	for (i = 0; i < g->nK; i++)
		want[i] = 0;
	for (;;) {
		double x = g->score[g->beg[g->pos] + pick[g->pos]];
		long a = 0, t = 0;
		for (j = 0; j < g->m; j++) {
			double s = g->score[g->beg[j] + pick[j]];
			if (j == g->pos)
				continue;
			a += s > x;
			t += s == x;
		}
		for (i = 0; i < g->nK; i++)
			if (a < g->K[i])
				want[i] += g->K[i] - a < t + 1 ?
					   (double)(g->K[i] - a) / (double)(t + 1) : 1;
		total++;
		for (j = 0; j < g->m; j++) {	/* the next draw */
			if (++pick[j] < g->beg[j + 1] - g->beg[j])
				break;
			pick[j] = 0;
		}
		if (j == g->m)
			break;
	}
	for (i = 0; i < g->nK; i++)
		want[i] /= (double)total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ssscratch w;
	struct gal g;
	struct ssgallery sg;
	double want[MAXK], got[MAXK];
	long kmax = 0;
	size_t i;

	if (!build(data, size, &g))
		return 0;
	for (i = 0; i < g.m; i++)	/* each identity's scores highest first */
		qsort(g.score + g.beg[i], g.beg[i + 1] - g.beg[i],
		      sizeof *g.score, cmp_desc);
	for (i = 0; i < g.nK; i++)
		if (g.K[i] > kmax)
			kmax = g.K[i];
	sg.score = g.score;
	sg.beg = g.beg;
	sg.m = g.m;
	sg.pos = g.pos;
	enumerate(&g, want);
	singleshot_hits(&sg, g.K, g.nK, kmax, &w, got);
	for (i = 0; i < g.nK; i++)
		if (!(fabs(got[i] - want[i]) <= 1e-12)) {
			fprintf(stderr, "hit@%ld: %.17g, enumerated %.17g\n",
				g.K[i], got[i], want[i]);
			abort();
		}
	return 0;
}
