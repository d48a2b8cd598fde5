/* The three tie modes of every measure (DESIGN.md, "Ties"). */
#ifndef RK_TIES_H
#define RK_TIES_H

enum tiemode { TIE_OPT, TIE_PESS, TIE_EXP, NTIEMODES };

/* parses "optimistic|pessimistic|expected"; -1 otherwise */
int tiemode_parse(const char *s);
extern const char *const tiemode_name[NTIEMODES];

#endif
