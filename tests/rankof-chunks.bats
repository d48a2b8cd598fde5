#!/usr/bin/env bats
# rankof's workers cut the input into chunks of whole queries. With
# RANKKIT_CHUNK=64 even small inputs become many chunks: the rank stream,
# every message and its line number must be those of one chunk, one thread.
load helper

# q1..q40, 25 candidates each, scores with ties, a comment now and then
make_run() {
	awk 'BEGIN { srand(7)
		for (q = 1; q <= 40; q++) {
			for (d = 1; d <= 25; d++) {
				if (d == 10 && q % 7 == 0) print "# a comment inside q" q
				printf "q%d\td%d\t%d\n", q, d, int(rand() * 8)
			}
		}
	}'
}

make_qrels() {
	awk 'BEGIN { for (q = 1; q <= 40; q++) for (d = 3; d <= 25; d += 7) print "q" q, 0, "d" d, 1 + d % 3 }'
}

@test "chunks: the same rank stream for every chunk size and -j" {
	make_run > "$BATS_TEST_TMPDIR/run"
	make_qrels > "$BATS_TEST_TMPDIR/qrels"
	cd "$BATS_TEST_TMPDIR"
	rankof -j 1 -r qrels run > one
	[ "$(grep -vc '^#' one)" -eq 160 ]	# 40 queries x 4 relevant
	for chunk in 64 100 333 4096; do
		for j in 1 2 3; do
			RANKKIT_CHUNK=$chunk rankof -j $j -r qrels run > many
			cmp one many
			RANKKIT_CHUNK=$chunk rankof -j $j -r qrels < run > many
			cmp one many
		done
	done
}

@test "chunks: a query that reappears three chunks later, named at its line" {
	{ make_run; printf 'q3\td99\t1\n'; } > "$BATS_TEST_TMPDIR/run"
	make_qrels > "$BATS_TEST_TMPDIR/qrels"
	cd "$BATS_TEST_TMPDIR"
	line=$(wc -l < run)
	for chunk in 64 4096 1048576; do
		RANKKIT_CHUNK=$chunk run --separate-stderr rankof -j 2 -r qrels run
		[ "$status" -eq 1 ]
		[ "$stderr" = "rankof: run:$line: query 'q3' reappears after another query began (sort -b -s -k1,1 first)" ]
	done
}

@test "chunks: the first error in input order wins, whatever the chunks" {
	# a bad score at line 300 and a duplicate item later: line 300 is named
	make_run | awk 'NR == 300 { $3 = "x" } NR == 700 { $2 = "d1" } 1' OFS='\t' \
		> "$BATS_TEST_TMPDIR/run"
	make_qrels > "$BATS_TEST_TMPDIR/qrels"
	cd "$BATS_TEST_TMPDIR"
	for chunk in 64 200 1048576; do
		for j in 1 3; do
			RANKKIT_CHUNK=$chunk run --separate-stderr rankof -j $j -r qrels run
			[ "$status" -eq 1 ]
			[ "$stderr" = "rankof: run:300: field 3: bad number 'x'" ]
		done
	done
}

@test "chunks: a duplicate item deep in the input, and a truncated stream" {
	make_run | awk 'NR == 700 { $2 = "d1" } 1' OFS='\t' > "$BATS_TEST_TMPDIR/run"
	make_qrels > "$BATS_TEST_TMPDIR/qrels"
	cd "$BATS_TEST_TMPDIR"
	q=$(awk 'NR == 700 { print $1 }' run)
	RANKKIT_CHUNK=64 run --separate-stderr rankof -j 2 -r qrels run
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: run:700: duplicate item 'd1' in query '$q'" ]
	# a header and no end line: the stream upstream failed
	{ printf '# query\titem\tscore\n'; make_run; } > trunc
	n=$(wc -l < trunc)
	RANKKIT_CHUNK=64 run --separate-stderr rankof -j 2 -r qrels trunc
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: trunc:$n: stream ends without its '# end' line (the program upstream failed)" ]
}

@test "chunks: trec_eval's run cut into many chunks ranks as one" {
	T="$TREC_DATA"
	rankof -j 1 --break id -r "$T/qrels.test" "$T/results.test" > "$BATS_TEST_TMPDIR/one"
	RANKKIT_CHUNK=64 rankof -j 3 --break id -r "$T/qrels.test" "$T/results.test" > "$BATS_TEST_TMPDIR/many"
	cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/many"
}
