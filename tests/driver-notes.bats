#!/usr/bin/env bats
# The measure programs' refusals and notes that keep a wrong table from
# passing for a right one: a query named as a summary row, an input without
# a query, the note on queries without relevant items for every measure,
# and cut-offs deeper than a query's candidates.
load helper
load data/ranks/common

@test "driver: a query named all is refused, foldN only under --folds" {
	local d="$BATS_TEST_TMPDIR"
	tsv '# query item grade rank ties n' 'q1 d1 1 1 0 3' 'all d2 1 2 0 3' '# end' > "$d/all.ranks"
	for p in hitrate mapr ndcg; do
		run --separate-stderr $p "$d/all.ranks"
		status_is 1
		same "$stderr" "$p: $d/all.ranks:3: query 'all' has the name of a summary row: rename it"
		[[ $output != *"# end"* ]]
	done
	tsv '# query item grade rank ties n' 'fold1 d1 1 1 0 3' 'q2 d2 1 2 0 3' '# end' > "$d/fold.ranks"
	# without --folds fold1 is a query like any other: hit@1 = (1 + 0)/2
	run --separate-stderr hitrate -f -k 1 -m hit "$d/fold.ranks"
	status_is 0
	same "$(val hit@1 all)" 0.5000
	run --separate-stderr hitrate --folds 2 "$d/fold.ranks"
	status_is 1
	same "$stderr" "hitrate: $d/fold.ranks:2: query 'fold1' has the name of a summary row: rename it"
}

@test "driver: an input without a query is an error, not a table of -" {
	local d="$BATS_TEST_TMPDIR"
	tsv '# query item grade rank ties n' '# end' > "$d/none.ranks"
	for p in hitrate mapr ndcg; do
		run --separate-stderr $p "$d/none.ranks"
		status_is 1
		same "$stderr" "$p: no query in the input: nothing to measure"
		[[ $output != *"# end"* ]]
	done
	# a run sharing no query with the qrels: rankof notes it, the
	# measure program stops
	printf 'x1\td1\t0.5\n' > "$d/run"
	printf 'q1\td1\t1\n' > "$d/qrels"
	run --separate-stderr sh -c "rankof -r '$d/qrels' '$d/run' | hitrate"
	status_is 1
	[[ $stderr == *"hitrate: no query in the input: nothing to measure"* ]]
}

@test "driver: the note on queries without relevant items is right for every measure" {
	local d="$BATS_TEST_TMPDIR"
	# q1: relevant at rank 1 of 2; q2: no relevant item (one line, grade 0)
	tsv '# query item grade rank ties n' 'q1 d1 1 1 0 2' 'q2 - 0 - - 2' '# end' > "$d/e.ranks"
	# --empty miss: hit@1 = (1 + 0)/2 = 0.5; MeanR leaves q2 out: 1
	run --separate-stderr hitrate -f -k 1 "$d/e.ranks"
	status_is 0
	same "$(val hit@1 all)" 0.5000
	same "$(val MeanR all)" 1.0000
	same "$(val MedR all)" 1.0000
	same "$(notes "$stderr")" "hitrate: 1 query has no relevant item: it counts as 0 (--empty miss), except in MedR and MeanR, which leave it out, as it has no rank"
	# without MedR and MeanR there is nothing to add
	run --separate-stderr hitrate -f -k 1 -m hit,MRR "$d/e.ranks"
	same "$(notes "$stderr")" "hitrate: 1 query has no relevant item: it counts as 0 (--empty miss)"
	run --separate-stderr mapr -f "$d/e.ranks"
	same "$(notes "$stderr")" "mapr: 1 query has no relevant item: it counts as 0 (--empty miss)"
	run --separate-stderr hitrate -f -k 1 --empty skip "$d/e.ranks"
	same "$(val hit@1 all)" 1.0000
	same "$(notes "$stderr")" "hitrate: 1 query has no relevant item and is left out of every measure (--empty skip)"
}

@test "driver: cut-offs deeper than a query's candidates with a relevant item missing" {
	local d="$BATS_TEST_TMPDIR"
	# q1: 3 candidates, d1 at rank 2, d9 relevant and not retrieved (a
	# ranking cut at 3, perhaps); q2: 3 candidates, its one relevant item at 1
	tsv '# query item grade rank ties n' 'q1 d1 1 2 0 3' 'q1 d9 1 - - 3' \
	    'q2 d2 1 1 0 3' '# end' > "$d/cut.ranks"
	# K = 1, 3: within every ranking, no note
	run --separate-stderr hitrate -k 1,3 -m hit,recall "$d/cut.ranks"
	status_is 0
	same "$(notes "$stderr")" ""
	# K = 5: beyond q1's 3 candidates while d9 is missing; q2 has all its
	# relevant items, so its values are exact
	run --separate-stderr hitrate -k 1,5 -m hit,recall "$d/cut.ranks"
	status_is 0
	same "$(notes "$stderr")" "hitrate: 1 query has fewer than 5 candidates and misses a relevant item: if its ranking was cut short (simmat -k, a run's depth), the item may lie below the cut, so hit@K and recall@K at K=5 are lower bounds"
	run --separate-stderr ndcg -k 4,5 "$d/cut.ranks"
	same "$(notes "$stderr")" "ndcg: up to 1 query has fewer than K (K from 4 to 5) candidates and misses a relevant item: if its ranking was cut short (simmat -k, a run's depth), the item may lie below the cut, so nDCG@K at K=4 to 5 are lower bounds"
	# rsum adds hit@10 whatever -k says: rank 10 is beyond q1's 3
	# candidates, though hit@1 and hit@3 are not
	run --separate-stderr hitrate -k 1,3 -m hit --rsum "$d/cut.ranks"
	status_is 0
	same "$(notes "$stderr")" "hitrate: 1 query has fewer than 10 candidates and misses a relevant item: if its ranking was cut short (simmat -k, a run's depth), the item may lie below the cut, so rsum at K=10 is a lower bound"
}

@test "driver: -m takes every name the output prints, with the same value" {
	local p name want n=0
	for p in "hitrate" "mapr" "ndcg"; do
		run --separate-stderr $p -f -p 6 --chance -k 1,2,3 "$DATA/worked.ranks"
		status_is 0
		local all="$output"
		for name in $(printf '%s\n' "$all" | body | cut -f1 | sort -u); do
			want=$(printf '%s\n' "$all" | awk -F'\t' -v m="$name" '$1 == m && $2 == "all" { print $3 }')
			run --separate-stderr $p -f -p 6 -m "$name" "$DATA/worked.ranks"
			status_is 0
			# one column, the one named, with the value of the full table
			same "$(printf '%s\n' "$output" | body | cut -f1 | sort -u)" "$name"
			same "$(val "$name" all)" "$want"
			n=$((n + 1))
		done
	done
	# hitrate: hit recall P (3 K, chance) MRR MedR MeanR = 21; mapr: Rprec
	# MAP@R AP AP@K (3 K, chance) mINP = 10; ndcg: nDCG@K (3 K, chance) nDCG = 7
	[ "$n" -eq 38 ]
	# a family with -k, and names that are not printed
	run --separate-stderr hitrate -k 2,3 -m hit@3,recall "$DATA/worked.ranks"
	same "$(printf '%s\n' "$output" | body | cut -f1 | tr '\n' ' ')" "hit@3 recall@2 recall@3 "
	for name in hit@0 hit@x hit@3:x MeanR@3 bogus@1; do
		run --separate-stderr hitrate -m "$name" "$DATA/worked.ranks"
		status_is 2
	done
}

@test "driver: --quiet removes the notes and keeps the errors" {
	run --separate-stderr hitrate "$DATA/worked.ranks"
	status_is 0
	[ -n "$stderr" ]
	local table="$output"
	run --separate-stderr hitrate --quiet "$DATA/worked.ranks"
	status_is 0
	same "$stderr" ""
	same "$output" "$table"
	run --separate-stderr hitrate --quiet --empty error "$DATA/mixed.ranks"
	status_is 1
	same "$stderr" "hitrate: $DATA/mixed.ranks:3: query 'qc' has no relevant item (--empty error)"
}
