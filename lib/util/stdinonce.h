/* Standard input named once: a program that reads several files refuses
 * "-" given twice, since the second reader would find it already drained
 * (an empty input, or the rest of the first one's bytes). Every program
 * says so with the same words. */
#ifndef RK_STDINONCE_H
#define RK_STDINONCE_H
#include <stddef.h>

/* the message of the refusal, for a program with its own usage errors */
extern const char stdin_once_message[];

/* how many of names[0 .. n-1] are "-"; a NULL entry (a file option not
 * given) counts nothing */
size_t stdin_uses(const char *const *names, size_t n);

/* a usage error (exit 2) when uses, the sum of the program's stdin_uses
 * (an input read from standard input when no file is named counts one),
 * is above one */
void stdin_once(size_t uses);

#endif
