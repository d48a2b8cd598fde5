/* A program's options as one table (optable.h). */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include "util/err.h"
#include "util/helpversion.h"
#include "util/num.h"
#include "util/optable.h"
#include "util/out.h"

/* -h/--help: the usage line, then each entry's lines in the table's order */
static _Noreturn void help(const struct optable *t)
{
	size_t i;

	printf("usage: %s\n", t->usage);
	for (i = 0; i < t->ndefs; i++)
		if (t->defs[i].help)
			fputs(t->defs[i].help, stdout);
	out_finish();
}

/* getopt_long's table (zero ended) and short letters (":" first: a
 * missing argument told apart from an unknown option) */
static struct option *getopt_table(const struct optable *t, char **shorts)
{
	struct option *lo = xcalloc(t->ndefs + 1, sizeof *lo);
	char *s = xmalloc(2 * t->ndefs + 2);
	size_t i, n = 0, ns = 0;

	s[ns++] = ':';
	for (i = 0; i < t->ndefs; i++) {
		const struct optdef *d = &t->defs[i];
		if (!d->name)
			continue;
		lo[n++] = (struct option){ d->name, d->arg ? required_argument :
					   no_argument, 0, d->key };
		if (d->key < 256 && isalnum(d->key)) {
			s[ns++] = (char)d->key;
			if (d->arg)
				s[ns++] = ':';
		}
	}
	s[ns] = '\0';
	*shorts = s;
	return lo;
}

int optable_parse(const struct optable *t, int argc, char **argv)
{
	char *shorts;
	struct option *lo;
	int c;

	set_progname(argv[0]);
	prog_usage = t->usage;
	opterr = 0;
	lo = getopt_table(t, &shorts);
	while ((c = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
		if (c == OPT_HELP)
			help(t);
		if (c == OPT_VERSION)
			show_version(t->name);
		if (c == '?' || c == ':' || !t->take(t->ctx, c, optarg))
			opt_error(argv, c);
	}
	free(lo);
	free(shorts);
	return optind;
}

int jobs_arg(const char *arg)
{
	return (int)arg_long("-j", arg, 1, 256);
}
