/* Errors and checked allocation. Messages are one line: "prog: what". */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/escape.h"

const char *progname = "rankkit";
const char *prog_usage;
_Thread_local struct errtrap *err_trap;

static _Thread_local void (*first_fn)(void *ctx);
static _Thread_local void *first_ctx;

void err_first(void (*fn)(void *ctx), void *ctx)
{
	first_fn = fn;
	first_ctx = ctx;
}

/* the earlier lines' check, before any error of a later line */
static void run_first(void)
{
	void (*fn)(void *ctx) = first_fn;

	if (!fn)
		return;
	first_fn = NULL;
	fn(first_ctx);
}

/* a trapped error never returns: it jumps back into the worker */
static void trap(int status, const char *file, long line, const char *fmt,
		 va_list ap)
	__attribute__((format(printf, 4, 0)));
static void trap(int status, const char *file, long line, const char *fmt,
		 va_list ap)
{
	struct errtrap *t = err_trap;
	if (!t)
		return;
	t->status = status;
	t->file = file;
	t->line = line;
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	longjmp(t->jb, 1);
}

/* Descriptors 0, 1 and 2 closed at start are opened on /dev/null the
 * wrong way round, 0 for writing and 1 and 2 for reading: no file the
 * program opens takes their place (a qrels file read again as the
 * standard input, an SVG picture written over by the standard output),
 * and reading the standard input or writing the standard output fails as
 * on the closed descriptor, with "Bad file descriptor". */
static void std_fds(void)
{
	int fd, got;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		/* the lowest free descriptor: fd, the ones below it are open */
		got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (got != fd)
			die(EXIT_DATA, "/dev/null: %s", got < 0 ? strerror(errno) :
			    "opened on the wrong descriptor");
	}
}

void set_progname(const char *argv0)
{
	const char *s = strrchr(argv0, '/');
	progname = s ? s + 1 : argv0;
	std_fds();
}

/* "prog: file:line: what" and a newline to f */
static void vmsg_to(FILE *f, const char *file, long line, const char *fmt,
		    va_list ap) __attribute__((format(printf, 4, 0)));
static void vmsg_to(FILE *f, const char *file, long line, const char *fmt,
		    va_list ap)
{
	char buf[1024];
	int n;

	fprintf(f, "%s: ", progname);
	if (file) {
		esc_fput(f, file, strlen(file));
		if (line > 0)
			fprintf(f, ":%ld", line);
		fputs(": ", f);
	}
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof buf) {
		/* a message that quotes a huge field: its start is enough */
		esc_fput(f, buf, sizeof buf - 4);
		fputs("...", f);
	} else {
		esc_fput(f, buf, (size_t)n);
	}
	fputc('\n', f);
}

static void vmsg(const char *file, long line, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static void vmsg(const char *file, long line, const char *fmt, va_list ap)
{
	fflush(stdout);
	vmsg_to(stderr, file, line, fmt, ap);
}

char *err_format(size_t *len, const char *file, const char *fmt, ...)
{
	char *p = NULL;
	FILE *f = open_memstream(&p, len);
	va_list ap;

	if (!f)
		die(EXIT_DATA, "out of memory");
	va_start(ap, fmt);
	vmsg_to(f, file, 0, fmt, ap);
	va_end(ap);
	if (fclose(f) != 0 || !p)
		die(EXIT_DATA, "out of memory");
	return p;
}

void die(int status, const char *fmt, ...)
{
	va_list ap;
	run_first();
	va_start(ap, fmt);
	trap(status, NULL, 0, fmt, ap);
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
	exit(status);
}

/* die_at and die_status_at: the trap, else the message and the exit */
static _Noreturn void vdie_at(int status, const char *file, long line,
			      const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));
static _Noreturn void vdie_at(int status, const char *file, long line,
			      const char *fmt, va_list ap)
{
	run_first();
	trap(status, file, line, fmt, ap);
	vmsg(file, line, fmt, ap);
	exit(status);
}

void die_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdie_at(EXIT_DATA, file, line, fmt, ap);
}

void die_status_at(int status, const char *file, long line,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdie_at(status, file, line, fmt, ap);
}

void err_raise(const struct errtrap *e)
{
	die_status_at(e->status, e->file, e->line, "%s", e->msg);
}

void note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
}

/* the standard error took the text, or the run ends: what the user asked
 * for is lost (the message too, most often, where the standard error is
 * the stream that failed) */
static void tell_check(void)
{
	if (ferror(stderr))
		die(EXIT_DATA, "write error on the standard error: %s",
		    strerror(errno ? errno : EIO));
}

void tell_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	clearerr(stderr);
	errno = 0;
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
	tell_check();
}

void tell_bytes(const char *p, size_t n)
{
	char buf[4096];
	size_t len = 0, used;
	int raw;

	clearerr(stderr);
	errno = 0;
	while (n) {
		if (*p == '\n') {	/* the text's own lines */
			buf[len++] = '\n';
			used = 1;
		} else {
			len += esc_unit(p, n, &used, buf + len, &raw);
		}
		p += used;
		n -= used;
		if (len > sizeof buf - ESC_MAX || n == 0) {
			if (fwrite(buf, 1, len, stderr) != len)
				break;
			len = 0;
		}
	}
	tell_check();
}

/* tell's work: the text formatted, then checked out through tell_bytes */
static void vtell(const char *fmt, va_list ap)
	__attribute__((format(printf, 1, 0)));
static void vtell(const char *fmt, va_list ap)
{
	char buf[512], *p = buf;
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(buf, sizeof buf, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf) {
		p = xmalloc((size_t)n + 1);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	}
	tell_bytes(p, (size_t)n);
	if (p != buf)
		free(p);
}

void tell(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vtell(fmt, ap);
	va_end(ap);
}

void usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;
	run_first();
	va_start(ap, fmt);
	trap(EXIT_USAGE, NULL, 0, fmt, ap);
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
	if (!usage)
		usage = prog_usage;
	if (usage)
		fprintf(stderr, "usage: %s\n", usage);
	exit(EXIT_USAGE);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die(EXIT_DATA, "out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die(EXIT_DATA, "out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(EXIT_DATA, "out of memory (%zu bytes)", n);
	return p;
}

void xgrow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap;
	if (need <= c)
		return;
	if (c < 16)
		c = 16;
	while (c < need) {
		if (c > ((size_t)-1) / 2 / size)
			die(EXIT_DATA, "out of memory");
		c *= 2;
	}
	*p = xrealloc(*p, c * size);
	*cap = c;
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* getopt_long's '?' and ':' (optstring starts with ':', opterr = 0) */
void opt_error(char **argv, int c)
{
	extern int optind, optopt;
	const char *arg = argv[optind - 1];
	if (c == ':')
		usage_error(NULL, "option '%s' needs an argument", arg);
	if (optopt && !(arg[0] == '-' && arg[1] == '-'))
		usage_error(NULL, "unknown option '-%c'", optopt);
	usage_error(NULL, "unknown option '%s'", arg);
}
