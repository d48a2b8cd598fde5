/* Whether two paths name one file. */
#include <string.h>
#include <sys/stat.h>
#include "util/samefile.h"

int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return 1;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
		sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
