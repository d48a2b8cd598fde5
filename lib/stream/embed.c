/* Embedding readers (see embed.h for the formats). A .npy file's values
 * are read straight into the matrix; other formats are read whole into
 * memory first and parsed there. Both paths serve files, pipes and stdin
 * alike. */
#define _DEFAULT_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "stream/embed.h"
#include "util/bigalloc.h"
#include "util/err.h"
#include "util/num.h"
#include "util/strmap.h"

struct buf {
	unsigned char *p;
	size_t n;
};

static int open_input(const char *path)
{
	int fd = 0;

	if (strcmp(path, "-") != 0) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			die_at(path, 0, "%s", strerror(errno));
	}
	return fd;
}

static void close_input(int fd)
{
	if (fd != 0)
		close(fd);
}

/* read(2) into dst until n bytes or the end of the input; the count */
static size_t read_full(int fd, const char *path, void *dst, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (char *)dst + got, n - got);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			die_at(path, 0, "%s", strerror(errno));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return got;
}

/* the rest of the input after the n bytes already read at head: a regular
 * file's size sizes the buffer at once, so a large file is read once and
 * never moved by a growing buffer */
static void slurp_rest(int fd, const char *path, const unsigned char *head,
		       size_t n, struct buf *b)
{
	struct stat st;
	size_t cap = 1 << 16;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size < SIZE_MAX / 2 &&
	    (size_t)st.st_size + 1 > cap)
		cap = (size_t)st.st_size + 1;
	b->p = xmalloc(cap);
	if (n)
		memcpy(b->p, head, n);
	b->n = n;
	for (;;) {
		size_t r;
		if (b->n == cap)
			xgrow((void **)&b->p, &cap, cap + 1, 1);
		r = read_full(fd, path, b->p + b->n, cap - b->n);
		b->n += r;
		if (b->n < cap)
			break;
	}
}

static void slurp(const char *path, struct buf *b)
{
	int fd = open_input(path);
	slurp_rest(fd, path, NULL, 0, b);
	close_input(fd);
}

static int host_is_le(void)
{
	const uint16_t one = 1;
	unsigned char c;
	memcpy(&c, &one, 1);
	return c == 1;
}

static uint32_t rd_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* count little-endian values of size sz at p made native, in place */
static void native_order(unsigned char *p, size_t count, size_t sz)
{
	size_t i, j;

	if (host_is_le())
		return;
	for (i = 0; i < count; i++, p += sz)
		for (j = 0; j < sz / 2; j++) {
			unsigned char t = p[j];
			p[j] = p[sz - 1 - j];
			p[sz - 1 - j] = t;
		}
}

static size_t mul_or_die(const char *path, size_t a, size_t b)
{
	if (a && b > SIZE_MAX / a)
		die_at(path, 0, "too large to hold in memory");
	return a * b;
}

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
static void check_rows(const struct embed *emb, size_t r0, size_t r1)
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

/* the pages of bytes a .. b-1 of the mapping read now, in one call, not
 * fault by fault (where the system has it: Linux 5.14 and later), or at
 * least read ahead */
static void populate(uintptr_t a, uintptr_t b)
{
#ifdef MADV_POPULATE_READ
	if (madvise((void *)a, b - a, MADV_POPULATE_READ) == 0)
		return;
#endif
	(void)posix_madvise((void *)a, b - a, POSIX_MADV_WILLNEED);
}

void embed_advise_rows(const struct embed *emb, size_t r0, size_t r1,
		       const size_t *rows, size_t n)
{
	size_t w = emb->dim * (size_t)emb->type, i;
	uintptr_t mask, base = (uintptr_t)emb->data;
	long pg = sysconf(_SC_PAGESIZE);
	int pass;

	if (!emb->map || pg <= 0)
		return;
	mask = ~(uintptr_t)(pg - 1);
	/* advice: an error changes nothing but when the pages are read */
	if (r0 > 0 || r1 < emb->rows)
		(void)posix_madvise(emb->map, emb->maplen, POSIX_MADV_RANDOM);
	if (r1 > r0)
		populate((base + r0 * w) & mask, base + r1 * w);
	/* the other rows, runs of rows together: all asked for first, so
	 * that the disk reads them side by side instead of one per fault,
	 * then mapped */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; ) {
			size_t j = i + 1;
			while (j < n && rows[j] == rows[j - 1] + 1)
				j++;
			uintptr_t a = (base + rows[i] * w) & mask;
			uintptr_t b = base + (rows[j - 1] + 1) * w;
			if (pass == 0)
				(void)posix_madvise((void *)a, b - a,
						    POSIX_MADV_WILLNEED);
			else
				populate(a, b);
			i = j;
		}
}

void embed_check_row(const struct embed *emb, size_t row)
{
	check_rows(emb, row, row + 1);
}

/* ---- .npy ----------------------------------------------------------- */

/* The header is a Python dict literal; this is a small parser of exactly
 * what numpy's format.py writes (and any equivalent spelling). */
struct hp {
	const char *p, *end, *path;
};

static void hp_ws(struct hp *h)
{
	while (h->p < h->end && (*h->p == ' ' || *h->p == '\t' ||
				 *h->p == '\n' || *h->p == '\r'))
		h->p++;
}

static _Noreturn void hp_bad(const struct hp *h, const char *what)
{
	die_at(h->path, 0, "bad .npy header: %s", what);
}

static int hp_eat(struct hp *h, char c)
{
	hp_ws(h);
	if (h->p < h->end && *h->p == c) {
		h->p++;
		return 1;
	}
	return 0;
}

static struct slice hp_string(struct hp *h)
{
	struct slice s;
	char q;

	hp_ws(h);
	if (h->p >= h->end || (*h->p != '\'' && *h->p != '"'))
		hp_bad(h, "expected a quoted string");
	q = *h->p++;
	s.p = h->p;
	while (h->p < h->end && *h->p != q)
		h->p++;
	if (h->p >= h->end)
		hp_bad(h, "unterminated string");
	s.n = (size_t)(h->p - s.p);
	h->p++;
	return s;
}

static int hp_word(struct hp *h, const char *w)
{
	size_t n = strlen(w);
	hp_ws(h);
	if ((size_t)(h->end - h->p) >= n && memcmp(h->p, w, n) == 0) {
		h->p += n;
		return 1;
	}
	return 0;
}

/* the tuple of a shape, its first max values into shape[]; returns its
 * length */
static size_t hp_shape(struct hp *h, size_t *shape, size_t max)
{
	size_t rank = 0;

	if (!hp_eat(h, '('))
		hp_bad(h, "shape is not a tuple");
	while (!hp_eat(h, ')')) {
		size_t v = 0;
		hp_ws(h);
		if (h->p >= h->end || *h->p < '0' || *h->p > '9')
			hp_bad(h, "shape is not a tuple of integers");
		while (h->p < h->end && *h->p >= '0' && *h->p <= '9') {
			size_t d = (size_t)(*h->p++ - '0');
			if (v > (SIZE_MAX - d) / 10)
				hp_bad(h, "shape too large");
			v = v * 10 + d;
		}
		hp_ws(h);
		if (h->p < h->end && *h->p == 'L')	/* Python 2 longs */
			h->p++;
		if (rank < max)
			shape[rank] = v;
		rank++;
		if (!hp_eat(h, ',')) {
			if (!hp_eat(h, ')'))
				hp_bad(h, "expected ',' or ')' in shape");
			break;
		}
	}
	return rank;
}

/* the size of a value of dtype descr: 4 or 8, or death */
static size_t npy_size(const struct embed *emb, struct slice descr)
{
	if (slice_eqs(descr, "<f4"))
		return 4;
	if (slice_eqs(descr, "<f8"))
		return 8;
	if (slice_eqs(descr, ">f4") || slice_eqs(descr, ">f8"))
		die_at(emb->path, 0, "big-endian dtype '%.*s' is not supported "
		       "(rankkit reads '<f4' and '<f8': save "
		       "arr.astype('<f%c'))", (int)descr.n, descr.p,
		       descr.p[2]);
	die_at(emb->path, 0, "dtype '%.*s' is not supported (rankkit "
	       "reads '<f4' and '<f8', float32 and float64)",
	       (int)descr.n, descr.p);
}

/* the header dict of hlen bytes at p: shape and value size into E;
 * returns the size of a value */
static size_t parse_npy_header(struct embed *emb, const char *p, size_t hlen)
{
	size_t shape[8], rank = 0, esz;
	struct hp h;
	struct slice descr = { NULL, 0 };
	int fortran = -1, have_shape = 0;

	h.p = p;
	h.end = h.p + hlen;
	h.path = emb->path;
	if (!hp_eat(&h, '{'))
		hp_bad(&h, "expected '{'");
	while (!hp_eat(&h, '}')) {
		struct slice key = hp_string(&h);
		if (!hp_eat(&h, ':'))
			hp_bad(&h, "expected ':'");
		if (slice_eqs(key, "descr")) {
			descr = hp_string(&h);
		} else if (slice_eqs(key, "fortran_order")) {
			if (hp_word(&h, "True"))
				fortran = 1;
			else if (hp_word(&h, "False"))
				fortran = 0;
			else
				hp_bad(&h, "fortran_order is not True or False");
		} else if (slice_eqs(key, "shape")) {
			rank = hp_shape(&h, shape, sizeof shape / sizeof shape[0]);
			have_shape = 1;
		} else {
			hp_bad(&h, "unknown key");
		}
		if (!hp_eat(&h, ',')) {
			if (!hp_eat(&h, '}'))
				hp_bad(&h, "expected ',' or '}'");
			break;
		}
	}
	if (!descr.p || fortran < 0 || !have_shape)
		hp_bad(&h, "missing 'descr', 'fortran_order' or 'shape'");

	esz = npy_size(emb, descr);
	if (fortran)
		die_at(emb->path, 0, "Fortran-order array is not supported "
		       "(save np.ascontiguousarray(arr))");
	if (rank != 2)
		die_at(emb->path, 0, "%zu-D array: embeddings must be 2-D "
		       "(rows, dim)", rank);
	emb->rows = shape[0];
	emb->dim = shape[1];
	emb->type = esz == 4 ? EMB_F32 : EMB_F64;
	return esz;
}

/* A regular file of exactly the size the header promises, its values
 * aligned for their type on a little-endian host: the matrix is the
 * file's pages mapped, no copy. Read-only: a private writable mapping
 * would be populated by copying every page. Not populated here: the
 * reader of the rows says which it reads (embed_advise_rows), so that a
 * gallery shard (rankof --items) costs the disk its own rows and its
 * queries' relevant rows, and a whole run maps every page at once. */
static int map_values(struct embed *emb, int fd, size_t off, size_t need,
		      size_t esz)
{
	struct stat st;
	void *m;
	int flags = MAP_PRIVATE;

	if (!host_is_le() || off % esz || need == 0 || fstat(fd, &st) != 0 ||
	    !S_ISREG(st.st_mode) || (uintmax_t)st.st_size != off + need)
		return 0;
	m = mmap(NULL, off + need, PROT_READ, flags, fd, 0);
	if (m == MAP_FAILED)
		return 0;
	emb->map = m;
	emb->maplen = off + need;
	emb->data = (char *)m + off;
	return 1;
}

/* the bytes left in the input, read and counted */
static size_t count_rest(int fd, const char *path)
{
	unsigned char scratch[1 << 12];
	size_t n = 0, r;

	while ((r = read_full(fd, path, scratch, sizeof scratch)) > 0)
		n += r;
	return n;
}

/* The n (< 12) bytes at head begin with the magic. The header is read
 * into a buffer that grows as it arrives (a length field that promises
 * more than the input holds allocates no more than the input), the
 * values straight into the matrix: one copy from the input, none after. */
static void read_npy(struct embed *emb, int fd, unsigned char *head, size_t n)
{
	size_t hlen, got, need, esz, cap = 0;
	char *hdr = NULL;

	if (n < 10)
		die_at(emb->path, 0, "truncated .npy header");
	if (head[6] == 1 && head[7] == 0) {
		hlen = (size_t)head[8] | (size_t)head[9] << 8;
	} else if ((head[6] == 2 || head[6] == 3) && head[7] == 0) {
		if (read_full(fd, emb->path, head + 10, 2) < 2)
			die_at(emb->path, 0, "truncated .npy header");
		hlen = rd_le32(head + 8);
	} else {
		die_at(emb->path, 0,
		       "unsupported .npy format version %u.%u (rankkit reads "
		       "1.0, 2.0 and 3.0)", head[6], head[7]);
	}
	xgrow((void **)&hdr, &cap, 1, 1);
	for (got = 0; got < hlen; got += n) {
		size_t step = hlen - got < (1 << 16) ? hlen - got : 1 << 16;
		xgrow((void **)&hdr, &cap, got + step, 1);
		n = read_full(fd, emb->path, hdr + got, step);
		if (n < step)
			die_at(emb->path, 0, "truncated .npy header");
	}
	esz = parse_npy_header(emb, hdr, hlen);
	free(hdr);
	need = mul_or_die(emb->path, mul_or_die(emb->path, emb->rows, emb->dim), esz);
	if (map_values(emb, fd, 12 + hlen - (head[6] == 1 ? 2 : 0), need, esz))
		return;
	emb->data = xmalloc(need ? need : 1);
	got = read_full(fd, emb->path, emb->data, need);
	if (got < need)
		die_at(emb->path, 0, "truncated: shape (%zu, %zu) needs %zu bytes "
		       "of data, found %zu", emb->rows, emb->dim, need, got);
	got = count_rest(fd, emb->path);
	if (got)
		die_at(emb->path, 0, "%zu bytes after the data of shape (%zu, %zu)",
		       got, emb->rows, emb->dim);
	native_order(emb->data, emb->rows * emb->dim, esz);
}

/* ---- .fvecs / .bvecs / .ivecs ---------------------------------------- */

static void read_vecs(struct embed *emb, struct buf *b, int kind)
{
	size_t vsz = kind == 'b' ? 1 : 4, rec, off, r, i, n;
	uint32_t d;

	if (b->n < 4)
		die_at(emb->path, 0, b->n ? "truncated record 0" : "no rows");
	d = rd_le32(b->p);
	if (d == 0 || d > (1u << 30))
		die_at(emb->path, 0, "record 0: bad dimension %lu",
		       (unsigned long)d);
	emb->dim = d;
	rec = 4 + emb->dim * vsz;
	emb->rows = b->n / rec;
	for (r = 0, off = 0; off < b->n; r++, off += rec) {
		uint32_t dr;
		if (b->n - off < 4)
			die_at(emb->path, 0, "truncated record %zu", r);
		dr = rd_le32(b->p + off);
		if (dr != d)
			die_at(emb->path, 0, "record %zu: dimension %lu, record 0 "
			       "has %lu", r, (unsigned long)dr,
			       (unsigned long)d);
		if (b->n - off < rec)
			die_at(emb->path, 0, "truncated record %zu", r);
	}
	n = mul_or_die(emb->path, emb->rows, emb->dim);
	if (kind == 'f') {
		float *v = xmalloc(mul_or_die(emb->path, n, 4));
		emb->type = EMB_F32;
		for (r = 0; r < emb->rows; r++)
			memcpy(v + r * emb->dim, b->p + r * rec + 4, emb->dim * 4);
		native_order((unsigned char *)v, n, 4);
		emb->data = v;
	} else if (kind == 'b') {
		float *v = xmalloc(mul_or_die(emb->path, n, 4));
		emb->type = EMB_F32;
		for (r = 0; r < emb->rows; r++)
			for (i = 0; i < emb->dim; i++)
				v[r * emb->dim + i] = b->p[r * rec + 4 + i];
		emb->data = v;
	} else {
		double *v = xmalloc(mul_or_die(emb->path, n, 8));
		emb->type = EMB_F64;
		for (r = 0; r < emb->rows; r++)
			for (i = 0; i < emb->dim; i++)
				v[r * emb->dim + i] = (int32_t)rd_le32(
					b->p + r * rec + 4 + 4 * i);
		emb->data = v;
	}
}

/* ---- text ------------------------------------------------------------ */

/* the next line of b from *pos, without "\n" or "\r\n"; 0 at the end */
static int next_line(const struct buf *b, size_t *pos, struct slice *line)
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

static int skip_line(struct slice line)
{
	size_t i = 0;
	while (i < line.n && (line.p[i] == ' ' || line.p[i] == '\t'))
		i++;
	return i == line.n || line.p[i] == '#';
}

struct idlist {
	char *ids;
	size_t used, cap;
	size_t *off, *len;
	long *line;
	size_t n, offcap, lencap, linecap;
};

static void idlist_add(struct idlist *ids, struct slice id, long line)
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

static void idlist_give(struct idlist *ids, struct embed *emb, const char *file)
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

static void read_text(struct embed *emb, struct buf *b)
{
	struct slice line, *f = NULL;
	size_t fcap = 0, nf, pos = 0, vcap = 0, i;
	double *v = NULL;
	long lineno = 0, firstline = 0;
	struct idlist ids = { 0 };

	emb->type = EMB_F64;
	emb->rows = 0;
	while (next_line(b, &pos, &line)) {
		lineno++;
		if (skip_line(line))
			continue;
		nf = split_fields(line, f, fcap);
		if (nf > fcap) {
			xgrow((void **)&f, &fcap, nf, sizeof *f);
			split_fields(line, f, fcap);
		}
		if (!firstline) {
			if (nf < 2)
				die_at(emb->path, lineno, "expected an id and "
				       "values, found %zu field", nf);
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

/* ---- the interface ---------------------------------------------------- */

/* the decimal digits of v at the end of buf (size 24): where they begin */
/* Rows named by their numbers: "0", "1", ... as "%zu" writes them. The
 * bytes are counted per number of digits, and the names written by adding
 * one to a decimal counter (a division per digit per row is most of the
 * cost of naming millions of rows). */
static void row_number_ids(struct embed *emb)
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

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

static void read_file(struct embed *emb, const char *path, int check)
{
	struct buf b;
	unsigned char head[12];
	int fd;
	size_t n;

	memset(emb, 0, sizeof *emb);
	emb->path = path;
	fd = open_input(path);
	n = read_full(fd, path, head, 10);
	if (n >= 6 && memcmp(head, "\x93NUMPY", 6) == 0) {
		read_npy(emb, fd, head, n);
		close_input(fd);
	} else {
		slurp_rest(fd, path, head, n, &b);
		close_input(fd);
		if (has_suffix(path, ".fvecs"))
			read_vecs(emb, &b, 'f');
		else if (has_suffix(path, ".bvecs"))
			read_vecs(emb, &b, 'b');
		else if (has_suffix(path, ".ivecs"))
			read_vecs(emb, &b, 'i');
		else
			read_text(emb, &b);
		free(b.p);
	}
	if (emb->rows == 0)
		die_at(path, 0, "no rows");
	if (emb->dim == 0)
		die_at(path, 0, "rows have no values (dimension 0)");
	emb->keep_step = 1;
	if (check)
		check_rows(emb, 0, emb->rows);
	if (!emb->ids)
		row_number_ids(emb);
}

void embed_read(struct embed *emb, const char *path)
{
	read_file(emb, path, 1);
}

void embed_read_ids(struct embed *emb, const char *idpath)
{
	struct buf b;
	struct slice line, f[2];
	size_t pos = 0, nf;
	long lineno = 0;
	struct idlist ids = { 0 };

	slurp(idpath, &b);
	while (next_line(&b, &pos, &line)) {
		lineno++;
		if (skip_line(line))
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
		     struct embed *iemb, const char *ipath, const char *iids,
		     size_t folds)
{
	/* the values are checked by kernel_init, in the pass that packs them
	 * or takes their norms */
	read_file(qemb, qpath, 0);
	read_file(iemb, ipath, 0);
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
	if (emb->map)
		munmap(emb->map, emb->maplen);
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
	memset(emb, 0, sizeof *emb);
}
