/* Errors, exits and checked allocation: the OpenBSD err(3) discipline with
 * rankkit's message format "prog: file:line: what". */
#ifndef RK_ERR_H
#define RK_ERR_H
#include <stdarg.h>
#include <stddef.h>

extern const char *progname;
/* the usage line of the running program, for usage errors raised in lib/ */
extern const char *prog_usage;

/* exit statuses of every rankkit program */
enum { EXIT_DATA = 1, EXIT_USAGE = 2 };

void set_progname(const char *argv0);
/* "prog: what" then exit(status) */
_Noreturn void die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "prog: file:line: what" then exit(EXIT_DATA); line 0 omits ":line" */
_Noreturn void die_at(const char *file, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* the text die_at(file, 0, ...) would write, newline included, *len
 * bytes in a string to free: for a message that must be written later
 * where stdio cannot be used (a signal handler) */
char *err_format(size_t *len, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* the same with another exit status (treceval keeps trec_eval's) */
_Noreturn void die_status_at(int status, const char *file, long line,
			     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* "prog: what" on stderr, carry on */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Text the user asked for on stderr (--explain): control bytes escaped as
 * in the messages (util/escape.h) but its newlines kept, and every write
 * checked: one that fails ends the run (exit 1). tell_note is note() for
 * such text, a one-line "prog: what" checked the same way. */
void tell(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tell_bytes(const char *p, size_t n);
void tell_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "prog: what" then the usage line, exit(EXIT_USAGE) */
_Noreturn void usage_error(const char *usage, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* the message for getopt's '?' or ':' return (see opt_error in err.c):
 * programs pass an optstring starting with ':' and set opterr = 0 */
_Noreturn void opt_error(char **argv, int c);

/* A worker thread that must not exit sets err_trap: die(), die_at() and
 * usage_error() then store the error and longjmp to trap->jb instead of
 * exiting; the thread that owns the output reports it in input order (and
 * a fuzzing harness carries on with the next input). */
#include <setjmp.h>
struct errtrap {
	jmp_buf jb;
	const char *file;	/* as given to die_at, NULL for die */
	long line;		/* as given to die_at, 0 for die */
	int status;
	char msg[512];		/* what is wrong, without "prog: file:line: " */
};
extern _Thread_local struct errtrap *err_trap;
/* the error a trap caught raised again, on this thread: into its own
 * trap, or its message and exit (a worker's error in its turn) */
_Noreturn void err_raise(const struct errtrap *e);

/* A reader that checks some of its lines later than it reads them (the
 * duplicate items of a query, all at once at its end) sets err_first
 * while such lines wait: die(), die_at() and usage_error() call fn(ctx)
 * first, once (cleared before the call), so that the error of an earlier
 * line, which fn dies with, comes before the error of a later one. The
 * thread's own; err_first(NULL, NULL) clears it. */
void err_first(void (*fn)(void *ctx), void *ctx);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* grows *p (of *cap elements of size) so that it holds at least need */
void xgrow(void **p, size_t *cap, size_t need, size_t size);
char *xstrndup(const char *s, size_t n);

#endif
