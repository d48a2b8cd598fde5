/* Loading qrels and label files, and the relevant set of each query. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "stream/relevance.h"
#include "stream/stream.h"

/* sorting judgments of one query by item id */
static const struct relsrc *sort_src;
static int cmp_judgment(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = slice_cmp(strmap_key(&sort_src->jids, sort_src->jent[x]),
			  strmap_key(&sort_src->jids, sort_src->jent[y]));
	return c ? c : (x > y) - (x < y);
}

void rel_load_qrels(struct relsrc *R, const char *path)
{
	struct stream S;
	struct slice f[5];
	size_t nf, nj = 0, cap = 0, gcap = 0, lcap = 0, qcap = 0, i, q;
	size_t *jq = NULL, *order, *fill;
	long *jline = NULL, *grade;
	size_t *ent;

	R->kind = REL_QRELS;
	R->qrels_name = path;
	strmap_init(&R->qq);
	strmap_init(&R->jids);
	R->jent = NULL;
	R->jgrade = NULL;
	stream_open(&S, path, NULL);
	while (stream_next(&S, f, 5, &nf)) {
		struct slice qs, item, g;
		if (nf == 3)
			qs = f[0], item = f[1], g = f[2];
		else if (nf == 4)
			qs = f[0], item = f[2], g = f[3];
		else
			die_at(path, S.L.lineno,
			       "expected 3 fields (query item grade) or 4 (query 0 item grade), found %zu",
			       nf);
		long gv = field_long(path, S.L.lineno, (int)nf, g);
		size_t c = nj + 1;
		xgrow((void **)&R->jent, &cap, c, sizeof *R->jent);
		xgrow((void **)&R->jgrade, &gcap, c, sizeof *R->jgrade);
		xgrow((void **)&jline, &lcap, c, sizeof *jline);
		xgrow((void **)&jq, &qcap, c, sizeof *jq);
		jq[nj] = strmap_put(&R->qq, qs, NULL);
		R->jent[nj] = strmap_put(&R->jids, item, NULL);
		R->jgrade[nj] = gv;
		jline[nj] = S.L.lineno;
		nj++;
	}
	stream_close(&S);
	if (nj == 0)
		die_at(path, 0, "no relevance judgments");

	/* group judgments by query (counting sort, stable), then by item */
	R->jbeg = xcalloc(R->qq.nent + 1, sizeof *R->jbeg);
	for (i = 0; i < nj; i++)
		R->jbeg[jq[i] + 1]++;
	for (q = 0; q < R->qq.nent; q++)
		R->jbeg[q + 1] += R->jbeg[q];
	fill = xmalloc(R->qq.nent * sizeof *fill);
	memcpy(fill, R->jbeg, R->qq.nent * sizeof *fill);
	order = xmalloc(nj * sizeof *order);
	for (i = 0; i < nj; i++)
		order[fill[jq[i]]++] = i;
	sort_src = R;
	for (q = 0; q < R->qq.nent; q++) {
		size_t b = R->jbeg[q], e = R->jbeg[q + 1];
		qsort(order + b, e - b, sizeof *order, cmp_judgment);
		for (i = b + 1; i < e; i++)
			if (R->jent[order[i]] == R->jent[order[i - 1]]) {
				size_t later = order[i] > order[i - 1] ?
					order[i] : order[i - 1];
				struct slice it = strmap_key(&R->jids,
							     R->jent[later]);
				struct slice qs = strmap_key(&R->qq, q);
				die_at(path, jline[later],
				       "duplicate judgment of item '%.*s' for query '%.*s'",
				       (int)it.n, it.p, (int)qs.n, qs.p);
			}
	}
	ent = xmalloc(nj * sizeof *ent);
	grade = xmalloc(nj * sizeof *grade);
	for (i = 0; i < nj; i++) {
		ent[i] = R->jent[order[i]];
		grade[i] = R->jgrade[order[i]];
	}
	free(R->jent);
	free(R->jgrade);
	R->jent = ent;
	R->jgrade = grade;
	free(order);
	free(fill);
	free(jq);
	free(jline);
}

static void load_labelfile(struct relsrc *R, struct labelfile *F,
			   const char *path)
{
	struct stream S;
	struct slice f[4];
	size_t nf, cap = 0;
	int created;

	F->name = path;
	strmap_init(&F->ids);
	F->rec = NULL;
	F->nrec = 0;
	stream_open(&S, path, NULL);
	while (stream_next(&S, f, 4, &nf)) {
		if (nf != 2 && nf != 3)
			die_at(path, S.L.lineno,
			       "expected 2 fields (id label) or 3 (id label camera), found %zu",
			       nf);
		size_t e = strmap_put(&F->ids, f[0], &created);
		if (!created)
			die_at(path, S.L.lineno, "duplicate id '%.*s'",
			       (int)f[0].n, f[0].p);
		xgrow((void **)&F->rec, &cap, e + 1, sizeof *F->rec);
		F->rec[e].label = strmap_put(&R->labels, f[1], NULL);
		F->rec[e].cam = nf == 3 ?
			(long)strmap_put(&R->cams, f[2], NULL) : -1;
		F->rec[e].pos = e;
		F->rec[e].line = S.L.lineno;
		F->nrec = e + 1;
	}
	stream_close(&S);
	if (F->nrec == 0)
		die_at(path, 0, "no relevance judgments");
}

void rel_load_labels(struct relsrc *R, const char *qpath, const char *ipath)
{
	size_t i, l, *fill;

	R->kind = REL_LABELS;
	strmap_init(&R->labels);
	strmap_init(&R->cams);
	load_labelfile(R, &R->ilab, ipath);
	R->one_file = qpath == NULL;
	if (R->one_file)
		R->qlab = R->ilab;
	else
		load_labelfile(R, &R->qlab, qpath);

	/* the items of each label, in file order */
	R->lbeg = xcalloc(R->labels.nent + 1, sizeof *R->lbeg);
	for (i = 0; i < R->ilab.nrec; i++)
		R->lbeg[R->ilab.rec[i].label + 1]++;
	for (l = 0; l < R->labels.nent; l++)
		R->lbeg[l + 1] += R->lbeg[l];
	fill = xmalloc((R->labels.nent + 1) * sizeof *fill);
	memcpy(fill, R->lbeg, (R->labels.nent + 1) * sizeof *fill);
	R->litem = xmalloc((R->ilab.nrec + 1) * sizeof *R->litem);
	for (i = 0; i < R->ilab.nrec; i++)
		R->litem[fill[R->ilab.rec[i].label]++] = i;
	free(fill);

	if (R->folds) {
		if (R->ilab.nrec % (size_t)R->folds)
			die_at(R->ilab.name, 0,
			       "%zu items do not split into %ld equal folds",
			       R->ilab.nrec, R->folds);
		if (R->qlab.nrec % (size_t)R->folds)
			die_at(R->qlab.name, 0,
			       "%zu queries do not split into %ld equal folds",
			       R->qlab.nrec, R->folds);
	}
}

void rel_set_junk_label(struct relsrc *R, const char *label)
{
	struct slice s = { label, strlen(label) };
	size_t e = strmap_get(&R->labels, s);
	/* a junk label that no file uses removes nothing */
	R->has_junk_label = e != (size_t)-1;
	R->junk_label = e;
}

static size_t fold_of(size_t pos, size_t count, long folds)
{
	return pos / (count / (size_t)folds);
}

static void push(struct relquery *out, struct slice item, long grade)
{
	if (out->n + 1 > out->cap) {
		size_t cap = out->cap;
		xgrow((void **)&out->item, &cap, out->n + 1, sizeof *out->item);
		out->grade = xrealloc(out->grade, cap * sizeof *out->grade);
		out->cap = cap;
	}
	out->item[out->n] = item;
	out->grade[out->n] = grade;
	out->n++;
}

static int leaves(const struct relsrc *R, const struct labelrec *qr,
		  size_t qfold, const struct labelrec *ir)
{
	if (R->has_junk_label && ir->label == R->junk_label)
		return EXCL_JUNK_LABEL;
	if (R->junk_samecam && qr->cam >= 0 && ir->label == qr->label &&
	    ir->cam == qr->cam)
		return EXCL_SAME_CAMERA;
	if (R->folds && fold_of(ir->pos, R->ilab.nrec, R->folds) != qfold)
		return EXCL_FOLD;
	return EXCL_NONE;
}

int rel_query(struct relsrc *R, struct slice q, struct relquery *out,
	      const char *file, long line)
{
	size_t i;

	out->n = 0;
	out->qrec = NULL;
	if (R->kind == REL_QRELS) {
		size_t e = strmap_get(&R->qq, q);
		if (e == (size_t)-1)
			return R->keep_unjudged;
		for (i = R->jbeg[e]; i < R->jbeg[e + 1]; i++) {
			struct slice it = strmap_key(&R->jids, R->jent[i]);
			long g = R->jgrade[i];
			if (g < R->min_grade || g < 0)
				continue;
			if (R->exclude_self && slice_eq(it, q))
				continue;
			push(out, it, g);
		}
		return 1;
	}
	size_t e = strmap_get(&R->qlab.ids, q);
	if (e == (size_t)-1)
		die_at(file, line, "query '%.*s' has no label", (int)q.n, q.p);
	out->qrec = &R->qlab.rec[e];
	out->fold = R->folds ? fold_of(out->qrec->pos, R->qlab.nrec, R->folds) : 0;
	size_t l = out->qrec->label;
	for (i = R->lbeg[l]; i < R->lbeg[l + 1]; i++) {
		size_t it = R->litem[i];
		struct slice s = strmap_key(&R->ilab.ids, it);
		if (R->exclude_self && slice_eq(s, q))
			continue;
		if (leaves(R, out->qrec, out->fold, &R->ilab.rec[it]))
			continue;
		push(out, s, 1);
	}
	return 1;
}

int rel_exclusion(const struct relsrc *R, const struct relquery *rq,
		  struct slice q, struct slice item)
{
	if (R->exclude_self && slice_eq(item, q))
		return EXCL_SELF;
	if (R->kind != REL_LABELS ||
	    !(R->has_junk_label || R->junk_samecam || R->folds))
		return EXCL_NONE;
	size_t e = strmap_get(&R->ilab.ids, item);
	if (e == (size_t)-1)
		return EXCL_NONE;
	return leaves(R, rq->qrec, rq->fold, &R->ilab.rec[e]);
}

int rel_excluded(const struct relsrc *R, const struct relquery *rq,
		 struct slice q, struct slice item)
{
	return rel_exclusion(R, rq, q, item) != EXCL_NONE;
}

size_t rel_nqueries(const struct relsrc *R)
{
	return R->kind == REL_QRELS ? R->qq.nent : 0;
}

struct slice rel_query_id(const struct relsrc *R, size_t i)
{
	return strmap_key(&R->qq, i);
}
