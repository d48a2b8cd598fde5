/* Comma-separated option lists: "-k 1,5,10" and "-m hit,MRR". */
#ifndef RK_OPTLIST_H
#define RK_OPTLIST_H
#include <stddef.h>

/* Positive integers, kept in the order given, duplicates dropped. "all" is
 * accepted when allow_all is set and gives *n = 0 with *all = 1. Dies with
 * a usage error naming opt on anything else. */
void parse_cutoffs(const char *opt, const char *text, long **out, size_t *n,
		   int allow_all, int *all, const char *usage);

/* Splits text at commas outside parentheses into *out (pointers into a
 * copy: "nDCG@10,SDCG(min_rel=0,max_rel=4)@10" is two items); dies with a
 * usage error on an empty item. */
void parse_names(const char *opt, const char *text, char ***out, size_t *n,
		 const char *usage);

/* The index of text in names (NULL-terminated); dies with a usage error
 * listing the choices otherwise: "--empty: 'x' is not miss, skip or error" */
int parse_choice(const char *opt, const char *text,
		 const char *const *names, const char *usage);

#endif
