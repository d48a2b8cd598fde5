/* Chunks of whole queries for the workers. Under the lock a worker reads
 * the next chunk: a block of lines cut at the last change of query id, the
 * rest carried to the next chunk (a query longer than the block grows it:
 * memory stays bounded by the largest query). Then, without the lock, it
 * ranks the chunk into its own output buffer. Errors in a worker are
 * trapped (err.h) and reported by the calling thread in input order. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/err.h"
#include "util/num.h"
#include "util/out.h"
#include "rank/scorerank.h"
#include "stream/stream.h"
#include "util/strmap.h"

/* bytes read for a chunk; RANKKIT_CHUNK (64 and up) sets it, so that the
 * tests can cut small inputs into many chunks */
enum { BLOCK = 1 << 20, MIN_BLOCK = 64 };
enum { C_FREE, C_BUSY, C_DONE };
enum { EV_HEADER, EV_END, EV_DATA_AFTER, EV_QUERY, EV_ERROR };

struct event {
	int kind;
	long line;		/* within the chunk, from 1 */
	struct slice q;		/* EV_QUERY: the id, inside the chunk */
};

struct chunk {
	char *buf;
	size_t cap, len;
	long seq, nlines;
	int state;
	struct membuf out;	/* the chunk's rank-stream lines */
	struct event *ev;
	size_t nev, evcap;
	struct errtrap err;	/* EV_ERROR's message and status */
};

struct shared {
	pthread_mutex_t mu;
	pthread_cond_t cv_free, cv_done;
	struct chunk *ch;
	long nch;
	int fd;
	const char *path;
	char *carry;
	size_t ncarry, carrycap;
	long next_seq;
	int eof, rerr;
	struct ranker *main;	/* configuration for the workers' rankers */
	size_t block;
};

/* byte classes of the line scanner: field bytes, blanks, the newline */
static const unsigned char cls[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 2, ['\0'] = 3
};

/* scan_line's count for a line holding a NUL byte */
#define NUL_LINE ((size_t)-1)

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
static void fill_chunk(struct shared *S, struct chunk *c)
{
	c->len = 0;
	if (S->ncarry) {
		if (S->ncarry + S->block > c->cap)
			xgrow((void **)&c->buf, &c->cap, S->ncarry + S->block, 1);
		memcpy(c->buf, S->carry, S->ncarry);
		c->len = S->ncarry;
		S->ncarry = 0;
	}
	for (;;) {
		while (c->len < c->cap - 1 && !S->eof) {
			ssize_t r = read(S->fd, c->buf + c->len,
					 c->cap - 1 - c->len);
			if (r > 0)
				c->len += (size_t)r;
			else if (r == 0)
				S->eof = 1;
			else if (errno != EINTR) {
				S->rerr = errno;
				S->eof = 1;
			}
		}
		if (S->eof)
			return;
		long cut = cut_point(c->buf, c->len);
		if (cut > 0) {
			S->ncarry = c->len - (size_t)cut;
			if (S->ncarry > S->carrycap)
				xgrow((void **)&S->carry, &S->carrycap, S->ncarry, 1);
			memcpy(S->carry, c->buf + cut, S->ncarry);
			c->len = (size_t)cut;
			return;
		}
		/* one query (or one line) fills the chunk: make room */
		xgrow((void **)&c->buf, &c->cap, c->cap * 2, 1);
	}
}

static void push(struct chunk *c, int kind, long line, struct slice q)
{
	if (c->nev + 1 > c->evcap)
		xgrow((void **)&c->ev, &c->evcap, c->nev + 1, sizeof *c->ev);
	c->ev[c->nev].kind = kind;
	c->ev[c->nev].line = line;
	c->ev[c->nev].q = q;
	c->nev++;
}


/* Splits the line at p into at most max fields and returns their count,
 * or max + 1 when more follow (the rest is not split); *end gets the
 * line's newline. The chunk ends with a newline as sentinel, so the scan
 * needs no bounds checks and finds the line's end on the way (counted by
 * callgrind: half the instructions of memchr then split_fields). A '\r'
 * before the newline is not part of the line. */
static size_t scan_line(const char *p, struct slice *f, size_t max,
			const char **end)
{
	const unsigned char *u = (const unsigned char *)p, *s;
	size_t k = 0;

	for (;;) {
		while (cls[*u] == 1)
			u++;
		if (*u == '\n')
			break;
		if (*u == '\0') {	/* binary data, not a line of text */
			while (*u != '\n')
				u++;
			*end = (const char *)u;
			return NUL_LINE;
		}
		if (k == max) {
			while (*u != '\n')
				u++;
			*end = (const char *)u;
			return k + 1;
		}
		s = u;
		while (!cls[*u])
			u++;
		f[k].p = (const char *)s;
		f[k].n = (size_t)(u - s);
		k++;
	}
	if (k && f[k - 1].p + f[k - 1].n == (const char *)u &&
	    u[-1] == '\r' && --f[k - 1].n == 0)
		k--;
	*end = (const char *)u;
	return k;
}

/* ranks the lines of c with W into c->out; c->nlines counts them */
static void rank_lines(struct shared *S, struct ranker *W, struct chunk *c)
{
	static const struct slice none = { NULL, 0 };
	const char *p = c->buf, *e = c->buf + c->len, *le;
	struct slice f[6];
	long line = 0;
	int marker = 0;

	c->buf[c->len] = '\n';	/* the sentinel: fill_chunk left room */
	while (p < e) {
		c->nlines = ++line;
		if (*p == '#') {
			le = memchr(p, '\n', (size_t)(e - p) + 1);
			struct slice ln = { p, (size_t)(le - p) };
			if (ln.p[ln.n - 1] == '\r')
				ln.n--;
			if (stream_is_header(ln, HDR_SCORE))
				push(c, EV_HEADER, line, none), marker = 1;
			else if (stream_is_end(ln))
				push(c, EV_END, line, none), marker = 1;
			else
				stream_check_kind(ln, HDR_SCORE, S->path, line);
			p = le + 1;
			continue;
		}
		/* while the query id repeats it is compared, not scanned
		 * (an id holds no newline: a match stays inside the line) */
		size_t nf, qn = W->q.n;
		const char *ls = p;
		int same = 0;
		if (W->active && (size_t)(e - p) > qn && cls[(unsigned char)p[qn]] == 1 &&
		    memcmp(p, W->q.p, qn) == 0) {
			f[0].p = p;
			f[0].n = qn;
			same = 1;
			nf = scan_line(p + qn, f + 1, 4, &le);
			nf = nf == NUL_LINE ? NUL_LINE : nf + 1;
		} else {
			nf = scan_line(p, f, 5, &le);
		}
		p = le + 1;
		if (nf == 0)
			continue;
		if (nf == NUL_LINE)
			die_at(S->path, line, "a NUL byte in the line (binary data?)");
		if (marker) {
			push(c, EV_DATA_AFTER, line, none);
			marker = 0;
		}
		struct slice item, sc;
		if (nf == 3)
			item = f[1], sc = f[2];
		else if (nf == 6)
			item = f[2], sc = f[4];
		else {
			struct slice ln = { ls, (size_t)(le - ls) };
			if (ln.n && ln.p[ln.n - 1] == '\r')
				ln.n--;
			die_at(S->path, line,
			       "expected 3 fields (query item score) or 6 or more (TREC run), found %zu",
			       split_fields(ln, f, 5));
		}
		double v;
		int st = parse_double(sc, &v);
		if (st != NUM_OK)
			field_double(S->path, line, nf == 3 ? 3 : 5, sc);
		if (!same && (!W->active || !slice_eq(f[0], W->q))) {
			push(c, EV_QUERY, line, f[0]);
			ranker_begin(W, f[0], S->path, line);
		}
		ranker_take(W, item, hash_bytes(item.p, item.n), v, S->path,
			    line);
	}
	ranker_end_query(W);
}

/* the same, a failure ending the chunk with an EV_ERROR event */
static void rank_chunk(struct shared *S, struct ranker *W, struct chunk *c)
{
	static const struct slice none = { NULL, 0 };

	c->nev = 0;
	c->nlines = 0;
	c->out.n = 0;
	W->active = 0;
	out_capture(&c->out);
	rk_trap = &c->err;
	if (setjmp(c->err.jb) == 0) {
		rank_lines(S, W, c);
	} else {
		push(c, EV_ERROR, c->err.line, none);
		W->active = 0;
	}
	rk_trap = NULL;
	out_capture(NULL);
}

static void *worker(void *arg)
{
	struct shared *S = arg;
	struct ranker W;

	ranker_init(&W, S->main->rel, S->main->brk, 0);
	pthread_mutex_lock(&S->mu);
	for (;;) {
		struct chunk *c = NULL;
		/* the slot of the next chunk, once the caller has freed it
		 * (another worker may take it first: look again) */
		while (!S->eof &&
		       (c = &S->ch[S->next_seq % S->nch])->state != C_FREE)
			pthread_cond_wait(&S->cv_free, &S->mu);
		if (S->eof)
			break;
		c->seq = S->next_seq++;
		c->state = C_BUSY;
		fill_chunk(S, c);
		pthread_mutex_unlock(&S->mu);
		rank_chunk(S, &W, c);
		pthread_mutex_lock(&S->mu);
		c->state = C_DONE;
		pthread_cond_broadcast(&S->cv_done);
	}
	S->main->unjudged += W.unjudged;
	S->main->unlabeled += W.unlabeled;
	S->main->written += W.written;
	S->main->none_retrieved += W.none_retrieved;
	pthread_cond_broadcast(&S->cv_done);
	pthread_mutex_unlock(&S->mu);
	ranker_free(&W);
	return NULL;
}

/* the checks that need the whole input before the chunk, then its lines */
static void take_chunk(struct ranker *K, struct chunk *c, const char *path,
		       long base, struct parts *P)
{
	size_t i;

	for (i = 0; i < c->nev; i++) {
		const struct event *ev = &c->ev[i];
		long ln = base + ev->line;
		switch (ev->kind) {
		case EV_HEADER:
			parts_header(P, ln);
			break;
		case EV_END:
			parts_end(P);
			break;
		case EV_DATA_AFTER:
			parts_data(P, path, ln);
			break;
		case EV_QUERY:
			if (!idset_add(&K->seen, ev->q))
				die_at(path, ln,
				       "query '%.*s' reappears after another query began (sort -b -s -k1,1 first)",
				       (int)ev->q.n, ev->q.p);
			break;
		default:
			if (ev->line == 0)
				die(c->err.status, "%s", c->err.msg);
			die_at(path, ln, "%s", c->err.msg);
		}
	}
	out_bytes(c->out.p, c->out.n);
}

/* The first bytes of the input into the carry, less a UTF-8 byte-order
 * mark: it is never part of the first query id. The end of the file or
 * an error is left for fill_chunk's next read to find again. */
static void skip_bom(struct shared *S)
{
	S->carrycap = 3;
	S->carry = xmalloc(S->carrycap);
	while (S->ncarry < 3) {
		ssize_t r = read(S->fd, S->carry + S->ncarry, 3 - S->ncarry);
		if (r > 0)
			S->ncarry += (size_t)r;
		else if (r == 0 || errno != EINTR)
			break;
	}
	if (S->ncarry == 3 && memcmp(S->carry, "\xEF\xBB\xBF", 3) == 0)
		S->ncarry = 0;
}

void scorerank_run(struct ranker *K, const char *path, int nthreads)
{
	struct shared S;
	pthread_t *tid;
	long seq, base = 0, i;
	int t;
	struct parts P = { 0, 0 };

	memset(&S, 0, sizeof S);
	S.path = path;
	S.block = BLOCK;
	const char *env = getenv("RANKKIT_CHUNK");
	if (env && atol(env) >= MIN_BLOCK)
		S.block = (size_t)atol(env);
	S.main = K;
	if (strcmp(path, "-") == 0)
		S.fd = 0;
	else if ((S.fd = open(path, O_RDONLY)) < 0)
		die_at(path, 0, "%s", strerror(errno));
	skip_bom(&S);
	if (nthreads < 1)
		nthreads = 1;
	S.nch = 2 * nthreads + 1;
	S.ch = xcalloc((size_t)S.nch, sizeof *S.ch);
	for (i = 0; i < S.nch; i++) {
		S.ch[i].cap = S.block;
		S.ch[i].buf = xmalloc(S.block);
	}
	pthread_mutex_init(&S.mu, NULL);
	pthread_cond_init(&S.cv_free, NULL);
	pthread_cond_init(&S.cv_done, NULL);
	tid = xmalloc((size_t)nthreads * sizeof *tid);
	for (t = 0; t < nthreads; t++)
		if (pthread_create(&tid[t], NULL, worker, &S) != 0)
			die(EXIT_DATA, "cannot start a thread");

	for (seq = 0;; seq++) {
		struct chunk *c = &S.ch[seq % S.nch];
		pthread_mutex_lock(&S.mu);
		while (!(c->state == C_DONE && c->seq == seq) &&
		       !(S.eof && seq >= S.next_seq))
			pthread_cond_wait(&S.cv_done, &S.mu);
		int done = !(c->state == C_DONE && c->seq == seq);
		pthread_mutex_unlock(&S.mu);
		if (done)
			break;
		take_chunk(K, c, path, base, &P);
		base += c->nlines;
		pthread_mutex_lock(&S.mu);
		c->state = C_FREE;
		pthread_cond_broadcast(&S.cv_free);
		pthread_mutex_unlock(&S.mu);
	}
	for (t = 0; t < nthreads; t++)
		pthread_join(tid[t], NULL);
	if (S.rerr)
		die_at(path, 0, "%s", strerror(S.rerr));
	parts_finish(&P, path, base);
	if (S.fd > 0)
		close(S.fd);
	for (i = 0; i < S.nch; i++) {
		free(S.ch[i].buf);
		free(S.ch[i].out.p);
		free(S.ch[i].ev);
	}
	free(S.ch);
	free(S.carry);
	free(tid);
	pthread_mutex_destroy(&S.mu);
	pthread_cond_destroy(&S.cv_free);
	pthread_cond_destroy(&S.cv_done);
}
