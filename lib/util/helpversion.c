/* -h/--help and --version: see helpversion.h */
#include <stdio.h>
#include "util/helpversion.h"
#include "util/out.h"

_Noreturn void show_help(const char *usage, const char *help)
{
	printf("usage: %s\n%s", usage, help);
	out_finish();
}

_Noreturn void show_version(const char *name)
{
	printf("%s (rankkit) %s\n", name, RK_VERSION);
	out_finish();
}
