#!/usr/bin/env bats
# rankof --judged: the rank stream's version 2 (rankkit(7), "Rank stream
# versions"): a seventh column, kind, and a line for every judged item.
# Every expected line is worked out by hand in the comments.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
	# q1: d1 0.9, d2 and d3 0.5 (tied), d4 0.1; judged: d1 0 (j), d2 1
	# (r), d3 -2 (u), d9 0 (j, not a candidate). q2: d1 1, d2 0.5; judged
	# d1 0 only: no relevant item. q3: judged d4 2, not in the run (-c).
	printf '%s\n' 'q1 0 d1 0' 'q1 0 d2 1' 'q1 0 d3 -2' 'q1 0 d9 0' \
	    'q2 0 d1 0' 'q3 0 d4 2' > qrels
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.5' 'q1 d3 0.5' 'q1 d4 0.1' \
	    'q2 d1 1' 'q2 d2 0.5' > scores
}

V2='# query item grade rank ties n kind'

@test "rankof --judged: every judged item has a line with its kind" {
	# q1: d1 rank 1 ties 0; d2 and d3 one above, tied with each other:
	# rank 2 ties 1; d9 not a candidate. q2 has no relevant item: its
	# '- 0 - - 2 r' line first, then d1 (rank 1). q3 (-c): n = 0.
	run --separate-stderr rankof --judged -c -r qrels scores
	status_is 0
	same "$output" "$(tsv "$V2" 'q1 d1 0 1 0 4 j' 'q1 d2 1 2 1 4 r' \
	    'q1 d3 -2 2 1 4 u' 'q1 d9 0 - - 4 j' 'q2 - 0 - - 2 r' \
	    'q2 d1 0 1 0 2 j' 'q3 d4 2 - - 0 r' '# end')"
	# one thread or three: the same bytes
	run --separate-stderr rankof --judged -c -j 1 -r qrels scores
	same "$output" "$(tsv "$V2" 'q1 d1 0 1 0 4 j' 'q1 d2 1 2 1 4 r' \
	    'q1 d3 -2 2 1 4 u' 'q1 d9 0 - - 4 j' 'q2 - 0 - - 2 r' \
	    'q2 d1 0 1 0 2 j' 'q3 d4 2 - - 0 r' '# end')"
}

@test "rankof --judged -g 0: grade 0 is relevant, only -2 stays u" {
	run --separate-stderr rankof --judged -g 0 -r qrels scores
	status_is 0
	same "$output" "$(tsv "$V2" 'q1 d1 0 1 0 4 r' 'q1 d2 1 2 1 4 r' \
	    'q1 d3 -2 2 1 4 u' 'q1 d9 0 - - 4 r' 'q2 d1 0 1 0 2 r' '# end')"
}

@test "rankof --judged: the r lines are the version 1 stream" {
	rankof -c -r qrels scores | grep -v '^#' > v1
	rankof --judged -c -r qrels scores | awk '$7 == "r"' | cut -f1-6 > r
	same "$(cat r)" "$(cat v1)"
	# without --judged: version 1, no kind column (its bytes unchanged)
	run --separate-stderr rankof -c -r qrels scores
	same "$output" "$(tsv '# query item grade rank ties n' \
	    'q1 d2 1 2 1 4' 'q2 - 0 - - 2' 'q3 d4 2 - - 0' '# end')"
}

@test "rankof --judged -M 2 --break id: a judged item cut off is '-'" {
	# q1 in trec_eval's order: d1, then d3 before d2 (id descending):
	# the first two are d1 (rank 1) and d3 (rank 2); d2 leaves.
	run --separate-stderr rankof --judged --break id -M 2 -r qrels scores
	status_is 0
	same "$output" "$(tsv "$V2" '# depth 2' 'q1 d1 0 1 0 2 j' 'q1 d3 -2 2 0 2 u' \
	    'q1 d2 1 - - 2 r' 'q1 d9 0 - - 2 j' 'q2 - 0 - - 2 r' \
	    'q2 d1 0 1 0 2 j' '# end')"
}

@test "rankof --judged: with labels, -e, --explain or --merge is a usage error" {
	printf '%s\n' 'q1 a' 'd1 a' > labels
	for args in "-l labels scores" "-r qrels -e a b" \
	    "-r qrels --explain q1 scores" "--merge scores"; do
		run --separate-stderr rankof --judged $args
		status_is 2
		case "$stderr" in
		*"--judged needs qrels"*|*"--merge takes rank streams only"*) ;;
		*) echo "$args: $stderr" >&2; return 1 ;;
		esac
	done
}

@test "rankof --merge refuses a whole --judged stream: it adds up gallery shards, joins query shards" {
	# --merge reads the streams of gallery shards, each with its items
	# line before its records, or of query shards, each with its part
	# line; a whole --judged stream has neither, with its header or
	# without
	rankof --judged -r qrels scores > v2
	run --separate-stderr rankof --merge v2
	status_is 1
	same "$stderr" "rankof: v2: no '# part I/N' line and no '# items A:B N' line: not a shard (rankof --shard I/N, --part I/N or -e --items A:B)"
	grep -v '^#' v2 > bare
	run --separate-stderr rankof --merge bare
	status_is 1
	same "$stderr" "rankof: bare: no '# part I/N' line and no '# items A:B N' line: not a shard (rankof --shard I/N, --part I/N or -e --items A:B)"
	# an awk script that tests NF == 6, as rankkit(7) asks, sees no line
	same "$(awk '!/^#/ && NF == 6' v2)" ""
}
