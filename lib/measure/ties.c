#include <stddef.h>
#include "measure/ties.h"

const char *const tiemode_name[NTIEMODES + 1] = {
	"optimistic", "pessimistic", "expected", NULL
};
