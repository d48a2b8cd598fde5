/* Several embedding files as one gallery (embed.h, struct embed's parts):
 * at 1B items embeddings come as shards, a .npy file per writer. Each
 * file is opened as it would be alone (a .npy file mapped, its values not
 * read); the whole is a block of zeros of the gallery's size whose pages
 * take memory only when written, and the rows a run reads (a gallery
 * shard: its --items range and its queries' relevant rows) are copied in
 * from their files when the kernel says which (embed_advise_rows), so
 * that a file holding none of them is read for its header only. Binary
 * formats only: their rows are named by their numbers, on through the
 * files; a text file's ids would need their own file and line in every
 * message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/bigalloc.h"
#include "util/err.h"
#include "stream/embformat.h"

static const char *type_name(enum embtype t)
{
	return t == EMB_F32 ? "float32" : "float64";
}

/* "A + B + C": the gallery's name in messages about the whole */
static char *joined_name(const char *const *paths, size_t n)
{
	size_t len = 1, k;
	char *s;

	for (k = 0; k < n; k++)
		len += strlen(paths[k]) + 3;
	s = xmalloc(len);
	s[0] = '\0';
	for (k = 0; k < n; k++) {
		if (k)
			strcat(s, " + ");
		strcat(s, paths[k]);
	}
	return s;
}

void embparts_read(struct embed *emb, const char *const *paths, size_t n)
{
	struct embed *p = xcalloc(n, sizeof *p);
	size_t *row0 = xcalloc(n + 1, sizeof *row0), k;

	for (k = 0; k < n; k++) {
		embed_read_file(&p[k], paths[k], 0);
		if (p[k].idfile)
			die_at(paths[k], 0, "a text embedding file among several "
			       "items files: give them in a binary format (.npy, "
			       ".fvecs), their rows numbered on through the files, "
			       "or as one file");
		if (p[k].dim != p[0].dim)
			die_at(paths[k], 0, "rows of %zu values where %s has %zu: "
			       "the items files of one gallery have one dimension",
			       p[k].dim, paths[0], p[0].dim);
		if (p[k].type != p[0].type)
			die_at(paths[k], 0, "%s values where %s has %s: the items "
			       "files of one gallery have one value type",
			       type_name(p[k].type), paths[0],
			       type_name(p[0].type));
		if (p[k].rows > SIZE_MAX - row0[k])
			die_at(paths[k], 0, "more rows than a size_t counts");
		row0[k + 1] = row0[k] + p[k].rows;
	}
	memset(emb, 0, sizeof *emb);
	emb->joined = joined_name(paths, n);
	emb->path = emb->joined;
	emb->rows = row0[n];
	emb->dim = p[0].dim;
	emb->type = p[0].type;
	emb->data = big_alloc_sparse(mul_or_die(emb->path, mul_or_die(emb->path,
				emb->rows, emb->dim), (size_t)emb->type) + 1);
	emb->keep_step = 1;
	emb->part = p;
	emb->npart = n;
	emb->part_row0 = row0;
	embed_number_rows(emb);
}

/* rows a .. b-1 of the whole, all in part k, copied in and checked */
static void copy_rows(const struct embed *emb, size_t k, size_t a, size_t b)
{
	const struct embed *p = &emb->part[k];
	size_t w = emb->dim * (size_t)emb->type, lo = a - emb->part_row0[k], r;

	embed_advise_rows(p, lo, lo + (b - a), NULL, 0);
	memcpy((char *)emb->data + a * w, (const char *)p->data + lo * w,
	       (b - a) * w);
	for (r = lo; r < lo + (b - a); r++)
		embed_check_row(p, r);
}

/* the part that holds row r of the whole */
static size_t part_of(const struct embed *emb, size_t r)
{
	size_t lo = 0, hi = emb->npart - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;
		if (emb->part_row0[mid] <= r)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

void embparts_fill(const struct embed *emb, size_t r0, size_t r1,
		   const size_t *rows, size_t n)
{
	size_t k, i;

	for (k = 0; k < emb->npart; k++) {
		size_t a = r0 > emb->part_row0[k] ? r0 : emb->part_row0[k];
		size_t b = r1 < emb->part_row0[k + 1] ? r1 :
			   emb->part_row0[k + 1];
		if (a < b)
			copy_rows(emb, k, a, b);
	}
	for (i = 0; i < n; i++)
		copy_rows(emb, part_of(emb, rows[i]), rows[i], rows[i] + 1);
}

void embparts_to_f64(struct embed *emb)
{
	size_t k;

	for (k = 0; k < emb->npart; k++)
		embed_to_f64(&emb->part[k]);
	big_free(emb->data);
	emb->data = big_alloc_sparse(mul_or_die(emb->path, emb->rows * emb->dim,
					 sizeof(double)) + 1);
	emb->type = EMB_F64;
}

void embparts_free(struct embed *emb)
{
	size_t k;

	for (k = 0; k < emb->npart; k++)
		embed_free(&emb->part[k]);
	free(emb->part);
	free(emb->part_row0);
	big_free(emb->data);
	emb->part = NULL;
	emb->part_row0 = NULL;
	emb->npart = 0;
	emb->data = NULL;
}
