/* ndcg --gains: the grade-to-gain map (gainmap.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/err.h"
#include "util/fmtscore.h"
#include "util/num.h"
#include "measure/gainmap.h"

/* p past blanks */
static const char *blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* the number from p to the first of stop (or the end) into s; the end
 * in *end */
static struct slice number(const char *p, const char *stop,
			   const char **end)
{
	size_t n = strcspn(p, stop);

	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	*end = p + strcspn(p, stop);
	return (struct slice){ p, n };
}

/* one pair "G:V" at *pp into m; 0, or -1 with the error in why */
static int pair(const char **pp, struct gainmap *m, char *why, size_t size)
{
	const char *p = blanks(*pp), *e;
	struct slice g = number(p, ":,}", &e), v;
	long grade;
	double gain;
	size_t i;

	if (*e != ':' || parse_long(g, &grade) != NUM_OK) {
		snprintf(why, size, "'%.*s' is not GRADE:GAIN", (int)strcspn(p,
			 ",}"), p);
		return -1;
	}
	v = number(blanks(e + 1), ",}", &e);
	if (parse_double(v, &gain) != NUM_OK || !isfinite(gain)) {
		snprintf(why, size, "grade %ld: '%.*s' is not a finite number",
			 grade, (int)v.n, v.p);
		return -1;
	}
	for (i = 0; i < m->n; i++)
		if (m->grade[i] == grade) {
			snprintf(why, size, "grade %ld is listed twice", grade);
			return -1;
		}
	if (m->n == GAINMAP_MAX) {
		snprintf(why, size, "more than %d grades", GAINMAP_MAX);
		return -1;
	}
	m->grade[m->n] = grade;
	m->gain[m->n++] = gain;
	*pp = e;
	return 0;
}

int gainmap_parse(const char *text, struct gainmap *m, char *why,
		  size_t size)
{
	const char *p = blanks(text);
	int brace = *p == '{';
	char buf[GAINMAP_TEXT];

	m->n = 0;
	if (brace)
		p = blanks(p + 1);
	/* "{}": ir_measures' text of a map that changes no gain */
	while (!(brace && *p == '}')) {
		if (pair(&p, m, why, size) < 0)
			return -1;
		if (*p != ',')
			break;
		p++;
	}
	if (brace && *p == '}')
		p = blanks(p + 1);
	else if (brace)
		p = "}";	/* an unclosed brace: the error below */
	if (*p) {
		snprintf(why, size, "'%s' is not GRADE:GAIN,...", text);
		return -1;
	}
	if (gainmap_text(m, buf, sizeof buf) >= sizeof buf) {
		snprintf(why, size, "the map's text is over %d bytes",
			 GAINMAP_TEXT - 1);
		return -1;
	}
	return 0;
}

double gainmap_gain(const struct gainmap *m, long grade)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->grade[i] == grade)
			return m->gain[i];
	return (double)grade;
}

int gainmap_same(const struct gainmap *a, const struct gainmap *b)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		if (gainmap_gain(b, a->grade[i]) != a->gain[i])
			return 0;
	for (i = 0; i < b->n; i++)
		if (gainmap_gain(a, b->grade[i]) != b->gain[i])
			return 0;
	return 1;
}

size_t gainmap_text(const struct gainmap *m, char *buf, size_t size)
{
	size_t len = 0, i, k, done = 0;
	long last = 0;
	char num[FMTSCORE_MAX];

	len += (size_t)snprintf(buf, size, "{");
	/* the grades ascending: each time the least above the last */
	for (k = 0; k < m->n && len < size; k++) {
		size_t best = m->n;
		for (i = 0; i < m->n; i++)
			if ((!done || m->grade[i] > last) &&
			    (best == m->n || m->grade[i] < m->grade[best]))
				best = i;
		last = m->grade[best];
		done = 1;
		if (m->gain[best] == (double)m->grade[best])
			continue;
		fmt_double(num, m->gain[best]);
		len += (size_t)snprintf(buf + len, size - len, "%s%ld:%s",
					buf[len - 1] == '{' ? "" : ",", last,
					num);
	}
	if (len < size)
		len += (size_t)snprintf(buf + len, size - len, "}");
	return len;
}

/* whether m lists grade */
static int listed(const struct gainmap *m, long grade)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->grade[i] == grade)
			return 1;
	return 0;
}

void gainmap_check_judged(const struct gainmap *m, const struct rquery *q)
{
	size_t k;
	char num[FMTSCORE_MAX];

	for (k = 0; k < q->nj; k++) {
		const struct relitem *it = &q->jud[k];
		double g;
		if (it->kind != 'j' || !listed(m, it->grade) ||
		    (g = gainmap_gain(m, it->grade)) == 0)
			continue;
		fmt_double(num, g);
		die_at(q->file, it->line, "query '%s': an item of grade %ld "
		       "is not relevant in the rank stream and --gains gives "
		       "it %s: nDCG weighs the relevant items only (rank with "
		       "rankof -g %ld)", q->id, it->grade, num, it->grade);
	}
}
