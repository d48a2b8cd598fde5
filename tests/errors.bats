#!/usr/bin/env bats
# Every error of the programs' command-line contract (rankkit(7), Conventions): bad data and
# I/O exit 1 with one exact line `prog: FILE:LINE: what` (stdin is `-`) and
# nothing presented as a result (no `# end`); usage errors exit 2 with
# `prog: what` and one `usage:` line; --help, --version; a closed pipe ends
# quietly, a full disk loudly; a truncated upstream stream is an error.
load helper
load data/ranks/common
load errtable
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	printf 'q1 d1 1\n' > q
	printf 'd1 A\nq1 A\n' > l
	: > empty
	printf 'q1 d1\n' > qr_fields2
	printf 'q1 0 d1 1 x\n' > qr_fields5
	printf 'q1 d1 x\n' > qr_badgrade
	printf 'q1 0 d1 1.5x\n' > qr_badgrade4
	printf 'q1 d1 1\nq1 d1 0\n' > qr_dup
	printf 'q1 0 d1 1\nq1 0 d2 0\nq1 0 d1 2\n' > qr_dup4
	printf 'd1 A\nq1\n' > lb_fields1
	printf 'd1 A c1 x\n' > lb_fields4
	printf 'a A\nb B\na B\n' > lb_dup
	# ids that are record numbers at first (read without a map), then
	# a repeated one: the map built at that line must know the first ones
	printf '0 A\n1 A\n1 B\n' > lb_dup_num
	printf '0 A\nx B\n0 C\n' > lb_dup_num2
}

# usage_table: rows "COMMAND" on stdin; each must exit 2 with nothing on
# stdout and on stderr one line `prog: ...`, then the usage: `usage: prog
# ...` and its further synopsis lines, if any, `       prog ...`
# (stderr's lines are looked at in bash: its count of newlines as wc -l
# counts them, the first line, the second, and every further line)
usage_table() {
	local cmd prog code out fails=0 rows=0 e nl l rest
	local -a el
	while IFS= read -r cmd; do
		case $cmd in ''|\#*) continue ;; esac
		rows=$((rows + 1))
		prog=${cmd%% *}
		code=0
		eval "$cmd" < /dev/null > "$BATS_TEST_TMPDIR/table.out" 2> err || code=$?
		out=$(<"$BATS_TEST_TMPDIR/table.out")
		e=
		IFS= read -r -d '' e < err || :
		nl=${e//[!$'\n']/}
		mapfile -t el < err
		rest=0
		for l in "${el[@]:2}"; do
			[[ $l == "       $prog "* ]] || rest=$((rest + 1))
		done
		if [ "$code" != 2 ] || [ -n "$out" ] || [ "${#nl}" -lt 2 ] ||
		    [[ ${el[0]-} != "$prog: "?* ]] ||
		    [[ ${el[1]-} != "usage: $prog "* ]] ||
		    [ "$rest" != 0 ]; then
			printf 'FAIL %s: status %s, stdout "%s", stderr:\n%s\n' \
			    "$cmd" "$code" "$out" "$(cat err)" >&2
			fails=$((fails + 1))
		fi
	done
	echo "$rows rows, $fails failing" >&2
	[ "$rows" -gt 0 ] && [ "$fails" -eq 0 ]
}

@test "rankof: bad score and run lines" {
	err_table <<-'T'
	1 | rankof -r q | q1 d1\n            | rankof: -:1: expected 3 fields (query item score) or 6 or more (TREC run), found 2
	1 | rankof -r q | q1\n               | rankof: -:1: expected 3 fields (query item score) or 6 or more (TREC run), found 1
	1 | rankof -r q | q1 d1 1\nq1 d2 1 x\n | rankof: -:2: expected 3 fields (query item score) or 6 or more (TREC run), found 4
	1 | rankof -r q | q1 Q0 d1 1 2\n     | rankof: -:1: expected 3 fields (query item score) or 6 or more (TREC run), found 5
	1 | rankof -r q | q1 d1 0.5x\n       | rankof: -:1: field 3: bad number '0.5x'
	1 | rankof -r q | q1 d1 1,5\n        | rankof: -:1: field 3: bad number '1,5'
	1 | rankof -r q | q1 d1 abc\n        | rankof: -:1: field 3: bad number 'abc'
	1 | rankof -r q | q1 d1 --1\n        | rankof: -:1: field 3: bad number '--1'
	1 | rankof -r q | q1 d1 1\nq1 d2 1e\n | rankof: -:2: field 3: bad number '1e'
	1 | rankof -r q | q1 Q0 d1 1 abc run\n | rankof: -:1: field 5: bad number 'abc'
	1 | rankof -r q | q1 d1 nan\n        | rankof: -:1: field 3: NaN is not a score
	1 | rankof -r q | q1 d1 NaN\n        | rankof: -:1: field 3: NaN is not a score
	1 | rankof -r q | q1 d1 1\nq1 d2 -nan\n | rankof: -:2: field 3: NaN is not a score
	1 | rankof -r q | q1 Q0 d1 1 nan run\n | rankof: -:1: field 5: NaN is not a score
	1 | rankof -r q | q1 d1 1\nq1 d2 2\nq1 d1 3\n | rankof: -:3: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | a x 1\nb x 1\na y 1\n | rankof: -:3: query 'a' reappears after another query began (sort -b -s -k1,1 first)
	# the same through a file name
	1 | rankof -r q qr_fields2 | x | rankof: qr_fields2:1: expected 3 fields (query item score) or 6 or more (TREC run), found 2
	T
}

@test "rankof: a duplicate item comes before a later line's error" {
	# rankof checks a query's candidates for duplicates in bulk, at the
	# query's end or before another error: still in line order
	err_table <<-'T'
	1 | rankof -r q | q1 d1 1\nq1 d1 2\nq1 d2 x\n     | rankof: -:2: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | q1 d1 1\nq1 d1 2\nq1 d2\n       | rankof: -:2: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | q2 d1 1\nq1 d1 1\nq1 d1 2\nq2 d3 1\n | rankof: -:3: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | q1 d1 1\nq1 d1 2\n# end\nq1 d3 1\n | rankof: -:2: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | q1 d1 1\nq1 d1 2\n# rankkit hitrate 1\n | rankof: -:2: duplicate item 'd1' in query 'q1'
	1 | rankof -l l | q1 d1 1\nq1 d1 2\nq1 d2 1\n     | rankof: -:2: duplicate item 'd1' in query 'q1'
	1 | rankof -r q | q1 d2 1\nq1 d3 1\nq1 d2 x\n     | rankof: -:3: field 3: bad number 'x'
	1 | rankof -r q | q1 d1 1\nq1 d2 2\nq1 d3 2\nq1 d2 3\nq1 d1 1\n | rankof: -:4: duplicate item 'd2' in query 'q1'
	T
}

@test "rankof: bad relevance files" {
	err_table <<-'T'
	1 | rankof -r empty                         | q1 d1 1\n | rankof: empty: no relevance judgments
	1 | rankof -l empty                         | q1 d1 1\n | rankof: empty: no relevance judgments
	1 | rankof --query-labels empty --item-labels l | q1 d1 1\n | rankof: empty: no relevance judgments
	1 | rankof --query-labels l --item-labels empty | q1 d1 1\n | rankof: empty: no relevance judgments
	1 | rankof -r nosuch                        | q1 d1 1\n | rankof: nosuch: No such file or directory
	1 | rankof -l nosuch                        | q1 d1 1\n | rankof: nosuch: No such file or directory
	1 | rankof -r q nosuch.run                  | q1 d1 1\n | rankof: nosuch.run: No such file or directory
	1 | rankof -r qr_fields2   | q1 d1 1\n | rankof: qr_fields2:1: expected 3 fields (query item grade) or 4 (query 0 item grade), found 2
	1 | rankof -r qr_fields5   | q1 d1 1\n | rankof: qr_fields5:1: expected 3 fields (query item grade) or 4 (query 0 item grade), found 5
	1 | rankof -r qr_badgrade  | q1 d1 1\n | rankof: qr_badgrade:1: field 3: bad number 'x'
	1 | rankof -r qr_badgrade4 | q1 d1 1\n | rankof: qr_badgrade4:1: field 4: bad number '1.5x'
	1 | rankof -r qr_dup       | q1 d1 1\n | rankof: qr_dup:2: duplicate judgment of item 'd1' for query 'q1'
	1 | rankof -r qr_dup4      | q1 d1 1\n | rankof: qr_dup4:3: duplicate judgment of item 'd1' for query 'q1'
	1 | rankof -l lb_fields1   | q1 d1 1\n | rankof: lb_fields1:2: expected 2 fields (id label) or 3 (id label camera), found 1
	1 | rankof -l lb_fields4   | q1 d1 1\n | rankof: lb_fields4:1: expected 2 fields (id label) or 3 (id label camera), found 4
	1 | rankof -l lb_dup       | q1 d1 1\n | rankof: lb_dup:3: duplicate id 'a'
	1 | rankof -l lb_dup_num   | q1 d1 1\n | rankof: lb_dup_num:3: duplicate id '1'
	1 | rankof -l lb_dup_num2  | q1 d1 1\n | rankof: lb_dup_num2:3: duplicate id '0'
	1 | rankof --query-labels lb_dup --item-labels l | q1 d1 1\n | rankof: lb_dup:3: duplicate id 'a'
	1 | rankof --query-labels l --item-labels lb_fields4 | q1 d1 1\n | rankof: lb_fields4:1: expected 2 fields (id label) or 3 (id label camera), found 4
	# labels mode: a query that the (query) labels do not know
	1 | rankof -l l            | q1 d1 1\nq9 d1 1\n | rankof: -:2: query 'q9' has no label
	1 | rankof --query-labels l --item-labels l | q9 d1 1\n | rankof: -:1: query 'q9' has no label
	T
}

@test "hitrate: bad rank stream lines and data errors" {
	err_table <<-'T'
	1 | hitrate | q1 d1 1 1 0\n       | hitrate: -:1: expected 6 fields (query item grade rank ties n), found 5
	1 | hitrate | q1 d1 1 1 0 3 x\n   | hitrate: -:1: field 7: kind 'x' is not r, j or u
	1 | hitrate | q1 d1 1 1 0 3 r 8\n   | hitrate: -:1: expected 6 fields (query item grade rank ties n), found 8
	1 | hitrate | q1 d1 1 1 0 3\nq2\n | hitrate: -:2: expected 6 fields (query item grade rank ties n), found 1
	1 | hitrate | q1 d1 g 1 0 3\n     | hitrate: -:1: field 3: bad number 'g'
	1 | hitrate | q1 d1 1 x 0 3\n     | hitrate: -:1: field 4: bad number 'x'
	1 | hitrate | q1 d1 1 1 y 3\n     | hitrate: -:1: field 5: bad number 'y'
	1 | hitrate | q1 d1 1 1 0 3z\n    | hitrate: -:1: field 6: bad number '3z'
	1 | hitrate | a x 1 1 0 3\nb x 1 1 0 3\na y 1 2 0 3\n | hitrate: -:3: query 'a' reappears after another query began (sort -b -s -k1,1 first)
	1 | hitrate --empty error | a x 1 1 0 3\nb - 0 - - 3\n | hitrate: -:2: query 'b' has no relevant item (--empty error)
	1 | hitrate --folds 2 | a x 1 1 0 3\nb x 1 1 0 3\nc x 1 1 0 3\n | hitrate: 3 queries do not split into 2 equal folds
	1 | hitrate nosuch | x | hitrate: nosuch: No such file or directory
	T
}

@test "unreadable files: a directory gives strerror's text" {
	# `prog: F: <strerror text>` for unreadable files; fopen()
	# succeeds on a directory and read() fails with EISDIR
	err_table <<-'T'
	1 | rankof -r .    | q1 d1 1\n | rankof: .: Is a directory
	1 | rankof -r q .  | q1 d1 1\n | rankof: .: Is a directory
	1 | hitrate .      | x         | hitrate: .: Is a directory
	T
}

@test "truncated streams: a header without its '# end' line" {
	# which line the message names at the end of the input (the last line
	# read, or the one after it) is not in the spec: both are accepted
	trunc="stream ends without its '# end' line (the program upstream failed)"
	run --separate-stderr sh -c 'printf "# query\titem\tscore\nq1 d1 1\n" | rankof -r q'
	status_is 1
	[[ $stderr =~ ^rankof:\ -:[23]:\ "$trunc"$ ]]
	[[ $output != *"# end"* ]]
	run --separate-stderr sh -c 'printf "# query\titem\tgrade\trank\tties\tn\nq1 d1 1 1 0 3\n" | hitrate'
	status_is 1
	[[ $stderr =~ ^hitrate:\ -:[23]:\ "$trunc"$ ]]
	[[ $output != *"# end"* ]]
	# the header alone
	run --separate-stderr sh -c 'printf "# query\titem\tgrade\trank\tties\tn\n" | hitrate'
	status_is 1
	[[ $stderr =~ ^hitrate:\ -:[12]:\ "$trunc"$ ]]
	# through a file name
	printf '# query\titem\tgrade\trank\tties\tn\nq1\td1\t1\t1\t0\t3\n' > cut.ranks
	run --separate-stderr hitrate cut.ranks
	status_is 1
	[[ $stderr =~ ^hitrate:\ cut.ranks:[23]:\ "$trunc"$ ]]
	# with its end line it is fine, and a hand-written stream needs neither
	run --separate-stderr sh -c 'printf "# query\titem\tscore\nq1 d1 1\n# end\n" | rankof -r q'
	status_is 0
	run --separate-stderr sh -c 'printf "q1 d1 1 1 0 3\n" | hitrate'
	status_is 0
}

@test "a failed rankof does not become a table: fails on its first line" {
	# the header must go out even when no record does (rankkit(7),
	# Conventions), or hitrate sees an empty, plausible stream
	run --separate-stderr sh -c 'printf "q1 d1\n" | rankof -r q | hitrate -f'
	status_is 1
	[[ $output != *"# end"* ]]
}

@test "a failed rankof does not become a table: fails after a whole query" {
	printf 'q1 d1 1\nq2 d1 1\n' > q2
	run --separate-stderr sh -c 'printf "q1 d1 1\nq2 d1 x\n" | rankof -r q2 | hitrate -f'
	status_is 1
	[[ $output != *"# end"* ]]
	[[ $stderr == *"rankof: -:2: field 3: bad number 'x'"* ]]
}

@test "rankof: usage errors exit 2 with a usage line" {
	usage_table <<-'T'
	rankof --bogus -r q
	rankof -Z -r q
	# no relevance source
	rankof
	rankof s
	rankof -x -g 2
	# conflicting sources
	rankof -r q -l l
	rankof -l l --query-labels l --item-labels l
	rankof -r q --query-labels l --item-labels l
	# half of a pair
	rankof --query-labels l
	rankof --item-labels l
	# missing or bad option values
	rankof -r
	rankof -r q --break
	rankof -r q --break bogus
	rankof -r q --break ID
	rankof -r q -g x
	rankof -r q -g ''
	rankof -r q --min-grade 1x
	rankof -l l --folds 0
	rankof -l l --folds x
	rankof -l l --folds -1
	rankof -l l --junk bogus
	rankof -l l --junk
	T
}

@test "hitrate: usage errors exit 2 with a usage line" {
	usage_table <<-'T'
	hitrate --bogus
	hitrate -Z
	# bad cut-off lists
	hitrate -k 1,,5
	hitrate -k 0
	hitrate -k 5,0
	hitrate -k x
	hitrate -k ''
	hitrate -k 1,
	hitrate -k ,1
	hitrate -k -1
	hitrate -k 1.5
	hitrate --cutoffs 1,x
	hitrate -k
	# bad measure lists
	hitrate -m bogus
	hitrate -m hit,,P
	hitrate -m ''
	hitrate -m hit@0
	hitrate -m MeanR@1
	# bad values
	hitrate -T bogus
	hitrate -T ''
	hitrate --ties Expected
	hitrate --empty bogus
	hitrate --empty
	hitrate -p x
	hitrate -p -1
	hitrate -p ''
	hitrate --precision 2x
	hitrate --medr bogus
	hitrate --folds 0
	hitrate --folds x
	hitrate --folds -2
	T
}

@test "--help and --version" {
	for p in rankof hitrate; do
		for h in -h --help; do
			run --separate-stderr $p $h
			status_is 0
			[ -z "$stderr" ]
			printf '%s\n' "$output" | grep -q "^usage: $p "
		done
		run --separate-stderr $p --version
		status_is 0
		same "$output" "$p (rankkit) 0.1.0"
		[ -z "$stderr" ]
	done
}

# big inputs for the pipe tests: one query whose 200000 items all share its
# label (rankof writes 200000 lines), and 100000 one-line queries (hitrate -q
# writes 1.2 million rows)
big() {
	awk 'BEGIN { print "q A" > "big.ql"
	    for (i = 1; i <= 200000; i++) { print "d" i " A" > "big.il"; print "q d" i " " i % 977 > "big.scores" } }'
	awk 'BEGIN { for (i = 1; i <= 100000; i++) print "q" i "\tx\t1\t" 1 + i % 13 "\t0\t20" }' > big.ranks
}

@test "a closed pipe ends quietly" {
	big
	run --separate-stderr sh -c 'rankof --query-labels big.ql --item-labels big.il big.scores 2>err | head -1; cat err'
	same "$output" "$(tsv '# query item grade rank ties n')"
	same "$stderr" ""
	run --separate-stderr sh -c 'hitrate -q big.ranks 2>err | head -1; cat err'
	same "$output" "$(tsv '# measure query value')"
	same "$stderr" ""
}

@test "a closed pipe ends quietly, also when SIGPIPE is ignored (EPIPE)" {
	big
	run --separate-stderr sh -c 'trap "" PIPE; rankof --query-labels big.ql --item-labels big.il big.scores 2>err | head -1; cat err'
	same "$output" "$(tsv '# query item grade rank ties n')"
	same "$stderr" ""
	run --separate-stderr sh -c 'trap "" PIPE; hitrate -q big.ranks 2>err | head -1; cat err'
	same "$output" "$(tsv '# measure query value')"
	same "$stderr" ""
}

@test "a full disk fails loudly" {
	[ -w /dev/full ] || skip "no /dev/full"
	printf 'q1 d1 1\nq1 d2 2\n' > s
	run --separate-stderr sh -c 'rankof -r q s > /dev/full'
	status_is 1
	[[ $stderr == rankof:\ ?* ]]
	same "$(printf '%s\n' "$stderr" | wc -l)" 1
	printf 'q1\td1\t1\t2\t0\t2\n' > r
	run --separate-stderr sh -c 'hitrate -q r > /dev/full'
	status_is 1
	[[ $stderr == hitrate:\ ?* ]]
	same "$(printf '%s\n' "$stderr" | wc -l)" 1
}
