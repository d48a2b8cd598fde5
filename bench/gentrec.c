/*
 * gentrec: write a synthetic TREC qrels and run for rankkit's benchmark.
 *
 * usage: gentrec [-q queries] [-d docs] [-c collection] [-p p_ret]
 *                [-n nonrel] [-s seed] [-t tag] [-o outdir]
 *
 * Writes OUTDIR/qrels ("qid 0 docid grade", TREC qrels) and OUTDIR/run
 * ("qid Q0 docid rank score tag", TREC run), the same shape as the reference
 * generator $RANKKIT_SHARED/bench/gen_trec_bench.py, with its own random numbers:
 *
 *   - queries q0001 .. qNNNN (zero padded, width max(4, digits)), in order;
 *   - each query retrieves `docs` distinct docids (default 10000) out of a
 *     collection of `collection` (default 1000000), named D%07d (wider if the
 *     collection needs it);
 *   - each query has 1..5 relevant docs (uniform), drawn from the whole
 *     collection, graded 1..3 (uniform); each is retrieved with probability
 *     p_ret (default 0.9): a relevant doc that should be retrieved and is not
 *     takes the place of a random non-relevant retrieved doc, one that should
 *     not be and is gets replaced by a fresh non-relevant doc;
 *   - optionally `nonrel` judged non-relevant docs (grade 0) per query, drawn
 *     from its retrieved non-relevant docs (default 0);
 *   - scores: a non-relevant doc gets u, a relevant doc of grade g gets
 *     1 - 0.05 u^3 / g (u uniform in [0,1)), rounded to 6 decimals, so a
 *     query of 10000 docs has about C(10000,2)/10^6 = 50 tied pairs;
 *   - run lines of a query in trec_eval's order: score descending, then docid
 *     descending (byte order; the docids have a fixed width so this is also
 *     numeric order), rank column 1..N in that order;
 *   - qrels lines of a query by docid ascending.
 *
 * The random generator is splitmix64 seeded with -s (default 42), so the
 * output is the same bytes on every machine for the same options. Files are
 * written under temporary names and renamed at the end: an interrupted run
 * leaves no plausible half-written data behind.
 *
 * Needs only a C99 compiler and POSIX: cc -O2 -o gentrec gentrec.c
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *argv0 = "gentrec";

static void
die(const char *what, const char *arg)
{
	if (arg)
		fprintf(stderr, "%s: %s: %s\n", argv0, arg, what);
	else
		fprintf(stderr, "%s: %s\n", argv0, what);
	exit(1);
}

static void
usage(void)
{
	fprintf(stderr, "usage: %s [-q queries] [-d docs] [-c collection] "
	    "[-p p_ret] [-n nonrel] [-s seed] [-t tag] [-o outdir]\n", argv0);
	exit(2);
}

/* ---- random numbers: splitmix64 (Steele, Lea, Flood 2014) ---- */

static uint64_t rs;

static uint64_t
rnext(void)
{
	uint64_t z = (rs += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* uniform in [0, 1), 53 bits */
static double
runif(void)
{
	return (double)(rnext() >> 11) * (1.0 / 9007199254740992.0);
}

/* uniform in [0, n), n > 0, without modulo bias */
static uint64_t
rbelow(uint64_t n)
{
	uint64_t lim = UINT64_MAX - UINT64_MAX % n, x;

	do
		x = rnext();
	while (x >= lim);
	return x % n;
}

/* ---- numbers on the command line ---- */

static long
numarg(const char *s, long lo, long hi, const char *name)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi) {
		fprintf(stderr, "%s: -%s: expected an integer in [%ld, %ld], "
		    "got '%s'\n", argv0, name, lo, hi, s);
		exit(2);
	}
	return v;
}

/* ---- output: a plain byte buffer flushed with fwrite ---- */

struct obuf {
	FILE *f;
	const char *path;
	char *b;
	size_t n, cap;
};

static void
oflush(struct obuf *o)
{
	if (o->n && fwrite(o->b, 1, o->n, o->f) != o->n)
		die(strerror(errno), o->path);
	o->n = 0;
}

static char *
oroom(struct obuf *o, size_t need)
{
	if (o->cap - o->n < need)
		oflush(o);
	return o->b + o->n;
}

/* writes v in exactly w digits, zero padded; returns the end */
static char *
putfixed(char *p, uint64_t v, int w)
{
	int i;

	for (i = w - 1; i >= 0; i--) {
		p[i] = (char)('0' + v % 10);
		v /= 10;
	}
	return p + w;
}

static int
ndigits(uint64_t v)
{
	int d = 1;

	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

static char *
putdec(char *p, uint64_t v)
{
	return putfixed(p, v, ndigits(v));
}

/* ---- per query ---- */

/* state[] of each collection doc, cleared after each query */
#define RET	1u	/* in the retrieved set */
#define JUDGED0	2u	/* judged non-relevant */
#define GSHIFT	2	/* grade 1..3 in bits 2-3: relevant */

static int
cmpdesc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y) - (x > y);
}

static int
cmpu32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
	long nq = 1000, nd = 10000, coll = 1000000, nonrel = 0;
	double pret = 0.9;
	uint64_t seed = 42;
	const char *tag = "bench", *outdir = ".";
	unsigned char *state;
	uint32_t *ret, rel[5], judged[5 + 1024];
	uint64_t *key;
	struct obuf orun, oqr;
	char *qpath, *rpath, *qtmp, *rtmp, qid[32], *end;
	size_t plen, taglen;
	int qw, dw, c;
	long qi, i, j, nrel, njudged;

	if (argc > 0 && argv[0][0])
		argv0 = argv[0];
	while ((c = getopt(argc, argv, "q:d:c:p:n:s:t:o:")) != -1) {
		switch (c) {
		case 'q': nq = numarg(optarg, 1, 99999999, "q"); break;
		case 'd': nd = numarg(optarg, 6, 100000000, "d"); break;
		case 'c': coll = numarg(optarg, 11, 1000000000, "c"); break;
		case 'n': nonrel = numarg(optarg, 0, 1024, "n"); break;
		case 's':
			errno = 0;
			seed = strtoull(optarg, &end, 10);
			if (errno || end == optarg || *end || optarg[0] == '-') {
				fprintf(stderr, "%s: -s: expected an unsigned "
				    "integer, got '%s'\n", argv0, optarg);
				exit(2);
			}
			break;
		case 'p':
			errno = 0;
			pret = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(pret >= 0 && pret <= 1)) {
				fprintf(stderr, "%s: -p: expected a probability "
				    "in [0, 1], got '%s'\n", argv0, optarg);
				exit(2);
			}
			break;
		case 't': tag = optarg; break;
		case 'o': outdir = optarg; break;
		default: usage();
		}
	}
	if (optind != argc)
		usage();
	if (nd + 5 > coll) {
		fprintf(stderr, "%s: the collection (-c %ld) must hold the "
		    "retrieved docs plus 5 (-d %ld)\n", argv0, coll, nd);
		exit(2);
	}
	if (!tag[0] || strpbrk(tag, " \t\n")) {
		fprintf(stderr, "%s: -t: the tag must be one non-blank word\n", argv0);
		exit(2);
	}
	rs = seed;
	qw = ndigits((uint64_t)nq) > 4 ? ndigits((uint64_t)nq) : 4;
	dw = ndigits((uint64_t)coll - 1) > 7 ? ndigits((uint64_t)coll - 1) : 7;
	taglen = strlen(tag);

	plen = strlen(outdir) + 16;
	qpath = malloc(plen); rpath = malloc(plen);
	qtmp = malloc(plen); rtmp = malloc(plen);
	state = calloc((size_t)coll, 1);
	ret = malloc((size_t)nd * sizeof *ret);
	key = malloc((size_t)nd * sizeof *key);
	orun.cap = oqr.cap = 1 << 20;
	orun.b = malloc(orun.cap); oqr.b = malloc(oqr.cap);
	if (!qpath || !rpath || !qtmp || !rtmp || !state || !ret || !key ||
	    !orun.b || !oqr.b)
		die("out of memory", NULL);
	snprintf(qpath, plen, "%s/qrels", outdir);
	snprintf(rpath, plen, "%s/run", outdir);
	snprintf(qtmp, plen, "%s/qrels.tmp", outdir);
	snprintf(rtmp, plen, "%s/run.tmp", outdir);
	if (!(oqr.f = fopen(qtmp, "w")))
		die(strerror(errno), qtmp);
	if (!(orun.f = fopen(rtmp, "w")))
		die(strerror(errno), rtmp);
	oqr.path = qtmp; orun.path = rtmp;
	oqr.n = orun.n = 0;

	for (qi = 1; qi <= nq; qi++) {
		size_t ql;

		qid[0] = 'q';
		ql = (size_t)(putfixed(qid + 1, (uint64_t)qi, qw) - qid);

		/* the retrieved set: nd distinct docs */
		if (2 * nd <= coll) {
			for (i = 0; i < nd; i++) {
				uint32_t d;
				do
					d = (uint32_t)rbelow((uint64_t)coll);
				while (state[d] & RET);
				state[d] |= RET;
				ret[i] = d;
			}
		} else {	/* Knuth's algorithm S: sequential selection */
			long need = nd, left = coll;
			for (i = 0, j = 0; j < coll && need > 0; j++, left--)
				if ((long)rbelow((uint64_t)left) < need) {
					state[j] |= RET;
					ret[i++] = (uint32_t)j;
					need--;
				}
		}

		/* relevant docs: 1..5 distinct from the collection, grades 1..3 */
		nrel = 1 + (long)rbelow(5);
		for (i = 0; i < nrel; i++) {
			uint32_t d;
			do
				d = (uint32_t)rbelow((uint64_t)coll);
			while (state[d] >> GSHIFT);
			state[d] |= (unsigned char)((1 + rbelow(3)) << GSHIFT);
			rel[i] = d;
		}
		/* each relevant doc retrieved with probability pret */
		for (i = 0; i < nrel; i++) {
			uint32_t d = rel[i];
			int want = runif() < pret;

			if (want && !(state[d] & RET)) {
				do
					j = (long)rbelow((uint64_t)nd);
				while (state[ret[j]] >> GSHIFT);
				state[ret[j]] &= (unsigned char)~RET;
				ret[j] = d;
				state[d] |= RET;
			} else if (!want && (state[d] & RET)) {
				uint32_t n;
				for (j = 0; ret[j] != d; j++)
					;
				do
					n = (uint32_t)rbelow((uint64_t)coll);
				while (state[n]);	/* neither retrieved nor relevant */
				state[d] &= (unsigned char)~RET;
				ret[j] = n;
				state[n] |= RET;
			}
		}

		/* scores, in micro units, packed above the docid for sorting */
		for (i = 0; i < nd; i++) {
			unsigned g = state[ret[i]] >> GSHIFT;
			double u = runif(), s;
			uint64_t micro;

			s = g ? 1.0 - 0.05 * u * u * u / g : u;
			micro = (uint64_t)(s * 1e6 + 0.5);
			key[i] = micro * (uint64_t)coll + ret[i];
		}
		qsort(key, (size_t)nd, sizeof *key, cmpdesc);

		for (i = 0; i < nd; i++) {
			uint64_t micro = key[i] / (uint64_t)coll;
			uint32_t d = (uint32_t)(key[i] % (uint64_t)coll);
			char *p = oroom(&orun, ql + (size_t)dw + taglen + 40);

			memcpy(p, qid, ql); p += ql;
			memcpy(p, " Q0 D", 5); p += 5;
			p = putfixed(p, d, dw);
			*p++ = ' ';
			p = putdec(p, (uint64_t)i + 1);
			*p++ = ' ';
			*p++ = (char)('0' + micro / 1000000);
			*p++ = '.';
			p = putfixed(p, micro % 1000000, 6);
			*p++ = ' ';
			memcpy(p, tag, taglen); p += taglen;
			*p++ = '\n';
			orun.n = (size_t)(p - orun.b);
		}

		/* qrels: the relevant docs, optionally judged non-relevant ones */
		njudged = 0;
		for (i = 0; i < nrel; i++)
			judged[njudged++] = rel[i];
		if (nonrel > 0) {
			long pool = 0;
			for (i = 0; i < nd; i++)
				if (!(state[ret[i]] >> GSHIFT))
					pool++;
			for (i = 0; i < nonrel && i < pool; i++) {
				uint32_t d;
				do
					d = ret[rbelow((uint64_t)nd)];
				while (state[d] >> GSHIFT || state[d] & JUDGED0);
				state[d] |= JUDGED0;
				judged[njudged++] = d;
			}
		}
		qsort(judged, (size_t)njudged, sizeof *judged, cmpu32);
		for (i = 0; i < njudged; i++) {
			char *p = oroom(&oqr, ql + (size_t)dw + 16);

			memcpy(p, qid, ql); p += ql;
			memcpy(p, " 0 D", 4); p += 4;
			p = putfixed(p, judged[i], dw);
			*p++ = ' ';
			*p++ = (char)('0' + (state[judged[i]] >> GSHIFT));
			*p++ = '\n';
			oqr.n = (size_t)(p - oqr.b);
		}

		/* clear the state of everything this query touched */
		for (i = 0; i < nd; i++)
			state[ret[i]] = 0;
		for (i = 0; i < nrel; i++)
			state[rel[i]] = 0;
		for (i = 0; i < njudged; i++)
			state[judged[i]] = 0;
	}

	oflush(&orun);
	oflush(&oqr);
	if (fclose(orun.f) == EOF)
		die(strerror(errno), rtmp);
	if (fclose(oqr.f) == EOF)
		die(strerror(errno), qtmp);
	if (rename(qtmp, qpath) == -1)
		die(strerror(errno), qpath);
	if (rename(rtmp, rpath) == -1)
		die(strerror(errno), rpath);
	return 0;
}
