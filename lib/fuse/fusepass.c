/* The runs side by side, a query at a time. Each run has read the first
 * line of its next query ahead; the query fused next is the one every
 * run holds next, or, when they differ (a query missing from some run),
 * the first of them in byte order: the order of LC_ALL=C sort -b -s
 * -k1,1, so that sorted runs always fuse. A query that a run holds after
 * it was fused (lines apart, or runs in orders that disagree) is an
 * error, never a second fusion of it. */
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/idset.h"
#include "util/out.h"
#include "fuse/fusepass.h"

static const char order_hint[] =
	"every run must hold each query's lines together and list the "
	"queries in one order: LC_ALL=C sort -b -s -k1,1 each run";

/* the query fused next (inside a run's buffer), or n 0 at the end; a
 * query fused before dies */
static struct slice next_query(const struct fuser *f,
			       const struct idset *done)
{
	struct slice q = { NULL, 0 };
	size_t r;

	for (r = 0; r < f->nruns; r++) {
		const struct runread *rr = &f->runs[r];
		if (!rr->more)
			continue;
		if (idset_has(done, rr->next))
			die_at(rr->path, rr->next_line,
			       "query '%.*s' again after other queries: %s",
			       (int)rr->next.n, rr->next.p, order_hint);
		if (!q.p || slice_cmp(rr->next, q) < 0)
			q = rr->next;
	}
	return q;
}

void fusepass_run(struct fuser *f, const char *const *paths,
		  int require_all)
{
	struct idset done;
	unsigned char *has = xcalloc(f->nruns, 1);
	long *lacks = xcalloc(f->nruns, sizeof *lacks), nq = 0;
	char *qbuf = NULL;
	size_t qcap = 0, r, k;

	f->runs = xcalloc(f->nruns, sizeof *f->runs);
	for (r = 0; r < f->nruns; r++) {
		runread_open(&f->runs[r], paths[r]);
		if (!f->runs[r].st.seen_any)
			die_at(paths[r], 0, "empty input: no scores (did the "
			       "program upstream fail?)");
	}
	idset_init(&done);
	fuser_init(f);
	if (!f->trec && !f->keep)
		stream_write_header(HDR_SCORE);
	for (;;) {
		struct slice q = next_query(f, &done);
		if (!q.p)
			break;
		/* the id outlives the runs' reading ahead */
		xgrow((void **)&qbuf, &qcap, q.n + 1, 1);
		memcpy(qbuf, q.p, q.n);
		q.p = qbuf;
		for (r = 0; r < f->nruns; r++)
			has[r] = f->runs[r].more && slice_eq(f->runs[r].next, q);
		for (r = 0; r < f->nruns && require_all; r++) {
			if (has[r])
				continue;
			for (k = 0; !has[k]; k++)
				;
			die_at(paths[r], 0, "lacks query '%.*s' of %s "
			       "(--require-all)", (int)q.n, q.p, paths[k]);
		}
		for (r = 0; r < f->nruns; r++) {
			if (has[r])
				runread_take(&f->runs[r]);
			else
				lacks[r]++;
		}
		fuser_query(f, q, has);
		idset_add(&done, q);
		nq++;
	}
	if (!f->trec && !f->keep)
		stream_write_end();
	out_flush();
	for (r = 0; r < f->nruns; r++) {
		if (lacks[r])
			note("%s: lacks %ld of the %ld queries: they fuse "
			     "from the other runs", paths[r], lacks[r], nq);
		runread_close(&f->runs[r]);
	}
	for (k = 0; k < f->nexplain; k++)
		if (!f->explained[k])
			tell_note("--explain %s: the input has no such query",
				  f->explain[k]);
	fuser_free(f);
	idset_free(&done);
	free(f->runs);
	free(has);
	free(lacks);
	free(qbuf);
}
