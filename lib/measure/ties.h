/* The three tie modes of every measure (rankkit(7), "Ties"). */
#ifndef RK_TIES_H
#define RK_TIES_H

enum tiemode { TIE_OPT, TIE_PESS, TIE_EXP, NTIEMODES };

/* "optimistic", "pessimistic", "expected", then NULL (for parse_choice) */
extern const char *const tiemode_name[NTIEMODES + 1];

#endif
