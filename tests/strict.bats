#!/usr/bin/env bats
# No silent wrong number: ids and labels that do not match, strict inputs
# (byte-order marks, numbers beyond the doubles, NUL bytes, streams of the
# wrong kind, the line of a rank-stream error), raw input quoted safely in
# messages, and the catalogue of bad inputs and options. Each case: the
# status (1 data, 2 usage), the exact one-line message and no `# end`
# (err_table, tests/errtable.bash), or, where the input is fine, the exact
# notes on stderr and the same bytes as the plain input.
load helper
load data/ranks/common
load errtable
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	printf 'q1 d1 1\n' > q
	printf 'q1 A\nd1 A\nd2 B\n' > lab
	printf 'q1 A\n' > qlab
	printf 'd1 A\n' > ilab1
	printf 'q1 1 0\n' > q.txt
	printf 'd1 1 0\nd9 0 1\n' > i.txt
	printf 'a\nb\nc\n' > ids3
	printf 'd1\n' > ids1
	printf '# query\titem\tscore\nq1\td1\t1\n# end\n' > scores
	printf 'q1 x1 1\nq1 x2 1\n' > q_nomatch
}

@test "strict: items without a label, ids that name no row" {
	err_table <<-'T'
	# a score line whose item the labels lack
	1 | rankof -l lab | q1 d1 0.5\nq1 d9 0.2\n | rankof: -:2: item 'd9' has no label in lab (--unlabeled-irrelevant ranks such items as never relevant)
	1 | rankof --query-labels qlab --item-labels ilab1 | q1 d1 0.5\nq1 d2 0.2\n | rankof: -:2: item 'd2' has no label in ilab1 (--unlabeled-irrelevant ranks such items as never relevant)
	# -e: an item row without a label, whatever the order of the files
	1 | rankof -e -l lab q.txt i.txt | | rankof: lab: 1 of the 2 rows of i.txt have no label, the first 'd9' (--unlabeled-irrelevant ranks them as never relevant)
	# id files: more ids than rows (the first one too many), fewer
	1 | rankof -e -l lab --item-ids ids3 q.txt i.txt | | rankof: ids3:3: 3 ids for the 2 rows of i.txt (1 name no row, from this line on)
	1 | rankof -e -l lab --item-ids ids1 q.txt i.txt | | rankof: ids1:1: 1 ids for the 2 rows of i.txt (1 without an id)
	1 | rankof -e -l lab --query-ids ids3 q.txt i.txt | | rankof: ids3:2: 3 ids for the 1 rows of q.txt (2 name no row, from this line on)
	T
	# the explicit option, with the count
	ok_table <<-'T'
	rankof --unlabeled-irrelevant -l lab | q1 d1 0.5\nq1 d9 0.2\nq1 d8 0.1\n | rankof: 2 score lines name an item without a label: ranked as never relevant (--unlabeled-irrelevant)
	T
	run --separate-stderr rankof --unlabeled-irrelevant -e -l lab q.txt i.txt
	status_is 0
	# q1 scores d1 1 (relevant, first of 2 candidates); with one labels
	# file q1 is an item of label A too, relevant and never retrieved;
	# lab's d2 is no row
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t1\t0\t2\nq1\tq1\t1\t-\t-\t2')" ]
	[ "$stderr" = "$(printf '%s\n' \
	    "rankof: 1 of the 2 rows of i.txt have no label: ranked as never relevant (--unlabeled-irrelevant)" \
	    "rankof: lab:3: 1 of the 3 ids name no row of the queries or the items, the first 'd2'")" ]
	run --separate-stderr rankof --unlabeled-irrelevant -r q
	status_is 2
}

@test "strict: numbered rows against numbered label files shorter or longer than them" {
	# .npy rows named 0, 1, ... and label files whose record i is named i:
	# the rows past the records have no label, the records past the rows
	# name no row, counted and the first named as when ids are looked up
	synthemb -o d -n 40 -d 8 crossmodal
	head -n 38 d/cap.labels > short
	run --separate-stderr rankof -j 1 -e -m cos \
	    --query-labels d/img.labels --item-labels short d/img.npy d/cap.npy
	status_is 1
	[[ "$output" != *"# end"* ]]
	[ "$stderr" = "rankof: short: 162 of the 200 rows of d/cap.npy have no label, the first '38' (--unlabeled-irrelevant ranks them as never relevant)" ]
	run --separate-stderr rankof -j 1 -e -m cos --unlabeled-irrelevant \
	    --query-labels d/img.labels --item-labels short d/img.npy d/cap.npy
	status_is 0
	[ "$stderr" = "$(printf '%s\n' \
	    "rankof: 162 of the 200 rows of d/cap.npy have no label: ranked as never relevant (--unlabeled-irrelevant)" \
	    "rankof: 32 of 40 queries have no relevant item among their candidates: relevance and scores are almost always swapped or from different data")" ]
	{ cat d/cap.labels; awk 'BEGIN { for (i = 200; i < 203; i++) print i "\t0" }'; } > long
	run --separate-stderr rankof -j 1 -e -m cos \
	    --query-labels d/img.labels --item-labels long d/img.npy d/cap.npy
	status_is 0
	[ "$stderr" = "rankof: long:201: 3 of the 203 ids name no row of d/cap.npy, the first '200'" ]
	# queries: a row past the records has no label, the first one dies
	head -n 39 d/img.labels > qshort
	run --separate-stderr rankof -j 1 -e -m cos \
	    --query-labels qshort --item-labels d/cap.labels d/img.npy d/cap.npy
	status_is 1
	[[ "$output" != *"# end"* ]]
	[ "$stderr" = "rankof: d/img.npy: query '39' has no label" ]
	# one file given for both sides: a record names a row of either (-l
	# refuses two numbered files: tests below)
	awk 'BEGIN { for (i = 0; i < 205; i++) print i "\t" i % 7 }' > both
	run --separate-stderr rankof -j 1 -e -m cos --query-labels both --item-labels both d/img.npy d/cap.npy
	status_is 0
	# 205 records: 5 past the 200 captions, 165 past the 40 images
	[ "$stderr" = "$(printf '%s\n' \
	    "rankof: both:201: 5 of the 205 ids name no row of d/cap.npy, the first '200'" \
	    "rankof: both:41: 165 of the 205 ids name no row of d/img.npy, the first '40'")" ]
}

@test "strict: rows named by their numbers match only ids written as the numbers are" {
	# synthemb's .npy files name their rows 0, 1, ... (no id file); a
	# label id names a row only when it is that row's number in the same
	# digits: a leading zero, a sign, a point or a number past the last
	# row (40 images: rows 0..39) names none, nor do 2^32 and 2^64 + 1,
	# which a parse that wrapped around would read as rows 0 and 1
	synthemb -o d -n 40 -d 8 crossmodal
	{ cat d/img.labels; printf '01\t3\n+1\t3\n1.0\t3\n40\t3\n00\t3\n4294967296\t3\n18446744073709551617\t3\n'; } > qlab
	run --separate-stderr rankof -j 1 -e -m cos \
	    --query-labels qlab --item-labels d/cap.labels d/img.npy d/cap.npy
	status_is 0
	# img.labels has 40 records, one per row: the 7 added are lines 41-47
	[ "$stderr" = "rankof: qlab:41: 7 of the 47 ids name no row of d/img.npy, the first '01'" ]
	echo "$output" > with
	run --separate-stderr rankof -j 1 -e -m cos \
	    --query-labels d/img.labels --item-labels d/cap.labels d/img.npy d/cap.npy
	status_is 0
	[ "$stderr" = "" ]
	[ "$output" = "$(cat with)" ]
}

@test "strict: qrels items that match no row, most queries without a relevant candidate" {
	# every relevant item of q_nomatch is no row of i.txt: a note of the
	# count, and q1 (the only query) has no relevant candidate
	run --separate-stderr rankof -e -r q_nomatch q.txt i.txt
	status_is 0
	[ "$stderr" = "$(printf '%s\n' \
	    "rankof: q_nomatch: 2 relevant judgments name no row of i.txt: they are never retrieved" \
	    "rankof: 1 of 1 queries have no relevant item among their candidates: relevance and scores are almost always swapped or from different data")" ]
	# two of three queries without a relevant candidate: a note; one of
	# three: none
	printf 'a x 1\nb x 1\nc x 1\n' > q3
	ok_table <<-'T'
	rankof -r q3 | a x 1\nb y 1\nc y 1\n | rankof: 2 of 3 queries have no relevant item among their candidates: relevance and scores are almost always swapped or from different data
	rankof -r q3 | a x 1\nb x 1\nc y 1\n |
	T
}

@test "strict: the 5K data: renamed, partly missing and swapped label files" {
	need_shared data/crossmodal-seed0
	D=$RANKKIT_SHARED/data/crossmodal-seed0
	sed 's/^/c/' "$D/cap.labels" > ren.labels
	head -n 24000 "$D/cap.labels" > miss.labels
	err_table <<-T
	1 | rankof -e --query-labels $D/img.labels --item-labels ren.labels $D/img.npy $D/cap.npy | | rankof: ren.labels: 25000 of the 25000 rows of $D/cap.npy have no label, the first '0' (--unlabeled-irrelevant ranks them as never relevant)
	1 | rankof -e --query-labels $D/img.labels --item-labels miss.labels $D/img.npy $D/cap.npy | | rankof: miss.labels: 1000 of the 25000 rows of $D/cap.npy have no label, the first '24000' (--unlabeled-irrelevant ranks them as never relevant)
	1 | rankof -e --query-labels $D/cap.labels --item-labels $D/img.labels $D/img.npy $D/cap.npy | | rankof: $D/img.labels: 20000 of the 25000 rows of $D/cap.npy have no label, the first '5000' (--unlabeled-irrelevant ranks them as never relevant)
	T
}

@test "strict: a byte-order mark is skipped in every text input" {
	printf '\357\273\277q1 d1 1\n' > bom.qrels
	printf '\357\273\277q1 A\n' > bom.labels
	printf '\357\273\277q1 1 0\n' > bom.txt
	printf 'q1 d1 0.5\nq1 d2 0.7\n' > run
	printf '\357\273\277q1 d1 0.5\nq1 d2 0.7\n' > bom.run
	rankof -r q run > want
	run --separate-stderr rankof -r bom.qrels bom.run
	status_is 0
	[ "$output" = "$(cat want)" ]
	run --separate-stderr sh -c 'cat bom.run | rankof -r q'
	[ "$output" = "$(cat want)" ]
	# q1's relevant d1 is at rank 2 of 2 (d2 scores 0.7 > 0.5)
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t2\t0\t2')" ]
	run --separate-stderr sh -c 'printf "\357\273\277q1 d1 1 1 0 3\n" | hitrate -k 1 -m hit'
	[ "$(echo "$output" | body)" = "$(printf 'hit@1\tall\t100.00')" ]
	printf 'd1 1 0\n' > d1.txt
	run --separate-stderr rankof -e --query-labels bom.labels --item-labels ilab1 bom.txt d1.txt
	status_is 0
	[ "$stderr" = "" ]
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t1\t0\t1')" ]
	# a byte-order mark alone is an empty input, and an empty score
	# input is an error
	run --separate-stderr sh -c 'printf "\357\273\277" | rankof -r q'
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: -: empty input: no scores (did the program upstream fail? an empty partition of a reducer: --allow-empty)" ]
}

# a Hadoop or Spark reducer that gets no query: --allow-empty makes its
# empty partition a rank stream of no queries, header and end, exit 0;
# with -c the qrels queries are all there, none retrieved (n = 0)
@test "strict: --allow-empty, a reducer's empty partition is a stream of no queries" {
	printf 'q1 d1 1\nq2 d2 1\n' > q
	run --separate-stderr sh -c 'printf "" | rankof --allow-empty -r q'
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '# query\titem\tgrade\trank\tties\tn\n# end')" ]
	[ "$stderr" = "" ]
	run --separate-stderr sh -c 'printf "" | rankof --allow-empty -c -r q'
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t-\t-\t0\nq2\td2\t1\t-\t-\t0')" ]
	run rankof --allow-empty -e -r q a b
	[ "$status" -eq 2 ]
	[[ $output == *"--allow-empty needs score streams or runs"* ]]
	run rankof --allow-empty --merge a
	[ "$status" -eq 2 ]
	[[ $output == *"--merge takes rank streams only"* ]]
}

@test "strict: numbers beyond the doubles, NaN, NUL bytes, wrong kinds of stream" {
	err_table <<-'T'
	1 | rankof -r q | q1 d1 1e309\n   | rankof: -:1: field 3: number out of range '1e309'
	1 | rankof -r q | q1 d1 -1e309\n  | rankof: -:1: field 3: number out of range '-1e309'
	1 | rankof -r q | q1 d1 0.5\nq1 d2 1e-400\n | rankof: -:2: field 3: number out of range '1e-400'
	1 | rankof -r q | q1 Q0 d1 1 1e999 run\n | rankof: -:1: field 5: number out of range '1e999'
	1 | hitrate     | q1 d1 1 1 0 99999999999999999999\n | hitrate: -:1: field 6: number out of range '99999999999999999999'
	1 | rankof -r q | q1 d1 nan\n     | rankof: -:1: field 3: NaN is not a score
	1 | rankof -r q | q1 d\0001 0.5\n | rankof: -:1: a NUL byte in the line (binary data?)
	1 | rankof -r q | q1 d1 0.5\nq1 d2 0.5\000\n | rankof: -:2: a NUL byte in the line (binary data?)
	1 | hitrate     | q1 d1 1 1 0 3\000\n | hitrate: -:1: a NUL byte in the line (binary data?)
	# a rank stream where scores belong, scores and results where ranks do
	1 | rankof -r q | # query\titem\tgrade\trank\tties\tn\nq1\td1\t1\t1\t0\t1\n# end\n | rankof: -:1: this is a rank stream (rankof's output) where a score stream (query item score) belongs: give it to hitrate, mapr or ndcg
	1 | hitrate     | # query\titem\tscore\nq1\td1\t1\n# end\n | hitrate: -:1: this is a score stream (query item score) where a rank stream (rankof's output) belongs: pipe it through rankof first
	1 | mapr        | # measure\tquery\tvalue\nhit@1\tall\t1\n# end\n | mapr: -:1: this is a measure stream (a result table) where a rank stream (rankof's output) belongs: it is already measured
	1 | ndcg        | q1 d1 0.5\n | ndcg: -:1: expected 6 fields (query item grade rank ties n), found 3 (scores? pipe them through rankof first)
	1 | rankof -r scores | q1 d1 1\n | rankof: scores:1: this is a score stream (query item score), not a relevance file (qrels or labels)
	T
	# a million digits: out of range, the message quotes the start
	awk 'BEGIN { s = "1"; while (length(s) < 1048576) s = s s; print "q1 d1 " s }' > big
	run --separate-stderr rankof -r q big
	status_is 1
	[[ $stderr == "rankof: big:1: field 3: number out of range '1111"* ]]
	[ "${#stderr}" -lt 300 ]
	# subnormals are numbers; 0 written any way is 0
	ok_table <<-'T'
	rankof -r q | q1 d1 4.9e-324\nq1 d2 0\nq1 d3 0e-999\nq1 d4 -0.0e5\n |
	T
}

@test "strict: a rank-stream data error names its own line" {
	err_table <<-'T'
	1 | hitrate | a x 1 1 0 3\na x 1 1 0 3\n | hitrate: -:2: duplicate item 'x' in query 'a'
	1 | hitrate | a x 1 1 0 3\na y 1 1 2 3\n | hitrate: -:2: query 'a': relevant items at rank 1 disagree on ties
	1 | hitrate | a x 1 1 1 3\na y 1 1 1 3\na z 1 1 1 3\n | hitrate: -:3: query 'a': more relevant items at rank 1 than its 2 tied positions
	1 | mapr    | b - 0 - - 3\na x 1 2 0 3\na y 1 5 1 9\n | mapr: -:3: n differs within query 'a' (3, then 9)
	T
}

# issue 27: `rank + ties > n` overflowed, so the first line passed and
# hitrate printed a pessimistic MeanR of -9.2e18; --merge summed n, ranks
# and ties unchecked and took shard lines past their n, or n = -5
@test "strict: rank-stream integers out of range and sums past a long" {
	err_table <<-'T'
	1 | hitrate -T pessimistic -m MeanR | q1 d1 1 9223372036854775807 1 9223372036854775807\n | hitrate: -:1: rank 9223372036854775807 with 1 ties does not fit in n = 9223372036854775807
	1 | hitrate | q1 d1 1 1 9223372036854775807 9223372036854775807\n | hitrate: -:1: rank 1 with 9223372036854775807 ties does not fit in n = 9223372036854775807
	1 | mapr    | q1 d1 1 9223372036854775807 9223372036854775807 9223372036854775807\n | mapr: -:1: rank 9223372036854775807 with 9223372036854775807 ties does not fit in n = 9223372036854775807
	1 | ndcg    | q1 d1 1 6 0 5\n | ndcg: -:1: rank 6 with 0 ties does not fit in n = 5
	1 | cmc     | q1 d1 1 1 0 -5\n | cmc: -:1: field 6: n is negative
	1 | hitrate | q1 d1 1 1 0 9223372036854775808\n | hitrate: -:1: field 6: number out of range '9223372036854775808'
	T
	# the largest group that fits: t = n = 2^63 - 1; its pessimistic first
	# rank is n, its expected one a + (t+1)/(s+1) = 2^62
	printf 'q1 d1 1 1 9223372036854775806 9223372036854775807\n' > top
	run --separate-stderr hitrate -f -p 0 -m MeanR -T pessimistic top
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body)" = "$(printf 'MeanR\tall\t9223372036854775807')" ]
	run --separate-stderr hitrate -f -p 0 -m MeanR top
	[ "$(echo "$output" | body)" = "$(printf 'MeanR\tall\t4611686018427387904')" ]
	# --merge: every shard line checked as a rank-stream line, where a
	# relevant item outside the shard's items is no candidate of it
	# (rank - 1 + ties <= n); n must stay one number within a query and
	# within the shard's rows (so the sums of n, ranks and ties stay
	# within the gallery's N, a long) and the merged line must fit its n.
	# Each shard carries its rows (a: 0:5 of 10, the others 5:10), so the
	# records begin on line 2, and is of version 2: kind r on every line
	shard() { printf '# items\t%s\t10\n' "$1"; printf "$2" | sed 's/$/\tr/'; }
	shard 0:5 'q1\td1\t1\t1\t0\t5\n' > a
	shard 5:10 'q1\td1\t1\t6\t0\t5\n' > out
	shard 5:10 'q1\td1\t1\t7\t0\t5\n' > past
	shard 5:10 'q1\td1\t1\t1\t0\t-5\n' > neg
	shard 5:10 'q1\td1\t1\t1\t0\t9223372036854775807\n' > huge
	shard 5:10 'q1\td1\t1\t1\t-\t5\n' > dash
	shard 0:5 'q1\td1\t1\t1\t0\t5\nq1\td2\t1\t2\t0\t5\n' > two
	shard 5:10 'q1\td1\t1\t1\t0\t5\nq1\td2\t1\t2\t0\t6\n' > twon
	shard 0:5 'q1\td1\t1\t1\t5\t5\n' > wide0
	shard 5:10 'q1\td1\t1\t1\t5\t5\n' > wide1
	err_table <<-'T'
	1 | rankof --merge a past  | | rankof: past:2: rank 7 with 0 ties does not fit in n = 5 (rank - 1 + ties counts the shard's candidates)
	1 | rankof --merge a neg   | | rankof: neg:2: field 6: n is negative
	1 | rankof --merge a huge  | | rankof: huge:2: query 'q1': n = 9223372036854775807, more candidates than the shard's 5 item rows (5:10)
	1 | rankof --merge a dash  | | rankof: dash:2: rank and ties must both be '-' or both numbers
	1 | rankof --merge two twon | | rankof: twon:3: n differs within query 'q1' (5, then 6)
	1 | rankof --merge wide0 wide1 | | rankof: wide1:2: query 'q1': rank 1 with 10 ties over the shards does not fit in n = 10 (do the shards' item ranges overlap?)
	T
	# an item outside one shard's items (rank n + 1 there) merges
	run --separate-stderr rankof --merge a out
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t6\t0\t10')" ]
}

@test "strict: messages escape control bytes and invalid UTF-8" {
	err_table <<-'T'
	1 | hitrate | a\001\377\303\251 x 1 1 0 3\na\001\377\303\251 x 1 1 0 3\n | hitrate: -:2: duplicate item 'x' in query 'a\x01\xFFé'
	1 | rankof -r q | q1 d1 \033[31m\n | rankof: -:1: field 3: bad number '\x1B[31m'
	# C1 controls, valid UTF-8 that some terminals obey (U+009B: ESC [)
	1 | rankof -r q | q1 d1 \302\2332J\302\240\n | rankof: -:1: field 3: bad number '\xC2\x9B2J '
	T
}

@test "strict: sort -b -s -k1,1 groups a TREC run with leading blanks" {
	printf 'q1 d1 1\nq2 d1 1\n' > q2
	printf 'q1 Q0 d1 1 0.5 r\n  q2 Q0 d1 1 0.5 r\n q1 Q0 d2 2 0.4 r\n' > run
	run --separate-stderr rankof -r q2 run
	status_is 1
	run --separate-stderr sh -c 'sort -b -s -k1,1 run | rankof -r q2'
	status_is 0
	# d1 is first of q1's two candidates and q2's only one
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t1\t0\t2\nq2\td1\t1\t1\t0\t1')" ]
}

@test "strict: the catalogue: empty, header only, CRLF, no final newline, long lines, files" {
	err_table <<-'T'
	1 | hitrate | | hitrate: -: empty input: no rank stream (did the program upstream fail?)
	1 | rankof -r q | q1 d1 0.5x\n | rankof: -:1: field 3: bad number '0.5x'
	1 | rankof -r q | q1 d1 1\nq1 d1 2\n | rankof: -:2: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | q1 d1 1\nq2 d1 1\nq1 d2 1\n | rankof: -:3: query 'q1' reappears after another query began (sort -b -s -k1,1 first)
	1 | rankof -r nosuch | | rankof: nosuch: No such file or directory
	1 | rankof -r . | | rankof: .: Is a directory
	1 | simmat . q.txt | | simmat: .: Is a directory
	T
	# CRLF and no final newline give the bytes of the plain input
	printf 'q1 d1 0.5\nq1 d2 0.7\n' > plain
	printf 'q1 d1 0.5\r\nq1 d2 0.7' > crlf
	rankof -r q plain > want
	run --separate-stderr rankof -r q crlf
	status_is 0
	[ "$output" = "$(cat want)" ]
	# a 1 MiB id is an id like any other
	awk 'BEGIN { s = "d"; while (length(s) < 1048576) s = s s; print "q1 " s " 0.9"; print "q1 d1 0.5" }' > long
	run --separate-stderr rankof -r q long
	status_is 0
	[ "$(echo "$output" | body)" = "$(printf 'q1\td1\t1\t2\t0\t2')" ]
	# an unreadable file (root reads everything: shown, not failed)
	printf 'q1 d1 1\n' > locked
	chmod 000 locked
	if [ -r locked ]; then
		echo "# unreadable-file case skipped: running as root" >&3
	else
		err_table <<-'T'
		1 | rankof -r locked | | rankof: locked: Permission denied
		T
	fi
}

@test "strict: option errors exit 2 with the message and the usage line" {
	local cmd want fails=0
	while IFS='|' read -r cmd want; do
		trim cmd "$cmd"; want=${want# }
		run --separate-stderr $cmd
		if [ "$status" != 2 ] || [ -n "$output" ] ||
		    [ "${stderr%%$'\n'*}" != "$want" ] ||
		    [[ ${stderr#*$'\n'} != "usage: ${cmd%% *} "* ]]; then
			echo "FAIL $cmd: $status, $stderr" >&2
			fails=$((fails + 1))
		fi
	done <<-'T'
	hitrate -k 0      | hitrate: -k: '0' is not a positive integer
	hitrate -k -1     | hitrate: -k: '-1' is not a positive integer
	hitrate -k 1,,5   | hitrate: -k: empty item in list '1,,5'
	hitrate -m foo    | hitrate: -m: hitrate has no measure 'foo' (known: hit@K, recall@K, P@K, MRR, MRR@K, MedR, MeanR, num_q, num_ret, num_rel, num_rel_ret, runid, rsum, R_cap@K, Judged@K, mP@K)
	hitrate -T foo    | hitrate: -T: 'foo' is not optimistic, pessimistic or expected
	rankof -e -m foo -l lab q.txt q.txt | rankof: -m: 'foo' is not dot, cos, l2 or hamming
	T
	[ "$fails" -eq 0 ]
}

@test "strict: inputs of the wrong kind are named: compressed, .npy, CSV, swapped qrels and scores, an empty run" {
	cd "$BATS_TEST_TMPDIR"
	printf 'q1 d1 0.9\nq1 d2 0.5\n' > s
	printf 'q1 0 d1 1\n' > q4
	printf 'q1 d1 1\n' > q
	printf 'q1 Q0 d1 1 0.9 run\n' > run
	printf 'q1,d1,1\n' > c.csv
	printf 'a,1\n' > l.csv
	gzip -c q > q.gz
	printf '\x93NUMPY\x01\x00\x00\x00' > x.npy
	: > empty
	fails=0
	while IFS='|' read -r cmd want; do
		cmd=${cmd% } want=${want# }
		run --separate-stderr $cmd
		if [ "$status" != 1 ] || [ "$stderr" != "$want" ]; then
			echo "FAIL $cmd: $status, $stderr" >&2
			fails=$((fails + 1))
		fi
	done <<-'T'
	rankof -r s q4    | rankof: s:1: field 3: '0.9' is not an integer grade (a score? -r takes the qrels, the scores come last)
	rankof -r run s   | rankof: run:1: expected 3 fields (query item grade) or 4 (query 0 item grade), found 6 (a TREC run? -r takes the qrels, the run comes last)
	rankof -r q q4    | rankof: q4:1: expected 3 fields (query item score) or 6 or more (TREC run), found 4 (qrels? they go to -r, the scores come last)
	rankof -r c.csv s | rankof: c.csv:1: expected 3 fields (query item grade) or 4 (query 0 item grade), found 1 (commas: fields are separated by spaces or tabs, tr , '\t' < FILE)
	rankof -r q c.csv | rankof: c.csv:1: expected 3 fields (query item score) or 6 or more (TREC run), found 1 (commas: fields are separated by spaces or tabs, tr , '\t' < FILE)
	rankof -l l.csv s | rankof: l.csv:1: expected 2 fields (id label) or 3 (id label camera), found 1 (commas: fields are separated by spaces or tabs, tr , '\t' < FILE)
	simmat c.csv c.csv | simmat: c.csv:1: expected an id and values, found 1 field (commas: fields are separated by spaces or tabs, tr , '\t' < FILE)
	rankof -r q.gz s  | rankof: q.gz: gzip-compressed: gunzip -k q.gz
	rankof -r q q.gz  | rankof: q.gz: gzip-compressed: gunzip -k q.gz
	hitrate q.gz      | hitrate: q.gz: gzip-compressed: gunzip -k q.gz
	rankof -r x.npy s | rankof: x.npy:1: a NUL byte in the line (a .npy file, not text)
	rankof -l x.npy s | rankof: x.npy: bad .npy header: expected '{'
	rankof -r q empty | rankof: empty: empty input: no scores (did the program upstream fail? an empty partition of a reducer: --allow-empty)
	rankof -r empty s | rankof: empty: no relevance judgments
	T
	[ "$fails" -eq 0 ]
	# from a pipe, the line reader names it
	run --separate-stderr sh -c 'hitrate < q.gz'
	[ "$status" -eq 1 ]
	[ "$stderr" = "hitrate: -:1: a NUL byte in the line (gzip data: decompress it first, zcat FILE | ...)" ]
}

@test "strict: one labels file for two sets of numbered rows is refused, one file for both is not" {
	cd "$BATS_TEST_TMPDIR"
	synthemb -n 20 -o my crossmodal
	run --separate-stderr rankof -e -m cos -l my/cap.labels my/img.npy my/cap.npy
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: -l my/cap.labels: one labels file for the rows of my/img.npy and of my/cap.npy, both named by their numbers from 0, would give query row 0 the label of item row 0: give --query-labels and --item-labels (or one embedding file for both, with -x)" ]
	[[ ${stderr#*$'\n'} == "usage: rankof "* ]]
	# leave-one-out over one file, under two names too
	ln -s cap.npy my/same.npy
	rankof -e -x -m cos -l my/cap.labels my/cap.npy my/cap.npy > a
	rankof -e -x -m cos -l my/cap.labels my/cap.npy my/same.npy > b
	cmp a b
	[ "$(grep -vc '^#' a)" -eq 400 ]	# 100 captions x 4 others of their image
}

@test "strict: a score stream of two numbered files says so, and one labels file is refused" {
	cd "$BATS_TEST_TMPDIR"
	synthemb -n 20 -o my crossmodal
	# the ids line right after the header (rankkit(7)): two files, one file
	simmat -m cos my/img.npy my/cap.npy > two
	[ "$(sed -n 2p two)" = "# ids	row numbers	two files" ]
	simmat -m cos my/cap.npy my/cap.npy > one
	[ "$(sed -n 2p one)" = "# ids	row numbers	one file" ]
	# named rows: no ids line (the stream keeps its earlier bytes)
	awk '{ print "c" NR - 1 }' my/cap.labels > cap.ids
	simmat -m cos --query-ids cap.ids --item-ids cap.ids my/cap.npy my/cap.npy > named
	[ "$(grep -c '^# ids' named)" -eq 0 ]
	# one labels file for two numberings: exit 1 at the ids line, no data
	run --separate-stderr rankof -l my/cap.labels two
	status_is 1
	[ "$stderr" = "rankof: two:2: the query and item ids are the row numbers of two embedding files: with one labels file (-l my/cap.labels) query row 0 would take the label of item row 0: give --query-labels and --item-labels (or one embedding file for both, with -x)" ]
	[ "$(grep -vc '^#' <<< "$output")" -eq 0 ]
	# through a pipe, on several threads, the words apart by other blanks
	run --separate-stderr sh -c 'simmat -m cos my/img.npy my/cap.npy | sed "2s/\t/  /g" | rankof -j 3 -l my/cap.labels'
	status_is 1
	[[ $stderr == "rankof: -:2: the query and item ids are the row numbers of two embedding files:"* ]]
	# the fix works, and gives what rankof -e gives
	rankof --query-labels my/img.labels --item-labels my/cap.labels two > a
	rankof -e -m cos --query-labels my/img.labels --item-labels my/cap.labels my/img.npy my/cap.npy > b
	cmp a b
	[ "$(grep -vc '^#' a)" -eq 100 ]	# 20 images x 5 captions each
	# one file for both (leave-one-out) and qrels are fine
	rankof -x -l my/cap.labels one > c
	rankof -e -x -m cos -l my/cap.labels my/cap.npy my/cap.npy | cmp - c
	awk 'NR > 2 && !/^#/ { print $1, $2, 1 }' two | head -3 > q
	rankof -r q two > /dev/null
}

@test "strict: a descriptor closed at start is taken by no file" {
	printf 'q1 d1 0.5\n' > s1
	rankof -r q s1 > r1
	# the qrels file took descriptor 0 and was read again as the run
	run --separate-stderr sh -c 'rankof -r q <&-'
	status_is 1
	[ "$stderr" = "rankof: -: Bad file descriptor" ]
	[[ $output != *"# end"* ]]
	# the first rank stream stayed descriptor 0, read again as "-"
	run --separate-stderr sh -c 'hitrate r1 - <&-'
	status_is 1
	[ "$stderr" = "hitrate: -: Bad file descriptor" ]
	run --separate-stderr sh -c 'mapr - <&-'
	status_is 1
	[ "$stderr" = "mapr: -: Bad file descriptor" ]
	# the standard output closed: a failed write, the picture whole
	run --separate-stderr sh -c 'cmc --svg pic.svg r1 >&-'
	status_is 1
	[ "$stderr" = "cmc: write error: Bad file descriptor" ]
	[ "$(tail -n 1 pic.svg)" = "</svg>" ]
	# the standard error closed: the rank file took descriptor 2, and the
	# explanation written there was lost with status 0
	run sh -c 'hitrate --explain q1 r1 2>&-'
	status_is 1
}

# ids with a terminal's control sequences: ESC [ 2 J clears the screen,
# ESC ] 0 ; ... BEL sets the window's title
esc_ids() {
	local e=$'\033'
	printf 'q%s[2J d%s]0;title\a 1\n' "$e" "$e" > eq
	printf 'q%s[2J d%s]0;title\a 0.5\nq%s[2J d2 0.7\n' "$e" "$e" "$e" > es
	printf 'q%s[2J 1 0\n' "$e" > qe.txt
	printf 'd%s]0;title\a 1 0\nd2 0 1\n' "$e" > ie.txt
	printf 'q%s[2J A\nd%s]0;title\a A\nd2 B\n' "$e" "$e" > elab
}

# the text has no ESC or BEL byte, and has $2 ($1: what it is)
escaped() {
	if [[ $2 == *[$'\033\a']* || $2 != *"$3"* ]]; then
		echo "$1: not escaped or without '$3':" >&2
		printf '%s\n' "$2" | od -c | head -20 >&2
		return 1
	fi
}

@test "strict: --explain escapes control bytes in ids; the streams keep them" {
	esc_ids
	local line=$'q\033[2J\td\033]0;title\a\t1\t2\t0\t2'
	for j in 1 2; do
		run --separate-stderr rankof -r eq -j $j --explain all es
		status_is 0
		[[ $output == *"$line"* ]]
		escaped "rankof -j $j" "$stderr" 'query q\x1B[2J: n = 2'
		escaped "rankof -j $j" "$stderr" '  d\x1B]0;title\x07: grade 1'
	done
	run --separate-stderr rankof -e -l elab --explain all qe.txt ie.txt
	status_is 0
	[[ $output == *$'q\033[2J\td\033]0;title\a\t1\t1\t0\t2'* ]]
	escaped "rankof -e" "$stderr" '  d\x1B]0;title\x07: grade 1, score 1'
	rankof -r eq es > r
	for p in hitrate mapr ndcg cmc; do
		$p r > want 2>/dev/null
		run --separate-stderr $p --explain all r
		status_is 0
		[ "$output" = "$(cat want)" ]
		escaped $p "$stderr" 'query q\x1B[2J: n = 2 candidates'
	done
	run --separate-stderr hitrate -q r
	[[ $output == *$'\nhit@1\tq\033[2J\t0.00\n'* ]]
}

@test "strict: --format table and the plots escape control bytes" {
	esc_ids
	rankof -r eq es > r
	run --separate-stderr hitrate -q --format table -k 1 -m hit r
	status_is 0
	escaped table "$output" $'q\\x1B[2J   0.00\nall        0.00'
	run --separate-stderr mapr -q --format table -m AP r
	escaped "mapr table" "$output" 'q\x1B[2J '
	run --separate-stderr cmc -K 2 --format table --label $'a\033[2J' \
	    --label b r r
	escaped "cmc table" "$output" 'K  a\x1B[2J       b'
	COLUMNS=60 run --separate-stderr cmc --plot --ascii \
	    --label $'a\033]0;title\a' --label b r r
	status_is 0
	escaped "cmc --plot" "$output" '  * a\x1B]0;title\x07'
	# a legend of broken UTF-8 is cut to the line, not past it
	COLUMNS=40 run --separate-stderr cmc --plot --label "a$(head -c 3000 /dev/zero | tr '\0' '\200')" r
	status_is 0
	[ "$(echo "$output" | tail -n 1 | wc -c)" -le 41 ]
	# SVG: XML 1.0 has no place for control bytes (nor for U+FFFE)
	cmc --svg pic.svg --label $'a\033[2J\t<b>' --label $'c\xef\xbf\xbe' r r \
	    > /dev/null 2>&1
	escaped svg "$(cat pic.svg)" '>a\x1B[2J\t&lt;b&gt;</text>'
	grep -qF '>c\xEF\xBF\xBE</text>' pic.svg
}

@test "strict: a failed write of the explanation fails the run" {
	esc_ids
	rankof -r eq es > r
	local cmd fails=0
	for cmd in "rankof -r eq --explain all es" \
	    "rankof -r eq -j 2 --explain all es" \
	    "rankof -e -l elab --explain all qe.txt ie.txt" \
	    "hitrate --explain all r" "mapr --explain all r" \
	    "ndcg --explain all r" "cmc --explain all r" \
	    "hitrate --explain nosuch r" "cmc --explain nosuch r"; do
		for to in /dev/full '&-'; do
			run sh -c "$cmd >out 2>$to"
			if [ "$status" != 1 ] || grep -q '^# end' out; then
				echo "FAIL $cmd 2>$to: $status" >&2
				fails=$((fails + 1))
			fi
		done
	done
	[ "$fails" -eq 0 ]
}

@test "strict: --explain of a query the input lacks says so, in every program" {
	printf 'q1 d1 0.5\n' > s1
	rankof -r q s1 > r1
	run --separate-stderr rankof -r q --explain nosuch s1
	status_is 0
	[ "$stderr" = "rankof: --explain nosuch: the input has no such query" ]
	for p in hitrate mapr ndcg cmc; do
		# asked for: said under --quiet too, the output unchanged
		$p r1 > want
		run --separate-stderr $p --quiet --explain all --explain nosuch r1
		status_is 0
		[ "$output" = "$(cat want)" ]
		[ "${stderr##*$'\n'}" = "$p: --explain nosuch: the input has no such query" ]
		run --separate-stderr $p --quiet --explain nosuch r1
		[ "$stderr" = "$p: --explain nosuch: the input has no such query" ]
	done
	# cmc's systems each: the one that lacks it named
	printf 'q2 d1 1\n' > q2
	printf 'q2 d1 0.5\n' | rankof -r q2 > r2
	run --separate-stderr cmc --quiet --explain q2 r1 r2
	status_is 0
	[ "${stderr##*$'\n'}" = "cmc: r1: --explain q2: the input has no such query" ]
}
