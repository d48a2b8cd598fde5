/* The options the measure programs and cmc share (commonopts.h). */
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/stdinonce.h"
#include "measure/commonopts.h"
#include "measure/ties.h"
#include "measure/trecnames.h"

/* what the shared options' function needs: the values, the program */
struct taking {
	struct commonopts *o;
	const struct optable *t;
	const char *no_trec;
};

/* --group-mean's choices, in the order of its values (0: macro) */
static const char *const group_means[] = { "macro", "micro", NULL };

/* --group-by against the other options: a file of its own, and rows
 * that neither folds nor trec_eval's three columns have room for */
static void check_groups(const struct commonopts *o, const char *usage)
{
	if (o->group_mean_given && !o->group_by)
		usage_error(usage, "--group-mean: the mean of what groups? "
			    "(--group-by FILE)");
	if (!o->group_by)
		return;
	if (strcmp(o->group_by, "-") == 0)
		usage_error(usage, "--group-by: a file, not the standard input "
			    "(the rank stream's)");
	if (o->folds)
		usage_error(usage, "--group-by and --folds: all would be the "
			    "mean of the folds or of the groups; give one");
	if (o->names == NAMES_TREC)
		usage_error(usage, "--group-by: trec_eval's layout has no group "
			    "rows (--names rankkit or irm)");
}

/* a shared option; 0 if key is not one of them */
static int take_common(struct taking *x, int key, const char *arg)
{
	static const char *const empties[] = { "miss", "skip", "error", NULL };
	static const char *const namings[] = { "rankkit", "trec", "irm",
						 NULL };
	static const char *const formats[] = { "stream", "table", "jsonl",
						 "csv", NULL };
	struct commonopts *o = x->o;
	const char *usage = x->t->usage;

	switch (key) {
	case 'T':
		o->mode = parse_choice("-T", arg, tiemode_name, usage);
		return 1;
	case CO_EMPTY:
		o->empty = parse_choice("--empty", arg, empties, usage);
		return 1;
	case CO_FOLDS:
		o->folds = arg_long("--folds", arg, 1, 1000000000L);
		return 1;
	case 'f':
		o->fractions = 1;
		return 1;
	case 'p':
		o->decimals = (int)arg_long("-p", arg, 0, 17);
		return 1;
	case CO_EXPLAIN:
		o->explain = xrealloc(o->explain,
				      (o->nexplain + 1) * sizeof *o->explain);
		o->explain[o->nexplain++] = arg;
		return 1;
	case CO_QUIET:
		o->quiet = 1;
		return 1;
	case CO_PARTIAL:
		o->partial = 1;
		return 1;
	case CO_JUDGED_ONLY:
		o->judged_only = 1;
		return 1;
	case CO_NAMES:
		o->names = parse_choice("--names", arg, namings, usage);
		if (o->names == NAMES_TREC && x->no_trec)
			usage_error(usage, "%s", x->no_trec);
		if (o->names == NAMES_IRM && x->no_trec)
			usage_error(usage, "--names irm: %s writes no measure "
				    "of ir_measures (hitrate, mapr and ndcg do)",
				    x->t->name);
		return 1;
	case CO_FORMAT:
		o->format = parse_choice("--format", arg, formats, usage);
		return 1;
	case CO_GROUP_BY:
		o->group_by = arg;
		return 1;
	case CO_GROUP_MEAN:
		o->group_micro = parse_choice("--group-mean", arg, group_means,
					      usage);
		o->group_mean_given = 1;
		return 1;
	}
	return 0;
}

static int take(void *ctx, int key, const char *arg)
{
	struct taking *x = ctx;

	return take_common(x, key, arg) || x->t->take(x->t->ctx, key, arg);
}

int commonopts_parse(struct commonopts *o, const struct optable *t,
		     const char *no_trec, int argc, char **argv)
{
	struct taking x = { o, t, no_trec };
	struct optable all = *t;
	int first;

	*o = (struct commonopts){ .mode = TIE_EXP, .empty = EMPTY_MISS,
				  .decimals = -1, .names = NAMES_RANKKIT,
				  .format = FORMAT_STREAM };
	all.take = take;
	all.ctx = &x;
	first = optable_parse(&all, argc, argv);
	stdin_once(stdin_uses((const char *const *)argv + first,
			      (size_t)(argc - first)));
	/* trec_eval and ir_measures print fractions */
	if (o->names == NAMES_TREC || o->names == NAMES_IRM)
		o->fractions = 1;
	if (o->decimals < 0)
		o->decimals = o->fractions ? 4 : 2;
	check_groups(o, t->usage);
	return first;
}
