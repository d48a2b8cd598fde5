/* Chunks of whole queries for the workers of the pool (pool.h). Under the
 * pool's lock a worker reads the next chunk: a block of lines cut at the
 * last change of query id, the rest carried to the next chunk (a query
 * longer than the block grows it: memory stays bounded by the largest
 * query). Then, without the lock, it ranks the chunk into the chunk's own
 * output buffer. Errors in a worker are trapped (err.h) and reported by
 * the calling thread in input order. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/err.h"
#include "util/fieldscan.h"
#include "util/lines.h"
#include "util/num.h"
#include "util/out.h"
#include "util/pool.h"
#include "rank/scorerank.h"
#include "rank/scoreids.h"
#include "stream/stream.h"
#include "util/strmap.h"

/* bytes read for a chunk; RANKKIT_CHUNK (64 and up) sets it, so that the
 * tests can cut small inputs into many chunks */
enum { BLOCK = 1 << 20, MIN_BLOCK = 64 };
/* the room a chunk keeps after its bytes: the newline that ends the last
 * line as a sentinel (scan_fields), and 63 more for scan_fields_mask's
 * reads of a line's first 64 bytes (and parse_double_padded's 24 after a
 * score) */
enum { PAD = 64 };
enum { EV_HEADER, EV_END, EV_DATA_AFTER, EV_QUERY, EV_ERROR };

/* What the calling thread checks in input order. A chunk of short lines
 * has about one event per line, in each of the pool's slots, so an event
 * is small: the kind is in q when q.p is NULL (an EV_QUERY's id is never
 * there), and where each query's text begins is kept only for --shard. */
struct event {
	struct slice q;		/* EV_QUERY: the id, inside the chunk; else
				 * p NULL and n the kind */
	long line;		/* within the chunk, from 1 */
};

static int ev_kind(const struct event *ev)
{
	return ev->q.p ? EV_QUERY : (int)ev->q.n;
}

/* --shard: where an EV_QUERY's lines and explanation begin in out and ex */
struct evpos {
	size_t off, exoff;
};

struct chunk {
	char *buf;
	size_t cap, len;
	long nlines;
	struct membuf out;	/* the chunk's rank-stream lines */
	struct membuf ex;	/* --explain: the text for the standard error */
	struct event *ev;
	size_t nev, evcap;
	struct evpos *pos;	/* --shard: per event */
	size_t poscap;
	struct errtrap err;	/* EV_ERROR's message and status */
	struct slice tag;	/* the run's tag on the chunk's last TREC line */
	/* the chunk's header lines of rankkit(7) (facts.h), inside it, and
	 * their lines within the chunk: taken in input order on the calling
	 * thread (ranker_fact) */
	struct factref {
		struct slice ln;
		long line;
	} *fact;
	size_t nfact, factcap;
};

/* the job the pool's threads share: the input, read in chunks */
struct scorejob {
	struct chunk *ch;	/* per slot of the pool */
	int fd;
	const char *path;
	char *carry;
	size_t ncarry, carrycap;
	int eof, rerr;
	struct ranker *out;	/* the calling thread's: queries seen */
	struct ranker *rk;	/* per worker */
	size_t block;
	long base;		/* lines before the chunk handed back next */
	struct parts parts;	/* header and end lines seen so far */
	int part_begun;		/* a query began since the file or header */
};

/* the byte classes of the line scanner (fieldscan.h) */
#define cls field_cls

/* the first field of the line [p, e), empty for a comment or blank line */
static struct slice first_field(const char *p, const char *e)
{
	struct slice s = { p, 0 };
	while (p < e && cls[(unsigned char)*p] == 1)
		p++;
	if (p == e || *p == '#' || *p == '\r') {
		s.p = p;
		return s;
	}
	s.p = p;
	while (p < e && !cls[(unsigned char)*p] && *p != '\r')
		p++;
	s.n = (size_t)(p - s.p);
	return s;
}

/* The first data line that starts at or after the start of the line
 * holding x, before end (which follows a newline); end if none. */
static const char *data_line(const char *buf, const char *end,
			     const char *x, struct slice *q)
{
	while (x > buf && x[-1] != '\n')
		x--;
	while (x < end) {
		const char *le = memchr(x, '\n', (size_t)(end - x));
		*q = first_field(x, le);
		if (q->n)
			return x;
		x = le + 1;
	}
	return end;
}

/* Where the complete lines of buf[0, len) may be cut: before a data line
 * whose query id differs from the previous data line's, the last such
 * place found by bisection between the first data line (another query
 * than the last one) and the last. Any change of query is a good cut:
 * the reader checks reappearing queries across chunks anyway. This runs
 * under the lock, so it must not read the whole last query (a linear
 * scan back does, when the first and the last query agree).
 * 0: the complete lines are all one query; -1: no complete line. */
static long cut_point(const char *buf, size_t len)
{
	const char *end = buf + len, *lo, *hi, *x, *ls, *le;
	struct slice run, q, prev;
	long cut;

	while (end > buf && end[-1] != '\n')
		end--;
	if (end == buf)
		return -1;
	/* the last data line: its query is the run to cut before */
	for (le = end - 1, hi = NULL; !hi; le = ls - 1) {
		ls = le;
		while (ls > buf && ls[-1] != '\n')
			ls--;
		run = first_field(ls, le);
		if (run.n)
			hi = ls;
		else if (ls == buf)
			return end - buf;	/* no data line: cut anywhere */
	}
	lo = data_line(buf, end, buf, &q);
	if (!slice_eq(q, run)) {
		while (hi - lo > 4096) {
			x = data_line(buf, end, lo + (hi - lo) / 2, &q);
			if (x == lo || x == hi)
				break;
			if (slice_eq(q, run))
				hi = x;
			else
				lo = x;
		}
		/* the change between lo (another query) and hi (the run) */
		for (x = data_line(buf, end, lo, &prev);;) {
			x = data_line(buf, end, (const char *)memchr(x, '\n', (size_t)(end - x)) + 1, &q);
			if (!slice_eq(q, prev) && slice_eq(q, run))
				return x - buf;
			prev = q;
		}
	}
	/* the first and last queries agree: scan back line by line */
	cut = end - buf;
	le = end - 1;
	for (prev.p = NULL;;) {
		ls = le;
		while (ls > buf && ls[-1] != '\n')
			ls--;
		q = first_field(ls, le);
		if (q.n) {
			if (prev.p && !slice_eq(q, prev))
				return cut;
			prev = q;
		}
		cut = ls - buf;
		if (ls == buf)
			return 0;
		le = ls - 1;
	}
}

/* reads the next chunk into c (lock held) */
static void fill_chunk(struct scorejob *sh, struct chunk *c)
{
	c->len = 0;
	if (sh->ncarry) {
		/* the carry is the start of one query: room for half a block
		 * more keeps the chunk at its size (growing it to twice the
		 * block here doubles every chunk, and their events, for good) */
		if (sh->ncarry + sh->block / 2 + PAD > c->cap)
			xgrow((void **)&c->buf, &c->cap,
			      sh->ncarry + sh->block + PAD, 1);
		memcpy(c->buf, sh->carry, sh->ncarry);
		c->len = sh->ncarry;
		sh->ncarry = 0;
	}
	for (;;) {
		while (c->len < c->cap - PAD && !sh->eof) {
			ssize_t r = read(sh->fd, c->buf + c->len,
					 c->cap - PAD - c->len);
			if (r > 0)
				c->len += (size_t)r;
			else if (r == 0)
				sh->eof = 1;
			else if (errno != EINTR) {
				sh->rerr = errno;
				sh->eof = 1;
			}
		}
		if (sh->eof)
			return;
		long cut = cut_point(c->buf, c->len);
		if (cut > 0) {
			sh->ncarry = c->len - (size_t)cut;
			if (sh->ncarry > sh->carrycap)
				xgrow((void **)&sh->carry, &sh->carrycap, sh->ncarry, 1);
			memcpy(sh->carry, c->buf + cut, sh->ncarry);
			c->len = (size_t)cut;
			return;
		}
		/* one query (or one line) fills the chunk: make room */
		xgrow((void **)&c->buf, &c->cap, c->cap * 2, 1);
	}
}

/* an event; q is EV_QUERY's id, ignored for the other kinds */
static void push(struct chunk *c, int kind, long line, struct slice q)
{
	if (c->nev + 1 > c->evcap)
		xgrow((void **)&c->ev, &c->evcap, c->nev + 1, sizeof *c->ev);
	if (kind != EV_QUERY) {
		q.p = NULL;
		q.n = (size_t)kind;
	}
	c->ev[c->nev].q = q;
	c->ev[c->nev].line = line;
	c->nev++;
}

static void keep_fact(struct chunk *c, struct slice ln, long line)
{
	xgrow((void **)&c->fact, &c->factcap, c->nfact + 1, sizeof *c->fact);
	c->fact[c->nfact++] = (struct factref){ ln, line };
}

/* the '#' line at *p (the chunk ends at e): a header or end line becomes
 * its event (then 1: a marker), another kind's header is an error; *p
 * moves past the line */
static int comment_line(struct scorejob *sh, struct chunk *c, const char **p,
			const char *e, long line)
{
	static const struct slice none = { NULL, 0 };
	const char *le = memchr(*p, '\n', (size_t)(e - *p) + 1);
	struct slice ln = { *p, (size_t)(le - *p) };
	int marker = 0;
	enum ids_from ids;

	if (ln.p[ln.n - 1] == '\r')
		ln.n--;
	if (stream_is_header(ln, HDR_SCORE))
		push(c, EV_HEADER, line, none), marker = 1;
	else if (stream_is_end(ln))
		push(c, EV_END, line, none), marker = 1;
	else if ((ids = stream_ids_line(ln)) != IDS_UNSAID) {
		scoreids_check(sh->out, ids, sh->path, line);
		sh->out->two_id_spaces |= ids == IDS_ROWS_TWO_FILES;
	} else if (scoreids_is_fact(ln))
		keep_fact(c, ln, line);
	else
		stream_check_kind(ln, HDR_SCORE, sh->path, line);
	*p = le + 1;
	return marker;
}

/* the error of the line [ls, le) whose count of fields is wrong, after
 * the duplicate check of the query's lines before it */
static _Noreturn void bad_fields(struct scorejob *sh, struct ranker *rk,
				 const char *ls, const char *le, long line)
{
	struct slice ln = { ls, (size_t)(le - ls) }, f[6];
	size_t nf;

	if (ln.n && ln.p[ln.n - 1] == '\r')
		ln.n--;
	nf = split_fields(ln, f, 5);
	ranker_check(rk);
	die_at(sh->path, line,
	       "expected 3 fields (query item score) or 6 or more (TREC run), found %zu%s",
	       nf, nf == 4 && slice_eqs(f[1], "0") ?
	       " (qrels? they go to -r, the scores come last)" :
	       comma_hint(f, nf));
}

/* ranks the lines of c with rk into c->out; c->nlines counts them. Not
 * inlined into rank_chunk: its locals stay out of the frame that setjmp
 * saves, so that no longjmp can clobber them. */
static __attribute__((noinline)) void rank_lines(struct scorejob *sh,
						 struct ranker *rk,
						 struct chunk *c)
{
	static const struct slice none = { NULL, 0 };
	const char *p = c->buf, *e = c->buf + c->len, *le;
	struct slice f[6];
	const char *after_score = NULL;	/* on the last TREC line */
	long line = 0;
	int marker = 0;

	/* the sentinel, and defined bytes for scan_fields_mask's reads past
	 * it: fill_chunk left room */
	memset(c->buf + c->len, '\n', PAD);
	while (p < e) {
		c->nlines = ++line;
		if (*p == '#') {
			ranker_check(rk);	/* its errors come first */
			marker |= comment_line(sh, c, &p, e, line);
			continue;
		}
		/* a short plain line split from its masks; any other by
		 * bytes, its query id compared, not scanned, while it repeats
		 * (an id holds no newline: a match stays inside the line) */
		size_t qn = rk->q.n, nf = scan_fields_mask(p, f, 5, &le);
		const char *ls = p;
		int same = 0;
		if (nf == FIELDS_OTHER) {
			if (rk->active && (size_t)(e - p) > qn &&
			    cls[(unsigned char)p[qn]] == 1 &&
			    memcmp(p, rk->q.p, qn) == 0) {
				f[0].p = p;
				f[0].n = qn;
				same = 1;
				nf = scan_fields(p + qn, f + 1, 4, &le);
				nf = nf == FIELDS_NUL ? FIELDS_NUL : nf + 1;
			} else {
				nf = scan_fields(p, f, 5, &le);
			}
		}
		p = le + 1;
		if (nf == 0)
			continue;
		if (nf == FIELDS_NUL) {
			ranker_check(rk);
			die_at(sh->path, line, "a NUL byte in the line (%s)",
			       binary_hint(ls, (size_t)(le - ls)));
		}
		if (marker) {
			push(c, EV_DATA_AFTER, line, none);
			marker = 0;
		}
		struct slice item, sc;
		if (nf == 3)
			item = f[1], sc = f[2];
		else if (nf == 6)
			item = f[2], sc = f[4], after_score = sc.p + sc.n;
		else
			bad_fields(sh, rk, ls, le, line);
		double v;
		int st = parse_double_padded(sc, &v);
		if (st != NUM_OK) {
			ranker_check(rk);	/* a duplicate before comes first */
			field_double(sh->path, line, nf == 3 ? 3 : 5, sc);
		}
		if (!same && (!rk->active || !slice_eq(f[0], rk->q))) {
			ranker_end_query(rk);	/* its errors come first */
			push(c, EV_QUERY, line, f[0]);
			ranker_begin(rk, f[0], sh->path, line);
			if (sh->out->nshards > 1 || sh->out->ex) {
				if (c->nev > c->poscap)
					xgrow((void **)&c->pos, &c->poscap,
					      c->nev, sizeof *c->pos);
				c->pos[c->nev - 1].off = c->out.n;
				c->pos[c->nev - 1].exoff = c->ex.n;
			}
		}
		ranker_take(rk, item, hash_bytes(item.p, item.n), v, sh->path,
			    line);
	}
	ranker_end_query(rk);
	if (after_score)
		scan_fields(after_score, &c->tag, 1, &le);
}

/* the same, a failure ending the chunk with an EV_ERROR event; with one
 * thread the calling thread's own trap, if any, is back afterwards */
static void rank_chunk(struct scorejob *sh, struct ranker *rk, struct chunk *c)
{
	static const struct slice none = { NULL, 0 };
	struct errtrap *outer = err_trap;

	c->nev = 0;
	c->nfact = 0;
	c->nlines = 0;
	c->out.n = 0;
	c->tag.n = 0;
	c->ex.n = 0;
	if (rk->ex)
		rk->ex->to = &c->ex;
	rk->active = 0;
	out_capture(&c->out);
	err_trap = &c->err;
	if (setjmp(c->err.jb) == 0) {
		rank_lines(sh, rk, c);
	} else {
		push(c, EV_ERROR, c->err.line, none);
		rk->active = 0;
	}
	err_trap = outer;
	out_capture(NULL);
}

/* the pool's three steps: read a chunk, rank it, check and write it */
static int take_chunk(void *arg, const struct pool_task *t)
{
	struct scorejob *sh = arg;

	if (sh->eof)
		return 0;
	fill_chunk(sh, &sh->ch[t->slot]);
	return 1;
}

static void work_chunk(void *arg, const struct pool_task *t)
{
	struct scorejob *sh = arg;

	rank_chunk(sh, &sh->rk[t->worker], &sh->ch[t->slot]);
}

/* --explain: the text of the chunk's queries from byte a to b */
static void write_explain(const struct chunk *c, size_t a, size_t b)
{
	if (b <= a)
		return;
	out_flush();	/* the lines before it first: 2>&1 keeps the order */
	tell_bytes(c->ex.p + a, b - a);
}

/* the chunk's lines, only those of the queries of the shard (--shard),
 * each query's explanation first (a chunk can hold several queries) */
static void write_shard(struct ranker *out, const struct chunk *c)
{
	size_t i, j, a, b;

	if (out->nshards == 1 && !out->ex) {
		write_explain(c, 0, c->ex.n);
		out_bytes(c->out.p, c->out.n);
		return;
	}
	for (i = 0; i < c->nev; i++) {
		if (ev_kind(&c->ev[i]) != EV_QUERY)
			continue;
		for (j = i + 1; j < c->nev && ev_kind(&c->ev[j]) != EV_QUERY; j++)
			;
		if (out->position++ % out->nshards != out->shard)
			continue;
		write_explain(c, c->pos[i].exoff,
			      j < c->nev ? c->pos[j].exoff : c->ex.n);
		/* out.p is NULL until a chunk has lines */
		a = c->pos[i].off;
		b = j < c->nev ? c->pos[j].off : c->out.n;
		if (b > a)
			out_bytes(c->out.p + a, b - a);
	}
}

/* the checks that need the whole input before the chunk, then its lines */
static void give_chunk(void *arg, const struct pool_task *t)
{
	struct scorejob *sh = arg;
	const struct chunk *c = &sh->ch[t->slot];
	const char *path = sh->path;
	size_t i;

	for (i = 0; i < c->nev; i++) {
		const struct event *ev = &c->ev[i];
		long ln = sh->base + ev->line;
		switch (ev_kind(ev)) {
		case EV_HEADER:
			parts_header(&sh->parts, ln);
			sh->part_begun = 0;
			break;
		case EV_END:
			parts_end(&sh->parts);
			break;
		case EV_DATA_AFTER:
			parts_data(&sh->parts, path, ln);
			break;
		case EV_QUERY:
			stream_query_begins(&sh->out->seen, ev->q, path, ln,
					    !sh->part_begun);
			sh->part_begun = 1;
			break;
		default:
			if (ev->line == 0)
				die(c->err.status, "%s", c->err.msg);
			die_at(path, ln, "%s", c->err.msg);
		}
	}
	for (i = 0; i < c->nfact; i++)
		ranker_fact(sh->out, c->fact[i].ln, path,
			    sh->base + c->fact[i].line);
	write_shard(sh->out, c);
	sh->base += c->nlines;
	if (c->tag.n)
		ranker_set_run(sh->out, c->tag);
}

/* The first bytes of the input into the carry, less a UTF-8 byte-order
 * mark: it is never part of the first query id. The end of the file or
 * an error is left for fill_chunk's next read to find again. */
static void skip_bom(struct scorejob *sh)
{
	sh->carrycap = 3;
	sh->carry = xmalloc(sh->carrycap);
	while (sh->ncarry < 3) {
		ssize_t r = read(sh->fd, sh->carry + sh->ncarry, 3 - sh->ncarry);
		if (r > 0)
			sh->ncarry += (size_t)r;
		else if (r == 0 || errno != EINTR)
			break;
	}
	if (sh->ncarry == 3 && memcmp(sh->carry, "\xEF\xBB\xBF", 3) == 0)
		sh->ncarry = 0;
}

void scorerank_run(struct ranker *out, const char *path, int nthreads)
{
	struct scorejob sh = { .path = path, .block = BLOCK, .out = out };
	struct pool_job job = { take_chunk, work_chunk, give_chunk, &sh };
	const char *env = getenv("RANKKIT_CHUNK");
	int i, nslots = pool_nslots(nthreads), nworkers;

	if (env && atol(env) >= MIN_BLOCK)
		sh.block = (size_t)atol(env);
	if (strcmp(path, "-") == 0)
		sh.fd = 0;
	else if ((sh.fd = open(path, O_RDONLY)) < 0)
		die_at(path, 0, "%s", strerror(errno));
	skip_bom(&sh);
	nworkers = nthreads < 1 ? 1 : nthreads;
	sh.rk = xcalloc((size_t)nworkers, sizeof *sh.rk);
	for (i = 0; i < nworkers; i++) {
		ranker_init(&sh.rk[i], out->rel, out->brk, 0);
		ranker_inherit(&sh.rk[i], out);
		if (out->ex)
			ranker_explain(&sh.rk[i], out->ex->names,
				       out->ex->nnames);
	}
	sh.ch = xcalloc((size_t)nslots, sizeof *sh.ch);
	for (i = 0; i < nslots; i++) {
		sh.ch[i].cap = sh.block + PAD;
		sh.ch[i].buf = xmalloc(sh.ch[i].cap);
	}
	pool_run(&job, nthreads);
	if (sh.rerr)
		die_at(path, 0, "%s", strerror(sh.rerr));
	parts_finish(&sh.parts, path, sh.base);
	/* not a line: an empty file, or a failed step upstream that wrote
	 * nothing (a stream with no scores still has its header) */
	if (sh.base == 0 && !out->allow_empty)
		die_at(path, 0, "empty input: no scores (did the program upstream "
		       "fail? an empty partition of a reducer: --allow-empty)");
	if (sh.fd > 0)
		close(sh.fd);
	for (i = 0; i < nworkers; i++) {
		out->unjudged += sh.rk[i].unjudged;
		out->unlabeled += sh.rk[i].unlabeled;
		out->written += sh.rk[i].written;
		out->selfhits += sh.rk[i].selfhits;
		out->none_retrieved += sh.rk[i].none_retrieved;
		ranker_free(&sh.rk[i]);
	}
	for (i = 0; i < nslots; i++) {
		free(sh.ch[i].buf);
		free(sh.ch[i].out.p);
		free(sh.ch[i].ex.p);
		free(sh.ch[i].ev);
		free(sh.ch[i].fact);
		free(sh.ch[i].pos);
	}
	free(sh.ch);
	free(sh.rk);
	free(sh.carry);
}
