/* trec_eval's way of reading its two input files (treceval): a field is a
 * run of bytes that C's isspace() does not call blank (so CR, VT and FF
 * separate fields as space and tab do), and numbers are read as atol()
 * and atof() read them: the number at the start of the field, the rest
 * ignored. The files themselves are read whole, once, and mapped: a pipe
 * is copied to a file under TMPDIR first, so that it is read as a regular
 * file is (its pages given back as they are done with); a stretch of
 * either may be copied by read(2) instead (trecfile_copy). */
#ifndef RK_TRECFIELDS_H
#define RK_TRECFIELDS_H
#include <stddef.h>
#include <stdint.h>
#include "util/fieldscan.h"
#include "util/slice.h"

/* the class of a byte: TF_FIELD, TF_BLANK (isspace but newline), TF_NL,
 * TF_NUL */
enum { TF_FIELD, TF_BLANK, TF_NL, TF_NUL };
extern const unsigned char trec_class[256];

/* the field that starts at p, found again from a place a table keeps:
 * it ends at the first byte that is not a field's (the line's next
 * field or newline comes before the file's end) */
static inline struct slice trec_field_at(const char *p)
{
	struct slice s = { p, 0 };

	while (trec_class[(unsigned char)p[s.n]] == TF_FIELD)
		s.n++;
	return s;
}

/* the field after field f of its line, the blanks between skipped */
static inline struct slice trec_field_after(struct slice f)
{
	const char *p = f.p + f.n;

	while (trec_class[(unsigned char)*p] == TF_BLANK)
		p++;
	return trec_field_at(p);
}

/* A file read whole: mapped when it is a regular file, copied to an
 * unlinked file under TMPDIR and mapped otherwise ("-" is stdin), read
 * into memory when that copy cannot be made. A UTF-8 byte-order mark at its start is left out. Dies
 * with status (trec_eval's 2) naming the file when it cannot be read. */
struct trecfile {
	const char *path;
	const char *p;		/* its bytes, n of them */
	size_t n;
	void *map;		/* the mapping, or NULL */
	size_t maplen;
	char *buf;		/* or the bytes read */
	size_t fast;		/* a line starting before byte fast ends
				 * with a newline that 63 more bytes follow
				 * (trec_line reads 64 bytes at once) */
	int fd;			/* the mapped file, open for trecfile_copy
				 * (-1: none, the bytes in memory) */
	size_t skip;		/* the file's bytes before p's first (a
				 * byte-order mark) */
};
void trecfile_read(struct trecfile *f, const char *path, int status);
/* bytes [from, to) of a mapped file will not be read for a while: their
 * whole pages leave the process's memory (the file keeps them), so that
 * a run read stretch by stretch occupies about one stretch */
void trecfile_done(const struct trecfile *f, size_t from, size_t to);
/* bytes [from, to) of a mapped file will be read soon: their pages are
 * mapped in one call (MADV_POPULATE_READ, Linux 5.14; advice, nothing
 * where the system lacks it) rather than a fault per 64 KiB */
void trecfile_ahead(const struct trecfile *f, size_t from, size_t to);
void trecfile_free(struct trecfile *f);
/* bytes [from, from + n) of a mapped file copied into buf by read(2), not
 * through its mapping: on a virtual machine, a page of a mapping first
 * read costs a trap (1.6 us a 4 KiB page, measured), a copy by the system
 * does not. 0 (nothing read) when the file is not open or the read
 * fails: the caller reads the mapping. */
int trecfile_copy(const struct trecfile *f, char *buf, size_t from, size_t n);
/* the number of the line at byte off, for messages (counted then) */
long trecfile_lineno(const struct trecfile *f, size_t off);

/* The line starting at *p (before end): splits at most max fields into
 * f and returns how many there are in all (with more than max, the rest
 * counted but not kept); *p moves past the line's newline, *lineno counts
 * it. A NUL byte in the line dies naming file and line (status). A line
 * starting before fast (the file's, or end when unknown) is split from
 * masks of its first 64 bytes where mask_fields can (trec_line, inline:
 * the readers' loops) or eight bytes at a time (fieldscan.h), the others
 * a byte at a time (trec_line_bytes). */
size_t trec_line_bytes(const char **p, const char *end, const char *fast,
		       struct slice *f, size_t max, const char *file,
		       long *lineno, int status);

static inline size_t trec_line(const char **pp, const char *end,
			       const char *fast, struct slice *f, size_t max,
			       const char *file, long *lineno, int status)
{
#ifdef FIELDSCAN_MASKS
	if (*pp < fast) {
		size_t k = mask_fields(pp, f, max);
		if (k != (size_t)-1) {
			++*lineno;
			return k;
		}
	}
#endif
	return trec_line_bytes(pp, end, fast, f, max, file, lineno, status);
}

/* atol(): optional sign and the digits that follow it, 0 when there are
 * none, LONG_MAX or LONG_MIN when they overflow (glibc's strtol) */
long trec_atol(struct slice s);
/* atof(): the longest prefix that strtod() reads as a number, 0 if none */
double trec_atof(struct slice s);
/* Fields that trec_eval reads silently otherwise than they are written
 * (atof reads a score '0,87' as 0, atol a grade '1.5' as 1): treceval
 * keeps trec_eval's bytes on stdout and says so on stderr, one note per
 * kind of field, with the first such field (trec_lax_notes, at the end) */
enum { LAX_SCORE, LAX_GRADE, LAX_KINDS };
/* a run's score as trec_atof reads it, kept for the note when strtod
 * does not read it whole */
double trec_score(struct slice s);
/* the same without the note's state (for a thread of its own): *lax set
 * when strtod does not read it whole, else left */
double trec_score_lax(struct slice s, int *lax);
/* 1 when a grade is [+-]digits (atol() reads it whole) */
int trec_plain_grade(struct slice s);
/* a grade that is not kept for the note */
void trec_lax_grade(struct slice s);
/* the notes of the kinds seen: a score in the run, a grade in the qrels */
void trec_lax_notes(const char *qrels, const char *run);
/* [-]digits.digits of at most 15 digits, the form of almost every score:
 * its digits as an integer *m (below 2^53, so exact as a double), *fr of
 * them after the point (1 to 15), *neg its sign; 0 for any other form.
 * atof() reads it as m / 10^fr correctly rounded, which trec_atof
 * computes as (double)m / trec_pow10[fr] (one rounding of exact
 * operands). Scores that all have fr digits after the point order and tie
 * as their signed m do: the rounding is monotone, and two of them are
 * never within a double's spacing of each other (m below 10^15). */
int trec_decimal(struct slice s, uint64_t *m, unsigned *fr, int *neg);
extern const double trec_pow10[16];	/* 10^0 .. 10^15, exact */
/* the double atof() reads from trec_decimal's m, fr and sign */
static inline double trec_decimal_value(uint64_t m, unsigned fr, int neg)
{
	double v = (double)m / trec_pow10[fr];

	return neg ? -v : v;
}

#endif
