/* The options the measure programs (hitrate, mapr, ndcg) and cmc share:
 * -T, --empty, --judged-only, --folds, --group-by, --group-mean,
 * --partial, -f, -p, --explain, --quiet, --names, --format, -h
 * and --version. Each is an entry of a program's option table
 * (util/optable.h), placed where the program's --help has it; its help
 * line is written here once, with the words a program gives where the
 * option means something of its own (what --explain shows, the namings and
 * formats it has). commonopts_parse takes them and checks their values,
 * with the same errors in every program, and hands the program the rest. */
#ifndef RK_COMMONOPTS_H
#define RK_COMMONOPTS_H
#include <stddef.h>
#include "util/optable.h"
#include "stream/measurerecord.h"	/* enum format: --format */

/* --empty: what a query without relevant items counts as */
enum empty_policy { EMPTY_MISS, EMPTY_SKIP, EMPTY_ERROR };

/* the keys of the long-only ones (optable.h's range for lib/) */
enum { CO_EMPTY = OPT_VERSION + 1, CO_FOLDS, CO_EXPLAIN, CO_QUIET,
       CO_NAMES, CO_FORMAT, CO_PARTIAL, CO_JUDGED_ONLY, CO_GROUP_BY,
       CO_GROUP_MEAN };

/* the entries, for a program's table; WHAT ends in a newline and may run
 * on over more lines indented to the help column */
#define CO_OPT_TIES { "ties", 'T', 1, \
	"  -T, --ties MODE         expected (default), optimistic or pessimistic\n" }
#define CO_OPT_EMPTY { "empty", CO_EMPTY, 1, \
	"      --empty POLICY      queries without relevant items: miss (default), skip, error\n" }
#define CO_OPT_JUDGED_ONLY { "judged-only", CO_JUDGED_ONLY, 0, \
	"      --judged-only       the unjudged items leave each ranking (trec_eval -J;\n" \
	"                          needs rankof --judged)\n" }
#define CO_OPT_FOLDS { "folds", CO_FOLDS, 1, \
	"      --folds N           N equal consecutive folds of queries; all = their mean\n" }
#define CO_OPT_GROUP_BY(what) { "group-by", CO_GROUP_BY, 1, \
	"      --group-by FILE     " what \
	"                          (measure stream version 2)\n" }
#define CO_OPT_GROUP_MEAN(what) { "group-mean", CO_GROUP_MEAN, 1, \
	"      --group-mean MEAN   " what }
#define CO_OPT_PARTIAL { "partial", CO_PARTIAL, 0, \
	"      --partial           some parts of a run only (rankof --shard, --part): noted\n" }
#define CO_OPT_FRACTIONS { "fractions", 'f', 0, \
	"  -f, --fractions         fractions instead of percent\n" }
#define CO_OPT_PRECISION { "precision", 'p', 1, \
	"  -p, --precision N       decimals (default 2, or 4 with -f)\n" }
#define CO_OPT_EXPLAIN(what) { "explain", CO_EXPLAIN, 1, \
	"      --explain QUERY     " what }
#define CO_OPT_QUIET { "quiet", CO_QUIET, 0, \
	"      --quiet             no notes on the standard error (errors stay)\n" }
#define CO_OPT_NAMES(what) { "names", CO_NAMES, 1, \
	"      --names NAMING      " what }
#define CO_OPT_FORMAT(what) { "format", CO_FORMAT, 1, \
	"      --format FORMAT     " what }
#define CO_OPT_HELP { "help", OPT_HELP, 0, \
	"  -h, --help              this help\n" }
#define CO_OPT_VERSION { "version", OPT_VERSION, 0, \
	"      --version           version\n" }

/* their values */
struct commonopts {
	int mode;		/* -T, enum tiemode */
	int empty;		/* --empty, enum empty_policy */
	long folds;		/* --folds, 0: none */
	int fractions;		/* -f; set by --names trec and irm too */
	int decimals;		/* -p, or its default */
	const char **explain;	/* --explain: query ids, or "all" */
	size_t nexplain;
	int quiet;		/* --quiet: no notes (errors stay) */
	int partial;		/* --partial: a subset of a run's parts */
	int judged_only;	/* --judged-only: condensed lists (condense.h) */
	int names;		/* --names, enum names (trecnames.h) */
	int format;		/* --format, enum format */
	const char *group_by;	/* --group-by FILE, NULL: none */
	int group_micro;	/* --group-mean micro: all over the queries */
	int group_mean_given;
};

/* Parses argv with the program's table t: o gets the defaults, then the
 * shared options given; t->take gets the program's own. no_trec is NULL,
 * or the usage error that --names trec gets from a program that has no
 * trec_eval names. Then trec_eval's names bring its fractions, and -p's
 * default follows -f; --group-by is refused with --folds, --names trec
 * and "-" (standard input is the rank stream's), --group-mean without
 * it. Returns the index of the first operand; exits as
 * optable_parse does, and with a usage error when the operands (rank
 * streams) name standard input twice. */
int commonopts_parse(struct commonopts *o, const struct optable *t,
		     const char *no_trec, int argc, char **argv);

#endif
