/* Result and ground-truth matrices (matrixfile.h): the whole file read,
 * its values converted to int64 ids or double values. */
#include <stdlib.h>
#include <string.h>
#include "stream/archive.h"
#include "stream/embformat.h"
#include "stream/matrixfile.h"
#include "util/err.h"
#include "util/slice.h"

static int has_npy_magic(const unsigned char *p, size_t n)
{
	return n >= 6 && memcmp(p, "\x93NUMPY", 6) == 0;
}

int matrixfile_is(const char *path)
{
	unsigned char head[6];
	size_t n;
	int fd;

	if (str_has_suffix(path, ".ivecs") || str_has_suffix(path, ".ibin"))
		return 1;
	if (strcmp(path, "-") == 0)
		return 0;
	fd = embinput_open(path);
	n = embinput_read(fd, path, head, sizeof head);
	embinput_close(fd);
	return has_npy_magic(head, n);
}

/* the kinds of value a matrix file holds */
enum vkind { V_INT, V_UINT, V_FLOAT };

/* the little-endian value at p of size sz, an integer sign-extended
 * (kind V_INT) or its bits as stored */
static uint64_t le_bits(const unsigned char *p, size_t sz, enum vkind k)
{
	uint64_t u = 0;
	size_t b;

	for (b = 0; b < sz; b++)
		u |= (uint64_t)p[b] << (8 * b);
	if (k == V_INT && sz < 8 && (u >> (8 * sz - 1)) & 1)
		u |= ~(uint64_t)0 << (8 * sz);	/* sign-extended */
	return u;
}

/* the value at p (size sz, kind k) as a double */
static double value_at(const unsigned char *p, size_t sz, enum vkind k)
{
	uint64_t u = le_bits(p, sz, k);

	if (k == V_FLOAT && sz == 4) {
		float f;
		uint32_t w = (uint32_t)u;
		memcpy(&f, &w, 4);
		return f;
	}
	if (k == V_FLOAT) {
		double d;
		memcpy(&d, &u, 8);
		return d;
	}
	return k == V_INT ? (double)(int64_t)u : (double)u;
}

/* the same as an id, exactly: an unsigned id past 2^63 - 1 reads
 * negative, no result, as faiss's padding */
static int64_t id_at(const unsigned char *p, size_t sz, enum vkind k)
{
	return (int64_t)le_bits(p, sz, k);
}

/* the values (rows x cols of size sz, kind k, at p) into m, as ids or as
 * values; stride is a record's bytes (.ivecs: its width before) */
static void take_values(struct matrixfile *m, const unsigned char *p,
			size_t stride, size_t skip, size_t sz, enum vkind k,
			int want_ids)
{
	size_t n = mul_or_die(m->path, m->rows, m->cols), r, c;

	/* rows of no columns would be a loop bounded by a number in the
	 * input, not by its bytes */
	if (m->cols == 0)
		die_at(m->path, 0, "shape (%zu, 0): no columns", m->rows);
	if (want_ids && k == V_FLOAT)
		die_at(m->path, 0, "float values where ids are expected (save "
		       "the ids with arr.astype('<i8'))");
	if (!want_ids && k != V_FLOAT)
		die_at(m->path, 0, "integer values where distances are expected "
		       "(save them with arr.astype('<f4'))");
	if (want_ids)
		m->id = xmalloc(mul_or_die(m->path, n ? n : 1, sizeof *m->id));
	else
		m->val = xmalloc(mul_or_die(m->path, n ? n : 1, sizeof *m->val));
	for (r = 0; r < m->rows; r++)
		for (c = 0; c < m->cols; c++) {
			const unsigned char *v = p + r * stride + skip + c * sz;
			if (want_ids)
				m->id[r * m->cols + c] = id_at(v, sz, k);
			else
				m->val[r * m->cols + c] = value_at(v, sz, k);
		}
}

/* a .npy dtype: its size and kind, or death naming it */
static size_t npy_dtype(const char *path, const char *d, enum vkind *k)
{
	size_t sz = (size_t)atoi(d + 2);

	if (strlen(d) == 3 && (d[0] == '<' || d[0] == '|' || d[0] == '=') &&
	    (sz == 1 || sz == 2 || sz == 4 || sz == 8) &&
	    (d[0] != '|' || sz == 1)) {
		if (d[1] == 'i' || d[1] == 'u') {
			*k = d[1] == 'i' ? V_INT : V_UINT;
			return sz;
		}
		if (d[1] == 'f' && (sz == 4 || sz == 8)) {
			*k = V_FLOAT;
			return sz;
		}
	}
	die_at(path, 0, "dtype '%s' is not supported for a result matrix "
	       "(rankkit reads little-endian '<i8', '<i4', '<f4', '<f8', ...: "
	       "save arr.astype('<i8') or arr.astype('<f4'))", d);
}

/* the values of a .npy file whose header is nh, at b (the bytes after
 * the header) */
static void read_npy(struct matrixfile *m, const struct npyhdr *nh,
		     const struct embbuf *b, int want_ids)
{
	enum vkind k;
	size_t sz = npy_dtype(m->path, nh->descr, &k), need;

	if (nh->rank != 2)
		die_at(m->path, 0, "%zu-D array: a result matrix is 2-D "
		       "(queries, k)", nh->rank);
	m->rows = nh->shape[0];
	m->cols = nh->shape[1];
	need = mul_or_die(m->path, mul_or_die(m->path, m->rows, m->cols), sz);
	if (b->n < need)
		die_at(m->path, 0, "truncated: shape (%zu, %zu) needs %zu bytes "
		       "of data", m->rows, m->cols, need);
	if (b->n > need)
		die_at(m->path, 0, "%zu bytes after the data of shape (%zu, %zu)",
		       b->n - need, m->rows, m->cols);
	take_values(m, b->p, m->cols * sz, 0, sz, k, want_ids);
}

static void read_vecs(struct matrixfile *m, const struct embbuf *b,
		      enum vkind k, int want_ids)
{
	size_t rec, off, r;
	int32_t d;

	if (b->n < 4)
		die_at(m->path, 0, b->n ? "truncated record 0" : "no rows");
	d = (int32_t)rd_le32(b->p);
	if (d <= 0 || d > (1L << 30))
		die_at(m->path, 0, "record 0: bad width %ld", (long)d);
	m->cols = (size_t)d;
	rec = 4 + m->cols * 4;
	if (b->n % rec)
		die_at(m->path, 0, "truncated record %zu", b->n / rec);
	m->rows = b->n / rec;
	for (r = 0, off = 0; r < m->rows; r++, off += rec)
		if ((int32_t)rd_le32(b->p + off) != d)
			die_at(m->path, 0, "record %zu: width %ld, record 0 has "
			       "%ld", r, (long)(int32_t)rd_le32(b->p + off),
			       (long)d);
	take_values(m, b->p, rec, 4, 4, k, want_ids);
}

/* .ibin/.fbin; an .ibin of ids then as many distances is big-ann's
 * ground truth: both are taken */
static void read_bin(struct matrixfile *m, const struct embbuf *b,
		     enum vkind k, int want_ids)
{
	size_t n, body;

	if (b->n < 8)
		die_at(m->path, 0, "truncated header (rows and columns, two "
		       "uint32)");
	m->rows = rd_le32(b->p);
	m->cols = rd_le32(b->p + 4);
	n = mul_or_die(m->path, m->rows, m->cols);
	body = b->n - 8;
	if (body == mul_or_die(m->path, n, 4)) {
		take_values(m, b->p + 8, m->cols * 4, 0, 4, k, want_ids);
		return;
	}
	if (k == V_INT && body / 8 == n && body % 8 == 0) {
		take_values(m, b->p + 8, m->cols * 4, 0, 4, k, want_ids);
		take_values(m, b->p + 8 + n * 4, m->cols * 4, 0, 4, V_FLOAT, 0);
		return;
	}
	die_at(m->path, 0, "%zu bytes of values for shape (%zu, %zu): "
	       "expected %zu (or %zu with distances)", body, m->rows, m->cols,
	       n * 4, n * 8);
}

void matrixfile_read(struct matrixfile *m, const char *path, int want_ids)
{
	struct embbuf b;
	struct npyhdr nh;
	unsigned char head[12];
	size_t n;
	int fd, npy;

	memset(m, 0, sizeof *m);
	m->path = path;
	if (strcmp(path, "-") == 0)
		die_at(path, 0, "a result or ground-truth matrix is read from "
		       "a file, not the standard input");
	fd = embinput_open(path);
	n = embinput_read(fd, path, head, 10);
	archive_refuse(path, head, n);
	npy = has_npy_magic(head, n);
	if (npy) {	/* the header read here, the values after it */
		npy_read_header(path, fd, head, n, &nh);
		embinput_slurp_rest(fd, path, NULL, 0, &b);
	} else {
		embinput_slurp_rest(fd, path, head, n, &b);
	}
	embinput_close(fd);
	if (npy)
		read_npy(m, &nh, &b, want_ids);
	else if (str_has_suffix(path, ".ivecs") ||
		 str_has_suffix(path, ".fvecs"))
		read_vecs(m, &b, str_has_suffix(path, ".ivecs") ? V_INT :
			  V_FLOAT, want_ids);
	else if (str_has_suffix(path, ".ibin") || str_has_suffix(path, ".fbin"))
		read_bin(m, &b, str_has_suffix(path, ".ibin") ? V_INT : V_FLOAT,
			 want_ids);
	else
		die_at(path, 0, "not a result matrix: rankkit reads .npy, "
		       ".ivecs, .fvecs, .ibin and .fbin files");
	free(b.p);
}

void matrixfile_free(struct matrixfile *m)
{
	free(m->id);
	free(m->val);
	m->id = NULL;
	m->val = NULL;
}
