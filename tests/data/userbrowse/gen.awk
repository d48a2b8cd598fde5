# random cases: queries of 1..6 candidates, scores in 1..3, grades
# r (1..4), j (0), u (-1) or none (unjudged); some judged items not
# candidates
BEGIN {
	srand(seed)
	for (q = 1; q <= 12; q++) {
		n = 1 + int(rand() * 6)
		for (i = 1; i <= n; i++) {
			printf "q%d d%d %d\n", q, i, 1 + int(rand() * 3) > "scores"
			x = rand()
			if (x < .45) g = 1 + int(rand() * 4)
			else if (x < .65) g = 0
			else if (x < .75) g = -1
			else continue
			printf "q%d 0 d%d %d\n", q, i, g > "qrels"
		}
		printf "q%d 0 e1 1\n", q > "qrels"	# a relevant item never retrieved
	}
}
