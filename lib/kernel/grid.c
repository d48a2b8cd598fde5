/* How a scoring job is cut into folds and chunks (grid.h). */
#include "kernel/grid.h"

size_t grid_chunk_queries(const struct kernel *kern, size_t folds,
			  size_t bytes)
{
	size_t row = kern->ni / folds * (size_t)kern->type;
	size_t qb = row ? bytes / row : 264;

	return qb < GRID_MR_ALL ? GRID_MR_ALL : qb > 264 ? 264 :
		qb / GRID_MR_ALL * GRID_MR_ALL;
}

void grid_init(struct grid *g, const struct kernel *kern, size_t folds,
	       size_t qb)
{
	g->kern = kern;
	g->qf = kern->nq / folds;
	g->nif = kern->ni / folds;
	g->qb = qb;
	g->cpf = (g->qf + qb - 1) / qb;
	g->nchunks = g->cpf * folds;
}

void grid_chunk(const struct grid *g, size_t n, struct kchunk *c)
{
	size_t f = n / g->cpf, j = n % g->cpf;

	c->q0 = f * g->qf + j * g->qb;
	c->q1 = c->q0 + g->qb < (f + 1) * g->qf ? c->q0 + g->qb :
		(f + 1) * g->qf;
	c->i0 = f * g->nif;
	c->i1 = c->i0 + g->nif;
	c->passed = NULL;
	/* the fold's items among kern->ibeg .. kern->iend-1; none: an empty range
	 * at the fold's start */
	if (c->i1 > g->kern->iend)
		c->i1 = g->kern->iend;
	if (c->i0 < g->kern->ibeg)
		c->i0 = g->kern->ibeg;
	if (c->i0 >= c->i1)
		c->i0 = c->i1 = f * g->nif;
}

size_t grid_chunk_of_query(const struct grid *g, size_t q)
{
	return q / g->qf * g->cpf + q % g->qf / g->qb;
}
