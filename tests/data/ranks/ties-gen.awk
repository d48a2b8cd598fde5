# ties-gen.awk: random small score lists with many ties, and their qrels.
# usage: awk -v seed=S -v nq=N -v scores=FILE -v qrels=FILE -f ties-gen.awk
# Each query: 1..7 candidates over 1..3 distinct score values (so most items
# tie), ids from a small alphabet where byte order differs from numeric order
# (B < a < b, c10 < c9), 0..2 relevant items that were never retrieved,
# grades 1..3, and grade-0 judgments that are not relevant. Every query has
# at least one relevant item; some have only unretrieved ones.
BEGIN {
	srand(seed)
	split("a B b c C", L, " ")
	for (q = 1; q <= nq; q++) {
		qid = sprintf("q%03d", q)
		big = rand() < 0.2
		n = big ? 7 : 1 + int(rand() * 7)
		nv = big ? 1 + int(rand() * 2) : 1 + int(rand() * 3)
		p = 0.15 + 0.5 * rand()
		none = rand() < 0.1		# no retrieved relevant item
		delete used
		m = 0
		for (i = 1; i <= n; i++) {
			do id = L[1 + int(rand() * 5)] (1 + int(rand() * 12)); while (id in used)
			used[id] = 1
			printf "%s\t%s\t%d\n", qid, id, int(rand() * nv) > scores
			if (!none && rand() < p) {
				printf "%s\t%s\t%d\n", qid, id, 1 + int(rand() * 3) > qrels
				m++
			} else if (rand() < 0.3)
				printf "%s\t%s\t0\n", qid, id > qrels
		}
		u = rand() < 0.3 ? 1 + int(rand() * 2) : 0
		if (m + u == 0)
			u = 1
		for (i = 1; i <= u; i++)
			printf "%s\tu%d\t%d\n", qid, i, 1 + int(rand() * 3) > qrels
	}
}
