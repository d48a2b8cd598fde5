/* Errors and checked allocation. Messages are one line: "prog: what". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"

const char *progname = "rankkit";
const char *rk_usage;
_Thread_local struct errtrap *rk_trap;

/* a trapped error never returns: it jumps back into the worker */
static void trap(int status, long line, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static void trap(int status, long line, const char *fmt, va_list ap)
{
	struct errtrap *t = rk_trap;
	if (!t)
		return;
	t->status = status;
	t->line = line;
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	longjmp(t->jb, 1);
}

void rk_setprog(const char *argv0)
{
	const char *s = strrchr(argv0, '/');
	progname = s ? s + 1 : argv0;
}

/* the length of the valid UTF-8 sequence at p (of n bytes), 0 if none */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t len, i;

	if (c >= 0xC2 && c <= 0xDF)
		len = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
	else
		return 0;
	if (n < len || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xBF)
			return 0;
	return len;
}

/* Writes s to stderr with what could garble a terminal or a log escaped:
 * control bytes and bytes that are not valid UTF-8 become \xHH (a tab
 * \t), so that raw input quoted in a message stays one readable line. */
static void put_escaped(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < n) {
		if (p[i] >= 0x20 && p[i] < 0x7F) {
			fputc(p[i++], stderr);
		} else if (p[i] == '\t') {
			fputs("\\t", stderr);
			i++;
		} else if (p[i] >= 0x80 && (k = utf8_len(p + i, n - i))) {
			fwrite(p + i, 1, k, stderr);
			i += k;
		} else {
			fprintf(stderr, "\\x%02X", p[i++]);
		}
	}
}

static void vmsg(const char *file, long line, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static void vmsg(const char *file, long line, const char *fmt, va_list ap)
{
	char buf[1024];
	int n;

	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	if (file) {
		put_escaped(file, strlen(file));
		if (line > 0)
			fprintf(stderr, ":%ld", line);
		fputs(": ", stderr);
	}
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof buf) {
		/* a message that quotes a huge field: its start is enough */
		put_escaped(buf, sizeof buf - 4);
		fputs("...", stderr);
	} else {
		put_escaped(buf, (size_t)n);
	}
	fputc('\n', stderr);
}

void die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	trap(status, 0, fmt, ap);
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
	exit(status);
}

void die_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	trap(EXIT_DATA, line, fmt, ap);
	vmsg(file, line, fmt, ap);
	va_end(ap);
	exit(EXIT_DATA);
}

void die_status_at(int status, const char *file, long line,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	trap(status, line, fmt, ap);
	vmsg(file, line, fmt, ap);
	va_end(ap);
	exit(status);
}

void note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
}

void usage_error(const char *usage, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	trap(EXIT_USAGE, 0, fmt, ap);
	vmsg(NULL, 0, fmt, ap);
	va_end(ap);
	if (!usage)
		usage = rk_usage;
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
