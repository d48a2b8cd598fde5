#!/usr/bin/env bats
# The header lines of rankkit(7) ("Header lines") and the rules that use
# them (issue: no silent wrong number): one file against itself, a cut
# ranking, folds, parts of a run, distances as scores. Every value is
# worked by hand below.
load helper
load npy
load data/ranks/common

# Four rows of two dimensions, one file (e.npy, float64):
#   r0 = (3, 0)  r1 = (2, 0.5)  r2 = (0, 3)  r3 = (0.5, 2)
# labels A B A B. Dot products, the query's own row first:
#   r0: r0 9    r1 6    r3 1.5  r2 0      relevant r2
#   r1: r1 4.25 r0 6    r3 2    r2 1.5    relevant r3
#   r2: r2 9    r3 6    r1 1.5  r0 0      relevant r0
#   r3: r3 4.25 r2 6    r1 2    r0 1.5    relevant r1
# With -x: ranks 3, 2, 3, 2: hit@1 0, MRR (1/3+1/2+1/3+1/2)/4 = 41.67.
# Kept (--keep-self): each row is its own relevant item too, at rank 1
# (r0, r2) or 2 (r1, r3): hit@1 50.00.
setup() {
	cd "$BATS_TEST_TMPDIR"
	mknpy e.npy 1 '<f8' False '(4, 2)' "$(f8 3 0 2 0.5 0 3 0.5 2)"
	printf '0 A\n1 B\n2 A\n3 B\n' > lab
}

@test "headerlines: one file against itself is refused without -x or --keep-self" {
	for j in 1 3; do
		run --separate-stderr rankof -j $j -e -l lab e.npy e.npy
		[ "$status" -eq 2 ]
		[ -z "$output" ]
		[[ ${stderr%%$'\n'*} == "rankof: QUERIES and ITEMS are one file: each query would find itself at rank 1; give -x to leave it out, or --keep-self if that is meant" ]]
		rankof -j $j -e -x -l lab e.npy e.npy | hitrate -k 1 -m hit,MRR > x
		same "$(body < x)" "$(tsv 'hit@1 all 0.00' 'MRR all 41.67')"
		rankof -j $j -e --keep-self -l lab e.npy e.npy | hitrate -k 1 -m hit > k
		same "$(body < k)" "$(tsv 'hit@1 all 50.00')"
	done
}

@test "headerlines: through a pipe, the ids line says one file and whether self pairs are gone" {
	simmat e.npy e.npy > s
	sed -n 2p s | grep -qx '# ids	row numbers	one file'
	for j in 1 3; do
		run --separate-stderr rankof -j $j -l lab s
		[ "$status" -eq 1 ]
		[[ $stderr == "rankof: s:2: the scores are of one embedding file against itself with each query's own row kept (its ids line): each query would find itself at rank 1; give -x (or simmat -x), or --keep-self if that is meant" ]]
		simmat e.npy e.npy | rankof -j $j -x -l lab | hitrate -k 1 -m hit > x
		same "$(body < x)" "$(tsv 'hit@1 all 0.00')"
		rankof -j $j --keep-self -l lab s | hitrate -k 1 -m hit > k
		same "$(body < k)" "$(tsv 'hit@1 all 50.00')"
	done
	simmat -x e.npy e.npy > sx
	sed -n 2p sx | grep -qx '# ids	row numbers	one file	self pairs removed'
	run --separate-stderr rankof -l lab sx
	[ "$status" -eq 1 ]
	[[ $stderr == *"give -x here too"* ]]
	rankof -x -l lab sx | hitrate -k 1 -m hit > x
	same "$(body < x)" "$(tsv 'hit@1 all 0.00')"
}

@test "headerlines: queries that retrieve their own id get a note with the count" {
	# a run with ids, no ids line: q1 and q2 find themselves
	tsv 'q1 q1 1' 'q1 a 0.5' 'q2 q2 1' 'q2 b 0.5' 'q3 c 1' > run
	tsv 'q1 0 a 1' 'q2 0 b 1' 'q3 0 c 1' > qrels
	run --separate-stderr rankof -r qrels run
	[ "$status" -eq 0 ]
	[[ $stderr == *"rankof: 2 of 3 queries have an item of their own id among their candidates"* ]]
	run --separate-stderr rankof --keep-self -r qrels run
	[ -z "$stderr" ]
}

# simmat -x -k 1: each row's best other row is of the other label, so
# every query's relevant item lies below the cut: MRR 0, and a note that
# names the depth and the 4 queries. -k 3 keeps every other row: every
# relevant item is above the cut, and --gallery-size still refuses it.
@test "headerlines: a cut ranking carries its depth; --gallery-size, --chance and --gallery-curve refuse it" {
	simmat -x -k 1 e.npy e.npy > s1
	grep -qx '# depth	1' s1
	run --separate-stderr rankof -l lab s1
	[ "$status" -eq 1 ]
	[[ $stderr == "rankof: s1:2: the scores have no query's own row (simmat -x, its ids line): give -x here too, or each query's own row counts as a relevant item never retrieved" ]]
	rankof -x -l lab s1 > r1
	grep -qx '# depth	1' r1
	run --separate-stderr hitrate -m MRR r1
	[ "$status" -eq 0 ]
	same "$(body <<< "$output")" "$(tsv 'MRR all 0.00')"
	[[ $stderr == *"hitrate: the rankings are cut (depth 1, the stream's depth line) and 4 queries have relevant items below the cut: MRR counts them as not retrieved"* ]]
	simmat -x -k 3 e.npy e.npy | rankof -x -l lab > r3
	[ "$(body < r3 | awk '$4 == "-"' | wc -l)" -eq 0 ]
	for opt in "hitrate --gallery-size 2" "hitrate --chance" "mapr --gallery-size 2" \
	    "ndcg --gallery-size 2" "cmc --gallery-curve 1"; do
		run --separate-stderr $opt r3
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[[ $stderr == *"needs every rank, and these rankings are cut (depth 3, the stream's depth line)"* ]]
	done
	simmat -x -t 1 e.npy e.npy | rankof -x -l lab > rt
	grep -qx '# depth	score	1' rt
	run --separate-stderr hitrate --gallery-size 2 rt
	[[ $stderr == *"cut (score 1, the stream's depth line)"* ]]
	# rankof -M and --depth say theirs; the smaller binds
	rankof -x -M 2 -l lab < <(simmat -x e.npy e.npy) | grep -qx '# depth	2'
	rankof -x --depth 1000 -l lab < <(simmat -x -k 3 e.npy e.npy) > rd
	run --separate-stderr hitrate --chance rd
	[[ $stderr == *"cut (depth 3, the stream's depth line)"* ]]
}

@test "headerlines: --lower-is-better ranks distances, the lowest first" {
	# q1: a 0.1 (relevant), b 0.5, c 0.9; q2: d 0.3, e 0.2 (relevant).
	# As scores a is 3rd and e 2nd: hit@1 0, MRR (1/3+1/2)/2; as
	# distances both are first
	tsv 'q1 a 0.1' 'q1 b 0.5' 'q1 c 0.9' 'q2 d 0.3' 'q2 e 0.2' > d
	tsv 'q1 0 a 1' 'q2 0 e 1' > qrels
	rankof -r qrels d | hitrate -k 1 -m hit,MRR > up
	same "$(body < up)" "$(tsv 'hit@1 all 0.00' 'MRR all 41.67')"
	for j in 1 3; do
		rankof -j $j --lower-is-better -r qrels d | hitrate -k 1 -m hit,MRR > down
		same "$(body < down)" "$(tsv 'hit@1 all 100.00' 'MRR all 100.00')"
	done
	run --separate-stderr rankof -e --lower-is-better -l lab e.npy e.npy
	[ "$status" -eq 2 ]
}

@test "headerlines: parts of a run are measured whole, or with --partial" {
	tsv 'q1 a 3' 'q1 b 2' 'q2 c 3' 'q2 d 2' 'q3 e 3' 'q3 f 2' > s
	tsv 'q1 0 a 1' 'q2 0 d 1' 'q3 0 e 1' > qrels
	tsv 'q4 g 3' > s4
	tsv 'q4 0 g 1' > qrels4
	# the parts made at -j 1 and at -j 3 are the same bytes; the measures
	# read those of -j 3
	for j in 1 3; do
		mkdir j$j
		for i in 0 1 2; do rankof -j $j --shard $i/3 -r qrels s > j$j/p.$i; done
		rankof -j $j --part 0/2 -r qrels4 s4 > j$j/other
		rankof -j $j -r qrels s > j$j/whole
	done
	for f in p.0 p.1 p.2 other whole; do cmp j1/$f j3/$f; done
	cd j3
	grep -qx '# part	1/3' p.1
	# whole: hit@1 = 2/3
	hitrate -k 1 -m hit p.0 p.1 p.2 > all
	same "$(body < all)" "$(tsv 'hit@1 all 66.67')"
	cat p.2 p.0 p.1 | hitrate -k 1 -m hit > cat
	same "$(body < cat)" "$(tsv 'hit@1 all 66.67')"
	run --separate-stderr hitrate -k 1 -m hit p.0 p.2
	[ "$status" -eq 1 ]
	[[ $stderr == "hitrate: part 1/3 is missing (2 of 3 parts read): these parts are not one whole run; give every part (or --partial for a deliberate subset)" ]]
	run --separate-stderr cmc p.0 p.2
	[ "$status" -eq 1 ]
	# --partial: q1 and q3, both hits
	run --separate-stderr hitrate --partial -k 1 -m hit p.0 p.2
	[ "$status" -eq 0 ]
	same "$(body <<< "$output")" "$(tsv 'hit@1 all 100.00')"
	[[ $stderr == "hitrate: --partial: 2 of 3 parts measured, not the whole run" ]]
	# a part of another count, and a whole run among parts
	run --separate-stderr hitrate p.1 p.2 other
	[ "$status" -eq 1 ]
	[[ $stderr == *"part 0/2 among parts of 3: parts of different runs"* ]]
	run --separate-stderr mapr whole p.1
	[ "$status" -eq 1 ]
}

@test "headerlines: --folds against the folds the stream states" {
	printf '0 A\n1 A\n2 B\n3 B\n' > lab2
	simmat --folds 2 e.npy e.npy | rankof -x --folds 2 -l lab2 > f2
	grep -qx '# folds	2' f2
	run --separate-stderr hitrate --folds 2 -k 1 -m hit f2
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run --separate-stderr hitrate --folds 4 f2
	[ "$status" -eq 1 ]
	[[ $stderr == *"--folds 4, but the gallery was cut into 2 folds (the stream's folds line): give --folds 2" ]]
	simmat -x e.npy e.npy | rankof -x -l lab2 > nf
	run --separate-stderr hitrate --folds 2 -k 1 -m hit nf
	[ "$status" -eq 0 ]
	[[ $stderr == *"--folds 2: the gallery was not folded (no folds line)"* ]]
	run --separate-stderr rankof --folds 4 -x -l lab2 f2
	run --separate-stderr rankof --folds 4 -x -l lab2 < <(simmat --folds 2 e.npy e.npy)
	[ "$status" -eq 1 ]
	[[ $stderr == *"the scores were made in 2 folds (simmat --folds 2), and --folds says 4" ]]
	# the same through pipes, simmat | rankof | hitrate. Rows 0, 1 (A)
	# are fold 1, rows 2, 3 (B) fold 2: each row's one other row in its
	# fold is its relevant item, at rank 1: hit@1 100 in each fold
	want=$(tsv 'hit@1 fold1 100.00' 'hit@1 fold2 100.00' 'hit@1 all 100.00')
	run --separate-stderr sh -c 'simmat --folds 2 e.npy e.npy | rankof -x --folds 2 -l lab2 | hitrate --folds 2 -k 1 -m hit'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	same "$(body <<< "$output")" "$want"
	run --separate-stderr sh -c 'simmat --folds 2 e.npy e.npy | rankof -x --folds 2 -l lab2 | hitrate --folds 4'
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "hitrate: -:"*": --folds 4, but the gallery was cut into 2 folds (the stream's folds line): give --folds 2" ]]
	# unfolded through a pipe: the row's relevant item is also first
	# among all four, the same values, and the note says why they are
	# not the 1K protocol's
	run --separate-stderr sh -c 'simmat -x e.npy e.npy | rankof -x -l lab2 | hitrate --folds 2 -k 1 -m hit'
	[ "$status" -eq 0 ]
	same "$(body <<< "$output")" "$want"
	[[ $stderr == "hitrate: --folds 2: the gallery was not folded (no folds line)"* ]]
}
