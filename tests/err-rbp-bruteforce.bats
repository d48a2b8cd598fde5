#!/usr/bin/env bats
# ndcg -m ERR,SDCG,RBP,RBP_resid on the rank stream's version 2 against a
# brute force in awk (tests/data/userbrowse/brute.awk): every order of a
# query's candidates that keeps its scores non-increasing, each measure
# computed on the ranking, averaged (expected), or on the order where the
# relevant items win every tie, highest grade first, and the unjudged
# lose them (optimistic), or the reverse (pessimistic). The cases
# (bpref's gen.awk) have scores in 1..3 among up to 6 candidates, grades
# -2..4, unjudged candidates and a relevant item never retrieved.
load helper
load data/ranks/common

B="$BATS_TEST_DIRNAME/data/userbrowse"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# check SEEDS K P GMAX: ndcg's three modes equal the enumeration's
check() {
	local s T opts="-k $2 --persistence $3 --max-grade $4"
	for s in $1; do
		rm -f qrels scores
		awk -v seed="$s" -v top=4 -f "$BATS_TEST_DIRNAME/data/bpref/gen.awk"
		awk -v K="$2" -v p="$3" -v gmax="$4" -f "$B/brute.awk" \
		    qrels scores > want
		rankof --judged -r qrels scores 2>/dev/null > ranks
		for T in optimistic pessimistic expected; do
			ndcg -q -f -p 6 -T "$T" $opts -m ERR,SDCG,RBP,RBP_resid \
			    ranks 2>/dev/null | awk '!/^#/ && $2 != "all"' > "got.$T"
		done
		# one line per query: ERR, SDCG, RBP, RBP_resid in the order
		# optimistic, pessimistic, expected
		cat got.optimistic got.pessimistic got.expected | awk '
		    { m = $1; sub(/@.*/, "", m); v[$2, m] = v[$2, m] " " $3
		      if (!($2 in seen)) { seen[$2] = 1; q[++n] = $2 } }
		    END { for (i = 1; i <= n; i++)
			print q[i] v[q[i], "ERR"] v[q[i], "SDCG"] v[q[i], "RBP"] v[q[i], "RBP_resid"] }' > got
		same "$(cat got)" "$(cat want)"
	done
}

@test "ndcg -m ERR,SDCG,RBP,RBP_resid: three tie modes equal the enumeration of every order" {
	check "1 2 3 4 5 6" 3 0.8 4
	# the cases do exercise ties that move ERR
	awk -v seed=2 -v top=4 -f "$BATS_TEST_DIRNAME/data/bpref/gen.awk"
	awk -v K=3 -v p=0.8 -v gmax=4 -f "$B/brute.awk" qrels scores |
	    awk '$2 != $3 { n++ } END { exit n < 3 }'
}

@test "ndcg -m ERR,SDCG,RBP,RBP_resid: the enumeration at K past every list, p = 0.5, --max-grade 6" {
	check "7 8 9" 20 0.5 6
}
