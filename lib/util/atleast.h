/* The next score at or above a threshold, for the filters over rows of
 * scores (simmat -t): eight scores at a time while none passes, in a loop
 * the compiler turns into vector compares, then one by one. Inline: the
 * callers' loops. */
#ifndef RK_ATLEAST_H
#define RK_ATLEAST_H
#include <math.h>
#include <stddef.h>

/* at_least_f64, at_least_f32: the first i in [i, n) with s[i] >= t, or n */
#define AT_LEAST(SFX, T)						\
static inline size_t at_least_##SFX(const T *s, size_t i, size_t n, T t) \
{									\
	while (n - i >= 8) {						\
		int any = 0;						\
		for (size_t j = 0; j < 8; j++)				\
			any |= s[i + j] >= t;				\
		if (any)						\
			break;						\
		i += 8;							\
	}								\
	while (i < n && !(s[i] >= t))					\
		i++;							\
	return i;							\
}
AT_LEAST(f64, double)
AT_LEAST(f32, float)
#undef AT_LEAST

/* the least float f with (double)f >= t: for every float v (NaN too),
 * v >= f exactly when (double)v >= t */
static inline float float_at_least(double t)
{
	float f = (float)t;

	if ((double)f < t)
		f = nextafterf(f, INFINITY);
	return f;
}

#endif
