/* A labels file read whole (see labelfile.h). The usual file names its
 * records 0, 1, 2, ... in order: such a file costs a line split, a number
 * read and a copy of the id per line, and no hash table, whose slots are a
 * cache miss per line (and a page fault per 256 slots as it grows). */
#include <string.h>
#include <sys/stat.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "stream/labelfile.h"
#include "stream/npylabels.h"
#include "stream/rowindex.h"
#include "stream/stream.h"

#define RESERVE_MAX ((size_t)16 << 20)
#define LABELS_MAX ((size_t)1 << 16)

/* the entry of s in map; *last is the entry of the line before, tried
 * first (labels come in runs: the captions of one image) */
static size_t intern(struct strmap *map, struct slice s, size_t *last)
{
	if (*last != STRMAP_ABSENT && slice_eq(strmap_key(map, *last), s))
		return *last;
	*last = strmap_put(map, s, NULL);
	return *last;
}

/* the records so far were named by their numbers: from now on a map */
static void index_records(struct labelfile *lf)
{
	size_t e;

	lf->numbered = 0;
	strmap_reserve(&lf->map, 2 * lf->nrec + 64);
	for (e = 0; e < lf->nrec; e++)
		strmap_put(&lf->map, labelfile_id(lf, e), NULL);
}

/* some: a record not named by its position: every record in the map */
static size_t map_record(struct labelfile *lf, struct slice id, size_t e,
			 int *created)
{
	size_t m = strmap_put(&lf->map, id, created);
	big_grow((void **)&lf->maprec, &lf->mrcap, m + 1, sizeof *lf->maprec);
	lf->maprec[m] = e;
	return m;
}

static void index_block(struct labelfile *lf)
{
	size_t e;

	lf->posnamed = 0;
	for (e = 0; e < lf->nrec; e++)
		if (lf->rec[e].pos >= lf->lo && lf->rec[e].pos < lf->hi)
			map_record(lf, labelfile_id(lf, e), e, NULL);
}

/* the id of the next record, e at position pos: kept, and checked
 * against the others */
static void add_id(struct labelfile *lf, struct slice id, size_t pos,
		   long line)
{
	size_t e = lf->nrec;
	int created;

	big_grow((void **)&lf->ids, &lf->idcap, lf->idused + id.n + 1, 1);
	memcpy(lf->ids + lf->idused, id.p, id.n);
	lf->ids[lf->idused + id.n] = '\0';
	lf->idused += id.n + 1;
	big_grow((void **)&lf->idoff, &lf->offcap, e + 2, sizeof *lf->idoff);
	lf->idoff[e + 1] = lf->idused;
	if (lf->some) {
		if (lf->posnamed && rownum_parse(id) != pos)
			index_block(lf);
		if (pos == lf->lo)
			lf->base = e;
		if (lf->posnamed && pos >= lf->lo && pos < lf->hi)
			return;
	} else if (lf->numbered && rownum_parse(id) != e) {
		index_records(lf);
	}
	if (lf->numbered)
		return;
	if (lf->some)	/* the map's entries are not the records' numbers */
		map_record(lf, id, e, &created);
	else
		strmap_put(&lf->map, id, &created);
	if (!created)
		die_at(lf->name, line, "duplicate id '%.*s'", (int)id.n, id.p);
}

/* A regular file of n bytes holds at most n / 4 records ("a b\n") and n
 * bytes of ids: arrays of that capacity (up to 4M records, beyond which
 * they grow) are allocated once and never moved (big_alloc maps them, and
 * only the pages written cost anything: a moving array is copied and
 * faulted in again). */
static void reserve(struct labelfile *lf, int fd, struct strmap *labels)
{
	struct stat st;
	size_t n;

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (uintmax_t)st.st_size > SIZE_MAX / 64)
		return;
	n = (size_t)st.st_size < RESERVE_MAX ? (size_t)st.st_size : RESERVE_MAX;
	big_grow((void **)&lf->rec, &lf->reccap, n / 4 + 1, sizeof *lf->rec);
	big_grow((void **)&lf->idoff, &lf->offcap, n / 4 + 2, sizeof *lf->idoff);
	big_grow((void **)&lf->ids, &lf->idcap, n + 1, 1);
	/* as many labels as records at most: a table for up to LABELS_MAX of
	 * them at once (2 MiB of slots), not a dozen tables on the way, each
	 * in fresh memory and rehashed */
	strmap_reserve(labels, n / 4 + 1 < LABELS_MAX ? n / 4 + 1 : LABELS_MAX);
}

/* what a record adds: the label and camera maps, and the entries of the
 * record before (labels come in runs) */
struct loading {
	struct labelfile *lf;
	struct strmap *labels, *cams;
	size_t lastlabel, lastcam;
	size_t pos;		/* the line's record position in the file */
	size_t nkeep;		/* load_some: the labels kept wherever they are */
	char last[32];		/* ... the label of the line before, when short */
	size_t lastn;		/* its length (0: none) */
	int lastkeep;		/* and whether it is one kept */
};

/* load_some: whether label is one of those kept wherever it is; labels
 * come in runs, so the last one's answer is tried first */
static int keep_label(struct loading *ld, struct slice label)
{
	if (ld->lastn && label.n == ld->lastn &&
	    memcmp(label.p, ld->last, label.n) == 0)
		return ld->lastkeep;
	ld->lastkeep = strmap_get(ld->labels, label) < ld->nkeep;
	ld->lastn = label.n <= sizeof ld->last ? label.n : 0;
	memcpy(ld->last, label.p, ld->lastn);
	return ld->lastkeep;
}

/* the next record: id, label and camera (NULL: none) of line `line` */
static void add_record(struct loading *ld, struct slice id, struct slice label,
		       const struct slice *cam, long line)
{
	struct labelfile *lf = ld->lf;
	struct labelrec *r;
	size_t pos = ld->pos++;

	if (lf->some && (pos < lf->lo || pos >= lf->hi) &&
	    !keep_label(ld, label))
		return;
	add_id(lf, id, pos, line);
	big_grow((void **)&lf->rec, &lf->reccap, lf->nrec + 1, sizeof *lf->rec);
	r = &lf->rec[lf->nrec];
	r->label = intern(ld->labels, label, &ld->lastlabel);
	r->cam = cam ? (long)intern(ld->cams, *cam, &ld->lastcam) : -1;
	r->pos = pos;
	r->line = line;
	lf->nrec++;
}

static void add_npy_record(void *ctx, struct slice id, struct slice label,
			   const struct slice *cam, long line)
{
	add_record(ctx, id, label, cam, line);
}

static void load(struct labelfile *lf, const char *path,
		 struct loading *ldp)
{
	struct stream st;
	struct slice f[4];
	size_t nf;
	struct loading ld = *ldp;

	lf->name = path;
	lf->numbered = !lf->some;
	lf->posnamed = lf->some;
	strmap_init(&lf->map);
	big_grow((void **)&lf->idoff, &lf->offcap, 1, sizeof *lf->idoff);
	lf->idoff[0] = 0;
	if (npylabels_is(path)) {
		lf->npy = 1;
		npylabels_load(path, add_npy_record, &ld);
		lf->nall = ld.pos;
		return;
	}
	stream_open(&st, path, NULL);
	npylabels_not_piped(&st.lines, "label");
	if (!lf->some)
		reserve(lf, st.lines.fd, ld.labels);
	while (stream_next(&st, f, 4, &nf)) {
		if (nf != 2 && nf != 3)
			die_at(path, st.lines.lineno,
			       "expected 2 fields (id label) or 3 (id label camera), found %zu%s",
			       nf, *comma_hint(f, nf) || nf != 1 || ld.pos ?
			       comma_hint(f, nf) :
			       " (one label per line? give each its row number, "
			       "awk '{ print NR - 1, $0 }', or save them as .npy)");
		add_record(&ld, f[0], f[1], nf == 3 ? &f[2] : NULL,
			   st.lines.lineno);
	}
	stream_close(&st);
	lf->nall = ld.pos;
	if (ld.pos == 0)
		die_at(path, 0, "no relevance judgments");
}

void labelfile_free(struct labelfile *lf)
{
	big_free(lf->rec);
	big_free(lf->ids);
	big_free(lf->idoff);
	big_free(lf->maprec);
	strmap_free(&lf->map);
	memset(lf, 0, sizeof *lf);
}

void labelfile_load(struct labelfile *lf, const char *path,
		    struct strmap *labels, struct strmap *cams)
{
	struct loading ld = { lf, labels, cams, STRMAP_ABSENT, STRMAP_ABSENT,
			      0, 0, "", 0, 0 };

	memset(lf, 0, sizeof *lf);
	load(lf, path, &ld);
}

void labelfile_load_some(struct labelfile *lf, const char *path,
			 struct strmap *labels, struct strmap *cams,
			 size_t nkeep, size_t lo, size_t hi)
{
	struct loading ld = { lf, labels, cams, STRMAP_ABSENT, STRMAP_ABSENT,
			      0, nkeep, "", 0, 0 };

	memset(lf, 0, sizeof *lf);
	lf->some = 1;
	lf->lo = lo;
	lf->hi = hi;
	load(lf, path, &ld);
}

size_t labelfile_get(const struct labelfile *lf, struct slice id)
{
	if (lf->some) {
		size_t r = lf->posnamed ? rownum_parse(id) : NO_ROW, m;
		if (r >= lf->lo && r < lf->hi && r < lf->nall)
			return lf->base + (r - lf->lo);
		m = strmap_get(&lf->map, id);
		return m == STRMAP_ABSENT ? NO_RECORD : lf->maprec[m];
	}
	return row_named(lf->numbered, lf->nrec, &lf->map, id);
}

size_t labelfile_get_h(const struct labelfile *lf, struct slice id,
		       uint64_t h)
{
	return lf->numbered || lf->some ? labelfile_get(lf, id) :
		strmap_get_h(&lf->map, id, h);
}
