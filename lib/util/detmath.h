/* Elementary functions that give the same bits on every machine: built
 * from +, -, *, / and exact scaling by powers of two only, where the C
 * library's log and exp may differ in the last bit between systems.
 * Both are within 2 units in the last place of the true value (checked
 * against the C library in tests/rng.bats). */
#ifndef RK_DETMATH_H
#define RK_DETMATH_H

/* the natural logarithm; -inf at 0, NaN below 0, inf at inf */
double det_log(double x);
/* e^x; 0 below -745.2, inf above 709.8 */
double det_exp(double x);

#endif
