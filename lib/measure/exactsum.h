/* An exact sum of doubles. Every finite double is an integer multiple of
 * 2^-1074, so a fixed-point accumulator wide enough for the whole double
 * range holds any sum of them without error; its value is that sum rounded
 * once, to nearest even. The result does not depend on the order of the
 * additions, which makes every summary the same bytes for any order of
 * queries, any split into shards and any number of threads. */
#ifndef RK_EXACTSUM_H
#define RK_EXACTSUM_H
#include <stdint.h>

/* digits of 32 bits from 2^-1138 (two digits below the smallest double, so
 * that rounding always has three digits to look at) up to beyond 2^1024
 * times 2^46 additions */
#define EXACTSUM_DIGITS 70

struct exactsum {
	int64_t digit[EXACTSUM_DIGITS];	/* digit i weighs 2^(32 i - 1138) */
	long pending;		/* additions since the carries were last spread */
	double special;		/* the sum of the infinities and NaNs added */
	int has_special;
};

void exactsum_init(struct exactsum *x);
void exactsum_add(struct exactsum *x, double v);
/* the exact sum rounded to the nearest double, ties to even */
double exactsum_value(const struct exactsum *x);

/* A mean of the summaries: the exact sum of the values, rounded once, over
 * their count; as order-free as the sum. All zero is the empty mean. */
struct exactmean {
	struct exactsum sum;
	long count;
};

void exactmean_add(struct exactmean *x, double v);
/* NAN when nothing was added */
double exactmean_value(const struct exactmean *x);

#endif
