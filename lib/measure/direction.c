/* Which way a measure improves (direction.h): its record's (measures.c). */
#include "measure/direction.h"
#include "measure/measures.h"

int measure_direction(struct slice name)
{
	const struct mdef *m = measure_find(name);
	return m ? m->dir : BETTER_HIGHER;
}

const char *direction_word(int dir)
{
	return dir == BETTER_LOWER ? "lower" : dir == BETTER_HIGHER ? "higher" : "";
}
