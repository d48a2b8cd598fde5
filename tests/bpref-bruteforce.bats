#!/usr/bin/env bats
# mapr -m bpref on the rank stream's version 2 against a brute force in awk
# (tests/data/bpref/brute.awk): every order of a query's candidates that
# keeps its scores non-increasing, bpref computed on each as trec_eval
# computes it on a ranking, averaged (expected), or on the order where the
# relevant items win (optimistic) or lose (pessimistic) every tie. The
# cases (gen.awk) have scores in 1..3 among up to 6 candidates: ties of
# relevant, judged non-relevant, negative-grade and unjudged items.
load helper
load data/ranks/common

B="$BATS_TEST_DIRNAME/data/bpref"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "mapr -m bpref: three tie modes equal the enumeration of every order" {
	local s T differ=0
	for s in $(seq 1 25); do
		rm -f qrels scores
		awk -v seed="$s" -f "$B/gen.awk"
		awk -f "$B/brute.awk" qrels scores > want
		for T in optimistic pessimistic expected; do
			rankof --judged -r qrels scores 2>/dev/null |
			    mapr -q -f -p 6 -T "$T" -m bpref 2>/dev/null |
			    awk '!/^#/ && $2 != "all" { print $2, $3 }' > "got.$T"
		done
		paste -d ' ' got.optimistic got.pessimistic got.expected |
		    awk '{ print $1, $2, $4, $6 }' > got
		same "$(cat got)" "$(cat want)"
		differ=$((differ + $(awk '$2 != $3' want | wc -l)))
	done
	# the cases do exercise ties that move bpref
	[ "$differ" -gt 20 ]
}

@test "mapr -m bpref by hand: J above, u tied, min(N, R)" {
	# R = 2 (a, b), N = 3 (x, y, z). Ranking: x (1), then a and y tied
	# (2-3), b (4); z not retrieved. min(N, R) = 2.
	# a: b = 1 (x) optimistic, 2 pessimistic, expected (1 + 2) / 2:
	#    terms 1 - 1/2, 1 - 2/2, 1 - 1.5/2 = .5, 0, .25
	# b: b = 2: term 0 in every mode.
	# bpref = .25, 0, .125
	printf '%s\n' '# query item grade rank ties n kind' \
	    'q a 1 2 1 4 r' 'q b 1 4 0 4 r' 'q x 0 1 0 4 j' 'q y 0 2 1 4 j' \
	    'q z 0 - - 4 j' '# end' | tr ' ' '\t' | sed 's/^#\t/# /' > v2
	for T in optimistic:0.2500 pessimistic:0.0000 expected:0.1250; do
		run --separate-stderr mapr -f -T "${T%%:*}" -m bpref v2
		status_is 0
		same "$(echo "$output" | body)" "$(tsv "bpref all ${T#*:}")"
	done
}

@test "mapr -m bpref on a version 1 stream: an error naming bpref and rankof --judged" {
	printf '%s\n' 'q a 1 2 0 4' > v1
	run --separate-stderr mapr -m bpref v1
	status_is 1
	same "$stderr" "mapr: v1:1: bpref needs the judged items that are not relevant, which the rank stream carries from rankof --judged (version 2); query 'q' has its relevant items only"
}

@test "hitrate, mapr, ndcg, cmc: a version 2 stream measures as its r lines" {
	awk -v seed=7 -f "$B/gen.awk"
	rankof -r qrels scores 2>/dev/null > v1
	rankof --judged -r qrels scores 2>/dev/null > v2
	for p in "hitrate -q -k 1,3" "mapr -q" "ndcg -q" "cmc"; do
		same "$($p v2 2>&1)" "$($p v1 2>&1)"
	done
}

@test "the version 2 reader: bad kinds and counts are errors naming the line" {
	bad() {
		printf '%s\n' "$@" | tr ' ' '\t' > bad
		run --separate-stderr mapr -m bpref bad
		status_is 1
	}
	bad 'q a 1 1 0 2 x'
	same "$stderr" "mapr: bad:1: field 7: kind 'x' is not r, j or u"
	bad 'q a 0 1 0 2 u'
	same "$stderr" "mapr: bad:1: kind u with grade 0 (u is for the negative grades, and only u)"
	bad 'q a 1 1 0 2 r' 'q b 0 1 0 2 j'
	same "$stderr" "mapr: bad:2: query 'q': more items at rank 1 than its 1 tied positions"
	bad 'q b 0 1 0 2 j'
	same "$stderr" "mapr: bad:1: query 'q' has no line of kind r (a query without relevant items has 'q - 0 - - n r')"
	bad 'q a 1 1 0 2 r' 'q b 1 2 0 2'
	same "$stderr" "mapr: bad:2: a line of 6 fields among lines of 7 (version 1 has 6 fields, version 2 has 7)"
	bad 'q - 0 - - 2 j'
	same "$stderr" "mapr: bad:1: the '-' line of a query without relevant items has kind r"
}

@test "mapr --names trec -m bpref: trec_eval's bpref from rankof --judged --break id" {
	# examples/data: 301 ranks d04 (2), d02 (0, before d01 in the tie,
	# id descending), d01 (1), d07 (1) unretrieved: R = 3, N = 1: d04
	# adds 1, d01 1 - 1/1; 302 and 303 rank their one judged
	# non-relevant document first: 0. Mean 1/9 (trec_eval's 0.1111,
	# tests/data/examples/trec.out)
	E="$BATS_TEST_DIRNAME/../examples/data"
	run --separate-stderr sh -c "sort -b -s -k1,1 '$E/trec.run' |
	    rankof --judged --break id -r '$E/trec.qrels' |
	    mapr --names trec -m bpref,AP"
	status_is 0
	same "$(echo "$output" | body)" "$(printf '%-22s\tall\t%s\n' map 0.4491 bpref 0.1111)"
	grep -q "^bpref .*	all	0.1111$" "$BATS_TEST_DIRNAME/data/examples/trec.out"
}
