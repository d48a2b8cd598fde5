/* Which way a measure improves (direction.h). */
#include <string.h>
#include "measure/direction.h"

/* the measures that do not improve upwards, by their name before '@', ':'
 * or a trec_eval cut-off's '_' digits; every other measure is a score */
static const struct {
	const char *name;
	int dir;
} table[] = {
	{ "MeanR", BETTER_LOWER },	/* the mean rank of the first hit */
	{ "MedR", BETTER_LOWER },	/* its median */
	{ "num_q", BETTER_NEITHER },	/* counts of queries and items */
	{ "num_ret", BETTER_NEITHER },
	{ "num_rel", BETTER_NEITHER },
	{ "num_rel_ret", BETTER_NEITHER },
	{ "num_nonrel_judged_ret", BETTER_NEITHER },
	{ "runid", BETTER_NEITHER },	/* the run's tag, text */
	{ "relstring", BETTER_NEITHER },
};

int measure_direction(struct slice name)
{
	size_t n = 0;
	while (n < name.n && name.p[n] != '@' && name.p[n] != ':')
		n++;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strlen(table[i].name) == n &&
		    memcmp(table[i].name, name.p, n) == 0)
			return table[i].dir;
	return BETTER_HIGHER;
}

const char *direction_word(int dir)
{
	return dir == BETTER_LOWER ? "lower" : dir == BETTER_HIGHER ? "higher" : "";
}
