/* Whether two paths name one file. */
#ifndef RK_SAMEFILE_H
#define RK_SAMEFILE_H

/* 1 when paths a and b are the same string or name the same file (device
 * and inode; through links too) */
int same_file(const char *a, const char *b);

#endif
