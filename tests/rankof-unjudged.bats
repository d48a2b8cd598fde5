#!/usr/bin/env bats
# rankof -u (--keep-unjudged): a query of the run, or a query row of -e, that
# the qrels lack stays in the rank stream as a query without relevant items,
# the place-recognition habit (a query with no positive is a miss). Every
# expected line is worked out by hand below.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

ROOT="$BATS_TEST_DIRNAME/.."

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "rankof -u: a run query absent from the qrels becomes 'q - 0 - - n'" {
	# qa: d1 0.9 d2 0.5, relevant d2: rank 2, ties 0, n 2.
	# qb: three candidates, no judgment: without -u it is left out (and
	# counted on stderr); with -u it is the empty line 'qb - 0 - - 3'.
	printf '%s\n' 'qa d1 0.9' 'qa d2 0.5' 'qb d1 1' 'qb d2 2' 'qb d3 3' > scores
	printf '%s\n' 'qa d2 1' > qrels
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' 'qa d2 1 2 0 2' '# end')"
	same "$stderr" "rankof: 1 query not in the qrels left out"
	run --separate-stderr rankof -u -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'qa d2 1 2 0 2' 'qb - 0 - - 3' '# end')"
	same "$stderr" ""
	run --separate-stderr rankof --keep-unjudged -r qrels -j 3 scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'qa d2 1 2 0 2' 'qb - 0 - - 3' '# end')"
}

@test "rankof -u | hitrate --empty miss: the query without positives counts as 0" {
	# qa: hit@1 0, hit@2 1; qb: 0 at every K. Mean over the two queries:
	# hit@1 0, hit@2 1/2. With --empty skip, qb leaves and hit@2 is 1.
	printf '%s\n' 'qa d1 0.9' 'qa d2 0.5' 'qb d1 1' 'qb d2 2' 'qb d3 3' > scores
	printf '%s\n' 'qa d2 1' > qrels
	run --separate-stderr sh -c 'rankof -u -r qrels scores | hitrate -f -k 1,2 -m hit --empty miss'
	status_is 0
	same "$(val hit@1 all) $(val hit@2 all)" "0.0000 0.5000"
	run --separate-stderr sh -c 'rankof -u -r qrels scores | hitrate -f -k 2 -m hit --empty skip'
	status_is 0
	same "$(val hit@2 all)" "1.0000"
}

@test "rankof -u -e: every query row stays, with the kernel's gallery size" {
	# examples/data: 4 images (rows 0-3), 8 captions; the qrels judge only
	# images 0 and 2. Cosine of image 0 (1,0,0) with the captions:
	# c0 (2,0,0) 1, c7 (2,1,0) 2/sqrt5 = .894, c1 (1,1,0) and c5 (1,0,1)
	# both 1/sqrt2 = .707, c6 1/sqrt3, c2, c3, c4 0: c0 rank 1, c1 rank 3
	# tied with c5. Image 2 (0,0,1): c4 (0,0,2) 1, alone at the top.
	# Images 1 and 3 are not judged: 'q - 0 - - 8' with -u, absent without.
	printf '%s\n' '0 0 1' '0 1 1' '2 4 1' > qrels
	want=$(tsv '# query item grade rank ties n' '0 0 1 1 0 8' '0 1 1 3 1 8' \
	    '1 - 0 - - 8' '2 4 1 1 0 8' '3 - 0 - - 8' '# end')
	run --separate-stderr rankof -u -e -m cos -r qrels \
	    "$ROOT/examples/data/img.npy" "$ROOT/examples/data/cap.npy"
	status_is 0
	same "$output" "$want"
	# the score stream path gives the same bytes
	run --separate-stderr sh -c "simmat -m cos '$ROOT/examples/data/img.npy' \
	    '$ROOT/examples/data/cap.npy' | rankof -u -r qrels"
	status_is 0
	same "$output" "$want"
	run --separate-stderr rankof -e -m cos -r qrels \
	    "$ROOT/examples/data/img.npy" "$ROOT/examples/data/cap.npy"
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' '0 0 1 1 0 8' \
	    '0 1 1 3 1 8' '2 4 1 1 0 8' '# end')"
}

@test "rankof -u needs qrels (exit 2)" {
	printf '%s\n' 'a x' > labels
	run --separate-stderr rankof -u -l labels /dev/null
	status_is 2
	same "${stderr%%$'\n'*}" "rankof: -u needs qrels"
}
