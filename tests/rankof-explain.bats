#!/usr/bin/env bats
# rankof --explain: the counts it prints for each relevant item (a, the
# candidates scoring higher; ties; the tied ones a break rule puts first;
# rank), for each query (n), and for each removal rule (-x, --junk-label,
# --junk same-camera, --folds) are those that tests/data/explain-brute.awk
# counts over the input, for a score stream, a TREC run with qrels and
# embeddings (-e), in every break mode; a tiny tied example is worked by
# hand; the rank stream is the same with and without --explain.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

BRUTE="$BATS_TEST_DIRNAME/data/explain-brute.awk"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# parse FILE: the explanation's counts in explain-brute.awk's format
parse() {
	awk '
	/^query / { q = $2; sub(/:$/, "", q); print "N", q, $5; next }
	/^    [0-9]+ by / { print "R", q, $3, $1; next }
	/^  [^ ].*: grade [0-9]+, not a candidate/ { it = $1; sub(/:$/, "", it); print "U", q, it; next }
	/^  [^ ].*: grade [0-9]+, score / { it = $1; sub(/:$/, "", it); a = t = b = ""; next }
	/^    a = / { a = $3; sub(/:$/, "", a) }
	/^    ties = / { t = $3 }
	/^    no other candidate scores / { t = 0 }
	/^    [0-9]+ others? scores? .* too, broken by / { t = $1 }
	/^      [0-9]+ before it/ { b = $1 }
	/rank = / {
		r = $0; sub(/, ties = .*/, "", r); sub(/.* = /, "", r)
		print "I", q, it, a, t, (b == "" ? 0 : b), r
	}' "$1" | sort
}

# check BRUTE-ARGS -- RANKOF-ARGS: rankof --explain all agrees with the
# brute force, and its stdout is that of rankof without --explain
check() {
	local b=() ; while [ "$1" != -- ]; do b+=("$1"); shift; done; shift
	awk -f "$BRUTE" "${b[@]}" > want.raw
	sort want.raw > want
	run --separate-stderr rankof --explain all "$@"
	status_is 0
	printf '%s\n' "$stderr" > ex
	parse ex > got
	diff want got
	# at least one tied item and one item below others, so the test bites
	grep -q '^I [^ ]* [^ ]* [1-9][0-9]* ' want
	grep -q '^I [^ ]* [^ ]* [0-9]* [1-9]' want
	same "$output" "$(rankof "$@" 2>/dev/null)"
	# the rank stream's rank and ties are those explained
	awk -F'\t' '!/^#/ && $4 != "-" { print $1, $2, $4, $5 }' <<< "$output" | sort > lines
	awk -v brk="$BRK" '$1 == "I" { print $2, $3, $7, (brk == "none" ? $5 : 0) }' got | sort > explained
	diff lines explained
	# the explanation fits 80 columns (a note is one line, as errors are)
	[ "$(awk '!/^rankof: / { if (length($0) > w) w = length($0) } END { print w + 0 }' ex)" -le 80 ]
}

# labels: 24 items in 4 classes and the junk label -1, 3 cameras, every
# item a query against every item (itself included) with scores 0..3
labelled() {
	awk 'BEGIN {
		srand(7)
		for (i = 1; i <= 24; i++) {
			l = (i % 7 == 0) ? "-1" : "p" (1 + int(rand() * 4))
			printf "i%02d\t%s\tc%d\n", i, l, 1 + int(rand() * 3) > "labels"
		}
		for (q = 1; q <= 24; q++)
			for (i = 1; i <= 24; i++)
				printf "i%02d\ti%02d\t%d\n", q, i, int(rand() * 4) > "scores"
	}'
}

@test "rankof --explain: the worked example, by hand" {
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.7' 'q1 d3 0.7' 'q1 d4 0.7' 'q1 d5 0.2' > scores
	printf '%s\n' 'q1 d1 0' 'q1 d3 1' 'q1 d9 2' > qrels
	run --separate-stderr rankof -r qrels --explain q1 scores
	status_is 0
	# d3 scores 0.7: d1 (0.9) above, a = 1; d2 and d4 tie, ties = 2;
	# rank = a + 1 = 2; tie group t = 3 with s = 1 relevant item (d3),
	# positions 2..4. d9 is in no line: not a candidate. n = 5, m = 2.
	same "$stderr" "$(printf '%s\n' \
	    'query q1: n = 5 candidates, m = 2 relevant, 1 retrieved' \
	    '  d3: grade 1, score 0.7' \
	    '    a = 1 candidate scores higher: d1 (0.9)' \
	    '    ties = 2 others score 0.7 too: d2 d4' \
	    '    rank = a + 1 = 2, ties = 2' \
	    '    tie group: t = ties + 1 = 3 candidates with s = 1 relevant,' \
	    '      positions a + 1 to a + t = 2..4' \
	    '  d9: grade 2, not a candidate: rank -, ties -')"
	# --break id: of d2 and d4, d4 (greater id) comes first: rank 1+1+1 = 3
	run --separate-stderr rankof -r qrels --break id --explain q1 scores
	status_is 0
	[[ "$stderr" == *'    2 others score 0.7 too, broken by --break id:'* ]]
	[[ "$stderr" == *'      1 before it (a greater item id): d4'* ]]
	[[ "$stderr" == *'      1 after it: d2'* ]]
	[[ "$stderr" == *'    rank = a + 1 + 1 before it = 3, ties = 0'* ]]
	# --break input: d2 came before d3, d4 after: rank 3 as well
	run --separate-stderr rankof -r qrels --break input --explain q1 scores
	status_is 0
	[[ "$stderr" == *'      1 before it (earlier in the input): d2'* ]]
	[[ "$stderr" == *'      1 after it: d4'* ]]
}

@test "rankof --explain: two relevant items in one tie group, marked" {
	# q4: d1 (grade 2) and d3 tie with d2 at 0.5 over d4 (0.1): each has
	# a = 0, ties = 2, the group t = 3 holds s = 2 relevant items
	printf '%s\n' 'q4 d1 0.5' 'q4 d2 0.5' 'q4 d3 0.5' 'q4 d4 0.1' > scores
	printf '%s\n' 'q4 d1 2' 'q4 d3 1' > qrels
	run --separate-stderr rankof -r qrels --explain q4 scores
	status_is 0
	[[ "$stderr" == *'    ties = 2 others score 0.5 too: d2 d3*'* ]]
	[[ "$stderr" == *'    ties = 2 others score 0.5 too: d1* d2'* ]]
	[[ "$stderr" == *'    tie group: t = ties + 1 = 3 candidates with s = 2 relevant,'* ]]
	[[ "$stderr" == *'  (* a relevant item)'* ]]
}

@test "rankof --explain: score stream with labels, -x, --junk-label, --junk same-camera" {
	labelled
	for BRK in none input id; do
		br=(); [ $BRK = none ] || br=(--break $BRK)
		check -v rel=labels -v x=1 -v junk=-1 -v samecam=1 -v brk=$BRK labels scores \
		    -- -x --junk same-camera --junk-label -1 "${br[@]}" -l labels scores
		# each removal rule removed something somewhere
		for r in -x --junk-label --junk; do
			grep -q -- "^R [^ ]* $r [1-9]" want
		done
	done
}

@test "rankof --explain: score stream with --folds" {
	labelled
	for BRK in none id; do
		br=(); [ $BRK = none ] || br=(--break $BRK)
		check -v rel=labels -v folds=2 -v brk=$BRK labels scores \
		    -- --folds 2 "${br[@]}" -l labels scores
		grep -q -- '^R [^ ]* --folds 12$' want
	done
}

@test "rankof --explain: TREC run with qrels, -x, relevant items not retrieved" {
	awk -v seed=5 -v nq=40 -v scores=s3 -v qrels=qrels -f "$DATA/ties-gen.awk"
	# each query scores itself too, judged relevant: -x takes it out
	awk '$1 != q { q = $1; print q, "Q0", q, 0, 9, "t" } { print $1, "Q0", $2, 0, $3, "t" }' s3 > run
	awk '!s[$1]++ { print $1, 0, $1, 1 } { print $1, 0, $2, $3 }' qrels > qrels4
	awk '{ print $1, $3, $5 }' run > scores
	awk '{ print $1, $3, $4 }' qrels4 > qrels3
	for BRK in none input id; do
		br=(); [ $BRK = none ] || br=(--break $BRK)
		check -v rel=qrels -v x=1 -v brk=$BRK qrels3 scores \
		    -- -x "${br[@]}" -r qrels4 run
		grep -q '^R [^ ]* -x 1$' want
		grep -q '^U ' want
	done
}

# embeddings: 2-dimensional integer rows, so that the dot products are
# exact in awk and tie often
embedded() {
	awk -v folds="${1:-0}" 'BEGIN {
		srand(11)
		for (i = 1; i <= 24; i++) {
			l = (i % 7 == 0) ? "-1" : "p" (1 + int(rand() * 4))
			printf "i%02d\t%s\tc%d\n", i, l, 1 + int(rand() * 3) > "labels"
			v[i, 1] = int(rand() * 3); v[i, 2] = int(rand() * 3)
			printf "i%02d %d %d\n", i, v[i, 1], v[i, 2] > "emb.txt"
		}
		for (q = 1; q <= 24; q++)
			for (i = 1; i <= 24; i++)
				if (!folds || int((q - 1) / 12) == int((i - 1) / 12))
					printf "i%02d\ti%02d\t%d\n", q, i, v[q, 1] * v[i, 1] + v[q, 2] * v[i, 2] > "scores"
	}'
}

@test "rankof --explain: embeddings (-e) with -x, --junk-label, --junk same-camera" {
	embedded
	for BRK in none input id; do
		br=(); [ $BRK = none ] || br=(--break $BRK)
		check -v rel=labels -v x=1 -v junk=-1 -v samecam=1 -v brk=$BRK labels scores \
		    -- -e -x --junk same-camera --junk-label -1 "${br[@]}" -l labels emb.txt emb.txt
		for r in -x --junk-label --junk; do
			grep -q -- "^R [^ ]* $r [1-9]" want
		done
		# the row path gives the same explanation
		RANKKIT_EMBRANK=rows rankof --explain all -e -x --junk same-camera \
		    --junk-label -1 "${br[@]}" -l labels emb.txt emb.txt 2> ex.rows > /dev/null
		diff ex ex.rows
	done
}

@test "rankof --explain: embeddings (-e) with --folds: the query's fold of rows" {
	embedded 1
	BRK=none
	check -v rel=labels -v x=1 -v brk=none labels scores \
	    -- -e -x --folds 2 -l labels emb.txt emb.txt
	grep -q '^  candidates: item rows 0 to 11 of 24 (--folds: the query.s fold)$' ex
	grep -q '^  candidates: item rows 12 to 23 of 24 (--folds: the query.s fold)$' ex
}

@test "rankof --explain: only the queries named, in input order, whatever -j and chunks" {
	labelled
	run --separate-stderr rankof -l labels --explain i03 --explain i17 scores
	status_is 0
	same "$(grep '^query' <<< "$stderr" | cut -d: -f1)" "$(printf '%s\n' 'query i03' 'query i17')"
	rankof -j 1 -l labels --explain all scores 2> one > /dev/null
	RANKKIT_CHUNK=64 rankof -j 4 -l labels --explain all scores 2> four > /dev/null
	diff one four
	[ "$(grep -c '^query' one)" -eq 24 ]
	# --shard: the shard's queries alone (positions 1, 4, 7, ... from 0)
	RANKKIT_CHUNK=64 rankof -j 3 --shard 1/3 -l labels --explain all scores 2> shard > /dev/null
	same "$(grep '^query' shard | cut -d' ' -f2 | tr -d : | tr '\n' ' ')" \
	    "i02 i05 i08 i11 i14 i17 i20 i23 "
}

@test "rankof --explain: each query's explanation comes before its lines (2>&1)" {
	labelled
	# chunks of one query each (64) and of several (57: a chunk doubles
	# until a 240-byte query fits, then holds more than one)
	for n in 64 57; do
		RANKKIT_CHUNK=$n rankof -j 2 -l labels --explain all scores > both 2>&1
		# every data line follows its query's explanation and precedes
		# the next
		awk '/^query / { q = $2; sub(/:$/, "", q); next }
		     /^i[0-9]+\t/ { if ($1 != q) { print "line of " $1 " after the explanation of " q; bad = 1 } }
		     END { exit bad }' both
	done
}

@test "rankof --explain: a qrels query the run lacks (-c), a query without relevant items" {
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.5' > scores
	printf '%s\n' 'q1 d7 0' 'q2 d1 1' > qrels
	run --separate-stderr rankof -c -r qrels --explain all scores
	status_is 0
	# q1 judges d7 with grade 0: no relevant item, one line 'q1 - 0 - - 2'
	[[ "$stderr" == *"query q1: n = 2 candidates, m = 0 relevant, 0 retrieved"* ]]
	[[ "$stderr" == *"  no relevant item: one line 'q1 - 0 - - 2'"* ]]
	# q2: in the qrels, not in the run: no candidates
	[[ "$stderr" == *"query q2: n = 0 candidates, m = 1 relevant, 0 retrieved"* ]]
	[[ "$stderr" == *"  d1: grade 1, not a candidate: rank -, ties -"* ]]
}

@test "rankof --explain: long lists end with a count, lines within 80 columns" {
	# 30 candidates tie with the relevant one and 20 score higher
	awk 'BEGIN { for (i = 1; i <= 20; i++) print "q", "h" i, 2
	             for (i = 1; i <= 30; i++) print "q", "t" i, 1
	             print "q", "r", 1 }' > scores
	echo 'q r 1' > qrels
	run --separate-stderr rankof -r qrels --explain q scores
	status_is 0
	# at most 5 ids of each list (ties: in input order; higher: the best
	# scores, input order among equals), as many as fit in 80 columns,
	# the rest counted. Higher: the prefix "    a = 20 candidates score
	# higher: " is 36 columns, each "hN (2)" 6 and a space; 5 of them and
	# " and 15 more" would end at 36 + 34 + 12 = 82, 4 end at 75
	[[ "$stderr" == *'    a = 20 candidates score higher: h1 (2) h2 (2) h3 (2) h4 (2) and 16 more'* ]]
	[[ "$stderr" == *'    ties = 30 others score 1 too: t1 t2 t3 t4 t5 and 25 more'* ]]
	[[ "$stderr" == *'    rank = a + 1 = 21, ties = 30'* ]]
	[ "$(awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }' <<< "$stderr")" -le 80 ]
}

@test "rankof --explain: not with --merge" {
	run --separate-stderr rankof --merge --explain q1 a b
	status_is 2
}

@test "rankof --explain: a query the qrels lack, a query the input lacks" {
	printf '%s\n' 'q1 d1 0.9' 'q2 d1 0.5' > scores
	echo 'q1 d1 1' > qrels
	run --separate-stderr rankof -r qrels --explain q2 --explain q9 scores
	status_is 0
	[[ "$stderr" == *"query q2: not in the qrels, left out (-u keeps it)"* ]]
	[[ "$stderr" == *"rankof: --explain q9: the input has no such query"* ]]
	# with -e too: rows q1, q2 against items d1, d2
	printf '%s\n' 'q1 1 0' 'q2 0 1' > q.txt
	printf '%s\n' 'd1 1 0' 'd2 0 1' > i.txt
	run --separate-stderr rankof -e -r qrels --explain q2 --explain q9 q.txt i.txt
	status_is 0
	[[ "$stderr" == *"query q2: not in the qrels, left out (-u keeps it)"* ]]
	[[ "$stderr" == *"rankof: --explain q9: the input has no such query"* ]]
	[[ "$stderr" != *"--explain q2: the input"* ]]
	# -c writes q-only queries of the qrels: those are no missing query
	echo 'q7 d1 1' >> qrels
	run --separate-stderr rankof -c -r qrels --explain q7 scores
	status_is 0
	[[ "$stderr" == *"query q7: n = 0 candidates, m = 1 relevant, 0 retrieved"* ]]
	[[ "$stderr" != *"no such query"* ]]
}
