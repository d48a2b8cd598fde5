/* A run's lines grouped by query: each data line split, checked (3 fields
 * or 6 and more, a finite score) and copied, the line of the next query
 * kept back. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "fuse/runread.h"

/* copies n bytes to the end of *buf (of *len bytes in *cap) */
static void append(char **buf, size_t *len, size_t *cap, const char *p,
		   size_t n)
{
	if (*len + n + 1 > *cap)
		xgrow((void **)buf, cap, *len + n + 1, 1);
	if (n)
		memcpy(*buf + *len, p, n);
	*len += n;
}

/* the next data line into the waiting line (r->next, pitem, pscore);
 * r->more 0 at the end of the stream */
static void read_ahead(struct runread *r)
{
	struct slice f[6], item, sc;
	size_t nf;
	double v;
	int st;

	r->more = stream_next(&r->st, f, 6, &nf);
	if (!r->more)
		return;
	r->next_line = r->st.lines.lineno;
	if (nf == 3)
		item = f[1], sc = f[2];
	else if (nf >= 6)
		item = f[2], sc = f[4];
	else
		die_at(r->path, r->next_line,
		       "expected 3 fields (query item score) or 6 or more "
		       "(TREC run), found %zu%s", nf, comma_hint(f, nf));
	st = parse_double(sc, &v);
	if (st != NUM_OK)
		field_double(r->path, r->next_line, nf == 3 ? 3 : 5, sc);
	if (!isfinite(v))
		die_at(r->path, r->next_line,
		       "an infinite score cannot be fused (no sum or "
		       "normalisation of it is a number)");
	size_t qlen = 0;
	append(&r->qbuf, &qlen, &r->qcap, f[0].p, f[0].n);
	r->next = (struct slice){ r->qbuf, f[0].n };
	r->pitemlen = 0;
	append(&r->pitem, &r->pitemlen, &r->pitemcap, item.p, item.n);
	r->pscore = v;
}

void runread_open(struct runread *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->path = path;
	stream_open(&r->st, path, HDR_SCORE);
	read_ahead(r);
}

/* the waiting line as the next item of the query being taken */
static void keep_waiting(struct runread *r)
{
	if (r->n == r->cap) {
		size_t cap = r->cap;
		xgrow((void **)&r->off, &cap, r->n + 1, sizeof *r->off);
		cap = r->cap;
		xgrow((void **)&r->score, &cap, r->n + 1, sizeof *r->score);
		cap = r->cap;
		xgrow((void **)&r->line, &cap, r->n + 1, sizeof *r->line);
		xgrow((void **)&r->item, &r->cap, r->n + 1, sizeof *r->item);
	}
	r->off[r->n] = r->textlen;
	r->item[r->n].n = r->pitemlen;
	r->score[r->n] = r->pscore;
	r->line[r->n] = r->next_line;
	r->n++;
	append(&r->text, &r->textlen, &r->textcap, r->pitem, r->pitemlen);
}

int runread_take(struct runread *r)
{
	size_t i, qoff;

	if (!r->more)
		return 0;
	r->n = 0;
	r->textlen = 0;
	qoff = 0;
	append(&r->text, &r->textlen, &r->textcap, r->next.p, r->next.n);
	r->q.n = r->next.n;
	do
		keep_waiting(r);
	while ((read_ahead(r), r->more) && r->next.n == r->q.n &&
	       memcmp(r->next.p, r->text + qoff, r->q.n) == 0);
	/* the text no longer moves: the slices into it */
	r->q.p = r->text + qoff;
	for (i = 0; i < r->n; i++)
		r->item[i].p = r->text + r->off[i];
	return 1;
}

void runread_close(struct runread *r)
{
	stream_close(&r->st);
	free(r->item);
	free(r->score);
	free(r->line);
	free(r->off);
	free(r->text);
	free(r->qbuf);
	free(r->pitem);
}
