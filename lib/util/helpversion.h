/* What -h/--help and --version print, the same in every program: the
 * usage line and the help text on stdout, or "NAME (rankkit) VERSION";
 * then the output is flushed and checked, exit 0. */
#ifndef RK_HELPVERSION_H
#define RK_HELPVERSION_H

_Noreturn void show_help(const char *usage, const char *help);
_Noreturn void show_version(const char *name);

#endif
