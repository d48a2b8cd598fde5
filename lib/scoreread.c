/* Parallel reading of score streams. A block holds whole lines; worker
 * threads take turns reading the next block (under the lock: reads stay
 * sequential and the partial last line carries to the next block), then
 * parse their block without the lock. The caller consumes blocks strictly
 * in sequence, so records, line numbers and errors come in input order. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "num.h"
#include "scoreread.h"
#include "stream.h"
#include "strmap.h"

enum { BLOCK = 256 * 1024 };
enum { R_DATA, R_HEADER, R_END, R_ERROR };
enum { B_FREE, B_BUSY, B_DONE };

struct prec {
	struct slice q, item;
	double score;
	uint64_t hash;
	long line;		/* within the block, from 1 */
	int kind;
};

struct block {
	char *buf;
	size_t cap, len;
	struct prec *rec;
	size_t nrec, reccap;
	long nlines;
	long seq;
	int state;
	char err[320];
};

struct reader {
	pthread_mutex_t mu;
	pthread_cond_t cv_free, cv_done;
	struct block *blk;
	long nblk;
	int fd;
	const char *name;
	char *carry;
	size_t ncarry, carrycap;
	long next_seq;		/* seq of the next block to read */
	int eof;
	int rerr;		/* errno of a failed read */
};

/* reads the next block's lines into b (lock held) */
static void fill_block(struct reader *R, struct block *b)
{
	b->len = 0;
	if (R->ncarry) {
		xgrow((void **)&b->buf, &b->cap, R->ncarry + BLOCK, 1);
		memcpy(b->buf, R->carry, R->ncarry);
		b->len = R->ncarry;
		R->ncarry = 0;
	}
	for (;;) {
		while (b->len < b->cap && !R->eof) {
			ssize_t r = read(R->fd, b->buf + b->len, b->cap - b->len);
			if (r > 0)
				b->len += (size_t)r;
			else if (r == 0)
				R->eof = 1;
			else if (errno != EINTR) {
				R->rerr = errno;
				R->eof = 1;
			}
		}
		if (R->eof)
			return;
		char *nl = b->buf + b->len;
		while (nl > b->buf && nl[-1] != '\n')
			nl--;
		if (nl > b->buf) {
			size_t keep = (size_t)(nl - b->buf);
			R->ncarry = b->len - keep;
			xgrow((void **)&R->carry, &R->carrycap, R->ncarry, 1);
			memcpy(R->carry, nl, R->ncarry);
			b->len = keep;
			return;
		}
		/* one line longer than the block: make room and read on */
		xgrow((void **)&b->buf, &b->cap, b->cap * 2, 1);
	}
}

static struct prec *push_rec(struct block *b, int kind, long line)
{
	xgrow((void **)&b->rec, &b->reccap, b->nrec + 1, sizeof *b->rec);
	struct prec *r = &b->rec[b->nrec++];
	r->kind = kind;
	r->line = line;
	return r;
}

static void parse_block(struct block *b)
{
	const char *p = b->buf, *e = b->buf + b->len;
	struct slice f[6];
	long line = 0;

	b->nrec = 0;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		struct slice ln = { p, (size_t)((nl ? nl : e) - p) };
		p = nl ? nl + 1 : e;
		line++;
		if (ln.n && ln.p[ln.n - 1] == '\r')
			ln.n--;
		if (ln.n && ln.p[0] == '#') {
			if (stream_is_header(ln, HDR_SCORE))
				push_rec(b, R_HEADER, line);
			else if (stream_is_end(ln))
				push_rec(b, R_END, line);
			continue;
		}
		/* the tag and anything after it are never looked at */
		size_t nf = split_prefix(ln, f, 5);
		if (nf == 0)
			continue;
		struct slice item, sc;
		if (nf == 3)
			item = f[1], sc = f[2];
		else if (nf == 6)
			item = f[2], sc = f[4];
		else {
			push_rec(b, R_ERROR, line);
			snprintf(b->err, sizeof b->err,
				 "expected 3 fields (query item score) or 6 or more (TREC run), found %zu",
				 split_fields(ln, f, 5));
			break;
		}
		struct prec *r = push_rec(b, R_DATA, line);
		int st = parse_double(sc, &r->score);
		if (st != NUM_OK) {
			r->kind = R_ERROR;
			num_error_msg(b->err, sizeof b->err, nf == 3 ? 3 : 5,
				      sc, st);
			break;
		}
		r->q = f[0];
		r->item = item;
		r->hash = hash_bytes(item.p, item.n);
	}
	b->nlines = line;
}

static void *worker(void *arg)
{
	struct reader *R = arg;

	pthread_mutex_lock(&R->mu);
	for (;;) {
		struct block *b;
		/* the slot of the next block to read, once the consumer has
		 * freed it (another worker may take it first: look again) */
		while (!R->eof &&
		       (b = &R->blk[R->next_seq % R->nblk])->state != B_FREE)
			pthread_cond_wait(&R->cv_free, &R->mu);
		if (R->eof)
			break;
		b->seq = R->next_seq++;
		b->state = B_BUSY;
		fill_block(R, b);
		pthread_mutex_unlock(&R->mu);
		parse_block(b);
		pthread_mutex_lock(&R->mu);
		b->state = B_DONE;
		pthread_cond_broadcast(&R->cv_done);
	}
	pthread_cond_broadcast(&R->cv_done);
	pthread_mutex_unlock(&R->mu);
	return NULL;
}

void scoreread(const char *path, int nthreads, scorerec_fn fn, void *ctx)
{
	struct reader R;
	pthread_t *tid;
	long seq, base = 0, i;
	int t, has_header = 0, ended = 0;

	memset(&R, 0, sizeof R);
	R.name = path;
	if (strcmp(path, "-") == 0)
		R.fd = 0;
	else if ((R.fd = open(path, O_RDONLY)) < 0)
		die_at(path, 0, "%s", strerror(errno));
	if (nthreads < 1)
		nthreads = 1;
	R.nblk = 2 * nthreads + 2;
	R.blk = xcalloc((size_t)R.nblk, sizeof *R.blk);
	for (i = 0; i < R.nblk; i++) {
		R.blk[i].cap = BLOCK;
		R.blk[i].buf = xmalloc(BLOCK);
	}
	pthread_mutex_init(&R.mu, NULL);
	pthread_cond_init(&R.cv_free, NULL);
	pthread_cond_init(&R.cv_done, NULL);
	tid = xmalloc((size_t)nthreads * sizeof *tid);
	for (t = 0; t < nthreads; t++)
		if (pthread_create(&tid[t], NULL, worker, &R) != 0)
			die(EXIT_DATA, "cannot start a thread");

	for (seq = 0;; seq++) {
		struct block *b = &R.blk[seq % R.nblk];
		pthread_mutex_lock(&R.mu);
		while (!(b->state == B_DONE && b->seq == seq) &&
		       !(R.eof && seq >= R.next_seq))
			pthread_cond_wait(&R.cv_done, &R.mu);
		int done = !(b->state == B_DONE && b->seq == seq);
		pthread_mutex_unlock(&R.mu);
		if (done)
			break;
		for (i = 0; i < (long)b->nrec; i++) {
			const struct prec *r = &b->rec[i];
			long ln = base + r->line;
			switch (r->kind) {
			case R_HEADER:
				/* first, or starting a concatenated part */
				if (ln == 1 || ended) {
					has_header = 1;
					ended = 0;
				}
				break;
			case R_END:
				ended |= has_header;
				break;
			case R_ERROR:
				die_at(path, ln, "%s", b->err);
			default:
				if (ended)
					die_at(path, ln, "data after the '# end' line");
				struct scorerec out = { r->q, r->item, r->score,
							r->hash, ln };
				fn(&out, path, ctx);
			}
		}
		base += b->nlines;
		pthread_mutex_lock(&R.mu);
		b->state = B_FREE;
		pthread_cond_broadcast(&R.cv_free);
		pthread_mutex_unlock(&R.mu);
	}
	for (t = 0; t < nthreads; t++)
		pthread_join(tid[t], NULL);
	if (R.rerr)
		die_at(path, 0, "%s", strerror(R.rerr));
	if (has_header && !ended)
		die_at(path, base,
		       "stream ends without its '# end' line (the program upstream failed)");
	if (R.fd > 0)
		close(R.fd);
	for (i = 0; i < R.nblk; i++) {
		free(R.blk[i].buf);
		free(R.blk[i].rec);
	}
	free(R.blk);
	free(R.carry);
	free(tid);
	pthread_mutex_destroy(&R.mu);
	pthread_cond_destroy(&R.cv_free);
	pthread_cond_destroy(&R.cv_done);
}
