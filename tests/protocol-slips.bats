#!/usr/bin/env bats
# Slips of a researcher's own protocol that gave a plausible number in
# silence (issue 36), each now refused with a line that names the fix:
# --junk same-camera without cameras, a .npy label array of another length
# than its rows, --folds with items out of the queries' fold order. The
# expected values are worked out by hand in the comments.
load helper
load npy
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "slips: --junk same-camera without a camera on every line or row is refused, files and pipes" {
	printf '%s\n' 'a 1 c1' 'b 1' 'c 2 c1' > lab
	printf '%s\n' 'a b 0.9' 'a c 0.1' > scores
	want="rankof: lab:2: --junk same-camera needs a camera on every line, and this one has none (give 'id label camera' lines)"
	# 1-D .npy labels carry no camera at all
	mknpy l.npy 1 '<i8' False '(2,)' "$(i4 1 0 1 0)"
	mknpy e.npy 1 '<f8' False '(2, 2)' "$(f8 1 0 0 1)"
	# every line with a camera: accepted (b has a's label and camera: junk)
	printf '%s\n' 'a 1 c1' 'b 1 c1' 'c 1 c2' > cam
	for j in 1 3; do
		run --separate-stderr rankof -j $j -l lab --junk same-camera scores
		status_is 1
		same "$stderr" "$want"
		run --separate-stderr sh -c "cat scores | rankof -j $j -l lab --junk same-camera"
		status_is 1
		same "$stderr" "$want"
		run --separate-stderr rankof -j $j -e -x -l l.npy --junk same-camera e.npy e.npy
		status_is 1
		same "$stderr" "rankof: l.npy: --junk same-camera needs a camera for every row, and a 1-D .npy label array carries none (save np.stack([labels, cameras], axis=1), shape (N, 2), or give the cameras' array to --query-cameras and --item-cameras)"
		# a camera array on a pipe: .npy cameras need a file too
		run --separate-stderr rankof -j $j -e -x -l l.npy --item-cameras /dev/stdin --junk same-camera e.npy e.npy < <(cat l.npy)
		status_is 1
		same "$stderr" "rankof: /dev/stdin: a .npy camera array on standard input or a pipe: .npy cameras are read from a file (give the file's path)"
		run --separate-stderr rankof -j $j -l cam --junk same-camera scores
		status_is 0
		same "$(body <<<"$output")" "$(tsv 'a c 1 1 0 1')"
	done
}

@test "slips: a .npy label array longer or shorter than its rows is refused, naming both" {
	mknpy e.npy 1 '<f8' False '(2, 2)' "$(f8 1 0 0 1)"
	mknpy long.npy 1 '<i8' False '(3,)' "$(i4 1 0 1 0 1 0)"
	mknpy short.npy 1 '<i8' False '(1,)' "$(i4 1 0)"
	mknpy ok.npy 1 '<i8' False '(2,)' "$(i4 1 0 1 0)"
	for j in 1 3; do
		for f in long short; do
			n=3; [ $f = long ] || n=1
			want="rankof: $f.npy: $n labels for the 2 rows of e.npy: a .npy label array gives row i its label i, so the lengths must be equal (save the labels of these rows)"
			run --separate-stderr rankof -j $j -e --keep-self --query-labels ok.npy --item-labels $f.npy e.npy e.npy
			status_is 1
			same "$stderr" "$want"
			# a query without a label: refused before, as it was
			[ $f = short ] && continue
			run --separate-stderr rankof -j $j -e -x -l $f.npy e.npy e.npy
			status_is 1
			same "$stderr" "$want"
			run --separate-stderr rankof -j $j -e --keep-self --query-labels $f.npy --item-labels ok.npy e.npy e.npy
			status_is 1
			same "$stderr" "$want"
		done
		# through /dev/stdin from a file: the file's own length check;
		# through a pipe: .npy labels need a file, and the line says so
		run --separate-stderr rankof -j $j -e -x -l /dev/stdin e.npy e.npy < long.npy
		status_is 1
		same "$stderr" "rankof: /dev/stdin: 3 labels for the 2 rows of e.npy: a .npy label array gives row i its label i, so the lengths must be equal (save the labels of these rows)"
		for l in - /dev/stdin; do
			run --separate-stderr sh -c "cat ok.npy | rankof -j $j -e -x -l $l e.npy e.npy"
			status_is 1
			same "$stderr" "rankof: $l: a .npy label array on standard input or a pipe: .npy labels are read from a file (give the file's path)"
		done
		# equal lengths: row 0 finds row 1, its one relevant item, first
		run --separate-stderr rankof -j $j -e -x -l ok.npy e.npy e.npy
		status_is 0
		same "$(body <<<"$output")" "$(tsv '0 1 1 1 0 1' '1 0 1 1 0 1')"
	done
}

# COCO-like: images i0..i3 (labels 0..3), two captions each; folds of 2
# images and 4 captions. cap.txt and cap.good in fold order; swap.txt and
# cap.swap, saved in another order, have the second captions of images 0
# and 2 swapped: c4 (label 2) sits in fold 1 and c1 (label 0) in fold 2,
# each away from its image.
coco() {
	printf '%s\n' 'i0 1 0 0 0' 'i1 0 1 0 0' 'i2 0 0 1 0' 'i3 0 0 0 1' > img.txt
	printf '%s\n' 'i0 0' 'i1 1' 'i2 2' 'i3 3' > img.lab
	printf '%s\n' 'c0 1 0 0 0' 'c1 1 0 0 0' 'c2 0 1 0 0' 'c3 0 1 0 0' \
	    'c4 0 0 1 0' 'c5 0 0 1 0' 'c6 0 0 0 1' 'c7 0 0 0 1' > cap.txt
	printf '%s\n' 'c0 0' 'c1 0' 'c2 1' 'c3 1' 'c4 2' 'c5 2' 'c6 3' 'c7 3' > cap.good
	printf '%s\n' 'c0 0' 'c4 2' 'c2 1' 'c3 1' 'c1 0' 'c5 2' 'c6 3' 'c7 3' > cap.swap
	awk 'NR == FNR { row[$1] = $0; next } { print row[$1] }' cap.txt cap.swap > swap.txt
}

@test "slips: --folds with items out of the queries' fold order is refused, -e and pipes; --explain counts the dropped" {
	coco
	want="rankof: img.lab: --folds 2: 2 queries would lose 2 relevant items that sit outside their fold (the first 'c4', fold 1), their labels one fold's on one side only: the items must follow the queries' fold order (item fold f holds the items of query fold f)"
	printf '%s\n' 'c0 A' 'c1 B' 'c2 A' 'c3 B' 'c4 A' 'c5 B' 'c6 A' 'c7 B' > cap.cls
	printf '%s\n' 'i0 A' 'i1 B' 'i2 A' 'i3 B' > img.cls
	for j in 1 3; do
		# fold order kept: every caption finds its image first (8 lines, rank 1)
		rankof -j $j -e --folds 2 --query-labels cap.good --item-labels img.lab cap.txt img.txt > ok
		[ "$(body < ok | awk '$4 == 1' | wc -l)" = 8 ]
		run --separate-stderr rankof -j $j -e --folds 2 --query-labels cap.swap --item-labels img.lab swap.txt img.txt
		status_is 1
		same "$stderr" "$want"
		run --separate-stderr sh -c "simmat -j $j --folds 2 swap.txt img.txt | rankof -j $j --folds 2 --query-labels cap.swap --item-labels img.lab"
		status_is 1
		same "$stderr" "$want"
		# --explain says what the folds drop before the refusal
		run --separate-stderr rankof -j $j -e --folds 2 --explain c4 --query-labels cap.swap --item-labels img.lab swap.txt img.txt
		status_is 1
		[[ $stderr == *"query c4: n = 2 candidates, m = 0 relevant, 0 retrieved"* ]]
		[[ $stderr == *"  dropped: 1 items of its label, outside its fold 1 (--folds), not relevant"* ]]
		[ "$(tail -n 1 <<<"$stderr")" = "$want" ]
		[[ $output != *"# end"* ]]
		# class labels in both folds on both sides are cut as meant
		rankof -j $j -e --folds 2 --query-labels cap.cls --item-labels img.cls cap.txt img.txt > /dev/null
	done
}

# make -jN check: the harness keeps make's flags and jobserver from the
# tests' own make runs (the README's `make -s -j2 -C examples/pipelines`
# warned "-j2 forced in submake" and failed the README's test)
@test "slips: make -jN check's flags do not reach the tests" {
	printf '%s\n' '@test "env" {' \
	    '	[ -z "${MAKEFLAGS:-}${MFLAGS:-}${MAKELEVEL:-}" ]' '}' > env.bats
	# a bats of its own: none of this one's variables, nor its libexec
	path=$(printf '%s\n' "$PATH" | tr : '\n' | grep -v bats-core | paste -sd: -)
	env -i PATH="$path" HOME="$HOME" TMPDIR="$BATS_TEST_TMPDIR" \
	    MAKEFLAGS=' -j2 --jobserver-auth=3,4' MFLAGS=-j2 MAKELEVEL=1 \
	    sh "$BATS_TEST_DIRNAME/check.sh" env.bats > tap
	grep -q "^ok 1 env$" tap || { cat tap >&2; return 1; }
}

@test "slips: messages point to the fix: no id column, one label per line, two systems' streams" {
	printf '%s\n' '-5.6 1 0' '0.5 0 1' > num.txt
	printf '%s\n' '0 3' '1 3' > two.lab
	printf '%s\n' 'a 1 0' 'b 0 1' > emb.txt
	printf '%s\n' 3 3 > one.lab
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.5' 'q2 d1 0.3' 'q2 d2 0.6' > s1
	printf '%s\n' 'q1 d1 1' 'q2 d2 1' > qrels
	for j in 1 3; do
		run --separate-stderr rankof -j $j -e --keep-self -l two.lab num.txt num.txt
		status_is 1
		same "$stderr" "rankof: num.txt: query '-5.6' has no label (a value, not an id? the first column of a text embeddings file is the row's id: give 'id v1 v2 ...' lines, or a .npy file)"
		run --separate-stderr rankof -j $j -e --keep-self -l one.lab emb.txt emb.txt
		status_is 1
		same "$stderr" "rankof: one.lab:1: expected 2 fields (id label) or 3 (id label camera), found 1 (one label per line? give each its row number, awk '{ print NR - 1, \$0 }', or save them as .npy)"
		# score streams to rankof alike; a query back inside one part keeps its hint
		run --separate-stderr rankof -j $j -r qrels s1 s1
		status_is 1
		same "$stderr" "rankof: s1:1: query 'q1' began in an earlier file or part: the inputs are read as one stream (the parts of one run); two systems need two runs of rankof (bootstrap or cmc compare several)"
		run --separate-stderr sh -c "printf 'q1 d1 1\nq2 d1 1\nq1 d2 2\n' | rankof -j $j -r qrels"
		status_is 1
		same "$stderr" "rankof: -:3: query 'q1' reappears after another query began (sort -b -s -k1,1 first)"
		rankof -j $j -r qrels s1 > r$j
	done
	cmp r1 r3
	# two systems' rank streams (the one run at -j 1 and at -j 3), as
	# files and as one pipe
	for p in hitrate mapr; do
		run --separate-stderr $p r1 r3
		status_is 1
		same "$stderr" "$p: r3:2: query 'q1' began in an earlier file or part: the inputs are read as one stream (the parts of one run); two systems need two runs of $p (bootstrap or cmc compare several)"
	done
	run --separate-stderr sh -c 'cat r1 r3 | hitrate'
	status_is 1
	same "$stderr" "hitrate: -:6: query 'q1' began in an earlier file or part: the inputs are read as one stream (the parts of one run); two systems need two runs of hitrate (bootstrap or cmc compare several)"
}
