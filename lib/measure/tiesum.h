/* Sums over the positions of one tie group, in O(1) time, or O(s) for a
 * group holding s relevant items: the sums that the expected values of
 * rankkit(7) "Ties" would otherwise add one tied position at a time. A
 * group of t positions a+1 .. a+t (a candidates above it) holds s relevant
 * items, every order of its members equally likely. Each function is exact
 * to a few units in the last place of a double wherever the group is (a
 * and t up to 2^63 - 1): small groups are summed term by term, large ones
 * by closed forms and series whose derivations and error bounds are in
 * tiesum.c. Pure functions, no I/O. */
#ifndef RK_TIESUM_H
#define RK_TIESUM_H

/* groups of at most this many terms are summed term by term; the tests
 * check each function just below and just above it */
#define TIESUM_DIRECT 64

/* sum of 1/k for k = a+1 .. a+u (H(a+u) - H(a)); a >= 0, u >= 0 */
double harmonic_diff(long a, long u);

/* sum of the DCG discounts 1/log2(1+p) for p = a+1 .. a+u; a >= 0 */
double discount_sum(long a, long u);

/* C(t-s, k) / C(t, k): the chance that k of the t positions, drawn at
 * random, miss all s relevant ones (1 for k <= 0, 0 for k > t-s); takes
 * min(k, s) steps */
double none_in_top(long t, long s, long k);

/* E[1/(a+J)] over the orders of the group, J the position in the group of
 * its first relevant item, counting only J <= u (u >= t: all); the
 * reciprocal rank of MRR and MRR@K. 1 <= s <= t. */
double first_rr(long a, long t, long s, long u);

/* E[1/(a+X)], X the position in the group of its last relevant item
 * (mINP). 1 <= s <= t. */
double last_rr(long a, long t, long s);

#endif
