/* libFuzzer: the rank-stream reader and its tie groups, and every measure
 * of each query it reads, at its gallery and at small gallery sizes: each must come back finite and in its range in
 * O(1) or O(s) per tie group whatever the group's size (ties near 2^63,
 * grades past 1023), or the harness aborts or times out. Version 2 too
 * (bpref). nDCG under a gain map that does not follow the grades (ndcg
 * --gains), and each query again after --min-grade 2 (mingrade.h). */
#include <math.h>
#include "fuzz.h"
#include "stream/rankstream.h"
#include "measure/cutoff.h"
#include "measure/judged.h"
#include "measure/listmeasure.h"
#include "measure/gallery.h"
#include "measure/mingrade.h"

/* v in [0, 1], up to rounding */
static void check_rate(double v)
{
	if (!(v >= -1e-9 && v <= 1 + 1e-9))
		abort();
}

static void check_measures(const struct rquery *q)
{
	static const long K[] = { 1, 10, 1000000000L, 9223372036854775807L };
	static const struct gainmap map = { 3, { 1, 2, 3 }, { 5, 3, 0.5 } };
	size_t k;
	int mode, gain;
	double v;

	for (mode = 0; mode < NTIEMODES; mode++) {
		if (!isnan(cut_first(q, mode)) && !(cut_first(q, mode) >= 1))
			abort();
		check_rate(cut_rr(q, 0, mode));
		if (q->m == 0)
			continue;
		check_rate(list_ap(q, mode));
		check_rate(list_mapr(q, mode));
		check_rate(list_rprec(q, mode));
		check_rate(list_inp(q, mode));
		if (q->v2)	/* version 2: the judged non-relevant too */
			check_rate(judged_bpref(q, mode));
		for (k = 0; k < sizeof K / sizeof *K; k++) {
			check_rate(cut_hit(q, K[k], mode));
			check_rate(cut_rr(q, K[k], mode));
			check_rate(cut_found(q, K[k], mode) / (double)q->m);
			check_rate(list_apk(q, K[k], mode, APDIV_FOUND));
			for (gain = GAIN_LINEAR; gain <= GAIN_EXP; gain++)
				if (!isfinite(list_ndcg(q, K[k], mode, gain, NULL)))
					abort();
			/* DCG at most the ideal's, which takes the positive
			 * gains at their best places; a grade not listed, a
			 * negative one, gains a negative value */
			v = list_ndcg(q, K[k], mode, GAIN_LINEAR, &map);
			if (!isfinite(v) || v > 1 + 1e-9)
				abort();
		}
	}
}

/* the tie groups' invariants (rankstream.h) */
static void check_groups(const struct rquery *q)
{
	size_t g, s = 0;

	for (g = 0; g < q->ng; g++) {
		if (q->g[g].a < 0 || (long)q->g[g].s > q->g[g].t ||
		    q->g[g].t > q->n - q->g[g].a)
			abort();
		s += q->g[g].s;
	}
	if (s != q->nret || q->nret > q->m)
		abort();
}

/* the measures at gallery sizes m and up to m + 100 (walks of at most 101
 * steps, whatever n): rates in range, the first rank at least 1 */
static void check_gallery(const struct rquery *q)
{
	static const long K[] = { 1, 10, 9223372036854775807L };
	long G[2], m = (long)q->m;
	size_t i, k;
	int mode;

	if (q->m == 0)
		return;
	G[0] = m;
	G[1] = q->n - m < 100 ? q->n : m + 100;
	for (i = 0; i < 2; i++) {
		if (gallery_check(q, G[i]))
			continue;
		for (mode = 0; mode < NTIEMODES; mode++) {
			if (!(gal_first(q, G[i], mode) >= 1))
				abort();
			check_rate(gal_rr(q, G[i], 0, mode));
			check_rate(gal_apsum(q, G[i], 0, mode) / (double)m);
			check_rate(gal_lastrr(q, G[i], mode) * (double)m);
			for (k = 0; k < sizeof K / sizeof *K; k++) {
				check_rate(gal_hit(q, G[i], K[k], mode));
				check_rate(gal_found(q, G[i], K[k], mode) / (double)m);
				if (K[k] < 100)
					check_rate(gal_apk_found(q, G[i], K[k], mode));
				if (!isfinite(gal_dcg(q, G[i], K[k], mode, GAIN_EXP, NULL)))
					abort();
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[256];
	char *files[1] = { path };
	snprintf(path, sizeof path, "%s", fuzz_file("ranks", data, size));
	FUZZ_TRAPPED({
		struct rankreader rd;
		struct rquery q;
		memset(&q, 0, sizeof q);
		rankreader_open(&rd, files, 1);
		rd.v2ok = 1;
		while (rankreader_next(&rd, &q)) {
			check_groups(&q);
			check_measures(&q);
			check_gallery(&q);
			mingrade_apply(&q, 2);
			check_groups(&q);
			check_measures(&q);
		}
		rquery_free(&q);
		rankreader_close(&rd);
	});
	return 0;
}
