/* Text embeddings, "id v1 v2 .. vD" per line (embed.h), and the text
 * lines and ids that id files share with them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/num.h"
#include "stream/embformat.h"
#include "util/err.h"

int embbuf_line(const struct embbuf *b, size_t *pos, struct slice *line)
{
	const char *s = (const char *)b->p + *pos, *nl;
	size_t left = b->n - *pos, n;

	if (*pos >= b->n)
		return 0;
	/* a UTF-8 byte-order mark first is not part of the first line */
	if (*pos == 0 && left >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
		s += 3, left -= 3, *pos = 3;
		if (left == 0)
			return 0;
	}
	nl = memchr(s, '\n', left);
	n = nl ? (size_t)(nl - s) : left;
	*pos += nl ? n + 1 : n;
	if (n && s[n - 1] == '\r')
		n--;
	line->p = s;
	line->n = n;
	return 1;
}

int blank_or_comment(struct slice line)
{
	size_t i = 0;
	while (i < line.n && (line.p[i] == ' ' || line.p[i] == '\t'))
		i++;
	return i == line.n || line.p[i] == '#';
}

void idlist_add(struct idlist *ids, struct slice id, long line)
{
	big_grow((void **)&ids->off, &ids->offcap, ids->n + 1, sizeof *ids->off);
	big_grow((void **)&ids->len, &ids->lencap, ids->n + 1, sizeof *ids->len);
	big_grow((void **)&ids->line, &ids->linecap, ids->n + 1,
		 sizeof *ids->line);
	big_grow((void **)&ids->ids, &ids->cap, ids->used + id.n + 1, 1);
	memcpy(ids->ids + ids->used, id.p, id.n);
	ids->off[ids->n] = ids->used;
	ids->len[ids->n] = id.n;
	ids->line[ids->n] = line;
	ids->used += id.n;
	ids->n++;
}

void idlist_give(struct idlist *ids, struct embed *emb, const char *file)
{
	big_free(emb->ids);
	big_free(emb->idoff);
	big_free(emb->idlen);
	big_free(emb->idline);
	emb->ids = ids->ids ? ids->ids : big_alloc(1);
	emb->idoff = ids->off;
	emb->idlen = ids->len;
	emb->idline = ids->line;
	emb->idfile = file;
}

void embtext_read(struct embed *emb, struct embbuf *b)
{
	struct slice line, *f = NULL;
	size_t fcap = 0, nf, pos = 0, vcap = 0, i;
	double *v = NULL;
	long lineno = 0, firstline = 0;
	struct idlist ids = { 0 };

	emb->type = EMB_F64;
	emb->rows = 0;
	while (embbuf_line(b, &pos, &line)) {
		lineno++;
		if (blank_or_comment(line))
			continue;
		nf = split_fields(line, f, fcap);
		if (nf > fcap) {
			xgrow((void **)&f, &fcap, nf, sizeof *f);
			split_fields(line, f, fcap);
		}
		if (!firstline) {
			if (nf < 2)
				die_at(emb->path, lineno, "expected an id and "
				       "values, found %zu field%s", nf,
				       comma_hint(f, nf));
			emb->dim = nf - 1;
			firstline = lineno;
		} else if (nf - 1 != emb->dim) {
			die_at(emb->path, lineno, "expected %zu values after the "
			       "id (as line %ld), found %zu", emb->dim, firstline,
			       nf - 1);
		}
		xgrow((void **)&v, &vcap, (emb->rows + 1) * emb->dim, sizeof *v);
		for (i = 0; i < emb->dim; i++) {
			double x;
			int r = parse_double(f[i + 1], &x);
			if (r == NUM_NAN || (r == NUM_OK && !isfinite(x)))
				die_at(emb->path, lineno, "field %zu: value is not "
				       "finite '%.*s'", i + 2, (int)f[i + 1].n,
				       f[i + 1].p);
			if (r != NUM_OK) {
				char msg[256];
				num_error_msg(msg, sizeof msg, (int)i + 2,
					      f[i + 1], r);
				die_at(emb->path, lineno, "%s", msg);
			}
			v[emb->rows * emb->dim + i] = x;
		}
		idlist_add(&ids, f[0], lineno);
		emb->rows++;
	}
	free(f);
	emb->data = v;
	idlist_give(&ids, emb, emb->path);
}
