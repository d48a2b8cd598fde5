/* trec_eval's names, order and row layout (trecnames.h), from trec_eval
 * 10.0's table of measures (measures.c) and its print functions
 * (meas_print_single.c, meas_print_final.c). */
#include <stdio.h>
#include <string.h>
#include "util/num.h"
#include "util/out.h"
#include "measure/trecnames.h"

/* trec_eval's measures of all_trec in the order it prints them, whatever
 * the order of its -m options */
static const char *const trec_order[] = {
	"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map",
	"gm_map", "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P",
	"relstring", "recall", "infAP", "gm_bpref", "Rprec_mult", "utility",
	"11pt_avg", "binG", "G", "ndcg", "ndcg_rel", "Rndcg", "ndcg_cut",
	"map_cut", "relative_P", "success", "set_P", "set_relative_P",
	"set_recall", "set_map", "set_F", "num_nonrel_judged_ret",
};

int trec_rank(const char *trec)
{
	int n = (int)(sizeof trec_order / sizeof trec_order[0]), i;

	for (i = 0; trec && i < n; i++)
		if (strcmp(trec_order[i], trec) == 0)
			return i;
	return n;
}

void trec_column_name(char *buf, size_t size, const struct mdef *def, long K)
{
	if (def->cutoff)
		snprintf(buf, size, "%s_%ld", def->trec, K);
	else
		snprintf(buf, size, "%s", def->trec);
}

const struct mdef *trec_find(const struct mdef *defs, size_t n,
			     const char *name, long *K)
{
	const char *us = strrchr(name, '_');
	size_t i, stem = us ? (size_t)(us - name) : 0;
	struct slice digits = { us ? us + 1 : "", us ? strlen(us + 1) : 0 };

	*K = 0;
	for (i = 0; i < n; i++)
		if (defs[i].trec && strcmp(defs[i].trec, name) == 0)
			return &defs[i];
	if (!us || !digits.n || strspn(digits.p, "0123456789") != digits.n ||
	    parse_long(digits, K) != NUM_OK || *K < 1)
		return NULL;
	for (i = 0; i < n; i++)
		if (defs[i].cutoff && defs[i].trec &&
		    strlen(defs[i].trec) == stem &&
		    strncmp(defs[i].trec, name, stem) == 0)
			return &defs[i];
	return NULL;
}

void trec_write_row(const char *name, const char *query, const char *value)
{
	size_t len = strlen(name);

	out_str(name);
	for (; len < 22; len++)
		out_char(' ');
	out_char('\t');
	out_str(query);
	out_char('\t');
	out_str(value);
	out_char('\n');
}
