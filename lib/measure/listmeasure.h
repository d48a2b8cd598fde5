/* Full-list measures of one query from its tie groups, in each tie mode:
 * R-precision, MAP@R, average precision (whole list and cut at K), mINP and
 * nDCG. Pure functions, no I/O; the formulas and their closed forms for the
 * expected mode are derived in listmeasure.c (rankkit(7), "Ties"; McSherry &
 * Najork, ECIR 2008).
 *
 * Every function takes a query with m >= 1 relevant items and returns 0 for
 * an empty query (m = 0): the driver decides what an empty query counts. */
#ifndef RK_LISTMEASURE_H
#define RK_LISTMEASURE_H
#include "stream/rankstream.h"
#include "measure/ties.h"
#include "measure/tiesum.h"
#include "measure/gainmap.h"

/* divisor of AP@K */
enum apdiv {
	APDIV_M,	/* all relevant items m (trec_eval map_cut, ranx, PML) */
	APDIV_MIN,	/* min(m, K) */
	APDIV_FOUND	/* relevant items found in the top K (torchmetrics) */
};

/* the area under the precision-recall curve that AP is (mapr --ap-area) */
enum aparea {
	APAREA_STEP,		/* sum of precisions at the relevant items */
	APAREA_TRAPEZOID	/* revisitop's trapezoids (revisitop.h) */
};

/* gain of a grade in DCG */
enum gainkind {
	GAIN_LINEAR,	/* grade (trec_eval, sklearn) */
	GAIN_EXP,	/* 2^grade - 1 (Burges et al.) */
	GAIN_SCALED	/* min(max(grade, 0), top) / top (cwl_eval's SDCG) */
};

/* the expected share of a tie group in the sum of precisions of AP: the
 * group after a candidates, t positions, s relevant, c relevant items
 * above it, counting its first u positions (1 <= u <= t) */
double list_ap_share(long a, long t, long s, double c, long u);
/* h(m) / m, h(K) the relevant items in the top K (cut_found) */
double list_rprec(const struct rquery *q, int mode);
/* (1/m) sum over relevant positions p <= m of P@p (Musgrave et al. 2020) */
double list_mapr(const struct rquery *q, int mode);
/* (1/m) sum over relevant retrieved positions p of P@p */
double list_ap(const struct rquery *q, int mode);
/* sum over relevant positions p <= K of P@p, over the divisor div */
double list_apk(const struct rquery *q, long K, int mode, int div);
/* nret / position of the last retrieved relevant item (fast-reid INP);
 * 0 when no relevant item was retrieved */
double list_inp(const struct rquery *q, int mode);
/* the gains of a query's grades: kind (enum gainkind), and for exp gains
 * whose largest grade would overflow, shift: every gain is scaled by
 * 2^-shift, in DCG and IDCG alike (0: no scaling); map: ndcg --gains
 * (with GAIN_LINEAR: a grade not listed gains its value), or NULL */
struct gains {
	int kind;
	long shift;
	long top;	/* GAIN_SCALED's largest grade */
	const struct gainmap *map;
};
struct gains list_gains(const struct rquery *q, int gain,
			const struct gainmap *map);
/* gain of one grade, scaled as gs says */
double list_gain(const struct gains *gs, long grade);
/* Under a gain map, which may give a higher grade a lower gain: the
 * gains of q's retrieved relevant items indexed as q->rel, each tie
 * group's highest first, the order in which the fixed tie modes place
 * them (the first positions optimistic, the last pessimistic, as the
 * grades otherwise); the caller frees it. NULL without a map: rel's own
 * order, by grade, is that order. */
double *list_gain_order(const struct rquery *q, const struct gains *gs);
/* ideal DCG: all m relevant items by gain, cut at K (K <= 0: no cut);
 * under a gain map only the positive gains, as trec_eval's ideal ranking
 * (an item of gain 0 or less adds nothing at its best place, the end) */
double list_idcg(const struct rquery *q, long K, int gain,
		 const struct gainmap *map);
/* DCG of the list cut at K (K <= 0: the whole list) over list_idcg, 0
 * when the ideal is 0 */
double list_ndcg(const struct rquery *q, long K, int mode, int gain,
		 const struct gainmap *map);
/* SDCG@K (cwl_eval's scaled DCG): DCG@K with the gains of GAIN_SCALED
 * over sum_{i=1..K} 1/log2(1+i), the DCG of K items of grade top; K >= 1,
 * top >= 1 */
double list_sdcg(const struct rquery *q, long K, int mode, long top);

#endif
