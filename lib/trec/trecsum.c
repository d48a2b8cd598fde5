/* trec_eval's summary arithmetic and its rows (trecsum.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/out.h"
#include "trec/trecsum.h"

static void row(int format, const char *name, struct slice q,
		const char *value, size_t vlen);

void trecsum_init(struct trecsum *s, const struct trecopts *o, size_t topics)
{
	memset(s, 0, sizeof *s);
	s->o = o;
	s->acc = xcalloc(o->ncols ? o->ncols : 1, sizeof *s->acc);
	if (o->query && o->ncols)
		big_grow((void **)&s->rows, &s->rowcap, (topics + 1) * o->ncols,
			 sizeof *s->rows);
}

void trecsum_add(struct trecsum *s, struct slice id, const double *row,
		 struct slice text)
{
	size_t c, n = s->o->ncols;

	for (c = 0; c < n; c++)
		s->acc[c] += row[c];
	s->nq++;
	if (!s->o->query)
		return;
	big_grow((void **)&s->rows, &s->rowcap, (s->nrows + 1) * n,
		 sizeof *s->rows);
	xgrow((void **)&s->ids, &s->idcap, s->nrows + 1, sizeof *s->ids);
	memcpy(s->rows + s->nrows * n, row, n * sizeof *row);
	xgrow((void **)&s->toff, &s->toffcap, s->nrows + 2, sizeof *s->toff);
	xgrow((void **)&s->text, &s->textcap, s->textlen + text.n + 1, 1);
	if (text.n)
		memcpy(s->text + s->textlen, text.p, text.n);
	s->toff[s->nrows] = s->textlen;
	s->textlen += text.n;
	s->toff[s->nrows + 1] = s->textlen;
	s->ids[s->nrows++] = id;
}

/* relstring's row: the text in single quotes */
static void row_text(const struct trecsum *s, const char *name, size_t t)
{
	size_t len = s->toff[t + 1] - s->toff[t];
	char *v = xmalloc(len + 3);

	v[0] = '\'';
	memcpy(v + 1, s->text + s->toff[t], len);
	v[len + 1] = '\'';
	v[len + 2] = '\0';
	row(s->o->format, name, s->ids[t], v, len + 2);
	free(v);
}

/* name padded to 22 columns, a tab, the topic, a tab, the value (vlen
 * bytes); or under --format jsonl or csv their record (measurerecord.h).
 * A row is put together in one buffer and written at once: a run's rows
 * are most of what treceval -q writes (220,000 for 2,000 topics) */
static void row(int format, const char *name, struct slice q,
		const char *value, size_t vlen)
{
	char line[256];
	size_t len = strlen(name), pad = len < 22 ? 22 - len : 0, k;

	if (format != FORMAT_STREAM) {
		record_write(format, 0, NULL, name, q, value);
		return;
	}
	if (len + pad + q.n + vlen + 3 > sizeof line) {
		out_str(name);
		for (; pad > 0; pad--)
			out_char(' ');
		out_char('\t');
		out_slice(q);
		out_char('\t');
		out_bytes(value, vlen);
		out_char('\n');
		return;
	}
	memcpy(line, name, len);
	memset(line + len, ' ', pad);
	k = len + pad;
	line[k++] = '\t';
	memcpy(line + k, q.p, q.n);
	k += q.n;
	line[k++] = '\t';
	memcpy(line + k, value, vlen);
	k += vlen;
	line[k++] = '\n';
	out_bytes(line, k);
}

static void row_value(int format, const char *name, struct slice q, double v,
		      int count)
{
	char buf[400];	/* %6.4f of the largest double: 309 digits and 5 */
	int n;

	if (count)
		n = snprintf(buf, sizeof buf, "%ld", (long)v);
	else if (!isfinite(v))	/* "  -nan", "   inf": padded to 6 */
		n = snprintf(buf, sizeof buf, "%6.4f", v);
	else	/* %6.4f of a number: 6 bytes or more ("0.0000") */
		n = (int)fmt_printf_fixed(buf, sizeof buf, v, 4);
	row(format, name, q, buf, (size_t)n);
}

static void topic_rows(const struct trecsum *s, size_t t)
{
	const struct trecopts *o = s->o;
	const double *v = s->rows + t * o->ncols;
	size_t i, c;

	for (i = 0; i < o->nasked; i++) {
		const struct trecasked *a = &o->asked[i];
		if (!a->m->per_topic)
			continue;
		if (a->m->summary == TS_TEXT) {
			row_text(s, a->name[0], t);
			continue;
		}
		for (c = 0; c < a->ncol; c++)
			row_value(o->format, a->name[c], s->ids[t], v[a->col + c],
				  a->m->integer);
	}
}

/* one measure's summary rows */
static void summary(const struct trecsum *s, const struct trecasked *a,
		    long positive, struct slice runid)
{
	static const struct slice all = { "all", 3 };
	double n = (double)s->nq, v;
	size_t c;

	for (c = 0; c < a->ncol; c++) {
		v = s->acc[a->col + c];
		switch (a->m->summary) {
		case TS_TEXT:
			return;
		case TS_RUNID: {
			char *tag = xstrndup(runid.p, runid.n);
			row(s->o->format, a->m->name, all, tag, runid.n);
			free(tag);
			return;
		}
		case TS_NUMQ:
			v = n;
			break;
		case TS_NUMREL:
			if (s->o->complete)
				v = (double)positive;
			break;
		case TS_GEO:
			v = exp(v / n);
			break;
		case TS_MEAN:
			v /= n;
			break;
		}
		row_value(s->o->format, a->name[c], all, v, a->m->integer);
	}
}

void trecsum_print(const struct trecsum *s, long positive, struct slice runid)
{
	size_t t, i;

	record_begin(s->o->format, 0);
	for (t = 0; t < s->nrows; t++)
		topic_rows(s, t);
	for (i = 0; s->o->summary && i < s->o->nasked; i++)
		summary(s, &s->o->asked[i], positive, runid);
}

void trecsum_free(struct trecsum *s)
{
	free(s->acc);
	big_free(s->rows);
	free(s->ids);
	free(s->text);
	free(s->toff);
	memset(s, 0, sizeof *s);
}
