/* The merge sort that glibc's qsort() runs (glibc up to 2.36, and whenever
 * its scratch memory fits): top-down, the left half n/2 elements, the left
 * element taken on a tie. A program that must order things exactly as
 * another program's qsort() did, with a comparison that calls unequal
 * things equal (trec_eval's truncate differences to int), sorts with it:
 * on such a comparison the result depends on the algorithm. */
#ifndef RK_MSORT_H
#define RK_MSORT_H
#include <stddef.h>

void msort(void *base, size_t n, size_t size,
	   int (*cmp)(const void *, const void *));

#endif
