/* The .npy reader (embed.h: format versions 1.0, 2.0 and 3.0, 2-D, float16,
 * float32, float64, int8, int16, uint8, uint16 and bool in either byte
 * order, C or Fortran order): the header parsed, little-endian float32 and
 * float64 in C order mapped or read straight into the matrix, the others
 * converted exactly. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "stream/embformat.h"
#include "util/err.h"

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

/* A dtype as the file holds it: its kind ('f' float, 'i' signed and 'u'
 * unsigned integer, 'b' bool), the bytes of a value, their order. */
struct npydtype {
	char kind;
	size_t size;
	int big;		/* big-endian ('>', or '=' on such a host) */
};

/* descr parsed into t, or death naming the numpy line that converts the
 * array: the dtypes read are float16, float32, float64, int8, int16,
 * uint8, uint16 and bool, in either byte order */
static void npy_dtype(const char *path, const char *descr,
		      struct npydtype *t)
{
	const char *d = descr;

	t->kind = d[0] ? d[1] : 0;
	t->size = t->kind && d[2] >= '1' && d[2] <= '8' && !d[3] ?
		  (size_t)(d[2] - '0') : 0;
	t->big = d[0] == '>' || (d[0] == '=' && !host_is_le());
	if (!strchr("<>|=", d[0]) || !t->size ||
	    (d[0] == '|' && t->size != 1) ||
	    !(t->kind == 'f' ? t->size == 2 || t->size == 4 || t->size == 8 :
	      t->kind == 'i' || t->kind == 'u' ? t->size == 1 || t->size == 2 :
	      t->kind == 'b' && t->size == 1))
		die_at(path, 0, "dtype '%s' is not supported (rankkit reads "
		       "float16, float32, float64, int8, int16, uint8, uint16 "
		       "and bool: save arr.astype('<f4'))", descr);
}

/* the matrix type of t's values: float64 for '<f8', float32 for the other
 * floats, and for integers and bool (values spanning 255 for int8 and
 * uint8, 65535 for int16 and uint16, 1 for bool) the type that keeps
 * their sums exact (embformat.h: exact_int_type) */
static enum embtype npy_type(const struct npydtype *t, size_t dim)
{
	if (t->kind == 'f')
		return t->size == 8 ? EMB_F64 : EMB_F32;
	return exact_int_type(t->kind == 'b' ? 1 : t->size == 1 ? 255 : 65535,
			      dim);
}

/* a float16's value (IEEE 754-2008 binary16), exact in a float: a
 * subnormal is m * 2^-24 (a product by a power of two, exact); a normal
 * one keeps its significand bits, its exponent rebiased from 15 to 127
 * (e - 15 + 127); infinities and NaNs keep theirs with the exponent all
 * ones. Bits, not ldexpf: this runs once per value of a float16 file. */
static float half_value(unsigned h)
{
	unsigned e = h >> 10 & 0x1f, m = h & 0x3ff;
	uint32_t bits = (uint32_t)(h & 0x8000) << 16;
	float v;

	if (e == 0) {
		v = (float)m * 0x1p-24f;
		return h & 0x8000 ? -v : v;
	}
	bits |= e == 31 ? 0x7f800000u | (uint32_t)m << 13 :
		(uint32_t)(e + 112) << 23 | (uint32_t)m << 13;
	memcpy(&v, &bits, 4);
	return v;
}

/* the value of dtype t at p, exactly (every value of every dtype read is
 * a double) */
static double value_at(const unsigned char *p, const struct npydtype *t)
{
	uint64_t u = 0;
	size_t k;
	float f;
	double d;
	uint32_t w;

	for (k = 0; k < t->size; k++)
		u |= (uint64_t)p[t->big ? t->size - 1 - k : k] << (8 * k);
	switch (t->kind) {
	case 'f':
		if (t->size == 2)
			return half_value((unsigned)u);
		if (t->size == 4) {
			w = (uint32_t)u;
			memcpy(&f, &w, 4);
			return f;
		}
		memcpy(&d, &u, 8);
		return d;
	case 'i':
		/* sign-extended from the value's top bit */
		return (double)(int64_t)(u ^ (uint64_t)1 << (8 * t->size - 1)) -
		       (double)((uint64_t)1 << (8 * t->size - 1));
	case 'b':
		return u != 0;
	default:
		return (double)u;
	}
}

/* The common conversions into float32 (little-endian, C order: float16
 * models, int8 and uint8 quantized embeddings), a loop each, without
 * value_at's byte loop and choice per value: 1 when t is one of them and
 * the count values at raw are in f, 0 otherwise. */
static int convert_f32_le(float *f, const unsigned char *raw, size_t count,
			  const struct npydtype *t)
{
	size_t i;

	if (t->kind == 'f' && t->size == 2)
		for (i = 0; i < count; i++)
			f[i] = half_value((unsigned)raw[2 * i] |
					  (unsigned)raw[2 * i + 1] << 8);
	else if (t->kind == 'i' && t->size == 1)
		for (i = 0; i < count; i++)
			f[i] = (float)(signed char)raw[i];
	else if (t->kind == 'u' && t->size == 1)
		for (i = 0; i < count; i++)
			f[i] = (float)raw[i];
	else
		return 0;
	return 1;
}

/* the rows x dim values of dtype t at raw into emb's matrix of type
 * emb->type; fortran: raw holds them column after column (element (r, c)
 * at c * rows + r), the C order made by a transposing copy */
static void convert_values(struct embed *emb, const unsigned char *raw,
			   const struct npydtype *t, int fortran)
{
	size_t r, c, rows = emb->rows, dim = emb->dim;
	size_t count = rows * dim;
	float *f = NULL;
	double *d = NULL;

	if (emb->type == EMB_F32)
		f = xmalloc(mul_or_die(emb->path, count ? count : 1, 4));
	else
		d = xmalloc(mul_or_die(emb->path, count ? count : 1, 8));
	emb->data = f ? (void *)f : (void *)d;
	if (f && !fortran && !t->big && convert_f32_le(f, raw, count, t))
		return;
	for (r = 0; r < rows; r++)
		for (c = 0; c < dim; c++) {
			size_t at = fortran ? c * rows + r : r * dim + c;
			double v = value_at(raw + at * t->size, t);
			if (f)
				f[r * dim + c] = (float)v;
			else
				d[r * dim + c] = v;
		}
}

/* the header dict of hlen bytes at p into h */
static void parse_npy_header(const char *path, const char *p, size_t hlen,
			     struct npyhdr *nh)
{
	struct hp h;
	struct slice descr = { NULL, 0 };
	int have_shape = 0;

	h.p = p;
	h.end = h.p + hlen;
	h.path = path;
	nh->fortran = -1;
	if (!hp_eat(&h, '{'))
		hp_bad(&h, "expected '{'");
	while (!hp_eat(&h, '}')) {
		struct slice key = hp_string(&h);
		if (!hp_eat(&h, ':'))
			hp_bad(&h, "expected ':'");
		if (slice_eqs(key, "descr")) {
			if (hp_eat(&h, '['))
				die_at(path, 0, "a structured array (a dtype of "
				       "named fields) is not supported: save "
				       "one field, arr['name'].astype('<f4')");
			descr = hp_string(&h);
		} else if (slice_eqs(key, "fortran_order")) {
			if (hp_word(&h, "True"))
				nh->fortran = 1;
			else if (hp_word(&h, "False"))
				nh->fortran = 0;
			else
				hp_bad(&h, "fortran_order is not True or False");
		} else if (slice_eqs(key, "shape")) {
			nh->rank = hp_shape(&h, nh->shape, sizeof nh->shape /
					    sizeof nh->shape[0]);
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
	if (!descr.p || nh->fortran < 0 || !have_shape)
		hp_bad(&h, "missing 'descr', 'fortran_order' or 'shape'");
	if (descr.n >= sizeof nh->descr)
		hp_bad(&h, "dtype too long");
	memcpy(nh->descr, descr.p, descr.n);
	nh->descr[descr.n] = '\0';
}

/* the bytes left in the input, read and counted */
size_t npy_count_rest(int fd, const char *path)
{
	unsigned char scratch[1 << 12];
	size_t n = 0, r;

	while ((r = embinput_read(fd, path, scratch, sizeof scratch)) > 0)
		n += r;
	return n;
}

void npy_read_header(const char *path, int fd, unsigned char *head, size_t n,
		     struct npyhdr *nh)
{
	size_t hlen, got, cap = 0;
	char *hdr = NULL;

	if (n < 10)
		die_at(path, 0, "truncated .npy header");
	if (head[6] == 1 && head[7] == 0) {
		hlen = (size_t)head[8] | (size_t)head[9] << 8;
	} else if ((head[6] == 2 || head[6] == 3) && head[7] == 0) {
		if (embinput_read(fd, path, head + 10, 2) < 2)
			die_at(path, 0, "truncated .npy header");
		hlen = rd_le32(head + 8);
	} else {
		die_at(path, 0,
		       "unsupported .npy format version %u.%u (rankkit reads "
		       "1.0, 2.0 and 3.0)", head[6], head[7]);
	}
	/* read into a buffer that grows as the header arrives: a length
	 * field that promises more than the input holds allocates no more
	 * than the input */
	xgrow((void **)&hdr, &cap, 1, 1);
	for (got = 0; got < hlen; got += n) {
		size_t step = hlen - got < (1 << 16) ? hlen - got : 1 << 16;
		xgrow((void **)&hdr, &cap, got + step, 1);
		n = embinput_read(fd, path, hdr + got, step);
		if (n < step)
			die_at(path, 0, "truncated .npy header");
	}
	parse_npy_header(path, hdr, hlen, nh);
	free(hdr);
	nh->off = 12 + hlen - (head[6] == 1 ? 2 : 0);
}

/* the need bytes of values into dst, and nothing after them */
static void read_values(const struct embed *emb, int fd, void *dst,
			size_t need)
{
	size_t got = embinput_read(fd, emb->path, dst, need);

	if (got < need)
		die_at(emb->path, 0, "truncated: shape (%zu, %zu) needs %zu bytes "
		       "of data, found %zu", emb->rows, emb->dim, need, got);
	got = npy_count_rest(fd, emb->path);
	if (got)
		die_at(emb->path, 0, "%zu bytes after the data of shape (%zu, %zu)",
		       got, emb->rows, emb->dim);
}

/* the values of a dtype read through a conversion (another dtype than
 * the matrix's, another byte order, Fortran order): the need bytes read,
 * then converted into a matrix of their own */
static void npy_read_converted(struct embed *emb, int fd, size_t need,
			       const struct npydtype *t, int fortran)
{
	unsigned char *raw = xmalloc(need ? need : 1);

	read_values(emb, fd, raw, need);
	convert_values(emb, raw, t, fortran);
	free(raw);
}

/* The n (< 12) bytes at head begin with the magic. Little-endian float32
 * and float64 in C order are mapped, or read straight into the matrix:
 * one copy from the input, none after; other dtypes are converted. */
void npy_read(struct embed *emb, int fd, unsigned char *head, size_t n)
{
	struct npyhdr nh;
	struct npydtype t;
	size_t need;

	npy_read_header(emb->path, fd, head, n, &nh);
	npy_dtype(emb->path, nh.descr, &t);
	if (nh.rank != 2)
		die_at(emb->path, 0, "%zu-D array: embeddings must be 2-D "
		       "(rows, dim)", nh.rank);
	emb->rows = nh.shape[0];
	emb->dim = nh.shape[1];
	emb->type = npy_type(&t, emb->dim);
	need = mul_or_die(emb->path, mul_or_die(emb->path, emb->rows, emb->dim),
			  t.size);
	if (t.kind != 'f' || t.size != (size_t)emb->type || t.big ||
	    nh.fortran) {
		npy_read_converted(emb, fd, need, &t, nh.fortran);
		return;
	}
	if (embmap_values(emb, fd, nh.off, need, t.size))
		return;
	emb->data = xmalloc(need ? need : 1);
	read_values(emb, fd, emb->data, need);
	native_order(emb->data, emb->rows * emb->dim, t.size);
}
