/* A program's options as one table: each entry an option's long name,
 * short letter, argument and lines of --help, in the order --help gives
 * them. getopt_long's table and short letters are made from it, -h/--help
 * and --version answered, every other option handed to the program's
 * function; usage errors exit 2 with the usage line (err.h). */
#ifndef RK_OPTABLE_H
#define RK_OPTABLE_H
#include <stddef.h>

/* keys: a short letter is its own key (its long name's too), and -h is
 * always --help; long-only options take numbers: from OPT_VERSION to
 * OPT_OWN - 1 for entries that several programs share (as
 * measure/commonopts.h's), from OPT_OWN up for a program's own */
enum { OPT_HELP = 'h', OPT_VERSION = 256, OPT_OWN = 1000 };

struct optdef {
	const char *name;	/* long name without the dashes; NULL: the
				   entry is help text only */
	int key;
	int arg;		/* 1: the option takes an argument */
	const char *help;	/* its lines of --help; NULL where another
				   entry's lines say it */
};

struct optable {
	const char *name;	/* for --version */
	const char *usage;	/* the usage line, as the SYNOPSIS */
	const struct optdef *defs;
	size_t ndefs;
	/* takes one option (arg NULL without argument): 1, or 0 when key
	 * is none of the program's (a usage error) */
	int (*take)(void *ctx, int key, const char *arg);
	void *ctx;
};

/* -j, --jobs N: worker threads, one entry and one parser for every
 * program that has it (the default and its cap are the program's:
 * pool_default_jobs) */
#define OPTDEF_JOBS(help) { "jobs", 'j', 1, help }
/* -j's value: an integer from 1 to 256, or a usage error */
int jobs_arg(const char *arg);

/* Sets the program name and usage line (err.h), then takes argv's options
 * in their order: -h/--help writes "usage: USAGE" and every entry's help,
 * --version "NAME (rankkit) VERSION", both exit 0; an unknown option or a
 * missing argument exits 2. Returns the index of the first operand. */
int optable_parse(const struct optable *t, int argc, char **argv);

#endif
