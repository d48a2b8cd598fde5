/* Count measures (counts.h): the same in every tie mode, since a tie
 * moves no item in or out of the candidates. */
#include <math.h>
#include "measure/counts.h"

double count_query(const struct mcall *c)
{
	(void)c;
	return 1;
}

double count_retrieved(const struct mcall *c)
{
	return (double)c->q->n;
}

double count_relevant(const struct mcall *c)
{
	return (double)c->q->m;
}

double count_relevant_retrieved(const struct mcall *c)
{
	return (double)c->q->nret;
}

double count_none(const struct mcall *c)
{
	(void)c;
	return NAN;
}
