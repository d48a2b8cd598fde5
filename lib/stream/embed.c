/* Embedding readers (see embed.h for the formats): the format chosen, the
 * rows named and checked, kept, converted and given back. The formats'
 * readers are npy.c, vecs.c and embtext.c (embformat.h). */
#define _DEFAULT_SOURCE 1
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/strmap.h"
#include "stream/archive.h"
#include "stream/embformat.h"
#include "util/err.h"


/* 1 when one of v[0 .. n-1] is infinite or NaN. A value is not finite
 * when its exponent bits are all ones; adding one to the exponent field
 * then carries into the sign bit, and only then, so an OR of those sums
 * over a block has its top bit set exactly when the block holds such a
 * value: integer operations without a branch, which the compiler
 * vectorizes, where isfinite() and an early exit ran a value at a time. */
#define ANY_NOT_FINITE(name, T, U, EXP, TOP)				\
	static int name(const T *v, size_t n)				\
	{								\
		const U exp = EXP, one = (U)(exp & (U)-exp);		\
		U m = 0, b;						\
		size_t i;						\
		for (i = 0; i < n; i++) {				\
			memcpy(&b, v + i, sizeof b);			\
			m |= (b & exp) + one;				\
		}							\
		return (int)(m >> TOP);					\
	}
/* (one: the lowest bit of the exponent field, exp & -exp) */
ANY_NOT_FINITE(any_not_finite_f64, double, uint64_t, 0x7ff0000000000000u, 63)
ANY_NOT_FINITE(any_not_finite_f32, float, uint32_t, 0x7f800000u, 31)
#undef ANY_NOT_FINITE

/* blocks of FINITE_BLOCK values are checked whole; the first value of a
 * block that fails is then found one by one, for the message */
#define FINITE_BLOCK 4096

/* dies naming the first non-finite value among rows r0 .. r1-1 (positions
 * in the matrix; the message names the row of the file) */
static void embed_check_rows(const struct embed *emb, size_t r0, size_t r1)
{
	size_t i, j, n = r1 * emb->dim, at;

	for (i = r0 * emb->dim; i < n; i += FINITE_BLOCK) {
		size_t b = n - i < FINITE_BLOCK ? n - i : FINITE_BLOCK;
		if (emb->type == EMB_F32) {
			const float *v = (const float *)emb->data + i;
			if (!any_not_finite_f32(v, b))
				continue;
			for (j = 0; isfinite(v[j]); j++)
				;
		} else {
			const double *v = (const double *)emb->data + i;
			if (!any_not_finite_f64(v, b))
				continue;
			for (j = 0; isfinite(v[j]); j++)
				;
		}
		at = i + j;
		die_at(emb->path, 0, "row %zu, column %zu: value is not finite",
		       emb->keep_first + at / emb->dim * emb->keep_step,
		       at % emb->dim);
	}
}

void embed_check_row(const struct embed *emb, size_t row)
{
	embed_check_rows(emb, row, row + 1);
}

/* Rows named by their numbers: "0", "1", ... as "%zu" writes them. The
 * bytes are counted per number of digits, and the names written by adding
 * one to a decimal counter (a division per digit per row is most of the
 * cost of naming millions of rows). */
void embed_number_rows(struct embed *emb)
{
	size_t i, used = 0, len = 1, lo = 0, hi = 10;
	char num[24];

	/* the numbers of len digits are lo .. hi-1 */
	while (lo < emb->rows) {
		used += ((emb->rows < hi ? emb->rows : hi) - lo) * len;
		len++;
		lo = hi;
		hi = hi > SIZE_MAX / 10 ? SIZE_MAX : hi * 10;
	}
	emb->ids = big_alloc(used + 1);
	emb->idoff = big_alloc(emb->rows * sizeof *emb->idoff + 1);
	emb->idlen = big_alloc(emb->rows * sizeof *emb->idlen + 1);
	memset(num, '0', sizeof num);
	len = 1;
	used = 0;
	for (i = 0; i < emb->rows; i++) {
		size_t d = sizeof num - 1;
		memcpy(emb->ids + used, num + sizeof num - len, len);
		emb->idoff[i] = used;
		emb->idlen[i] = len;
		used += len;
		while (num[d] == '9')
			num[d--] = '0';
		num[d]++;
		if (d < sizeof num - len)
			len++;
	}
	emb->idfile = NULL;
	emb->idline = NULL;
}

void embed_read_file(struct embed *emb, const char *path, int check)
{
	struct embbuf b;
	unsigned char head[12];
	int fd;
	size_t n;

	memset(emb, 0, sizeof *emb);
	emb->path = path;
	fd = embinput_open(path);
	n = embinput_read(fd, path, head, 10);
	archive_refuse(path, head, n);
	if (n >= 6 && memcmp(head, "\x93NUMPY", 6) == 0) {
		npy_read(emb, fd, head, n);
		embinput_close(fd);
	} else {
		embinput_slurp_rest(fd, path, head, n, &b);
		embinput_close(fd);
		if (str_has_suffix(path, ".fvecs"))
			vecs_read(emb, &b, 'f');
		else if (str_has_suffix(path, ".bvecs"))
			vecs_read(emb, &b, 'b');
		else if (str_has_suffix(path, ".ivecs"))
			vecs_read(emb, &b, 'i');
		else
			embtext_read(emb, &b);
		free(b.p);
	}
	if (emb->rows == 0)
		die_at(path, 0, "no rows");
	if (emb->dim == 0)
		die_at(path, 0, "rows have no values (dimension 0)");
	emb->keep_step = 1;
	if (check)
		embed_check_rows(emb, 0, emb->rows);
	if (!emb->ids)
		embed_number_rows(emb);
}

void embed_read(struct embed *emb, const char *path)
{
	embed_read_file(emb, path, 1);
}

void embed_read_ids(struct embed *emb, const char *idpath)
{
	struct embbuf b;
	struct slice line, f[2];
	size_t pos = 0, nf;
	long lineno = 0;
	struct idlist ids = { 0 };

	embinput_slurp(idpath, &b);
	while (embbuf_line(&b, &pos, &line)) {
		lineno++;
		if (blank_or_comment(line))
			continue;
		nf = split_fields(line, f, 2);
		if (nf != 1)
			die_at(idpath, lineno, "expected one id, found %zu "
			       "fields", nf);
		idlist_add(&ids, f[0], lineno);
	}
	free(b.p);
	/* the line of the first id without a row, or the last line when
	 * rows are left without an id */
	if (ids.n > emb->rows)
		die_at(idpath, ids.line[emb->rows], "%zu ids for the %zu rows of "
		       "%s (%zu name no row, from this line on)", ids.n,
		       emb->rows, emb->path, ids.n - emb->rows);
	if (ids.n < emb->rows)
		die_at(idpath, lineno, "%zu ids for the %zu rows of %s (%zu "
		       "without an id)", ids.n, emb->rows, emb->path,
		       emb->rows - ids.n);
	idlist_give(&ids, emb, idpath);
}

void embed_check_unique(const struct embed *emb)
{
	struct strmap m;
	size_t i;

	if (!emb->idline)
		return;		/* row numbers */
	strmap_init(&m);
	for (i = 0; i < emb->rows; i++) {
		int created;
		strmap_put(&m, embed_id(emb, i), &created);
		if (!created)
			die_at(emb->idfile, emb->idline[i], "duplicate id '%.*s'",
			       (int)emb->idlen[i], emb->ids + emb->idoff[i]);
	}
	strmap_free(&m);
}

void embed_read_pair(struct embed *qemb, const char *qpath, const char *qids,
		     struct embed *iemb, const char *const *ipaths,
		     size_t niparts, const char *iids, size_t folds)
{
	/* the values are checked by kernel_init, in the pass that packs them
	 * or takes their norms */
	embed_read_file(qemb, qpath, 0);
	if (niparts > 1)
		embparts_read(iemb, ipaths, niparts);
	else
		embed_read_file(iemb, ipaths[0], 0);
	if (qids)
		embed_read_ids(qemb, qids);
	if (iids)
		embed_read_ids(iemb, iids);
	embed_check_unique(qemb);
	embed_check_unique(iemb);
	if (qemb->rows % folds)
		die(EXIT_DATA, "%zu queries do not split into %zu equal folds",
		    qemb->rows, folds);
	if (iemb->rows % folds)
		die(EXIT_DATA, "%zu items do not split into %zu equal folds",
		    iemb->rows, folds);
}

void embed_free_values(struct embed *emb)
{
	if (emb->npart)
		embparts_free(emb);
	else if (emb->map)
		embmap_unmap(emb);
	else
		free(emb->data);
	emb->map = NULL;
	emb->data = NULL;
}

void embed_keep_rows(struct embed *emb, size_t first, size_t step)
{
	size_t r, k = 0, w = emb->dim * (size_t)emb->type;
	char *dst = emb->data;

	/* a mapped matrix is read-only: the rows kept go to memory of their
	 * own */
	if (emb->map)
		dst = xmalloc((emb->rows > first ?
			       (emb->rows - first + step - 1) / step : 0) * w + 1);
	for (r = first; r < emb->rows; r += step, k++) {
		memmove(dst + k * w, (char *)emb->data + r * w, w);
		emb->idoff[k] = emb->idoff[r];
		emb->idlen[k] = emb->idlen[r];
		if (emb->idline)
			emb->idline[k] = emb->idline[r];
	}
	emb->keep_first += first * emb->keep_step;
	emb->keep_step *= step;
	if (emb->map) {
		embed_free_values(emb);
		emb->data = dst;
	}
	emb->rows = k;
}

void embed_to_f64(struct embed *emb)
{
	size_t i, n = emb->rows * emb->dim;
	const float *s = emb->data;
	double *d;

	if (emb->type == EMB_F64)
		return;
	if (emb->npart) {
		embparts_to_f64(emb);
		return;
	}
	d = xmalloc(mul_or_die(emb->path, n, sizeof *d));
	for (i = 0; i < n; i++)
		d[i] = s[i];
	embed_free_values(emb);
	emb->data = d;
	emb->type = EMB_F64;
}

void embed_free(struct embed *emb)
{
	embed_free_values(emb);
	big_free(emb->ids);
	big_free(emb->idoff);
	big_free(emb->idlen);
	big_free(emb->idline);
	free(emb->joined);
	memset(emb, 0, sizeof *emb);
}
