/* A common line of the rank stream is one of the query being read (the
 * same id), with as many fields as the file's lines before it, one blank
 * between fields, none before the first or after the last, no other byte
 * below 0x21 but its newline, at most 57 bytes long (the newline
 * included), an item that is not '-', a grade, rank and ties of 1 to 8
 * plain digits written in 16 bytes at most, rank >= 1 and rank + ties <=
 * n, n written as rankof writes the query's n (rd->ntext), and in
 * version 2 the kind r or j (the grade is not negative). Such a line
 * passes every check of the exact path (next_record and rankreader_next's
 * loop) but the duplicate, which rankreader_next's checks of rd->items
 * make for every line alike. The line after an end line is never one:
 * the exact path takes the end line and reads on to the next data line
 * itself.
 *
 * A common line is read from masks of its bytes (fieldscan.h, SSE2): the
 * ends of its fields from one mask, the digits of grade, rank and ties
 * from another, their values a word at a time (num.h), n compared as
 * bytes; its item's hash and bytes kept with room reserved for a batch
 * of lines. Without SSE2 no line is common: the exact path takes all. */
#include <limits.h>
#include "util/err.h"
#include "util/fieldscan.h"
#include "util/num.h"
#include "util/repeats.h"
#include "stream/rankfast.h"

/* the lines a batch reserves room for */
enum { BATCH = 1024 };
/* a common line's most bytes, its newline included: mask_ends gives the
 * ends of 7 fields of any line up to 64 - 7 bytes */
enum { LINE_MAX_BYTES = 57 };

/* The text the query's n has on its lines, as rankof writes it (decimal
 * digits, no sign or leading zero), in *w, its length the result; 0 when
 * it is longer than 8 digits. */
static size_t n_text(long n, uint64_t *w)
{
	char t[8];
	size_t k = 0, i;

	*w = 0;
	if (n < 0 || n > 99999999)
		return 0;
	do {
		t[k++] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	for (i = 0; i < k; i++)
		*w |= (uint64_t)(unsigned char)t[k - 1 - i] << (8 * i);
	return k;
}

void rankfast_begin(struct rankreader *rd, const struct rquery *q,
		    int q_empty)
{
	rd->ntextlen = q_empty ? 0 : n_text(q->n, &rd->ntext);
}

#ifdef FIELDSCAN_MASKS
/* what the common lines of a query are compared with, and where they go:
 * loop-invariant */
struct common {
	const char *id, *e;	/* the query's id; the block's end */
	size_t idlen, ntextlen;
	uint64_t ntext, nmask;
	unsigned long n;
	struct repeats *items;
	long *iline;
	struct relitem *rel, *jud;
};

/* a batch of common lines: where it is, kept in locals (registers) while
 * it runs and stored back into the reader and the query when it stops */
struct cursor {
	const char *p;
	long line;
	size_t m, nj;
	/* the last relevant item's rank (0: none; ULONG_MAX: not retrieved)
	 * and grade, for the order */
	unsigned long prank;
	long pgrade;
	int unsorted;
};

/* the bits of the digits among the 16 bytes at p */
static inline uint64_t digit_mask(const char *p)
{
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
	__m128i v = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)p),
				 zero);

	/* x - '0' <= 9 unsigned: min(x - '0', 9) == x - '0' */
	return (unsigned)_mm_movemask_epi8(
		_mm_cmpeq_epi8(_mm_min_epu8(v, nine), v));
}

/* the lowest end of a mask_ends mask, taken off it */
static inline unsigned next_end(uint64_t *ends)
{
	unsigned s = (unsigned)__builtin_ctzll(*ends);

	*ends &= *ends - 1;
	return s;
}

/* The common line of nf fields at u->p taken: 1. Any other line: 0,
 * nothing changed. Room for the line reserved (make_room). Field k of
 * the line is [s[k - 1] + 1, s[k]), s[0] = -1. */
static inline __attribute__((always_inline)) int
take_line(const struct common *c, struct cursor *u, size_t nf)
{
	const char *p = u->p;
	uint64_t ends, blanks, digits;
	unsigned nl, s1, s2, s3, s4, s5, s6, last;
	unsigned long grade, rank, ties;
	struct relitem *it;

	if (p >= c->e || (nl = mask_ends(p, &ends)) >= LINE_MAX_BYTES)
		return 0;
	blanks = ends;
	s1 = next_end(&ends);
	s2 = next_end(&ends);
	s3 = next_end(&ends);
	s4 = next_end(&ends);
	s5 = next_end(&ends);
	s6 = next_end(&ends);
	last = nf == 7 ? next_end(&ends) : s6;
	/* the field count; the id; the item not empty, not '-'; grade,
	 * rank and ties of 1 to 8 bytes */
	if (last != nl || s1 != c->idlen ||
	    !same_bytes_padded(p, c->id, c->idlen) ||
	    s2 - s1 < 2 || (s2 - s1 == 2 && p[s1 + 1] == '-') ||
	    s3 - s2 - 2 >= 8 || s4 - s3 - 2 >= 8 || s5 - s4 - 2 >= 8)
		return 0;
	/* their bytes digits all, blanks apart; n's text */
	digits = digit_mask(p + s2 + 1);
	if ((~digits & ~(blanks >> (s2 + 1)) &
	     ((UINT64_C(1) << (s5 - s2 - 1)) - 1)) ||
	    s6 - s5 - 1 != c->ntextlen ||
	    ((word64_at(p + s5 + 1) ^ c->ntext) & c->nmask))
		return 0;
	grade = digits_value(p + s2 + 1, s3 - s2 - 1);
	rank = digits_value(p + s3 + 1, s4 - s3 - 1);
	ties = digits_value(p + s4 + 1, s5 - s4 - 1);
	if (rank < 1 || rank + ties > c->n ||
	    (nf == 7 && (nl - s6 != 2 ||
			 (p[s6 + 1] != 'r' && p[s6 + 1] != 'j'))))
		return 0;
	u->p = p + nl + 1;
	c->iline[c->items->n] = ++u->line;
	repeats_put(c->items, (struct slice){ p + s1 + 1, s2 - s1 - 1 });
	if (nf == 6 || p[s6 + 1] == 'r') {
		/* out of cmp_rel's order: by rank, then grade highest first */
		if (u->prank > rank || (u->prank == rank && u->pgrade < (long)grade))
			u->unsorted = 1;
		u->prank = rank;
		u->pgrade = (long)grade;
		it = &c->rel[u->m++];
		it->kind = 'r';
	} else {
		it = &c->jud[u->nj++];
		it->kind = 'j';
	}
	it->grade = (long)grade;
	it->rank = (long)rank;
	it->ties = (long)ties;
	it->line = u->line;
	return 1;
}

/* up to BATCH common lines of nf fields taken; how many */
static inline __attribute__((always_inline)) size_t
take_lines(const struct common *c, struct cursor *u, size_t nf)
{
	size_t k;

	for (k = 0; k < BATCH; k++)
		if (!take_line(c, u, nf))
			break;
	return k;
}

/* room for a batch of common lines: their items, lines and records */
static void make_room(struct rankreader *rd, struct rquery *q,
		      struct common *c)
{
	repeats_reserve(&rd->items, BATCH, BATCH * LINE_MAX_BYTES);
	xgrow((void **)&rd->iline, &rd->ilcap, rd->items.n + BATCH,
	      sizeof *rd->iline);
	xgrow((void **)&q->rel, &q->relcap, q->m + BATCH, sizeof *q->rel);
	if (rd->fields == 7)
		xgrow((void **)&q->jud, &q->jcap, q->nj + BATCH,
		      sizeof *q->jud);
	c->iline = rd->iline;
	c->rel = q->rel;
	c->jud = q->jud;
}

void rankfast_take(struct rankreader *rd, struct rquery *q, int *unsorted)
{
	struct common c;
	struct cursor u;
	size_t k;

	if (!rd->ntextlen || !rd->fields || rd->exact_only)
		return;
	c.id = q->id;
	c.e = rd->e;
	c.idlen = rd->pend_qidlen;
	c.ntext = rd->ntext;
	c.ntextlen = rd->ntextlen;
	c.nmask = ~UINT64_C(0) >> (64 - 8 * c.ntextlen);
	c.n = (unsigned long)q->n;
	c.items = &rd->items;
	u.p = rd->p;
	u.line = rd->st.lines.lineno;
	u.m = q->m;
	u.nj = q->nj;
	u.prank = 0;
	u.pgrade = 0;
	if (q->m) {
		u.prank = q->rel[q->m - 1].rank < 0 ? ULONG_MAX :
			  (unsigned long)q->rel[q->m - 1].rank;
		u.pgrade = q->rel[q->m - 1].grade;
	}
	u.unsorted = 0;
	do {
		make_room(rd, q, &c);
		k = rd->fields == 7 ? take_lines(&c, &u, 7) :
				      take_lines(&c, &u, 6);
		rd->p = u.p;
		rd->st.lines.lineno = u.line;
		q->m = u.m;
		q->nj = u.nj;
	} while (k == BATCH);
	if (u.unsorted)
		*unsorted = 1;
}
#else
void rankfast_take(struct rankreader *rd, struct rquery *q, int *unsorted)
{
	(void)rd, (void)q, (void)unsorted;
}
#endif
