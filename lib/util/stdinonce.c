/* Standard input named once (see stdinonce.h). */
#include <string.h>
#include "util/err.h"
#include "util/stdinonce.h"

const char stdin_once_message[] = "standard input ('-') can be read once";

size_t stdin_uses(const char *const *names, size_t n)
{
	size_t uses = 0, i;

	for (i = 0; i < n; i++)
		uses += names[i] && strcmp(names[i], "-") == 0;
	return uses;
}

void stdin_once(size_t uses)
{
	if (uses > 1)
		usage_error(NULL, "%s", stdin_once_message);
}
