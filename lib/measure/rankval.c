/* First ranks, their means and medians, exactly (rankval.h).
 *
 * A rank is at most n <= 2^63 - 1, so a whole part fits 64 unsigned bits,
 * the sum of two of them too (a median's halfway), and the sum of up to
 * 2^63 of them 128 bits. The mean of wholes W_i and fractions f_i over n
 * queries is q + (r + F) / n, where q and r are the quotient and the
 * remainder of sum W_i by n (q <= 2^63, r < n), F the exact sum of the
 * f_i rounded once: the whole part exact, the fraction within 2^-52 of
 * the exact one. Plain 64-bit arithmetic only: the same on 32-bit builds. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "measure/rankval.h"
#include "measure/ties.h"

#define TWO53 9007199254740992.0

struct rankval rankval_first(const struct rquery *q, int mode)
{
	const struct tgroup *g;
	struct rankval v = { 0, NAN };
	uint64_t a, t, s;

	if (q->ng == 0)
		return v;
	g = &q->g[0];
	a = (uint64_t)g->a, t = (uint64_t)g->t, s = (uint64_t)g->s;
	v.frac = 0;
	switch (mode) {
	case TIE_OPT:
		v.whole = a + 1;
		break;
	case TIE_PESS:
		v.whole = a + t - s + 1;
		break;
	default:	/* a + (t+1)/(s+1): t + 1 <= 2^63, no overflow */
		v.whole = a + (t + 1) / (s + 1);
		v.frac = (double)((t + 1) % (s + 1)) / (double)(s + 1);
	}
	return v;
}

int rankval_big(struct rankval v)
{
	return !isnan(v.frac) && (double)v.whole + 1 >= TWO53;
}

int rankval_cmp(struct rankval a, struct rankval b)
{
	if (a.whole != b.whole)
		return a.whole < b.whole ? -1 : 1;
	return (a.frac > b.frac) - (a.frac < b.frac);
}

/* v with its fraction f in [0, 2] carried into the whole */
static struct rankval carried(uint64_t whole, double f)
{
	struct rankval v = { whole, f };

	while (v.frac >= 1) {
		v.whole++;
		v.frac -= 1;
	}
	return v;
}

struct rankval rankval_half(struct rankval a, struct rankval b)
{
	uint64_t sum = a.whole + b.whole;	/* both below 2^63 + 1 */

	return carried(sum / 2, ((double)(sum % 2) + a.frac + b.frac) / 2);
}

void rankval_text(char *buf, size_t n, struct rankval v, int decimals,
		  int width)
{
	char frac[64], text[96];
	uint64_t whole = v.whole;

	if (isnan(v.frac)) {
		snprintf(buf, n, "%*s", width, "-");
		return;
	}
	/* the fraction rounded: "0.50", or "1.00" carried into the whole */
	snprintf(frac, sizeof frac, "%.*f", decimals, v.frac);
	if (frac[0] == '1')
		whole++;
	snprintf(text, sizeof text, "%llu%s", (unsigned long long)whole,
		 frac + 1);
	snprintf(buf, n, "%*s", width, text);
}

void rankmean_init(struct rankmean *m)
{
	memset(m, 0, sizeof *m);
	exactsum_init(&m->frac);
}

void rankmean_add(struct rankmean *m, struct rankval v)
{
	m->lo += v.whole;
	m->hi += m->lo < v.whole;	/* the carry */
	exactsum_add(&m->frac, v.frac);
	m->count++;
}

int rankmean_big(const struct rankmean *m)
{
	return m->hi || (double)m->lo + (double)m->count >= TWO53;
}

struct rankval rankmean_value(const struct rankmean *m)
{
	uint64_t n = (uint64_t)m->count, q = 0, r = m->hi;
	struct rankval none = { 0, NAN };
	int i;

	if (m->count == 0)
		return none;
	/* (hi, lo) / n bit by bit: r < n < 2^63 throughout, so 2r + 1 fits */
	for (i = 63; i >= 0; i--) {
		r = 2 * r + (m->lo >> i & 1);
		q <<= 1;
		if (r >= n) {
			r -= n;
			q |= 1;
		}
	}
	return carried(q, ((double)r + exactsum_value(&m->frac)) / (double)n);
}
