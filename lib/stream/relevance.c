/* Loading qrels and label files, and the relevant set of each query. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/num.h"
#include "stream/camerafile.h"
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

/* revisitop's words (--protocol): which protocols make each a positive;
 * the others ignore it */
static const struct {
	const char *word;
	int positive_in[3];	/* easy, medium, hard */
} gnd_words[] = {
	{ "easy", { 1, 1, 0 } },
	{ "hard", { 0, 1, 1 } },
	{ "junk", { 0, 0, 0 } },
};

/* the grade of word g under protocol (PROTO_*): 1 or REL_IGNORED; -1 when
 * g is none of the words */
static long gnd_grade(struct slice g, int protocol)
{
	size_t i;

	for (i = 0; i < sizeof gnd_words / sizeof gnd_words[0]; i++)
		if (slice_eq(g, (struct slice){ gnd_words[i].word,
			     strlen(gnd_words[i].word) }))
			return protocol == PROTO_NONE ? 0 :
			       gnd_words[i].positive_in[protocol - PROTO_EASY] ?
			       1 : REL_IGNORED;
	return -1;
}

/* field fieldno of a qrels line, a grade: an integer; a number that is
 * not one is a score, and the files were likely given the other way;
 * with --protocol, one of revisitop's words */
static long grade_field(const struct relsrc *rel, const char *path,
			long line, int fieldno, struct slice g)
{
	long v;
	double x;

	if (rel->protocol) {
		if ((v = gnd_grade(g, rel->protocol)) == -1)
			die_at(path, line, "field %d: '%.*s' is not easy, hard "
			       "or junk (--protocol reads revisitop's lists)",
			       fieldno, (int)g.n, g.p);
		return v;
	}
	if (gnd_grade(g, PROTO_NONE) == 0)
		die_at(path, line, "field %d: '%.*s' is a word of revisitop's "
		       "lists, not a grade: give --protocol easy, medium or "
		       "hard", fieldno, (int)g.n, g.p);

	if (parse_long(g, &v) != NUM_OK && parse_double(g, &x) == NUM_OK)
		die_at(path, line, "field %d: '%.*s' is not an integer grade (a "
		       "score? -r takes the qrels, the scores come last)",
		       fieldno, (int)g.n, g.p);
	return field_long(path, line, fieldno, g);
}

/* the nj judgments grouped by query (counting sort, stable), then by item
 * (jq[i]: the query of judgment i, jline[i]: its line); dies on an item
 * judged twice for a query */
void rel_group_judgments(struct relsrc *rel, const char *path,
			 const size_t *jq, const long *jline, size_t nj)
{
	size_t i, q, *order, *fill, *ent;
	long *grade;

	rel->jbeg = xcalloc(rel->qq.nent + 1, sizeof *rel->jbeg);
	for (i = 0; i < nj; i++)
		rel->jbeg[jq[i] + 1]++;
	for (q = 0; q < rel->qq.nent; q++)
		rel->jbeg[q + 1] += rel->jbeg[q];
	fill = xmalloc(rel->qq.nent * sizeof *fill);
	memcpy(fill, rel->jbeg, rel->qq.nent * sizeof *fill);
	order = xmalloc(nj * sizeof *order);
	for (i = 0; i < nj; i++)
		order[fill[jq[i]]++] = i;
	sort_src = rel;
	for (q = 0; q < rel->qq.nent; q++) {
		size_t b = rel->jbeg[q], e = rel->jbeg[q + 1];
		qsort(order + b, e - b, sizeof *order, cmp_judgment);
		for (i = b + 1; i < e; i++)
			if (rel->jent[order[i]] == rel->jent[order[i - 1]]) {
				size_t later = order[i] > order[i - 1] ?
					order[i] : order[i - 1];
				struct slice it = strmap_key(&rel->jids,
							     rel->jent[later]);
				struct slice qs = strmap_key(&rel->qq, q);
				die_at(path, jline[later],
				       "duplicate judgment of item '%.*s' for query '%.*s'",
				       (int)it.n, it.p, (int)qs.n, qs.p);
			}
	}
	ent = xmalloc(nj * sizeof *ent);
	grade = xmalloc(nj * sizeof *grade);
	for (i = 0; i < nj; i++) {
		ent[i] = rel->jent[order[i]];
		grade[i] = rel->jgrade[order[i]];
	}
	free(rel->jent);
	free(rel->jgrade);
	rel->jent = ent;
	rel->jgrade = grade;
	free(order);
	free(fill);
}

void rel_load_qrels(struct relsrc *rel, const char *path)
{
	struct stream st;
	struct slice f[5];
	size_t nf, nj = 0, cap = 0, gcap = 0, lcap = 0, qcap = 0;
	size_t *jq = NULL;
	long *jline = NULL;

	rel->kind = REL_QRELS;
	rel->qrels_name = path;
	strmap_init(&rel->qq);
	strmap_init(&rel->jids);
	rel->jent = NULL;
	rel->jgrade = NULL;
	stream_open(&st, path, NULL);
	while (stream_next(&st, f, 5, &nf)) {
		struct slice qs, item, g;
		if (nf == 3)
			qs = f[0], item = f[1], g = f[2];
		else if (nf == 4)
			qs = f[0], item = f[2], g = f[3];
		else
			die_at(path, st.lines.lineno,
			       "expected 3 fields (query item grade) or 4 (query 0 item grade), found %zu%s",
			       nf, nf >= 6 ? " (a TREC run? -r takes the qrels, "
			       "the run comes last)" : comma_hint(f, nf));
		long gv = grade_field(rel, path, st.lines.lineno, (int)nf, g);
		size_t c = nj + 1;
		xgrow((void **)&rel->jent, &cap, c, sizeof *rel->jent);
		xgrow((void **)&rel->jgrade, &gcap, c, sizeof *rel->jgrade);
		xgrow((void **)&jline, &lcap, c, sizeof *jline);
		xgrow((void **)&jq, &qcap, c, sizeof *jq);
		jq[nj] = strmap_put(&rel->qq, qs, NULL);
		rel->jent[nj] = strmap_put(&rel->jids, item, NULL);
		rel->jgrade[nj] = gv;
		jline[nj] = st.lines.lineno;
		nj++;
	}
	stream_close(&st);
	if (nj == 0)
		die_at(path, 0, "no relevance judgments");

	rel_group_judgments(rel, path, jq, jline, nj);
	free(jq);
	free(jline);
}

static size_t fold_of(size_t pos, size_t count, long folds);
static int leaves(const struct relsrc *rel, const struct labelrec *qr,
		  size_t qfold, const struct labelrec *ir);

/* --junk same-camera: every record of lf has a camera, or death naming
 * the file (a 1-D .npy array has none) or the first line without one; a
 * record without a camera would keep its same-camera items in silence */
static void need_cameras(const struct labelfile *lf)
{
	size_t e;

	if (lf->npy && lf->nrec && lf->rec[0].cam < 0)
		die_at(lf->name, 0, "--junk same-camera needs a camera for every "
		       "row, and a 1-D .npy label array carries none (save "
		       "np.stack([labels, cameras], axis=1), shape (N, 2), or "
		       "give the cameras' array to --query-cameras and "
		       "--item-cameras)");
	for (e = 0; e < lf->nrec; e++)
		if (lf->rec[e].cam < 0)
			die_at(lf->name, lf->rec[e].line, "--junk same-camera needs "
			       "a camera on every line, and this one has none "
			       "(give 'id label camera' lines)");
}

/* --folds: the items of query record e's label outside its fold (those
 * another rule takes out not counted) */
static size_t outside_fold(const struct relsrc *rel, size_t e)
{
	const struct labelrec *qr = &rel->qlab.rec[e];
	size_t qfold = fold_of(qr->pos, rel->qlab.nrec, rel->folds), i, n = 0;

	for (i = rel->lbeg[qr->label]; i < rel->lbeg[qr->label + 1]; i++)
		n += leaves(rel, qr, qfold, &rel->ilab.rec[rel->litem[i]]) ==
			EXCL_FOLD;
	return n;
}

/* Items out of the queries' fold order: a label whose queries all sit in
 * one fold, or whose items do, is one fold's (an image and its captions,
 * COCO 1K), and then both sides must be in that fold; a label of a class,
 * in several folds on both sides, is cut by them as meant. The queries of
 * the labels that break this, and their items outside their fold. */
static void count_fold_dropped(struct relsrc *rel)
{
	size_t nl = rel->labels.nent, e, l, *lo = xmalloc(4 * nl * sizeof *lo);
	size_t *hi = lo + nl, *ilo = lo + 2 * nl, *ihi = lo + 3 * nl, f;

	for (l = 0; l < nl; l++)
		lo[l] = ilo[l] = SIZE_MAX, hi[l] = ihi[l] = 0;
	for (e = 0; e < rel->ilab.nrec; e++) {
		l = rel->ilab.rec[e].label;
		f = fold_of(rel->ilab.rec[e].pos, rel->ilab.nrec, rel->folds);
		ilo[l] = f < ilo[l] ? f : ilo[l];
		ihi[l] = f > ihi[l] ? f : ihi[l];
	}
	for (e = 0; e < rel->qlab.nrec; e++) {
		l = rel->qlab.rec[e].label;
		f = fold_of(rel->qlab.rec[e].pos, rel->qlab.nrec, rel->folds);
		lo[l] = f < lo[l] ? f : lo[l];
		hi[l] = f > hi[l] ? f : hi[l];
	}
	for (e = 0; e < rel->qlab.nrec; e++) {
		size_t n;
		l = rel->qlab.rec[e].label;
		if (ilo[l] == SIZE_MAX || (lo[l] != hi[l] && ilo[l] != ihi[l]) ||
		    (lo[l] == ilo[l] && hi[l] == ihi[l]) ||
		    (n = outside_fold(rel, e)) == 0)
			continue;
		if (rel->fold_queries++ == 0)
			rel->fold_first = e;
		rel->fold_dropped += n;
	}
	free(lo);
}

/* the items of each label, in file order */
static void index_items(struct relsrc *rel)
{
	size_t i, l, *fill;

	rel->lbeg = big_alloc((rel->labels.nent + 1) * sizeof *rel->lbeg);
	for (i = 0; i < rel->ilab.nrec; i++)
		rel->lbeg[rel->ilab.rec[i].label + 1]++;
	for (l = 0; l < rel->labels.nent; l++)
		rel->lbeg[l + 1] += rel->lbeg[l];
	fill = big_alloc((rel->labels.nent + 1) * sizeof *fill);
	memcpy(fill, rel->lbeg, (rel->labels.nent + 1) * sizeof *fill);
	rel->litem = big_alloc((rel->ilab.nrec + 1) * sizeof *rel->litem);
	for (i = 0; i < rel->ilab.nrec; i++)
		rel->litem[fill[rel->ilab.rec[i].label]++] = i;
	big_free(fill);
}

void rel_items_in_order(struct relsrc *rel,
			struct slice (*row_id)(const void *ctx, size_t r),
			const void *ctx, size_t nrows)
{
	struct labelfile *lf = &rel->ilab;
	const char *path = lf->name;
	size_t e, at = 0;

	if (rel->kind != REL_LABELS || !lf->some)
		return;
	if (lf->nall >= lf->hi && lf->hi <= nrows) {
		/* the kept records in order: those of lo .. hi-1 a block */
		for (e = 0; e < lf->nrec && lf->rec[e].pos < lf->lo; e++)
			;
		for (at = lf->lo; at < lf->hi && e < lf->nrec; at++, e++)
			if (lf->rec[e].pos != at ||
			    !slice_eq(labelfile_id(lf, e), row_id(ctx, at)))
				break;
		if (at == lf->hi)
			return;
	}
	labelfile_free(lf);
	big_free(rel->lbeg);
	big_free(rel->litem);
	labelfile_load(lf, path, &rel->labels, &rel->cams);
	index_items(rel);
}

void rel_load_labels(struct relsrc *rel, const char *qpath, const char *ipath)
{

	rel->kind = REL_LABELS;
	strmap_init(&rel->labels);
	strmap_init(&rel->cams);
	rel->one_file = qpath == NULL;
	if (!rel->one_file && rel->item_rows && !rel->folds) {
		/* the queries' labels first: they are the labels kept, with
		 * the junk label (its items leave every gallery) */
		labelfile_load(&rel->qlab, qpath, &rel->labels, &rel->cams);
		if (rel->junk_name)
			strmap_put(&rel->labels, (struct slice){ rel->junk_name,
				   strlen(rel->junk_name) }, NULL);
		labelfile_load_some(&rel->ilab, ipath, &rel->labels, &rel->cams,
				    rel->labels.nent, rel->item_lo, rel->item_hi);
	} else {
		labelfile_load(&rel->ilab, ipath, &rel->labels, &rel->cams);
		if (rel->one_file)
			rel->qlab = rel->ilab;
		else
			labelfile_load(&rel->qlab, qpath, &rel->labels, &rel->cams);
	}
	if (rel->icams)
		camerafile_apply(&rel->ilab, rel->icams, &rel->cams);
	if (rel->qcams && !rel->one_file)
		camerafile_apply(&rel->qlab, rel->qcams, &rel->cams);
	index_items(rel);
	if (rel->junk_samecam) {
		need_cameras(&rel->ilab);
		if (!rel->one_file)
			need_cameras(&rel->qlab);
	}

	if (rel->folds) {
		if (rel->ilab.nrec % (size_t)rel->folds)
			die_at(rel->ilab.name, 0,
			       "%zu items do not split into %ld equal folds",
			       rel->ilab.nrec, rel->folds);
		if (rel->qlab.nrec % (size_t)rel->folds)
			die_at(rel->qlab.name, 0,
			       "%zu queries do not split into %ld equal folds",
			       rel->qlab.nrec, rel->folds);
		count_fold_dropped(rel);
	}
}

void rel_refuse_fold_order(const struct relsrc *rel)
{
	const struct labelrec *q;
	struct slice id;

	if (rel->fold_dropped == 0)
		return;
	q = &rel->qlab.rec[rel->fold_first];
	id = labelfile_id(&rel->qlab, rel->fold_first);
	die_at(rel->ilab.name, 0, "--folds %ld: %zu queries would lose %zu "
	       "relevant items that sit outside their fold (the first '%.*s', "
	       "fold %zu), their labels one fold's on one side only: the items "
	       "must follow the queries' fold order (item fold f holds the "
	       "items of query fold f)", rel->folds, rel->fold_queries,
	       rel->fold_dropped, (int)id.n, id.p, fold_of(q->pos, rel->qlab.nrec, rel->folds) + 1);
}

void rel_set_junk_label(struct relsrc *rel, const char *label)
{
	struct slice s = { label, strlen(label) };
	size_t e = strmap_get(&rel->labels, s);
	/* a junk label that no file uses removes nothing */
	rel->has_junk_label = e != (size_t)-1;
	rel->junk_label = e;
}

static size_t fold_of(size_t pos, size_t count, long folds)
{
	return pos / (count / (size_t)folds);
}

/* --protocol: item is one query's ignored items (sorted by id) */
static int ignored(const struct relquery *rq, struct slice item)
{
	size_t lo = 0, hi = rq->nign;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = slice_cmp(rq->ign[mid], item);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static void push_ignored(struct relquery *out, struct slice item)
{
	xgrow((void **)&out->ign, &out->igncap, out->nign + 1,
	      sizeof *out->ign);
	out->ign[out->nign++] = item;
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

char relkind(long grade, long min_grade)
{
	if (grade < 0)
		return 'u';
	return grade >= min_grade ? 'r' : 'j';
}

static int leaves(const struct relsrc *rel, const struct labelrec *qr,
		  size_t qfold, const struct labelrec *ir)
{
	if (rel->has_junk_label && ir->label == rel->junk_label)
		return EXCL_JUNK_LABEL;
	if (rel->junk_samecam && qr->cam >= 0 && ir->label == qr->label &&
	    ir->cam == qr->cam)
		return EXCL_SAME_CAMERA;
	if (rel->folds && fold_of(ir->pos, rel->ilab.nrec, rel->folds) != qfold)
		return EXCL_FOLD;
	return EXCL_NONE;
}

/* an id that reads as a number but not as a row number (-5.637e+01) */
static int a_value(struct slice id)
{
	long v;
	double x;

	return parse_long(id, &v) != NUM_OK && parse_double(id, &x) == NUM_OK;
}

int rel_query(struct relsrc *rel, struct slice q, struct relquery *out,
	      const char *file, long line)
{
	size_t i;

	out->n = 0;
	out->nign = 0;
	out->fold_dropped = 0;
	out->qrec = NULL;
	if (rel->kind == REL_QRELS) {
		size_t e = strmap_get(&rel->qq, q);
		if (e == (size_t)-1)
			return rel->keep_unjudged;
		for (i = rel->jbeg[e]; i < rel->jbeg[e + 1]; i++) {
			struct slice it = strmap_key(&rel->jids, rel->jent[i]);
			long g = rel->jgrade[i];
			if (g == REL_IGNORED) {	/* judgments: by item id */
				push_ignored(out, it);
				continue;
			}
			if ((g < rel->min_grade || g < 0) && !rel->judged)
				continue;
			if (rel->exclude_self && slice_eq(it, q))
				continue;
			push(out, it, g);
		}
		return 1;
	}
	size_t e = labelfile_get(&rel->qlab, q);
	if (e == (size_t)-1)
		die_at(file, line, "query '%.*s' has no label%s", (int)q.n, q.p,
		       a_value(q) ? " (a value, not an id? the first column of "
		       "a text embeddings file is the row's id: give 'id v1 v2 "
		       "...' lines, or a .npy file)" : "");
	out->qrec = &rel->qlab.rec[e];
	out->fold = rel->folds ? fold_of(out->qrec->pos, rel->qlab.nrec, rel->folds) : 0;
	size_t l = out->qrec->label;
	for (i = rel->lbeg[l]; i < rel->lbeg[l + 1]; i++) {
		size_t it = rel->litem[i];
		struct slice s = labelfile_id(&rel->ilab, it);
		int rule;
		if (rel->exclude_self && slice_eq(s, q))
			continue;
		if ((rule = leaves(rel, out->qrec, out->fold, &rel->ilab.rec[it]))) {
			out->fold_dropped += rule == EXCL_FOLD;
			continue;
		}
		push(out, s, 1);
	}
	return 1;
}

int rel_exclusion(const struct relsrc *rel, const struct relquery *rq,
		  struct slice q, struct slice item)
{
	if (rel->exclude_self && slice_eq(item, q))
		return EXCL_SELF;
	if (rel->protocol)
		return ignored(rq, item) ? EXCL_PROTOCOL : EXCL_NONE;
	if (rel->kind != REL_LABELS ||
	    !(rel->has_junk_label || rel->junk_samecam || rel->folds))
		return EXCL_NONE;
	size_t e = labelfile_get(&rel->ilab, item);
	if (e == (size_t)-1)
		return EXCL_NONE;
	return leaves(rel, rq->qrec, rq->fold, &rel->ilab.rec[e]);
}

int rel_excluded(const struct relsrc *rel, const struct relquery *rq,
		 struct slice q, struct slice item)
{
	return rel_exclusion(rel, rq, q, item) != EXCL_NONE;
}

size_t rel_nqueries(const struct relsrc *rel)
{
	return rel->kind == REL_QRELS ? rel->qq.nent : 0;
}

struct slice rel_query_id(const struct relsrc *rel, size_t i)
{
	return strmap_key(&rel->qq, i);
}
