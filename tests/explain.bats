#!/usr/bin/env bats
# --explain: for every query of small lists with many ties (data/ranks/
# ties-gen.awk, seeded), the value at the end of each measure's explanation
# is the program's own per-query value (-q), for every measure of hitrate,
# mapr and ndcg (ndcg's on request too), in every tie mode, with every AP
# divisor and both gains; every per-query row has its explanation; lines
# fit in 80 columns.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	awk -v seed=9 -v nq=50 -v scores=scores -v qrels=qrels -f "$DATA/ties-gen.awk"
	rankof -r qrels scores > ranks
}

# explained FILE: "measure query value" of each explanation: a line
# "  NAME = ..." or "  NAME: ..." starts one, lines "   = ..." go on with
# it, its value is the last field of its last line
explained() {
	awk '
	function flush() { if (cur != "" && val ~ /^-?[0-9.]+(e-?[0-9]+)?$/) print cur "\t" q "\t" val; cur = "" }
	/^query / { flush(); q = $2; sub(/:$/, "", q); next }
	/^  (hit@|recall@|P@|MRR|MedR|MeanR|Rprec|MAP@R|AP|mINP|nDCG|ERR@|SDCG@|RBP)[^ ]*( =|:)/ {
		flush(); cur = $1; sub(/:$/, "", cur); val = $NF; next }
	/^ +=/ { if (cur != "") val = $NF; next }
	END { flush() }' "$1" | grep -v '^MedR' | sort
}

# check PROG ARGS...: PROG -q -f -p 12 ARGS --explain all against itself
check() {
	"$@" -q -f -p 12 --explain all ranks 2> ex > out
	awk -F'\t' '!/^#/ && $2 != "all" { print $1 "\t" $2 "\t" $3 }' out | sort > want
	explained ex > got
	[ "$(wc -l < want)" -ge 100 ]
	join -t '	' <(awk -F'\t' '{ print $1 " " $2 "\t" $3 }' want) \
	    <(awk -F'\t' '{ print $1 " " $2 "\t" $3 }' got) > both
	[ "$(wc -l < both)" -eq "$(wc -l < want)" ] || { echo "$* : rows without an explanation"; diff <(cut -f1,2 want) <(cut -f1,2 got) | head; false; }
	[ "$(wc -l < got)" -eq "$(wc -l < want)" ] || { echo "$* : explanations without a row"; false; }
	awk -F'\t' '{ d = $2 - $3; if (d < 0) d = -d; if (d > 1e-9) { print "differs: " $0; bad = 1 } }
	    END { exit bad }' both >&2
	[ "$(awk '!/^[a-z]+: / { if (length($0) > w) w = length($0) } END { print w + 0 }' ex)" -le 80 ]
}

@test "explain: hitrate, every measure and tie mode" {
	for mode in expected optimistic pessimistic; do
		check hitrate -T $mode -k 1,2,3,5,10
	done
}

@test "explain: mapr, every measure, tie mode and AP divisor" {
	for mode in expected optimistic pessimistic; do
		for div in m min found; do
			check mapr -T $mode --ap-divisor $div -k 1,2,3,5
		done
	done
}

@test "explain: ndcg, every tie mode, both gains" {
	for mode in expected optimistic pessimistic; do
		for gain in linear exp; do
			check ndcg -T $mode --gain $gain -k 1,2,3,5
		done
	done
}

@test "explain: the query's items, groups and n; only the queries named; stdout unchanged" {
	tsv 'q1 d3 1 2 2 5' 'q1 d9 2 - - 5' 'q2 d1 1 1 0 3' > w
	run --separate-stderr hitrate -f -k 2 -m hit --explain q1 w
	status_is 0
	same "$output" "$(hitrate -f -k 2 -m hit w 2>/dev/null)"
	[[ "$stderr" == *"query q1: n = 5 candidates, m = 2 relevant, 1 retrieved, ties expected"* ]]
	[[ "$stderr" == *"not retrieved"* ]]
	# a = 1, t = 3, s = 1, positions 2..4; hit@2 = 1 - C(2, 1)/C(3, 1) = 1/3
	printf '%s\n' "$stderr" | grep -q '^ *1 *1 *2 *2 *1 *3 *1  2\.\.4$'
	printf '%s\n' "$stderr" | grep -q 'hit@2 = 1 - C(t-s, K-a)/C(t, K-a) = 1 - C(2, 1)/C(3, 1)'
	printf '%s\n' "$stderr" | grep -q '= 0.3333333333$'
	run grep -c 'query q2' <(printf '%s\n' "$stderr")
	[ "$output" -eq 0 ]
}

@test "explain: ndcg's ERR@K, SDCG@K, RBP and RBP_resid, every tie mode" {
	rankof --judged -r qrels scores > ranks
	for mode in expected optimistic pessimistic; do
		check ndcg -T $mode -k 1,2,3,5 -m ERR,SDCG,RBP,RBP_resid
	done
}
