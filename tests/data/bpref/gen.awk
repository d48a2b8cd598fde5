# random cases: queries of 1..6 candidates, scores in 1..3, grades
# r (1..top, top 2 unless -v top= says), j (0), u (-2) or none; some
# judged items not candidates (bpref-bruteforce.bats,
# err-rbp-bruteforce.bats)
BEGIN {
	srand(seed)
	for (q = 1; q <= 12; q++) {
		n = 1 + int(rand() * 6)
		for (i = 1; i <= n; i++) {
			printf "q%d d%d %d\n", q, i, 1 + int(rand() * 3) > "scores"
			x = rand()
			if (x < .3) g = 1 + int(rand() * (top ? top : 2))
			else if (x < .6) g = 0
			else if (x < .75) g = -2
			else continue
			printf "q%d 0 d%d %d\n", q, i, g > "qrels"
		}
		printf "q%d 0 e1 1\n", q > "qrels"	# a relevant item never retrieved
		if (rand() < .5)
			printf "q%d 0 e2 0\n", q > "qrels"
	}
}
