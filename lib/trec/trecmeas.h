/* trec_eval's measures for treceval: its table of measures, in the order
 * it prints them, with their parameters, how their summary is made, which
 * ones this release computes, and each one's value for a topic. A topic is
 * what the version-1 rank stream says of it (rankkit(7)): the ranks of its
 * relevant documents, ties broken as trec_eval breaks them, and how many
 * documents it retrieved. Values follow trec_eval's order of floating-
 * point operations where the last bit can matter (sums in rank order, its
 * divisions and logarithms as it writes them), so that a value at a
 * halfway point prints trec_eval's digit; where rankkit's measure library
 * computes the same bits (P, recall, success, map, map_cut, Rprec,
 * recip_rank, the counts) the value comes from it. */
#ifndef RK_TRECMEAS_H
#define RK_TRECMEAS_H
#include <stddef.h>
#include "stream/rankstream.h"

/* a measure's parameters after -m NAME.: none, cut-offs (trec_eval sorts
 * them), numbers in their order, or LEVEL=GAIN pairs */
enum { TP_NONE, TP_LONGCUT, TP_DOUBLECUT, TP_DOUBLES, TP_PAIRS };
/* its summary row: the mean over topics, the sum (counts), the geometric
 * mean (gm_map), the topic count, num_rel (-c: every judgment of a grade
 * above 0), the run's id, or none: a text per topic (relstring) */
enum { TS_MEAN, TS_SUM, TS_GEO, TS_NUMQ, TS_NUMREL, TS_RUNID, TS_TEXT };
/* computed from the relevant documents' ranks, or from every judged
 * document's (the rank stream's version 2: trecjudged.h), or needing
 * trec_eval's preference or judgment-group formats, which treceval does
 * not read */
enum { TM_OK, TM_NONREL, TM_PREFS, TM_JG };

struct trecpair {
	char *name;
	double value;
};

/* One topic as the measures see it */
struct trectopic {
	struct slice id;
	/* documents retrieved (those -M keeps); a topic the run lacks (-c)
	 * has trec_eval's stand-in ranking of one document, not relevant */
	long n;
	int missing;
	/* its relevant documents (grade >= -l): ranks, one tie group each */
	struct rquery rq;
	/* the judged documents of a grade >= g0 retrieved (g0 <= -l: those
	 * with a gain; trecargs.h): positions from 0, ascending, and grades */
	const long *cpos, *cgrade;
	size_t nc;
	/* judged documents per grade 0 .. nlevels-1 (0: no grade >= 0),
	 * when a gain measure or ndcg_cut asks for them */
	const long *levels;
	long nlevels;
	long level;		/* -l */
	long ndocs;		/* -N */
	/* when a measure asks for them (trecargs.h: judged): every judged
	 * document retrieved, of any grade, positions from 0 ascending; the
	 * judged ones below -l are in rq.jud (rq.v2 set) */
	const long *apos, *agrade;
	size_t na;
};

struct trecasked;
struct trecmeasure {
	const char *name;
	int params;		/* TP_* */
	int summary;		/* TS_* */
	int integer;		/* printed as a count */
	int per_topic;		/* has rows per topic (-q) */
	int support;		/* TM_* */
	int gain;		/* reads grades as gains (trecgain.h) */
	const long *lcut;	/* default parameters */
	const double *dcut;
	size_t ndef;
	void (*value)(const struct trectopic *t, const struct trecasked *a,
		      double *v);
};

/* a measure asked for, with its parameters, and its columns */
struct trecasked {
	const struct trecmeasure *m;
	long *lcut;		/* TP_LONGCUT */
	double *dcut;		/* TP_DOUBLECUT, TP_DOUBLES */
	size_t ncut;
	struct trecpair *pair;	/* TP_PAIRS */
	size_t npair;
	const char *params;	/* as -m gave them; NULL: the defaults */
	size_t col, ncol;	/* its values in a topic's row */
	char **name;		/* each column's printed name */
};

extern const struct trecmeasure trec_measures[];
extern const size_t trec_nmeasures;
/* the measure called name, or NULL */
const struct trecmeasure *trec_measure(const char *name);
/* the measures of trec_eval's nickname (official, all_trec, set, ...),
 * NULL-terminated, or NULL when name is none */
const char *const *trec_nickname(const char *name);

/* trec_eval's cut-offs take effect in their order, as it sweeps the
 * ranking once: the first k of them that increase. Sorted as trec_eval
 * sorts them (a difference of longs truncated to int) they all do, but for
 * cut-offs 2^31 apart; those after a cut-off that does not increase take
 * the value of the whole ranking. */
size_t trec_sweep(const long *cut, size_t k);

#endif
