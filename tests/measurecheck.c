/* measurecheck: the table of measures (measure/measures.h) read, for
 * tests/measures.bats (not installed).
 *   measurecheck names  each measure name on the standard input, as a
 *                       measure stream names it, with its record: the
 *                       name, its home and which way it improves, one
 *                       line each; a name without a record is said on
 *                       the standard error and the exit status is 1
 *   measurecheck rows   every record, one line each: rankkit's name (@K
 *                       for a cut-off one), trec_eval's (_K), ir_measures'
 *                       (@K), direction, home, how to ask for it, manual
 *                       page and section, and whether it has --explain;
 *                       "-" for a name it lacks */
#include <stdio.h>
#include <string.h>
#include "measure/direction.h"
#include "measure/measures.h"

static int names(void)
{
	char line[256];
	int bad = 0;

	while (fgets(line, sizeof line, stdin)) {
		struct slice s = { line, strcspn(line, "\n") };
		const struct mdef *m = measure_find(s);
		if (!m) {
			fprintf(stderr, "measurecheck: no record for '%.*s'\n",
				(int)s.n, s.p);
			bad = 1;
			continue;
		}
		printf("%.*s\t%s\t%s\n", (int)s.n, s.p, m->home,
		       m->dir ? direction_word(m->dir) : "neither");
	}
	return bad;
}

static void rows(void)
{
	size_t n, i;
	const struct mdef *m = measures_all(&n);
	char ask[96];

	for (i = 0; i < n; i++) {
		const char *cut = m[i].cutoff ? "@K" : "";
		measure_ask(ask, sizeof ask, &m[i]);
		printf("%s%s\t%s%s\t%s%s\t%s\t%s\t%s\t%s\t%s\n", m[i].name, cut,
		       m[i].trec ? m[i].trec : "-",
		       m[i].trec && m[i].cutoff ? "_K" : "",
		       m[i].irm ? m[i].irm : "-", m[i].irm ? cut : "",
		       m[i].dir ? direction_word(m[i].dir) : "neither",
		       m[i].home, ask, m[i].manual,
		       m[i].explain ? "explain" : "-");
	}
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "names") == 0)
		return names();
	if (argc == 2 && strcmp(argv[1], "rows") == 0) {
		rows();
		return 0;
	}
	fprintf(stderr, "usage: measurecheck names|rows\n");
	return 2;
}
