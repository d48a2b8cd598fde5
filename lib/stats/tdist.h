/* Student's t distribution's two-sided tail, from the regularised
 * incomplete beta function: P(|T| >= t) = I_x(df/2, 1/2) with
 * x = df/(df + t^2) (Abramowitz and Stegun 26.7.1, 26.5.27). Built from
 * the four operations, sqrt and util/detmath.h, so a p-value has the same
 * bits on every machine. */
#ifndef RK_TDIST_H
#define RK_TDIST_H

/* P(|T| >= |t|) for T with df > 0 degrees of freedom; 1 at t = 0, 0 at
 * infinite t */
double t_two_sided(double t, double df);

#endif
