/* Labels from a .npy file (labelfile.h): a 1-D array of integers, or one
 * of shape (N, 1), as numpy saves an int array of class ids; or one of
 * shape (N, 2), C order, each row (label, camera) as re-identification
 * sets keep them (np.stack([pids, cams], axis=1)). Row i is named i, as
 * the rows of a .npy embedding file are, and its label (and camera) is
 * the integer written in decimal. */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "stream/embformat.h"
#include "stream/npylabels.h"
#include "util/err.h"

int npylabels_is(const char *path)
{
	unsigned char head[6];
	struct stat st;
	int fd;
	size_t n;

	if (strcmp(path, "-") == 0 || (fd = open(path, O_RDONLY)) < 0)
		return 0;
	/* a pipe (<(cmd)) read here would lose its first bytes: a text
	 * labels file then, as .npy labels are not read from a pipe */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return 0;
	}
	n = embinput_read(fd, path, head, sizeof head);
	close(fd);
	return n == sizeof head && memcmp(head, "\x93NUMPY", 6) == 0;
}

void npylabels_not_piped(struct lines *ln, const char *what)
{
	const char *head;

	if (lines_peek(ln, 6, &head) == 6 && memcmp(head, "\x93NUMPY", 6) == 0)
		die_at(ln->name, 0, "a .npy %s array on standard input or a "
		       "pipe: .npy %ss are read from a file (give the file's "
		       "path)", what, what);
}

/* an integer dtype of labels: a value's bytes, signedness, byte order */
struct inttype {
	size_t size;
	int sgn;
	int big;		/* '>', or '=' on a big-endian host */
};

/* the integer dtype d ('<i8', '|u1', '>u2', ..., '|b1') into t, or death
 * naming what is read */
static void int_dtype(const char *path, const char *d, struct inttype *t)
{
	size_t sz = (size_t)atoi(d + 2);

	if (strlen(d) == 3 && strchr("<>|=", d[0]) &&
	    (d[1] == 'i' || d[1] == 'u' || d[1] == 'b') &&
	    (sz == 1 || sz == 2 || sz == 4 || sz == 8) &&
	    (d[1] != 'b' || sz == 1) && (d[0] != '|' || sz == 1)) {
		t->size = sz;
		t->sgn = d[1] == 'i';
		t->big = d[0] == '>' || (d[0] == '=' && !host_is_le());
		return;
	}
	die_at(path, 0, "dtype '%s' is not supported for labels (rankkit reads "
	       "integers: '<i8', '<i4', '|u1', ...; save arr.astype('<i8'))",
	       d);
}

/* the value of type t at p as text into buf */
static struct slice int_text(const unsigned char *p, const struct inttype *t,
			     char *buf, size_t size)
{
	uint64_t u = 0;
	size_t k, sz = t->size;
	struct slice s;

	for (k = 0; k < sz; k++)
		u |= (uint64_t)p[t->big ? sz - 1 - k : k] << (8 * k);
	if (t->sgn && sz < 8 && (u >> (8 * sz - 1)) & 1)
		u |= ~(uint64_t)0 << (8 * sz);	/* sign-extended */
	if (t->sgn)
		snprintf(buf, size, "%" PRId64, (int64_t)u);
	else
		snprintf(buf, size, "%" PRIu64, u);
	s.p = buf;
	s.n = strlen(buf);
	return s;
}

void npylabels_load(const char *path, npylabel_fn add, void *ctx)
{
	unsigned char head[12], *v;
	struct npyhdr nh;
	size_t n, i, sz, need, got, cols;
	int fd = embinput_open(path);
	struct inttype t;
	char id[24], label[24], cam[24];

	n = embinput_read(fd, path, head, 10);
	npy_read_header(path, fd, head, n, &nh);
	cols = nh.rank == 2 ? nh.shape[1] : 1;
	if (nh.rank == 2 && cols > 2)
		die_at(path, 0, "labels from .npy: expected a 1-D array of "
		       "integers, shape (N, 1), or (N, 2) of (label, camera), "
		       "found (%zu, %zu)", nh.shape[0], cols);
	if (nh.rank != 1 && nh.rank != 2)
		die_at(path, 0, "labels from .npy: expected a 1-D array of "
		       "integers, shape (N, 1), or (N, 2) of (label, camera), "
		       "found %zu-D", nh.rank);
	int_dtype(path, nh.descr, &t);
	sz = t.size;
	n = nh.shape[0];
	need = mul_or_die(path, mul_or_die(path, n, cols), sz);
	v = xmalloc(need ? need : 1);
	got = embinput_read(fd, path, v, need);
	if (got < need)
		die_at(path, 0, "truncated: %zu labels need %zu bytes of data, "
		       "found %zu", n, need, got);
	if ((got = npy_count_rest(fd, path)) != 0)
		die_at(path, 0, "%zu bytes after the data of %zu labels", got, n);
	embinput_close(fd);
	if (n == 0)
		die_at(path, 0, "no relevance judgments");
	for (i = 0; i < n; i++) {
		/* (i, 1) follows (i, 0) in C order, is n values on in
		 * Fortran order (np.save of a transposed array) */
		const unsigned char *lab = v + (nh.fortran ? i : i * cols) * sz;
		const unsigned char *camp = lab + (nh.fortran ? n : 1) * sz;
		struct slice ids = { id, (size_t)snprintf(id, sizeof id, "%zu", i) };
		struct slice camtext;
		if (cols == 2)
			camtext = int_text(camp, &t, cam, sizeof cam);
		add(ctx, ids, int_text(lab, &t, label, sizeof label),
		    cols == 2 ? &camtext : NULL, (long)i + 1);
	}
	free(v);
}
