/* Buffered writing to stdout with write(2). A closed pipe ends the program
 * quietly (status 1 with no message, as when SIGPIPE kills it); any other
 * write error, a full disk among them, is a loud exit 1. */
#ifndef RK_OUT_H
#define RK_OUT_H
#include <stddef.h>
#include "util/slice.h"

/* Output of the calling thread goes to m instead of stdout while captured
 * (NULL ends the capture): workers prepare text that the owner of stdout
 * writes in order. */
struct membuf {
	char *p;
	size_t n, cap;
};
void out_capture(struct membuf *m);

void out_bytes(const char *p, size_t n);
void out_str(const char *s);
void out_slice(struct slice s);
void out_char(char c);
void out_long(long v);
void out_flush(void);
/* flushes and exits 0, or dies if anything failed to reach the output */
_Noreturn void out_finish(void);

#endif
