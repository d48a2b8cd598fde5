/* bisectcheck: util/bisect.h's two searches, for tests/treceval-shapes.bats
 * (not installed). For every decreasing array of 0 to 9 values drawn
 * from {1, 2, 3, 4} with repeats (ties), at every threshold s in 0.5,
 * 1, 1.5, ... 4.5 and NaN: bisect_above and bisect_above_flat must both
 * give the number of values strictly greater than s, counted one by one.
 * Prints one line and exits 1 at the first difference. */
#include <math.h>
#include <stdio.h>
#include "util/bisect.h"

int main(void)
{
	double u[9], s;
	unsigned long checked = 0;
	size_t d, i, want, code, ncodes, x;

	for (d = 0; d <= 9; d++) {
		for (ncodes = 1, i = 0; i < d; i++)
			ncodes *= 4;
		for (code = 0; code < ncodes; code++) {
			/* the digits of code in base 4, sorted down: every
			 * decreasing array, each many times */
			for (x = code, i = 0; i < d; i++, x /= 4)
				u[i] = (double)(x % 4 + 1);
			for (i = 1; i < d; i++)
				if (u[i] > u[i - 1])
					break;
			if (i < d)
				continue;
			for (x = 0; x <= 9; x++) {
				s = x == 9 ? NAN : 0.5 * (double)(x + 1);
				for (want = 0, i = 0; i < d; i++)
					want += u[i] > s;
				checked++;
				if (bisect_above(u, d, s) != want ||
				    bisect_above_flat(u, d, s) != want) {
					printf("FAIL d %zu s %g: want %zu, "
					       "bisect_above %zu, flat %zu\n",
					       d, s, want, bisect_above(u, d, s),
					       bisect_above_flat(u, d, s));
					return 1;
				}
			}
		}
	}
	printf("ok: %lu searches\n", checked);
	return 0;
}
