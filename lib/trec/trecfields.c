/* trec_eval's fields and numbers, and its input files read whole
 * (trecfields.h). */
#define _DEFAULT_SOURCE 1	/* MADV_DONTNEED */
#define _GNU_SOURCE 1		/* F_SETPIPE_SZ (Linux) */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/err.h"
#include "util/fieldscan.h"
#include "util/num.h"
#include "trec/trecfields.h"

/* isspace() in the C locale: space, \t, \n, \v, \f, \r */
const unsigned char trec_class[256] = {
	[' '] = TF_BLANK, ['\t'] = TF_BLANK, ['\v'] = TF_BLANK,
	['\f'] = TF_BLANK, ['\r'] = TF_BLANK, ['\n'] = TF_NL, ['\0'] = TF_NUL
};

/* bytes of fd read into f->buf after the n it holds (its capacity cap) */
static void read_rest(struct trecfile *f, int fd, size_t cap, int status)
{
	ssize_t r;

	for (;;) {
		if (f->n == cap)
			xgrow((void **)&f->buf, &cap, cap + 1, 1);
		r = read(fd, f->buf + f->n, cap - f->n);
		if (r > 0)
			f->n += (size_t)r;
		else if (r == 0)
			break;
		else if (errno != EINTR)
			die_status_at(status, f->path, 0, "%s", strerror(errno));
	}
	f->p = f->buf;
}

static void read_all(struct trecfile *f, int fd, int status)
{
	size_t cap = 1 << 16;

	f->buf = xmalloc(cap);
	read_rest(f, fd, cap, status);
}

/* all of n bytes written to fd; 0 on an error (a full disk) */
static int write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return 0;
		p += w;
		n -= (size_t)w;
	}
	return 1;
}

/* an unlinked file under TMPDIR (or /tmp) for a spool, or -1 */
static int spool_file(void)
{
	const char *dir = getenv("TMPDIR");
	char name[4096];
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	if (strlen(dir) + 32 > sizeof name)
		return -1;
	strcpy(name, dir);
	strcat(name, "/treceval.XXXXXX");
	if ((fd = mkstemp(name)) >= 0)
		unlink(name);
	return fd;
}

/* the spool's n bytes, then the rest of fd, read into memory: the spool
 * could not take them all */
static void unspool(struct trecfile *f, int fd, int sp, const char *chunk,
		    size_t k, int status)
{
	size_t cap = f->n + k + (1 << 16), got = 0;
	ssize_t r;

	f->buf = xmalloc(cap);
	while (got < f->n) {
		r = pread(sp, f->buf + got, f->n - got, (off_t)got);
		if (r <= 0 && !(r < 0 && errno == EINTR))
			die_status_at(status, f->path, 0, "reading its copy "
				      "under TMPDIR: %s", r < 0 ?
				      strerror(errno) : "cut short");
		got += r > 0 ? (size_t)r : 0;
	}
	memcpy(f->buf + f->n, chunk, k);
	f->n += k;
	close(sp);
	read_rest(f, fd, cap, status);
}

/* A stream (a pipe, "-") copied to a file under TMPDIR as it comes and
 * mapped, so that it is read as a regular file is: a page at a time,
 * the pages read given back (trecfile_done), not held whole in memory.
 * Read into memory when no such file can be made or filled. */
static void spool(struct trecfile *f, int fd, int status)
{
	enum { CHUNK = 1 << 20 };
	char *chunk;
	int sp = spool_file();
	ssize_t r;

	if (sp < 0) {
		read_all(f, fd, status);
		return;
	}
#if defined(F_SETPIPE_SZ)
	/* a pipe of CHUNK bytes (Linux; advice: any error is ignored): the
	 * writer and this thread take turns a MiB at a time, not 64 KiB,
	 * a third of the context switches of a 2M-line run (3,000 -> 1,000) */
	(void)fcntl(fd, F_SETPIPE_SZ, CHUNK);
#endif
	chunk = xmalloc(CHUNK);
	while ((r = read(fd, chunk, CHUNK)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die_status_at(status, f->path, 0, "%s", strerror(errno));
		if (!write_all(sp, chunk, (size_t)r)) {
			unspool(f, fd, sp, chunk, (size_t)r, status);
			free(chunk);
			return;
		}
		f->n += (size_t)r;
	}
	free(chunk);
	if (f->n > 0)
		f->map = mmap(NULL, f->n, PROT_READ, MAP_PRIVATE, sp, 0);
	if (f->map == MAP_FAILED || f->n == 0) {
		f->map = NULL;
		unspool(f, fd, sp, "", 0, status);
		return;
	}
	f->maplen = f->n;
	f->p = f->map;
	f->fd = sp;
}

/* one past the last newline that 63 bytes of the n at p follow, or 0 */
static size_t fast_end(const char *p, size_t n)
{
	size_t i = n >= 64 ? n - 63 : 0;

	while (i > 0 && p[i - 1] != '\n')
		i--;
	return i;
}

void trecfile_read(struct trecfile *f, const char *path, int status)
{
	struct stat st;
	int fd;

	memset(f, 0, sizeof *f);
	f->path = path;
	f->fd = -1;
	if (strcmp(path, "-") == 0)
		fd = 0;
	else if ((fd = open(path, O_RDONLY)) < 0)
		die_status_at(status, path, 0, "%s", strerror(errno));
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		f->maplen = (size_t)st.st_size;
		f->map = mmap(NULL, f->maplen, PROT_READ, MAP_PRIVATE, fd, 0);
		if (f->map == MAP_FAILED)
			f->map = NULL;
	}
	if (f->map) {
		f->p = f->map;
		f->n = f->maplen;
		f->fd = fd;
	} else {
		spool(f, fd, status);
		if (fd > 0)
			close(fd);
	}
	if (f->n >= 3 && memcmp(f->p, "\xEF\xBB\xBF", 3) == 0) {
		f->p += 3;
		f->n -= 3;
		f->skip = 3;
	}
	f->fast = fast_end(f->p, f->n);
}

void trecfile_done(const struct trecfile *f, size_t from, size_t to)
{
#ifdef MADV_DONTNEED
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)(f->p + from), b = (uintptr_t)(f->p + to);

	if (!f->map || pg <= 0)
		return;
	a = (a + (uintptr_t)pg - 1) & ~((uintptr_t)pg - 1);
	b &= ~((uintptr_t)pg - 1);
	if (b > a)	/* advice: the pages come back from the file if read */
		(void)madvise((void *)a, b - a, MADV_DONTNEED);
#else
	(void)f, (void)from, (void)to;
#endif
}

#if !defined(MADV_POPULATE_READ) && defined(__linux__)
#define MADV_POPULATE_READ 22	/* Linux's number, for older headers */
#endif

void trecfile_ahead(const struct trecfile *f, size_t from, size_t to)
{
#ifdef MADV_POPULATE_READ
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)(f->p + from), b = (uintptr_t)(f->p + to);

	if (!f->map || pg <= 0 || to <= from)
		return;
	a &= ~((uintptr_t)pg - 1);
	(void)madvise((void *)a, b - a, MADV_POPULATE_READ);	/* advice */
#else
	(void)f, (void)from, (void)to;
#endif
}

void trecfile_free(struct trecfile *f)
{
	if (f->map)
		munmap(f->map, f->maplen);
	if (f->fd > 0)
		close(f->fd);
	free(f->buf);
	memset(f, 0, sizeof *f);
}

int trecfile_copy(const struct trecfile *f, char *buf, size_t from, size_t n)
{
	size_t got = 0;
	ssize_t r;

	if (f->fd < 0 || !f->map)
		return 0;
	while (got < n) {
		r = pread(f->fd, buf + got, n - got,
			  (off_t)(f->skip + from + got));
		if (r > 0)
			got += (size_t)r;
		else if (!(r < 0 && errno == EINTR))
			return 0;
	}
	return 1;
}

long trecfile_lineno(const struct trecfile *f, size_t off)
{
	const char *p = f->p, *e = p + off;
	long n = 1;

	while (p < e && (p = memchr(p, '\n', (size_t)(e - p))) != NULL) {
		n++;
		p++;
	}
	return n;
}

static _Noreturn void nul_byte(const char *file, long lineno, int status)
{
	die_status_at(status, file, lineno,
		      "a NUL byte in the line (binary data?)");
}

/* trec_line's line where its newline and 7 bytes after it are there:
 * the end of a field found eight bytes at a time (fieldscan.h), no
 * bounds checked */
static size_t line_fast(const char **pp, struct slice *f, size_t max,
			const char *file, long lineno, int status)
{
	const unsigned char *u = (const unsigned char *)*pp, *s;
	size_t k = 0;

	for (;;) {
		while (trec_class[*u] == TF_BLANK)
			u++;
		if (*u == '\n')
			break;
		if (*u == '\0')
			nul_byte(file, lineno, status);
		s = u;
		u = field_end(u, trec_class);
		if (k < max) {
			f[k].p = (const char *)s;
			f[k].n = (size_t)(u - s);
		}
		k++;
	}
	*pp = (const char *)u + 1;
	return k;
}

size_t trec_line_bytes(const char **pp, const char *end, const char *fast,
		       struct slice *f, size_t max, const char *file,
		       long *lineno, int status)
{
	const unsigned char *p = (const unsigned char *)*pp, *s;
	const unsigned char *e = (const unsigned char *)end;
	size_t k = 0;

	++*lineno;
	if (*pp < fast)
		return line_fast(pp, f, max, file, *lineno, status);
	for (;;) {
		while (p < e && trec_class[*p] == TF_BLANK)
			p++;
		if (p == e || *p == '\n')
			break;
		if (*p == '\0')
			nul_byte(file, *lineno, status);
		s = p;
		while (p < e && trec_class[*p] == TF_FIELD)
			p++;
		if (k < max) {
			f[k].p = (const char *)s;
			f[k].n = (size_t)(p - s);
		}
		k++;
	}
	*pp = (const char *)(p < e ? p + 1 : p);
	return k;
}

long trec_atol(struct slice s)
{
	size_t i = 0;
	int neg = 0;
	unsigned long v = 0, lim;

	if (i < s.n && (s.p[i] == '+' || s.p[i] == '-'))
		neg = s.p[i++] == '-';
	lim = neg ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX;
	for (; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++) {
		unsigned d = (unsigned)(s.p[i] - '0');
		if (v > (lim - d) / 10)
			return neg ? LONG_MIN : LONG_MAX;
		v = v * 10 + d;
	}
	if (neg)
		return v == (unsigned long)LONG_MAX + 1 ? LONG_MIN : -(long)v;
	return (long)v;
}

const double trec_pow10[16] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15
};

int trec_decimal(struct slice s, uint64_t *mp, unsigned *frp, int *negp)
{
	const unsigned char *p = (const unsigned char *)s.p, *e = p + s.n;
	uint64_t m = 0;
	size_t digits;
	unsigned d, fr = 0;
	int neg = 0;

	if (s.n < 3 || s.n > 17)
		return 0;
	if (*p == '-')
		neg = 1, p++;
	digits = (size_t)(e - p) - 1;
	while (p < e && (d = (unsigned)(*p - '0')) < 10)
		m = m * 10 + d, p++;
	if (p == e || *p != '.' || p == (const unsigned char *)s.p + neg ||
	    digits > 15)
		return 0;
	for (p++; p < e && (d = (unsigned)(*p - '0')) < 10; p++, fr++)
		m = m * 10 + d;
	if (p != e || fr == 0)
		return 0;
	*mp = m;
	*frp = fr;
	*negp = neg;
	return 1;
}

static void lax_keep(int kind, struct slice s);

/* trec_atof; *lax set when strtod does not read the field whole */
static double atof_field(struct slice s, int *lax)
{
	char small[64], *buf = small, *end;
	double v;

	uint64_t m;
	unsigned fr;
	int neg;

	/* Clinger's fast path, as parse_double's: an integer below 2^53
	 * over an exact power of ten, one rounding */
	if (trec_decimal(s, &m, &fr, &neg))
		return trec_decimal_value(m, fr, neg);
	if (parse_double(s, &v) == NUM_OK)
		return v;
	if (s.n >= sizeof small)
		buf = xmalloc(s.n + 1);
	memcpy(buf, s.p, s.n);
	buf[s.n] = '\0';
	v = strtod(buf, &end);
	if (end != buf + s.n)
		*lax = 1;
	if (buf != small)
		free(buf);
	return v;
}

double trec_atof(struct slice s)
{
	int lax = 0;

	return atof_field(s, &lax);
}

double trec_score_lax(struct slice s, int *lax)
{
	return atof_field(s, lax);
}

double trec_score(struct slice s)
{
	int lax = 0;
	double v = atof_field(s, &lax);

	if (lax)
		lax_keep(LAX_SCORE, s);
	return v;
}

/* the first field of each kind read otherwise than written */
static char lax_first[LAX_KINDS][64];
static int lax_seen[LAX_KINDS];

static void lax_keep(int kind, struct slice s)
{
	size_t n = s.n < sizeof lax_first[kind] - 1 ? s.n :
		sizeof lax_first[kind] - 1;

	if (lax_seen[kind])
		return;
	lax_seen[kind] = 1;
	memcpy(lax_first[kind], s.p, n);
	lax_first[kind][n] = '\0';
}

int trec_plain_grade(struct slice s)
{
	size_t i = s.n && (s.p[0] == '+' || s.p[0] == '-');

	if (i == s.n)
		return 0;
	for (; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
	return 1;
}

void trec_lax_grade(struct slice s)
{
	if (!trec_plain_grade(s))
		lax_keep(LAX_GRADE, s);
}

void trec_lax_notes(const char *qrels, const char *run)
{
	static const char *const what[LAX_KINDS] = {
		"scores that are not numbers", "grades that are not integers"
	};
	static const char *const reader[LAX_KINDS] = { "atof", "atol" };
	char value[32];
	int k;

	for (k = 0; k < LAX_KINDS; k++) {
		struct slice f = { lax_first[k], strlen(lax_first[k]) };
		if (!lax_seen[k])
			continue;
		if (k == LAX_SCORE)
			snprintf(value, sizeof value, "%.17g", trec_atof(f));
		else
			snprintf(value, sizeof value, "%ld", trec_atol(f));
		note("%s: %s as written ('%s' the first) are read as "
		     "trec_eval's %s reads them ('%s' as %s): the output is "
		     "trec_eval's", k == LAX_SCORE ? run : qrels, what[k],
		     lax_first[k], reader[k], lax_first[k], value);
	}
}
