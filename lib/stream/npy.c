/* The .npy reader (embed.h: format versions 1.0, 2.0 and 3.0, 2-D C-order
 * '<f4' and '<f8'; '<f2', '|i1' and '|u1' made float32): the header parsed,
 * the values mapped or read straight into the matrix. */
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

/* the dtypes read as float32 through a conversion that is exact (each of
 * their values is a float32): float16 (half precision, as CLIP-style
 * models save), int8 and uint8 (quantized embeddings) */
enum npyconv { CONV_NONE, CONV_F16, CONV_I8, CONV_U8 };

/* the size of a value of dtype descr in the file, and its conversion;
 * or death, naming the fix */
static size_t npy_size(const char *path, const char *descr,
		       enum npyconv *conv)
{
	*conv = CONV_NONE;
	if (strcmp(descr, "<f4") == 0)
		return 4;
	if (strcmp(descr, "<f8") == 0)
		return 8;
	if (strcmp(descr, "<f2") == 0)
		return *conv = CONV_F16, 2;
	if (strcmp(descr, "|i1") == 0 || strcmp(descr, "<i1") == 0)
		return *conv = CONV_I8, 1;
	if (strcmp(descr, "|u1") == 0 || strcmp(descr, "<u1") == 0)
		return *conv = CONV_U8, 1;
	if (strcmp(descr, ">f4") == 0 || strcmp(descr, ">f8") == 0 ||
	    strcmp(descr, ">f2") == 0)
		die_at(path, 0, "big-endian dtype '%s' is not supported "
		       "(rankkit reads little-endian: save "
		       "arr.astype('<f%c'))", descr, descr[2]);
	die_at(path, 0, "dtype '%s' is not supported (rankkit reads float16, "
	       "float32, float64, int8 and uint8: save arr.astype('<f4'))",
	       descr);
}

/* a float16's value: subnormals m * 2^-24, normals (1024 + m) *
 * 2^(e-25), all exact in a float (IEEE 754-2008, binary16) */
static float half_value(unsigned h)
{
	unsigned e = h >> 10 & 0x1f, m = h & 0x3ff;
	float v = e == 0 ? ldexpf((float)m, -24) :
		  e == 31 ? (m ? NAN : INFINITY) :
		  ldexpf((float)(m | 0x400), (int)e - 25);

	return h & 0x8000 ? -v : v;
}

/* n values of conversion conv at p, as floats into v */
static void convert_values(float *v, const unsigned char *p, size_t n,
			   enum npyconv conv)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = conv == CONV_F16 ? half_value((unsigned)p[2 * i] |
						     (unsigned)p[2 * i + 1] << 8) :
		       conv == CONV_I8 ? (float)(signed char)p[i] :
		       (float)p[i];
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
	if (nh->fortran)
		die_at(path, 0, "Fortran-order array is not supported "
		       "(save np.ascontiguousarray(arr))");
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

/* the values of a dtype read through a conversion: the need bytes read,
 * then converted into a float32 matrix of their own */
static void npy_read_converted(struct embed *emb, int fd, size_t need,
			       size_t esz, enum npyconv conv)
{
	size_t count = need / esz;
	unsigned char *raw = xmalloc(need ? need : 1);

	read_values(emb, fd, raw, need);
	emb->data = xmalloc(mul_or_die(emb->path, count ? count : 1, 4));
	convert_values(emb->data, raw, count, conv);
	free(raw);
}

/* The n (< 12) bytes at head begin with the magic. The values are read
 * straight into the matrix: one copy from the input, none after. */
void npy_read(struct embed *emb, int fd, unsigned char *head, size_t n)
{
	struct npyhdr nh;
	size_t need, esz;
	enum npyconv conv;

	npy_read_header(emb->path, fd, head, n, &nh);
	esz = npy_size(emb->path, nh.descr, &conv);
	if (nh.rank != 2)
		die_at(emb->path, 0, "%zu-D array: embeddings must be 2-D "
		       "(rows, dim)", nh.rank);
	emb->rows = nh.shape[0];
	emb->dim = nh.shape[1];
	emb->type = esz == 8 ? EMB_F64 : EMB_F32;
	need = mul_or_die(emb->path, mul_or_die(emb->path, emb->rows, emb->dim), esz);
	if (conv != CONV_NONE) {
		npy_read_converted(emb, fd, need, esz, conv);
		return;
	}
	if (embmap_values(emb, fd, nh.off, need, esz))
		return;
	emb->data = xmalloc(need ? need : 1);
	read_values(emb, fd, emb->data, need);
	native_order(emb->data, emb->rows * emb->dim, esz);
}
