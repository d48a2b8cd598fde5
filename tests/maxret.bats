#!/usr/bin/env bats
# rankof -M N (--max-retrieved): each query keeps its first N candidates in
# the tie order before ranks are counted, as trec_eval -M does. Expected
# values by hand (the worked query below) and by an independent truncation
# of the run with sort and awk.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
	# the worked query of rankkit(7): d1 0.9, d2 d3 d4 0.7, d5 0.2; d3 is
	# relevant (grade 1), d9 (grade 2) is never retrieved
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.7' 'q1 d3 0.7' 'q1 d4 0.7' \
	    'q1 d5 0.2' > scores
	printf '%s\n' 'q1 0 d3 1' 'q1 0 d9 2' > qrels
}

# ranks ARGS...: rankof's rank stream of the worked query, lines only
ranks() { rankof -r qrels "$@" scores | body; }

@test "-M by hand: --break id keeps the tied ids in descending order" {
	# by id descending the order is d1 d4 d3 d2 d5: the first 2 are d1 and
	# d4 (d3 is cut off, n = 2); the first 3 end with d3 at rank 3
	same "$(ranks --break id -M 2)" "$(tsv 'q1 d3 1 - - 2' 'q1 d9 2 - - 2')"
	same "$(ranks --break id -M 3)" "$(tsv 'q1 d3 1 3 0 3' 'q1 d9 2 - - 3')"
	same "$(ranks --break id --max-retrieved 5)" "$(tsv 'q1 d3 1 3 0 5' 'q1 d9 2 - - 5')"
}

@test "-M by hand: --break input keeps the tied candidates in input order" {
	# input order d1 d2 d3 d4 d5: the first 2 are d1 d2, the first 3 end
	# with d3 (rank 3)
	same "$(ranks --break input -M 2)" "$(tsv 'q1 d3 1 - - 2' 'q1 d9 2 - - 2')"
	same "$(ranks --break input -M 3)" "$(tsv 'q1 d3 1 3 0 3' 'q1 d9 2 - - 3')"
}

@test "-M by hand: ties kept when the cut does not split them" {
	# -M 4 keeps d1 and the whole tie (positions 2..4): d3 rank 2, ties 2;
	# -M 1 keeps d1 alone; -M 9 keeps all five
	same "$(ranks -M 4)" "$(tsv 'q1 d3 1 2 2 4' 'q1 d9 2 - - 4')"
	same "$(ranks -M 1 2>/dev/null)" "$(tsv 'q1 d3 1 - - 1' 'q1 d9 2 - - 1')"
	same "$(ranks -M 9)" "$(tsv 'q1 d3 1 2 2 5' 'q1 d9 2 - - 5')"
}

@test "-M through a tie that no rule breaks is an error naming the fix" {
	run --separate-stderr rankof -r qrels -M 2 scores
	status_is 1
	same "$stderr" "rankof: scores:1: query 'q1': -M 2 cuts through 3 candidates tied at score 0.7 (--break input or id chooses which stay)"
	[[ $output != *"# end"* ]]
}

@test "-M: bad values and combinations are usage errors" {
	run --separate-stderr rankof -r qrels -M 0 scores
	status_is 2
	[[ ${stderr%%$'\n'*} == "rankof: -M: '0' is not an integer from 1 to "* ]]
	run --separate-stderr rankof -r qrels -M x scores
	status_is 2
	run --separate-stderr rankof --merge -M 3 scores
	status_is 2
	run --separate-stderr rankof -e -r qrels -M 3 scores scores
	status_is 2
	same "${stderr%%$'\n'*}" "rankof: -M needs score streams or runs (with -e, simmat -k keeps each query's best K)"
}

# cut RUN N KEY: the run truncated to each query's first N lines after a
# sort by score descending, ties by KEY (id: item id descending; input:
# stable, the order of appearance), queries in byte order (the runs here are sorted by query)
cut_run() {
	local tiekey=
	[ "$3" = id ] && tiekey=-k2,2r
	awk '{ print $1, $3, $5 }' "$1" | sort -s -k1,1 -k3,3gr $tiekey |
	    awk -v n="$2" '$1 != q { q = $1; k = 0 } ++k <= n'
}

# the same rank stream from rankof -M N and from the truncated run
agree_cut() {
	local run=$1 qrels=$2 n=$3 brk=$4
	# the run's tag line aside: the truncated score stream has none
	rankof --break "$brk" -M "$n" -r "$qrels" "$run" 2>/dev/null |
	    grep -v '^# run ' > got
	# the truncated run's depth said by --depth, as -M says its own
	cut_run "$run" "$n" "$brk" | rankof --depth "$n" --break "$brk" -r "$qrels" > want 2>/dev/null
	cmp -s got want || { diff got want | head -20 >&2; return 1; }
}

@test "-M equals the run truncated by sort and awk (trec_eval's results.test)" {
	T="$TREC_DATA"
	for n in 1 2 10 99 500 501; do
		agree_cut "$T/results.test" "$T/qrels.test" "$n" id
		agree_cut "$T/results.test" "$T/qrels.test" "$n" input
	done
}

@test "-M equals the truncated run on a tie-heavy generated run, several chunks and threads" {
	# 40 queries of 30 candidates, scores from 5 values: ties at every cut
	awk 'BEGIN { s = 7; for (q = 1; q <= 40; q++) for (i = 1; i <= 30; i++) {
		s = (s * 1103515245 + 12345) % 2147483648
		printf "t%02d Q0 d%03d 0 %d run\n", q, (s % 997), (s % 5) }
	}' | awk '!seen[$1 " " $3]++' > run
	awk '{ if (NR % 3 == 0) print $1, 0, $3, 1 + NR % 2 }' run > rels
	for n in 1 3 7 29 30; do
		RANKKIT_CHUNK=256 agree_cut run rels "$n" id
		RANKKIT_CHUNK=256 agree_cut run rels "$n" input
	done
}
