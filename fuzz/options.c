/* libFuzzer: the option-argument parsers: cut-off lists (-k 1,5,10),
 * name lists (-m hit,MRR), choices, ranged integers, ir_measures' names
 * (-m 'RBP(p=0.8)', 'P(rel=2)@5', 'nDCG(gains={2:3})' under --names irm)
 * and ndcg --gains' maps. The first byte chooses the parser; the rest, up
 * to a NUL, is the argument. */
#include "fuzz.h"
#include "util/num.h"
#include "util/optlist.h"
#include "measure/gainmap.h"
#include "measure/irmnames.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const choices[] = { "miss", "skip", "error", NULL };
	if (size < 1)
		return 0;
	char *text = xstrndup((const char *)data + 1, size - 1);
	FUZZ_TRAPPED({
		long *K = NULL, v;
		char **names = NULL;
		size_t n = 0, i;
		int all = 0;
		switch (data[0] % 4) {
		case 0:
			parse_cutoffs("-k", text, &K, &n, data[0] & 4, &all, "u");
			for (i = 0; i < n; i++)
				if (K[i] < 1)
					abort();
			free(K);
			break;
		case 1:
			parse_names("-m", text, &names, &n, "u");
			for (i = 0; i < n; i++)
				if (!names[i][0])
					abort();
			if (n)
				free(names[0]);
			free(names);
			break;
		case 2:
			parse_choice("--empty", text, choices, "u");
			break;
		default:
			if (data[0] & 32) {
				/* ndcg --gains: a map read back from its own
				 * text gives every grade the same gain */
				struct gainmap m, back;
				char t[GAINMAP_TEXT], why[160];

				if (gainmap_parse(text, &m, why, sizeof why) < 0)
					break;
				if (gainmap_text(&m, t, sizeof t) >= sizeof t ||
				    gainmap_parse(t, &back, why, sizeof why) < 0 ||
				    !gainmap_same(&m, &back))
					abort();
				break;
			}
			if (data[0] & 16) {
				static const struct gainmap gm = { 1, { 2 },
								   { 3 } };
				struct measurectx x = { .max_grade = 4,
							.persistence = 0.8,
							.gains = &gm,
							.min_grade = 2,
							.min_grade_given = 1 };
				char buf[64];
				const struct mdef *defs = measures_all(&n);

				if (irm_find(defs, n, text, &x, buf, sizeof buf,
					     "u") && !buf[0])
					abort();
				break;
			}
			v = arg_long("-p", text, 0, 17);
			if (v < 0 || v > 17)
				abort();
		}
	});
	free(text);
	return 0;
}
