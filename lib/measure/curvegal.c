/* hit@K against the gallery size G (curvegal.h). Each query keeps the
 * numbers of its first tie group, the only ones hit@K reads (gallery.c:
 * the first relevant item's rank, and through it hit@K, depends on the
 * others kept above and tied with the first group), and gal_hit takes
 * them as a query of one group: O(min(a, G)) per query and G. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/out.h"
#include "stream/stream.h"
#include "stream/rankstream.h"
#include "measure/gallery.h"
#include "measure/curvegal.h"
#include "measure/runcheck.h"

/* one query into c: its first group, or an empty query counted */
static void add_query(struct galcurve *c, const struct rquery *q)
{
	struct galquery *g;
	const char *why;

	if (c->gmax == 0 || q->n < c->gmax)
		c->gmax = q->n;
	if (q->m == 0) {
		if (c->empty == EMPTY_ERROR)
			die_at(q->file, q->line, "query '%s' has no relevant "
			       "item (--empty error)", q->id);
		c->nempty++;
		return;
	}
	if ((why = gallery_check(q, q->n)))
		die_at(q->file, q->line, "query '%s': --gallery-curve: %s",
		       q->id, why);
	if ((long)q->m > c->gmin)
		c->gmin = (long)q->m;
	xgrow((void **)&c->q, &c->cap, c->nq + 1, sizeof *c->q);
	g = &c->q[c->nq++];
	*g = (struct galquery){ q->g[0].a, q->g[0].t, (long)q->g[0].s,
				q->n, (long)q->m };
}

void galcurve_read(char *file, int empty, int partial, int quiet,
		   struct galcurve *c)
{
	struct rankreader rd;
	struct rquery q;
	char *files[1] = { file };

	memset(c, 0, sizeof *c);
	memset(&q, 0, sizeof q);
	c->empty = empty;
	rankreader_open(&rd, files, 1);
	while (rankreader_next(&rd, &q)) {
		/* told by lines before the records: refused at the first */
		runcheck_uncut(&rd.facts, &rd.st.facts, "--gallery-curve");
		add_query(c, &q);
	}
	runcheck_uncut(&rd.facts, NULL, "--gallery-curve");
	runcheck_parts(&rd.facts, partial, quiet);
	rquery_free(&q);
	rankreader_close(&rd);
	if (c->nq == 0)
		die(EXIT_DATA, "%s: no query with a relevant item: no curve",
		    strcmp(file, "-") == 0 ? "stdin" : file);
}

double galcurve_value(const struct galcurve *c, long G, long K, int mode)
{
	double sum = 0;
	size_t i;

	if (G < c->gmin || G > c->gmax)
		return NAN;
	for (i = 0; i < c->nq; i++) {
		const struct galquery *g = &c->q[i];
		struct tgroup grp = { g->a, g->t, (size_t)g->s, 0 };
		struct rquery one = { .n = g->n, .m = (size_t)g->m,
				      .nret = (size_t)g->m, .g = &grp, .ng = 1 };

		sum += gal_hit(&one, G, K, mode);
	}
	return sum / (double)(c->nq + (c->empty == EMPTY_MISS ?
				       (size_t)c->nempty : 0));
}

/* the G of the rows: gmin, the 1-2-5 numbers between, gmax; the G
 * after G, 0 after gmax */
static long next_G(long G, long gmin, long gmax)
{
	long step = 1;

	if (G < gmin)
		return gmin;
	if (G >= gmax)
		return 0;
	while (step <= G / 10)
		step *= 10;
	/* step <= G < 10 step: the next of 1, 2, 5 times step above G */
	G = G < 2 * step ? 2 * step : G < 5 * step ? 5 * step : 10 * step;
	return G < gmax ? G : gmax;
}

/* one system's measure stream */
static void write_stream(const struct galcurve *c, long K,
			 const struct curveopts *o)
{
	char buf[64], name[64];
	long G;

	stream_write_header(HDR_MEASURE);
	for (G = next_G(0, c->gmin, c->gmax); G;
	     G = next_G(G, c->gmin, c->gmax)) {
		snprintf(name, sizeof name, "hit@%ld/G%ld", K, G);
		curve_format_rate(buf, sizeof buf, o,
				  galcurve_value(c, G, K, o->common.mode));
		out_str(name);
		out_str("\tall\t");
		out_str(buf);
		out_char('\n');
	}
	stream_write_end();
}

void galcurve_write(const struct galcurve *c, size_t n, long K,
		    const char *const *names, const struct curveopts *o)
{
	long G, gmin = c[0].gmin, gmax = c[0].gmax;
	char buf[64];
	size_t i;

	for (i = 0; !names && i < n; i++)
		write_stream(&c[i], K, o);
	if (!names)
		return;
	for (i = 1; i < n; i++) {
		gmin = c[i].gmin < gmin ? c[i].gmin : gmin;
		gmax = c[i].gmax > gmax ? c[i].gmax : gmax;
	}
	out_str("# G");
	for (i = 0; i < n; i++) {
		out_char('\t');
		out_str(names[i]);
	}
	out_char('\n');
	for (G = next_G(0, gmin, gmax); G; G = next_G(G, gmin, gmax)) {
		snprintf(buf, sizeof buf, "%ld", G);
		out_str(buf);
		for (i = 0; i < n; i++) {
			curve_format_rate(buf, sizeof buf, o,
					  galcurve_value(&c[i], G, K, o->common.mode));
			out_char('\t');
			out_str(buf);
		}
		out_char('\n');
	}
}

void galcurve_free(struct galcurve *c)
{
	free(c->q);
	memset(c, 0, sizeof *c);
}
