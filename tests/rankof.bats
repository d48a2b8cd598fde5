#!/usr/bin/env bats
# rankof: the rank stream of rankkit(7), worked out by hand for each relevance
# source and option: qrels and grades (-g), unretrieved relevant items, empty
# queries, -c, labels (-l, --query-labels/--item-labels), -x, cameras and
# junk, --folds, --break input|id, input forms, output order, header and end.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# the worked example of rankkit(7)
worked() {
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.7' 'q1 d3 0.7' 'q1 d4 0.7' 'q1 d5 0.2' > scores
	printf '%s\n' 'q1 d1 0' 'q1 d3 1' 'q1 d9 2' > qrels
}

@test "rankof: the worked example of rankkit(7)" {
	worked
	# d3: one candidate above (d1), two tied with it (d2, d4): rank 2, ties 2;
	# d9 (grade 2) never retrieved; n = 5. d1 has grade 0: not relevant.
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q1 d3 1 2 2 5' 'q1 d9 2 - - 5' '# end')"
	same "$(notes "$stderr")" ""
	# stdin, and --qrels
	run --separate-stderr sh -c 'rankof --qrels qrels < scores'
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q1 d3 1 2 2 5' 'q1 d9 2 - - 5' '# end')"
}

@test "rankof | hitrate: the worked example's numbers in the three tie modes" {
	worked
	# expected: hit@1 0, hit@2 1/3, hit@4 1; optimistic hit@2 1, pessimistic 0;
	# recall@5 = 1/2 in every mode (d9 counts among the 2 relevant items)
	run --separate-stderr sh -c 'rankof -r qrels scores | hitrate -f -k 1,2,4,5 -m hit,recall'
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'hit@1 all 0.0000' 'hit@2 all 0.3333' 'hit@4 all 1.0000' 'hit@5 all 1.0000' \
	    'recall@1 all 0.0000' 'recall@2 all 0.1667' 'recall@4 all 0.5000' \
	    'recall@5 all 0.5000' '# end')"
	run --separate-stderr sh -c 'rankof -r qrels scores | hitrate -T optimistic -f -k 2,5 -m hit,recall'
	status_is 0
	same "$(val hit@2 all) $(val recall@5 all)" "1.0000 0.5000"
	run --separate-stderr sh -c 'rankof -r qrels scores | hitrate -T pessimistic -f -k 2,5 -m hit,recall'
	status_is 0
	same "$(val hit@2 all) $(val recall@5 all)" "0.0000 0.5000"
}

@test "rankof: line order: best rank first, ties by item id (bytes), unretrieved last" {
	# x 9 (1), a 7 (2), z 5 (3), b B c 3 (4, ties 2), y 1 (7); n = 7
	# relevant: a, B, c, y and the unretrieved L, m.  Byte order: B < c, L < m.
	printf '%s\n' 'q z 5' 'q b 3' 'q B 3' 'q a 7' 'q c 3' 'q y 1' 'q x 9' > scores
	printf '%s\n' 'q m 1' 'q c 1' 'q y 3' 'q B 2' 'q a 1' 'q L 1' 'q b 0' > qrels
	want=$(tsv '# query item grade rank ties n' \
	    'q a 1 2 0 7' 'q B 2 4 2 7' 'q c 1 4 2 7' 'q y 3 7 0 7' \
	    'q L 1 - - 7' 'q m 1 - - 7' '# end')
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$want"
	# the same bytes whatever the order of the scores inside the query
	tac scores > scores.rev
	run --separate-stderr rankof -r qrels scores.rev
	status_is 0
	same "$output" "$want"
	LC_ALL=C sort -k3,3n scores > scores.sorted
	run --separate-stderr rankof -r qrels scores.sorted
	status_is 0
	same "$output" "$want"
}

@test "rankof: queries in input order; run queries absent from the qrels left out" {
	# zq before aq as in the input; n1 and n2 have no judgments at all
	printf '%s\n' 'zq a 1' 'zq b 2' 'n1 a 1' 'aq a 1' 'aq b 1' 'n2 x 1' > scores
	printf '%s\n' 'aq b 1' 'zq a 1' > qrels
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'zq a 1 2 0 2' 'aq b 1 1 1 2' '# end')"
	same "$(notes "$stderr")" "rankof: 2 queries not in the qrels left out"
}

@test "rankof: a query with no relevant item gives one line 'q - 0 - - n'" {
	# e1 is judged, but only with grade 0 (and a negative grade)
	printf '%s\n' 'e1 a 1' 'e1 b 2' 'e1 c 2' 'h1 a 1' > scores
	printf '%s\n' 'e1 a 0' 'e1 b -1' 'h1 a 1' > qrels
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'e1 - 0 - - 3' 'h1 a 1 1 0 1' '# end')"
}

@test "rankof: grades and -g (negative grades are never relevant)" {
	# scores a 5 (1), b 4 (2), c 3 (3), d 2 (4), e 1 (5); f unretrieved
	printf '%s\n' 'g a 5' 'g b 4' 'g c 3' 'g d 2' 'g e 1' > scores
	printf '%s\n' 'g a 0' 'g b 1' 'g c 2' 'g d 3' 'g e -1' 'g f 2' > qrels
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'g b 1 2 0 5' 'g c 2 3 0 5' 'g d 3 4 0 5' 'g f 2 - - 5' '# end')"
	run --separate-stderr rankof -g 2 -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'g c 2 3 0 5' 'g d 3 4 0 5' 'g f 2 - - 5' '# end')"
	run --separate-stderr rankof --min-grade 3 -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' 'g d 3 4 0 5' '# end')"
	# -g 0: grade 0 counts, -1 still does not
	run --separate-stderr rankof -g 0 -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'g a 0 1 0 5' 'g b 1 2 0 5' 'g c 2 3 0 5' 'g d 3 4 0 5' 'g f 2 - - 5' '# end')"
	# nothing reaches grade 4: an empty query
	run --separate-stderr rankof -g 4 -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' 'g - 0 - - 5' '# end')"
}

@test "rankof: TREC run and TREC qrels; the run's rank column is ignored" {
	# score = field 5; fields after the tag are ignored; the ranks lie
	printf '%s\n' 't1 Q0 x 3 3.5 run' 't1 Q0 y 2 3.5 run extra junk' \
	    't1 Q0 z 1 1 run' 't2 Q0 x 1 0.5 run' > run
	printf '%s\n' 't1 0 y 1' 't1 0 z 1' 't2 0 x 0' 't2 0 w 1' > qrels
	run --separate-stderr rankof -r qrels run
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    't1 y 1 1 1 3' 't1 z 1 3 0 3' 't2 w 1 - - 1')"$'\n# run run\n# end'
	# the tag of the run's last line, as trec_eval keeps it (rankkit(7))
}

@test "rankof: loose input: spaces, tabs, CRLF, comments, blank lines, no final newline" {
	printf 'q1   d1\t0.9\r\n# comment\n\nq1\td2 0.7\nq1 d3 0.7\r\n \tq1 d4 0.7\nq1 d5 0.2' > scores
	printf '# judgments\nq1 0  d3\t1\r\n\nq1 d9 2' > qrels
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q1 d3 1 2 2 5' 'q1 d9 2 - - 5' '# end')"
}

@test "rankof: numbers: equal values tie whatever their spelling; +inf and -inf" {
	# c +inf (1); a 1e-1 = b 0.10 = g 0.1 (2, ties 2); e -0 = f 0 (5, ties 1);
	# d -inf (7); n = 7
	printf '%s\n' 'n a 1e-1' 'n b 0.10' 'n c +inf' 'n d -inf' 'n e -0' 'n f 0' 'n g 0.1' > scores
	printf '%s\n' 'n a 1' 'n e 1' 'n d 1' 'n c 1' > qrels
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'n c 1 1 0 7' 'n a 1 2 2 7' 'n e 1 5 1 7' 'n d 1 7 0 7' '# end')"
}

@test "rankof: a rankkit score stream (header and end line) and several run files" {
	worked
	{ printf '# query\titem\tscore\n'; cat scores; printf '# end\n'; } > scores.rk
	run --separate-stderr rankof -r qrels scores.rk
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q1 d3 1 2 2 5' 'q1 d9 2 - - 5' '# end')"
	# two files read in turn
	printf '%s\n' 'm1 a 1' 'm1 b 2' > run1
	printf '%s\n' 'm2 a 1' > run2
	printf '%s\n' 'm1 a 1' 'm2 a 1' > qrels2
	run --separate-stderr rankof -r qrels2 run1 run2
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'm1 a 1 2 0 2' 'm2 a 1 1 0 1' '# end')"
}

@test "rankof -c: qrels queries missing from the run come last, n = 0" {
	# run: r2 (and r8, r9 not in the qrels); qrels-only: r1, r3, r4 in order
	# of first appearance; r3 has only a grade 0: an empty query
	printf '%s\n' 'r2 x 1' 'r2 y 2' 'r8 x 1' 'r9 x 1' > scores
	printf '%s\n' 'r1 a 1' 'r2 y 1' 'r3 b 0' 'r1 c 2' 'r4 d 1' 'r2 x 0' > qrels
	run --separate-stderr rankof -c -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'r2 y 1 1 0 2' 'r1 a 1 - - 0' 'r1 c 2 - - 0' 'r3 - 0 - - 0' \
	    'r4 d 1 - - 0' '# end')"
	same "$(notes "$stderr")" "rankof: 2 queries not in the qrels left out"
	run --separate-stderr rankof --all-queries -r qrels scores
	status_is 0
	same "$(body <<<"$output" | cut -f1 | uniq | tr '\n' ' ')" "r2 r1 r3 r4 "
	# without -c: the run's queries only
	run --separate-stderr rankof -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' 'r2 y 1 1 0 2' '# end')"
}

@test "rankof -l: one labels file, with and without -x" {
	printf '%s\n' 'a 1' 'b 1' 'c 2' 'd 1' 'e 1' > labels
	# a: a 1.0, c .8, b .5, d .5; e (label 1) never scored; c: a .3, b .3
	printf '%s\n' 'a a 1.0' 'a b 0.5' 'a c 0.8' 'a d 0.5' 'c a 0.3' 'c b 0.3' > scores
	# without -x: a is its own relevant item at rank 1; n = 4.
	# c's only relevant item is c itself, not among its candidates
	run --separate-stderr rankof -l labels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'a a 1 1 0 4' 'a b 1 3 1 4' 'a d 1 3 1 4' 'a e 1 - - 4' \
	    'c c 1 - - 2' '# end')"
	# -x: a leaves a's gallery and relevant set (n = 3); c has none left
	run --separate-stderr rankof -x -l labels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'a b 1 2 1 3' 'a d 1 2 1 3' 'a e 1 - - 3' 'c - 0 - - 2' '# end')"
	run --separate-stderr rankof --exclude-self --labels labels scores
	status_is 0
	same "$(body <<<"$output" | head -1)" "$(tsv 'a b 1 2 1 3')"
}

@test "rankof: --query-labels and --item-labels" {
	printf '%s\n' 'i1 A' 'i2 B' 'i5 E' > qlab
	printf '%s\n' 't1 A' 't2 A' 't3 B' 't4 C' > ilab
	# i1: t2 .9 (1), t4 .7 (2), t3 .5 (3), t1 .1 (4): relevant t1, t2
	# i2: t1 t3 t4 all .3 (1, ties 2), t2 not scored: relevant t3
	# i5: label E has no item: empty
	printf '%s\n' 'i1 t1 .1' 'i1 t2 .9' 'i1 t3 .5' 'i1 t4 .7' \
	    'i2 t1 0.3' 'i2 t3 0.3' 'i2 t4 0.3' 'i5 t1 1' > scores
	sed -i 's/ \./ 0./' scores
	run --separate-stderr rankof --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'i1 t2 1 1 0 4' 'i1 t1 1 4 0 4' 'i2 t3 1 1 2 3' 'i5 - 0 - - 1' '# end')"
}

@test "rankof: cameras: --junk same-camera and --junk-label" {
	printf '%s\n' 'p1 A c1' 'p2 B c2' > qlab
	printf '%s\n' 'g1 A c1' 'g2 A c2' 'g3 B c1' 'g4 B c2' 'g5 -1 c2' > ilab
	# p1: g5 .95, g1 .9, g4 .8, g2 = g3 .5; p2: g5 .5, g4 .4, g3 .3, g2 .2, g1 .1
	printf '%s\n' 'p1 g1 0.9' 'p1 g2 0.5' 'p1 g3 0.5' 'p1 g4 0.8' 'p1 g5 0.95' \
	    'p2 g1 0.1' 'p2 g2 0.2' 'p2 g3 0.3' 'p2 g4 0.4' 'p2 g5 0.5' > scores
	hdr='# query item grade rank ties n'
	# no junk: p1 relevant g1 (2), g2 (4, ties 1); p2 relevant g4 (2), g3 (3)
	run --separate-stderr rankof --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'p1 g1 1 2 0 5' 'p1 g2 1 4 1 5' \
	    'p2 g4 1 2 0 5' 'p2 g3 1 3 0 5' '# end')"
	# same camera: g1 (A, c1) leaves p1's gallery and relevant set, g4 (B, c2)
	# leaves p2's: p1 g5, g4, g2 = g3 -> g2 at 3, ties 1; p2 g5, g3 -> g3 at 2
	run --separate-stderr rankof --junk same-camera --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'p1 g2 1 3 1 4' 'p2 g3 1 2 0 4' '# end')"
	# label -1 is junk: g5 leaves every gallery
	run --separate-stderr rankof --junk-label -1 --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'p1 g1 1 1 0 4' 'p1 g2 1 3 1 4' \
	    'p2 g4 1 1 0 4' 'p2 g3 1 2 0 4' '# end')"
	# both
	run --separate-stderr rankof --junk same-camera --junk-label -1 \
	    --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'p1 g2 1 2 1 3' 'p2 g3 1 1 0 3' '# end')"
}

@test "rankof --folds: a query's gallery and relevant set are its block's" {
	printf '%s\n' 'i0 X' 'i1 Y' 'i2 X' 'i3 Y' > qlab
	printf '%s\n' 't0 X' 't1 Y' 't2 X' 't3 Y' > ilab
	printf '%s\n' 'i0 t0 0.1' 'i0 t1 0.2' 'i0 t2 0.9' 'i0 t3 0.9' \
	    'i2 t0 0.9' 'i2 t1 0.9' 'i2 t2 0.3' 'i2 t3 0.3' > scores
	# one gallery: i0: t2 = t3 (1, ties 1), t1 (3), t0 (4); relevant t0, t2
	#              i2: t0 = t1 (1, ties 1), t2 = t3 (3, ties 1); relevant t0, t2
	run --separate-stderr rankof --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'i0 t2 1 1 1 4' 'i0 t0 1 4 0 4' 'i2 t0 1 1 1 4' 'i2 t2 1 3 1 4' '# end')"
	# two folds: i0 with {t0, t1}: t1 (1), t0 (2); i2 with {t2, t3}: tie
	# (the stream says its folds: rankkit(7), Header lines)
	run --separate-stderr rankof --folds 2 --query-labels qlab --item-labels ilab scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' '# folds 2' \
	    'i0 t0 1 2 0 2' 'i2 t2 1 1 1 2' '# end')"
	# 4 labels do not split into 3 equal blocks
	run --separate-stderr rankof --folds 3 --query-labels qlab --item-labels ilab scores
	status_is 1
	same "$stderr" "rankof: ilab: 4 items do not split into 3 equal folds"
	[[ $output != *"# end"* ]]
}

@test "rankof --break input|id: ties broken, every ties is 0" {
	printf '%s\n' 'b a 1' 'b B 1' 'b b 1' 'b c 2' > scores
	printf '%s\n' 'b B 1' > qrels1
	printf '%s\n' 'b a 1' 'b b 1' 'b B 1' > qrels3
	hdr='# query item grade rank ties n'
	# kept: B at 2, tied with a and b
	run --separate-stderr rankof -r qrels1 scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'b B 1 2 2 4' '# end')"
	# input order after c: a, B, b -> B at 3
	run --separate-stderr rankof --break input -r qrels1 scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'b B 1 3 0 4' '# end')"
	# id descending in byte order: b (0x62), a (0x61), B (0x42) -> B at 4
	run --separate-stderr rankof --break id -r qrels1 scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'b B 1 4 0 4' '# end')"
	# three relevant items
	run --separate-stderr rankof -r qrels3 scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'b B 1 2 2 4' 'b a 1 2 2 4' 'b b 1 2 2 4' '# end')"
	run --separate-stderr rankof --break input -r qrels3 scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'b a 1 2 0 4' 'b B 1 3 0 4' 'b b 1 4 0 4' '# end')"
	run --separate-stderr rankof --break id -r qrels3 scores
	status_is 0
	same "$output" "$(tsv "$hdr" 'b b 1 2 0 4' 'b a 1 3 0 4' 'b B 1 4 0 4' '# end')"
}

@test "rankof --break id: byte order of longer ids (d9 > d10 > d1), as trec_eval" {
	printf '%s\n' 'q d1 5' 'q d10 5' 'q d9 5' 'q d2 1' > scores
	printf '%s\n' 'q d10 1' 'q d1 1' 'q d2 1' > qrels
	run --separate-stderr rankof --break id -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q d10 1 2 0 4' 'q d1 1 3 0 4' 'q d2 1 4 0 4' '# end')"
	# the input order instead: d1, d10, d9
	run --separate-stderr rankof --break input -r qrels scores
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q d1 1 1 0 4' 'q d10 1 2 0 4' 'q d2 1 4 0 4' '# end')"
}

@test "rankof | hitrate: an empty query under each --empty policy" {
	# e1 judged with grade 0 only: `e1 - 0 - - 1`; h1: a at rank 2 of 2
	printf '%s\n' 'e1 a 1' 'h1 a 1' 'h1 b 2' > scores
	printf '%s\n' 'e1 a 0' 'h1 a 1' > qrels
	rankof -r qrels scores > ranks
	same "$(cat ranks)" "$(tsv '# query item grade rank ties n' \
	    'e1 - 0 - - 1' 'h1 a 1 2 0 2' '# end')"
	# miss: hit@2 = (0 + 1)/2; skip: h1 alone
	run --separate-stderr hitrate -f -k 1,2 -m hit ranks
	status_is 0
	same "$(val hit@1 all) $(val hit@2 all)" "0.0000 0.5000"
	run --separate-stderr hitrate --empty skip -f -k 1,2 -m hit ranks
	status_is 0
	same "$(val hit@1 all) $(val hit@2 all)" "0.0000 1.0000"
	# error: line 2 of the stream (the header is line 1)
	run --separate-stderr hitrate --empty error -f -k 1,2 -m hit ranks
	status_is 1
	same "$stderr" "hitrate: ranks:2: query 'e1' has no relevant item (--empty error)"
}

@test "rankof | hitrate: streams in several files, each with its header and end" {
	worked
	rankof -r qrels scores > a.ranks
	printf '%s\n' 'q2 x 1' 'q2 y 2' > s2
	printf '%s\n' 'q2 x 1' > r2
	rankof -r r2 s2 > b.ranks
	same "$(cat b.ranks)" "$(tsv '# query item grade rank ties n' 'q2 x 1 2 0 2' '# end')"
	# hit@2: q1 1/3, q2 1 -> 2/3
	run --separate-stderr hitrate -f -k 2 -m hit -q a.ranks b.ranks
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'hit@2 q1 0.3333' 'hit@2 q2 1.0000' 'hit@2 all 0.6667' '# end')"
}

@test "rankof -e: usage errors (no file is opened)" {
	run --separate-stderr rankof -e -l img.labels img.npy
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: -e needs QUERIES and ITEMS (one file, or several as one gallery)" ]
	[[ "$stderr" == *$'\n'"usage: rankof "* ]]
	run --separate-stderr rankof -m cos -l img.labels x
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: -m, --items, --query-ids, --item-ids and --packed-bits need -e" ]
	[[ "$stderr" == *$'\n'"usage: rankof "* ]]
}

@test "rankof: a run whose query comes back (trec_eval's results.trunc shape) is an error" {
	# results.trunc begins 301, 303, 301: trec_eval reads queries in any
	# order, rankof streams and names the line where 301 comes back
	printf '%s\n' '301 Q0 a 1 2.1 run' '303 Q0 b 1 1.8 run' '301 Q0 c 2 2.2 run' \
	    '301 Q0 d 3 2.0 run' > run
	printf '%s\n' '301 0 a 1' '301 0 d 1' '303 0 b 1' > qrels
	run --separate-stderr rankof -c --break id -r qrels run
	status_is 1
	same "$stderr" "rankof: run:3: query '301' reappears after another query began (sort -b -s -k1,1 first)"
	[[ $output != *"# end"* ]]
	# and the pipeline does not turn it into a table
	run --separate-stderr sh -c 'rankof --break id -r qrels run | hitrate -f -p 4'
	status_is 1
	[[ $output != *"# end"* ]]
	# sorted as the message says, it ranks: 301: c 2.2, a 2.1, d 2.0
	run --separate-stderr sh -c 'sort -s -k1,1 run | rankof --break id -r qrels'
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' \
	    '301 a 1 2 0 3' '301 d 1 3 0 3' '303 b 1 1 0 1')"$'\n# run run\n# end'
}
