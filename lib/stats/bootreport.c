/* bootstrap's machine stream (see bootreport.h): the numbers of
 * bootcalc.h as rows of a rankkit stream. */
#include <math.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/out.h"
#include "stream/stream.h"
#include "stats/columns.h"
#include "stats/interval.h"
#include "stats/bootreport.h"

static void out_number(double v, int decimals)
{
	char buf[FMTFIXED_MAX];
	fmt_fixed(buf, v, decimals);
	out_char('\t');
	out_str(buf);
}

/* Wilson's interval when the column holds only 0 and 1, or 0 and 100
 * (a hit rate in percent) */
static void wilson_of(const struct columns *cols, size_t c,
		      const struct bootopts *o, double *lo, double *hi)
{
	const double *x = cols->v + c * cols->n;
	double scale = 1, hits = 0, n = 0;
	*lo = *hi = NAN;
	for (size_t i = 0; i < cols->n; i++)
		if (x[i] > 1)
			scale = 100;
	for (size_t i = 0; i < cols->n; i++) {
		if (isnan(x[i]))
			continue;
		if (x[i] != 0 && x[i] != scale)
			return;
		hits += x[i] != 0;
		n++;
	}
	if (n == 0)
		return;
	interval_wilson(hits / n, n, o->confidence, lo, hi);
	*lo *= scale;
	*hi *= scale;
}

void boot_one(const struct mtable *tab, const struct bootopts *o)
{
	const struct columns raw = { .v = tab->v, .n = tab->nq, .k = tab->nm };
	struct bootstat *st = xmalloc((tab->nm + 1) * sizeof *st);
	boot_means(tab, o, st);
	out_str("# " HDR_BOOT_ONE);
	out_str(o->wilson ? HDR_BOOT_WILSON "\n" : "\n");
	for (size_t c = 0; c < tab->nm; c++) {
		double w_lo, w_hi;
		out_slice(strmap_key(&tab->measures, c));
		out_str("\tall");
		out_number(st[c].est, o->decimals);
		out_number(st[c].lo, o->decimals);
		out_number(st[c].hi, o->decimals);
		if (o->wilson) {
			wilson_of(&raw, c, o, &w_lo, &w_hi);
			out_number(w_lo, o->decimals);
			out_number(w_hi, o->decimals);
		}
		out_char('\n');
	}
	stream_write_end();
	free(st);
}

static void write_pair_header(const struct mtable *tab, int nfiles,
			      const char *header)
{
	out_str("# ");
	out_str(header);
	out_char('\n');
	for (int j = 0; j < nfiles; j++) {
		out_str("# ");
		out_char((char)('A' + j));
		out_str(": ");
		out_str(tab[j].file);
		out_char('\n');
	}
}

void boot_compare(const struct mtable *tab, int nfiles,
		  const struct bootopts *o)
{
	size_t pairs = (size_t)nfiles - 1, k = tab[0].nm * pairs;
	const struct mtable **t = xmalloc((size_t)nfiles * sizeof *t);
	struct bootstat *st = xmalloc((k + 1) * sizeof *st);
	double *p = xmalloc((k + 1) * sizeof *p);
	double *adj = xmalloc((k + 1) * sizeof *adj);
	struct effect *eff = xmalloc((k + 1) * sizeof *eff);
	for (int j = 0; j < nfiles; j++)
		t[j] = &tab[j];
	boot_diffs(t, nfiles, o, st, p, adj, eff);
	write_pair_header(tab, nfiles, HDR_BOOT_PAIR2);
	int pdec = o->decimals > 6 ? o->decimals : 6;
	for (size_t c = 0; c < k; c++) {
		out_slice(strmap_key(&tab[0].measures, c / pairs));
		out_str("\tA-");
		out_char((char)('B' + c % pairs));
		out_number(st[c].est, o->decimals);
		out_number(st[c].lo, o->decimals);
		out_number(st[c].hi, o->decimals);
		out_number(nfiles > 2 ? adj[c] : p[c], pdec);
		out_number(p[c], pdec);
		out_number(eff[c].dz, o->decimals);
		for (int w = 0; w < 3; w++) {
			out_char('\t');
			out_long(w == 0 ? eff[c].wins : w == 1 ? eff[c].ties
				 : eff[c].losses);
		}
		out_char('\n');
	}
	stream_write_end();
	free(eff);
	free(adj);
	free(p);
	free(st);
	free(t);
}

void boot_all_pairs_stream(const struct mtable *tab, int nfiles,
			   const struct bootopts *o)
{
	size_t npairs = (size_t)nfiles * (size_t)(nfiles - 1) / 2;
	size_t cells = tab[0].nm * npairs;
	const struct mtable **t = xmalloc((size_t)nfiles * sizeof *t);
	double *diff = xmalloc((cells + 1) * sizeof *diff);
	double *p = xmalloc((cells + 1) * sizeof *p);
	int pdec = o->decimals > 6 ? o->decimals : 6;
	for (int j = 0; j < nfiles; j++)
		t[j] = &tab[j];
	boot_all_pairs(t, nfiles, o, diff, p);
	write_pair_header(tab, nfiles, HDR_BOOT_ALLPAIRS);
	for (size_t m = 0, c = 0; m < tab[0].nm; m++)
		for (int i = 0; i < nfiles; i++)
			for (int j = i + 1; j < nfiles; j++, c++) {
				out_slice(strmap_key(&tab[0].measures, m));
				out_char('\t');
				out_char((char)('A' + i));
				out_char('-');
				out_char((char)('A' + j));
				out_number(diff[c], o->decimals);
				out_number(p[c], pdec);
				out_char('\n');
			}
	stream_write_end();
	free(p);
	free(diff);
	free(t);
}
