#!/usr/bin/env bats
# The tie modes against a brute force written here, in awk: random small
# score lists with many ties (data/spine/ties-gen.awk, seeded), and for each
# query EVERY order of its tied candidates enumerated (data/spine/ties-brute.awk):
# -T expected must be the mean over the orders, -T optimistic the best order,
# -T pessimistic the worst, --break id|input the one order of that rule;
# per query (-q) and for `all`, to 1e-12.
load helper
load data/spine/common
bats_require_minimum_version 1.5.0

KS=1,2,3,4,5,7,10

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# gen SEED NQ: scores.SEED and qrels.SEED
gen() {
	awk -v seed="$1" -v nq="$2" -v scores="scores.$1" -v qrels="qrels.$1" \
	    -f "$DATA/ties-gen.awk"
}

# compare WANT GOT: measure streams; every row of each in the other, values
# within 1e-12; prints the differences
compare() {
	awk -F'\t' '
	    FNR == NR { want[$1 "\t" $2] = $3; next }
	    /^#/ { next }
	    { k = $1 "\t" $2
	      if (!(k in want)) { print "extra row: " $0; bad++; next }
	      d = $3 - want[k]; if (d < 0) d = -d
	      if (d > 1e-12 || $3 == "") { print "differs: " k ": got " $3 ", want " want[k]; bad++ }
	      got[k] = 1 }
	    END { for (k in want) if (!(k in got)) { print "missing row: " k; bad++ }
	          if (bad) { print bad " bad rows of " length(want); exit 1 } }' "$1" "$2" >&2
}

# check SEED NQ MODE: rankof | hitrate in tie mode MODE against the brute force
check() {
	gen "$1" "$2"
	awk -v ks="$KS" -v mode="$3" -f "$DATA/ties-brute.awk" "qrels.$1" "scores.$1" > want
	# sanity of the generated data: dozens of queries, ties, unretrieved items
	[ "$(cut -f1 "scores.$1" | uniq | wc -l)" -ge "$2" ] || [ "$(cut -f1 "qrels.$1" | sort -u | wc -l)" -ge "$2" ]
	rankof -r "qrels.$1" "scores.$1" > ranks
	hitrate -T "$3" -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
	compare want got
}

@test "ties: the rank stream counts rank and ties as the brute force does" {
	for seed in 1 2 3; do
		gen $seed 40
		awk -v mode=ranks -f "$DATA/ties-brute.awk" "qrels.$seed" "scores.$seed" |
		    LC_ALL=C sort -s -t " " -k1,1n -k2,2n -k3,3n -k4,4 |
		    sed 's/^[^\t]*\t//' > want
		run --separate-stderr rankof -r "qrels.$seed" "scores.$seed"
		status_is 0
		same "$(body <<<"$output")" "$(cat want)"
		# the data has what it should: ties, unretrieved items, several relevant
		# items in one tie group, queries with no retrieved relevant item
		awk -F'\t' '$5 > 0' want | grep -q .
		awk -F'\t' '$4 == "-"' want | grep -q .
		awk -F'\t' '$4 != "-" { c[$1 " " $4]++ } END { for (k in c) if (c[k] > 1) f = 1; exit !f }' want
		awk -F'\t' '{ q[$1] = 1 } $4 != "-" { r[$1] = 1 } END { for (k in q) if (!(k in r)) f = 1; exit !f }' want
	done
}

@test "ties: -T expected is the mean over every order (seed 1, 40 queries)" {
	check 1 40 expected
}

@test "ties: -T expected is the mean over every order (seeds 2 and 3)" {
	check 2 40 expected
	check 3 40 expected
}

@test "ties: -T optimistic is the best order (seeds 1, 2, 3)" {
	check 1 40 optimistic
	check 2 40 optimistic
	check 3 40 optimistic
}

@test "ties: -T pessimistic is the worst order (seeds 1, 2, 3)" {
	check 1 40 pessimistic
	check 2 40 pessimistic
	check 3 40 pessimistic
}

# the one order of --break: every ties is 0, so every tie mode gives it
@test "ties: --break id is the order with ties by item id descending" {
	for seed in 1 2; do
		gen $seed 40
		awk -v ks="$KS" -v mode=id -f "$DATA/ties-brute.awk" "qrels.$seed" "scores.$seed" > want
		rankof --break id -r "qrels.$seed" "scores.$seed" > ranks
		! body < ranks | awk -F'\t' '$5 != "-" && $5 != 0' | grep -q .
		for t in expected optimistic pessimistic; do
			hitrate -T $t -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
			compare want got
		done
	done
}

@test "ties: --break input is the order of appearance" {
	for seed in 1 2; do
		gen $seed 40
		awk -v ks="$KS" -v mode=input -f "$DATA/ties-brute.awk" "qrels.$seed" "scores.$seed" > want
		rankof --break input -r "qrels.$seed" "scores.$seed" > ranks
		! body < ranks | awk -F'\t' '$5 != "-" && $5 != 0' | grep -q .
		hitrate -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
		compare want got
	done
}

@test "ties: the brute force itself, on the worked example of DESIGN.md" {
	# q1: d1 .9, d2 = d3 = d4 .7, d5 .2; relevant d3 and the unretrieved d9:
	# hit@2 = 1/3, recall@5 = 1/2, MRR = 13/36, r = 3 (expected);
	# hit@2 = 1, r = 2 (optimistic); hit@2 = 0, r = 4 (pessimistic)
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.7' 'q1 d3 0.7' 'q1 d4 0.7' 'q1 d5 0.2' > s
	printf '%s\n' 'q1 d3 1' 'q1 d9 2' > r
	awk -v ks=2,5 -v mode=expected -f "$DATA/ties-brute.awk" r s > want
	output=$(cat want)
	awk -v h="$(val hit@2 q1)" 'BEGIN { d = h - 1/3; exit !(d < 1e-15 && d > -1e-15) }'
	same "$(val recall@5 q1)" 0.5
	awk -v h="$(val MRR q1)" 'BEGIN { d = h - 13/36; exit !(d < 1e-15 && d > -1e-15) }'
	same "$(val MeanR q1)" 3
	output=$(awk -v ks=2,5 -v mode=optimistic -f "$DATA/ties-brute.awk" r s)
	same "$(val hit@2 q1) $(val MeanR q1)" "1 2"
	output=$(awk -v ks=2,5 -v mode=pessimistic -f "$DATA/ties-brute.awk" r s)
	same "$(val hit@2 q1) $(val MeanR q1)" "0 4"
}
