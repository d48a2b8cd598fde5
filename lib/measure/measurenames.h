/* The names people write for measures, beside the ones a program's rows
 * of the table of measures hold (-m): the papers' R@K for the hit rate,
 * mAP for AP, names in another case where only one measure fits, and for
 * a name that fits nothing, the measure it most likely meant or the
 * program that has it (its record's home, measures.h). */
#ifndef RK_MEASURENAMES_H
#define RK_MEASURENAMES_H
#include <stddef.h>
#include "measure/column.h"

/* the name `name` stands for among the n measures of defs, written into
 * buf (size n, at least 64) as the table spells it with name's suffix
 * ("R@10" -> "hit@10", "ndcg@10" -> "nDCG@10", "mAP" -> "AP"); 1 when
 * rewritten, 0 when nothing fits (the caller then reports it with
 * measure_name_unknown). Dies with a usage error (usage: the usage line)
 * on a name that is ambiguous: "Recall@K" is the hit rate in image-text
 * papers and recall in information retrieval. */
int measure_name_fix(const struct mdef *defs, size_t n, const char *name,
		     char *buf, size_t size, const char *usage);

/* Dies with a usage error naming the measure unknown to prog (its name
 * for the message), with the nearest known name (at most two edits away,
 * case aside) or the program that has it, and the names known. */
_Noreturn void measure_name_unknown(const struct mdef *defs, size_t n,
				    const char *prog, const char *name,
				    const char *usage);

#endif
