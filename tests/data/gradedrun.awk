# Random graded TREC runs and qrels for the differential tests against
# gdeval.pl (err.bats) and treceval (rbp.bats, judged-only.bats).
# usage: awk -v seed=S -v lo=L -v hi=H [-v skip=K] -f gradedrun.awk
# writes `run` and `qrels`: 10 topics 1..10 (numbers: gdeval takes no
# other ids) of 3..32 documents d1, d2, ..., scores 0..4 (ties), each
# document after the first K (skip, default 0) judged with chance .6, its
# grade uniform in L..H; every topic's qrels hold x<topic>, grade 1, never
# retrieved, so that every topic has a relevant document.
BEGIN {
	srand(seed)
	for (q = 1; q <= 10; q++) {
		n = 3 + int(rand() * 30)
		for (i = 1; i <= n; i++) {
			printf "%d Q0 d%d %d %d run1\n", q, i, i, int(rand() * 5) > "run"
			if (i > skip && rand() < .6)
				printf "%d 0 d%d %d\n", q, i, lo + int(rand() * (hi - lo + 1))> "qrels"
		}
		printf "%d 0 x%d 1\n", q, q > "qrels"
	}
}
