/* libFuzzer: the number parser. An accepted number must be the value
 * strtod gives for the same text (the parser is correctly rounded), and
 * finite unless the text spells an infinity. */
#include <math.h>
#include "fuzz.h"
#include "util/num.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct slice s = { (const char *)data, size };
	double v;
	long l;
	char *text;

	if (parse_double(s, &v) == NUM_OK) {
		text = xstrndup((const char *)data, size);
		if (strlen(text) != size)
			abort();	/* a NUL byte was accepted */
		double w = strtod(text, NULL);
		if (!(v == w && signbit(v) == signbit(w)))
			abort();
		if (isinf(v) && !strchr(text, 'i') && !strchr(text, 'I'))
			abort();
		free(text);
	}
	if (parse_long(s, &l) == NUM_OK) {
		text = xstrndup((const char *)data, size);
		if (strtol(text, NULL, 10) != l)
			abort();
		free(text);
	}
	return 0;
}
