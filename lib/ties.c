#include <string.h>
#include "ties.h"

const char *const tiemode_name[NTIEMODES] = {
	"optimistic", "pessimistic", "expected"
};

int tiemode_parse(const char *s)
{
	int i;
	for (i = 0; i < NTIEMODES; i++)
		if (strcmp(s, tiemode_name[i]) == 0)
			return i;
	return -1;
}
