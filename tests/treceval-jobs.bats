#!/usr/bin/env bats
# treceval -j (lib/trec/trecscan.c): the qrels and the run split into
# fields a 64 KiB chunk at a time on worker threads, taken in the file's
# order. Each case prints trec_eval's golden out.test.aq (tests/data/
# trec_eval, `trec_eval -q -m all_trec qrels.test results.test`) byte for
# byte, with any number of threads: the files are padded past several
# chunks with lines trec_eval skips (comments; for the run, a seventh
# field it ignores). An error in a later chunk names its line as counted
# in the file (by awk here), the first one in the file when there are two,
# and the output's end (a closed pipe, a full disk) is that of one thread.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

setup() {
	T="$TREC_DATA"
	cd "$BATS_TEST_TMPDIR"
}

# the files padded past five chunks
padded() {
	pad=$(printf '%0100d' 0)
	# a comment line after each judgment: 3681 * 2 lines, 0.45 MB
	awk -v pad="$pad" '{ print; print "# " pad }' "$T/qrels.test" >qrels.pad
	# a seventh field on every line and a comment after it: 0.37 MB
	awk -v pad="$pad" '{ print $0 " " pad; print "#" pad }' \
	    "$T/results.test" >run.pad
	# the same lines shuffled (topics interleaved; awk, no random
	# numbers: line i to place (i * 7919) mod n)
	awk '{ l[NR] = $0 } END { for (i = 0; i < NR; i++)
		print l[(i * 7919) % NR + 1] }' run.pad >run.shuf
}

# treceval -q -m all_trec ARGS prints out.test.aq
aq() {
	run --separate-stderr treceval -q -m all_trec "$@"
	status_is 0
	printf '%s\n' "$output" | cmp - "$T/out.test.aq"
}

@test "treceval-jobs: 1 to 256 threads print trec_eval's bytes, file, pipe, shuffled; -j 0 is usage" {
	padded
	[ "$(wc -c < qrels.pad)" -gt $((5 * 65536)) ]
	[ "$(wc -c < run.pad)" -gt $((5 * 65536)) ]
	aq -j 1 qrels.pad run.pad
	aq -j 2 qrels.pad run.pad
	aq --jobs=2 qrels.pad run.shuf
	aq -j 2 qrels.pad - < <(cat run.pad)
	aq -j 3 - run.shuf < <(cat qrels.pad)
	# judgments of 128 bytes, line 513 ending the first chunk (line 514
	# starts at byte 65536): line 512's judgment again at line 514, each
	# chunk in order, the file not: found judged twice once sorted
	awk '{ printf "%-127s\n", $0 }' "$T/qrels.test" |
	    awk 'NR == 512 { d = $0 } NR == 514 { $0 = d } { print }' >qrels.seam
	run --separate-stderr treceval -j 2 -q -m all_trec qrels.seam "$T/results.test"
	status_is 4
	same "$stderr" "treceval: qrels.seam:514: document 'FBIS3-51824' of topic '301' judged twice (line 512 too)"
	# -j takes 1 to 256, trec_eval's usage status 1 otherwise
	while IFS='|' read -r arg msg; do
		run --separate-stderr treceval -j "$arg" "$T/qrels.test" "$T/results.test"
		status_is 1
		same "$output" ""
		same "$(sed -n 1p <<<"$stderr")" "treceval: -j: $msg"
		[[ $(sed -n 2p <<<"$stderr") == "usage: treceval "*"[-j N]"* ]]
	done <<-'T'
	0|'0' is below 1
	257|'257' is above 256
	two|'two' is not an integer
	T
	aq -j 256 "$T/qrels.test" "$T/results.test"
}

# BAD LINE FILE: FILE with LINE put in before its lines 2000 (the
# fifth chunk of the run, the second of the qrels) and 2900
bad() {
	awk -v bad="$1" 'NR == 2000 || NR == 2900 { print bad } { print }' "$2"
}

@test "treceval-jobs: an error in a later chunk names its line in the file, the first of two" {
	padded
	bad '1 Q0 short' run.pad >run.bad
	bad '1 0 x 1 extra' qrels.pad >qrels.bad
	[ "$(awk '$3 == "short" { print NR; exit }' run.bad)" = 2000 ]
	for j in 1 2; do
		run --separate-stderr treceval -j "$j" qrels.pad run.bad
		status_is 2
		same "$output" ""
		same "$stderr" "treceval: run.bad:2000: expected 6 fields or more (topic iteration document rank score run), found 3"
		run --separate-stderr treceval -j "$j" qrels.bad run.pad
		status_is 2
		same "$stderr" "treceval: qrels.bad:2000: expected 4 fields (topic iteration document grade), found 5"
	done
	# the run opened (a pipe copied) while the qrels load: the qrels'
	# error first, as on one thread
	run --separate-stderr treceval -j 2 qrels.bad nosuch
	status_is 2
	same "$stderr" "treceval: qrels.bad:2000: expected 4 fields (topic iteration document grade), found 5"
	run --separate-stderr treceval -j 2 qrels.bad - < <(cat run.pad)
	same "$stderr" "treceval: qrels.bad:2000: expected 4 fields (topic iteration document grade), found 5"
	run --separate-stderr treceval -j 2 qrels.pad nosuch
	same "$stderr" "treceval: nosuch: No such file or directory"
	# a NUL byte at line 2500, before a short line at 2901
	awk 'NR == 2500 { printf "1 Q0 a%c 1 1 x\n", 0 }
	     NR == 2900 { print "1 Q0 short" } { print }' run.pad >run.nul
	run --separate-stderr treceval -j 2 qrels.pad run.nul
	status_is 2
	same "$stderr" "treceval: run.nul:2500: a NUL byte in the line (binary data?)"
}

# trec_eval's run padded past 1 MiB (a 400-byte seventh field and a
# comment after each line): a file treceval -j 2 reads in two halves at
# once, the second from the first topic that starts after its middle
halves() {
	pad=$(printf '%0400d' 0)
	awk -v pad="$pad" '{ print $0 " " pad; print "#" pad }' \
	    "$T/results.test" >run.half
	[ "$(wc -c < run.half)" -gt $((1 << 20)) ]
	# its three topics of 500 lines in blocks; the middle in the second
	[ "$(awk '{ print $1 }' "$T/results.test" | uniq | wc -l)" = 3 ]
}

# treceval ARGS on one thread and on two: the same output, errors and
# status (one thread's are trec_eval's, tests/treceval.bats)
one_two() {
	run --separate-stderr treceval -j 1 "$@"
	local out1=$output err1=$stderr st1=$status
	run --separate-stderr treceval -j 2 "$@"
	same "$status" "$st1"
	same "$output" "$out1"
	same "$stderr" "$err1"
}

@test "treceval-jobs: a run of 1 MiB read in two halves at once: one thread's bytes, notes and errors" {
	halves
	# topics in blocks: the halves joined
	aq -j 2 "$T/qrels.test" run.half
	aq -j 2 "$T/qrels.test" - < <(cat run.half)
	# the second topic's second half after the third: the half that
	# starts at the third holds a topic of the first (read on one thread)
	awk '/^#/ { print; next } $1 != p { t++; n = 0; p = $1 } { n++ }
	     t == 2 && n > 250 { print > "tail.tmp"; next } { print }
	     END { close("tail.tmp"); while ((getline l < "tail.tmp") > 0) print l }' \
	    run.half >run.split
	[ "$(awk '!/^#/ { print $1 }' run.split | uniq | wc -l)" = 4 ]
	aq -j 2 "$T/qrels.test" run.split
	# interleaved: the half stops at a topic's second stretch
	awk '{ l[n++] = $0 } END { for (i = 0; i < n; i++)
		print l[(i * 7919) % n] }' run.half >run.shuf
	[ "$(wc -c < run.shuf)" -gt $((1 << 20)) ]
	aq -j 2 "$T/qrels.test" run.shuf
	# what -m asks of no rank (the pass only reads): runid, num_q
	one_two -q -m runid -m num_q "$T/qrels.test" run.half
	same "$output" "$(printf 'runid%17s\tall\tSTANDARD\nnum_q%17s\tall\t3' '' '')"
	# errors in the second half (line 2400 of 3000), and in both (line
	# 600 first): the first in the file, its line as counted by awk
	awk 'NR == 2400 { print "450 Q0 short" } { print }' run.half >run.bad2
	one_two "$T/qrels.test" run.bad2
	status_is 2
	same "$stderr" "treceval: run.bad2:2400: expected 6 fields or more (topic iteration document rank score run), found 3"
	awk 'NR == 600 || NR == 2400 { print "401 Q0 short" } { print }' run.half >run.bad12
	one_two "$T/qrels.test" run.bad12
	same "$stderr" "treceval: run.bad12:600: expected 6 fields or more (topic iteration document rank score run), found 3"
	# scores atof() reads otherwise than written: the note names the
	# first in the file, in the second half alone or in both
	awk 'NR == 2401 { $5 = "0,25" } NR == 2801 { $5 = "0,75" } { print }' run.half >run.lax2
	one_two -q -m all_trec "$T/qrels.test" run.lax2
	status_is 0
	same "$stderr" "treceval: run.lax2: scores that are not numbers as written ('0,25' the first) are read as trec_eval's atof reads them ('0,25' as 0): the output is trec_eval's"
	awk 'NR == 101 { $5 = "1,5" } NR == 2401 { $5 = "0,25" } { print }' run.half >run.lax12
	one_two -q -m all_trec "$T/qrels.test" run.lax12
	same "$stderr" "treceval: run.lax12: scores that are not numbers as written ('1,5' the first) are read as trec_eval's atof reads them ('1,5' as 1): the output is trec_eval's"
	# a NaN and a document twice in the second half: trecrank's errors
	# in their topics' turn
	awk 'NR == 2401 { $5 = "nan" } { print }' run.half >run.nan
	one_two "$T/qrels.test" run.nan
	status_is 2
	same "$stderr" "treceval: run.nan:2401: field 5: 'nan' is not a number (trec_eval's order of it is undefined)"
	awk '!/^#/ { n++ } n == 1201 && !/^#/ { d = $3 } n == 1300 && !/^#/ { $3 = d } { print }' run.half >run.twice
	one_two -q -m all_trec "$T/qrels.test" run.twice
	[ "$status" -ne 0 ] || [ "$output" != "$(cat "$T/out.test.aq")" ]
}

@test "treceval-jobs: an interleaved run of 1 MiB grouped in two halves at once: one thread's bytes, notes and errors" {
	halves
	# run.half's lines shuffled: a topic's second stretch within the
	# first MiB, so that each half groups every topic's lines
	awk '{ l[n++] = $0 } END { for (i = 0; i < n; i++)
		print l[(i * 7919) % n] }' run.half >run.shuf
	aq -j 1 "$T/qrels.test" run.shuf
	aq -j 2 "$T/qrels.test" run.shuf
	# topic 303's lines last (in the second half alone), then a topic
	# the qrels lack: the same rows, and the note of one thread
	awk '$1 == "303" { print > "t303.tmp"; next } { print }
	     END { close("t303.tmp"); while ((getline l < "t303.tmp") > 0) print l
	           print "999 Q0 a 1 1 STANDARD"; print "999 Q0 b 2 0 STANDARD" }' run.shuf >run.late
	aq -j 2 "$T/qrels.test" run.late
	one_two -q -m all_trec "$T/qrels.test" run.late
	same "$stderr" "treceval: 1 topic of the run not in the qrels left out, as trec_eval leaves it out"
	# errors in the second half (line 2400 of 3000), and in both (line
	# 600 first): the first in the file, its line as counted by awk
	awk 'NR == 2400 { print "302 Q0 short" } { print }' run.shuf >run.bad2
	one_two "$T/qrels.test" run.bad2
	status_is 2
	same "$stderr" "treceval: run.bad2:2400: expected 6 fields or more (topic iteration document rank score run), found 3"
	awk 'NR == 600 || NR == 2400 { print "301 Q0 short" } { print }' run.shuf >run.bad12
	one_two "$T/qrels.test" run.bad12
	same "$stderr" "treceval: run.bad12:600: expected 6 fields or more (topic iteration document rank score run), found 3"
	# a score atof() reads otherwise than written in the second half
	# alone, then in both: the note names the first in the file
	awk '!/^#/ { n++ } !/^#/ && n == 1300 { $5 = "0,25" } { print }' run.shuf >run.lax2
	one_two -q -m all_trec "$T/qrels.test" run.lax2
	status_is 0
	same "$stderr" "treceval: run.lax2: scores that are not numbers as written ('0,25' the first) are read as trec_eval's atof reads them ('0,25' as 0): the output is trec_eval's"
	awk '!/^#/ { n++ } !/^#/ && n == 100 { $5 = "1,5" } !/^#/ && n == 1300 { $5 = "0,25" } { print }' run.shuf >run.lax12
	one_two -q -m all_trec "$T/qrels.test" run.lax12
	same "$stderr" "treceval: run.lax12: scores that are not numbers as written ('1,5' the first) are read as trec_eval's atof reads them ('1,5' as 1): the output is trec_eval's"
	# a NaN in the second half: its error in its topic's turn
	awk 'NR == 2401 && !/^#/ { $5 = "nan" } NR == 2402 && !/^#/ { $5 = "nan" } { print }' run.shuf >run.nan
	one_two "$T/qrels.test" run.nan
	status_is 2
	case $stderr in
	"treceval: run.nan:240"[12]": field 5: 'nan' is not a number (trec_eval's order of it is undefined)") ;;
	*) false ;;
	esac
	# a document twice, once in each half
	awk '!/^#/ { n++ } !/^#/ && n == 100 { d = $3; t = $1 } !/^#/ && n > 1300 && $1 == t && !done { $3 = d; done = 1 } { print }' run.shuf >run.twice
	one_two -q -m all_trec "$T/qrels.test" run.twice
	[ "$status" -ne 0 ] || [ "$output" != "$(cat "$T/out.test.aq")" ]
}

@test "treceval-jobs: the run's chunks read by copies: a byte-order mark, lines longer than a chunk" {
	# the run's chunks are read into buffers (pread), not through its
	# mapping (lib/trec/trecscan.c, copy_cut): offsets past a byte-order
	# mark, lines of 128 KiB (the window read again, larger), a line
	# ending a chunk; trec_eval's bytes with 1 and 2 threads, file and pipe
	halves
	printf '\357\273\277' >run.bom
	cat run.half >>run.bom
	aq -j 1 "$T/qrels.test" run.bom
	aq -j 2 "$T/qrels.test" run.bom
	aq -j 2 "$T/qrels.test" - < <(cat run.bom)
	awk 'BEGIN { long = "0"; for (i = 0; i < 17; i++) long = long long }
	     NR == 10 || NR == 750 || NR == 1490 { print $0 " " long; next }
	     { print }' "$T/results.test" >run.long
	[ "$(wc -c < run.long)" -gt $((3 << 17)) ]
	aq -j 1 "$T/qrels.test" run.long
	aq -j 2 "$T/qrels.test" run.long
	aq -j 3 "$T/qrels.test" - < <(cat run.long)
}

# 40 topics t01..t40 in the qrels (three judgments each; t01..t30 in the
# run, t01..t10 interleaved, the others in blocks): with -j 2, measured
# 16 topics a task on two worker threads (t01..t16, t17..t32, t33..t40)
topics40() {
	awk 'BEGIN { for (t = 1; t <= 40; t++) {
		printf "t%02d 0 a 1\nt%02d 0 b 0\nt%02d 0 c 2\n", t, t, t } }' >q40
	awk 'BEGIN { for (d = 1; d <= 5; d++) for (t = 1; t <= 10; t++)
		printf "t%02d Q0 %s %d %d r\n", t, substr("xabcy", d, 1), d, 10 - d
		for (t = 11; t <= 30; t++) for (d = 1; d <= 5; d++)
		printf "t%02d Q0 %s %d %d r\n", t, substr("cxbya", d, 1), d, 10 - d }' >r40
}

@test "treceval-jobs: 40 topics measured on worker threads: one thread's rows, notes and errors" {
	topics40
	one_two -q -m all_trec q40 r40
	status_is 0
	[ "$(grep -c '^map ' <<<"$output")" = 31 ]
	same "$stderr" "treceval: 10 topics of the qrels not in the run left out (-c counts them as 0)"
	# t05 (first task): b at rank 3 of x a b c y, relevant a (1) and
	# c (2): AP = (1/2 + 2/4) / 2 = 0.5; t25 (second task): c a, AP =
	# (1/1 + 2/5) / 2 = 0.7
	same "$(awk '$1 == "map" && ($2 == "t05" || $2 == "t25") { print $2, $3 }' <<<"$output")" "$(printf 't05 0.5000\nt25 0.7000')"
	one_two -q -c -m all_trec q40 r40
	[ "$(grep -c '^map ' <<<"$output")" = 41 ]
	one_two -q -m relstring.10 -m ndcg_cut.3 -m bpref q40 r40
	# a document judged twice in t25 (second task) and in t12 (first):
	# the first topic's in trec_eval's order; t25's alone when t12 is not
	awk '{ print } NR == 34 || NR == 73 { print }' q40 >q40twice
	one_two q40twice r40
	status_is 4
	same "$stderr" "treceval: q40twice:35: document 'a' of topic 't12' judged twice (line 34 too)"
	awk '{ print } NR == 73 { print }' q40 >q40late
	one_two q40late r40
	status_is 4
	same "$stderr" "treceval: q40late:74: document 'a' of topic 't25' judged twice (line 73 too)"
	# a NaN in interleaved t07 (first task), ranked from its group, and
	# in t25 (second task), ranked from its stretch: awk's lines
	awk '$1 == "t07" && $3 == "b" { $5 = "nan"; print NR > "nan.line" } { print }' r40 >r40nan
	one_two q40 r40nan
	status_is 2
	same "$stderr" "treceval: r40nan:$(cat nan.line): field 5: 'nan' is not a number (trec_eval's order of it is undefined)"
	awk '$1 == "t25" && $3 == "b" { $5 = "nan"; print NR > "nan.line" } { print }' r40 >r40nan2
	one_two q40 r40nan2
	status_is 2
	same "$stderr" "treceval: r40nan2:$(cat nan.line): field 5: 'nan' is not a number (trec_eval's order of it is undefined)"
}

# 1,000 topics of two judgments and three lines each: 0.26 MB of output
big() {
	awk 'BEGIN { for (t = 0; t < 1000; t++) { print t, 0, "a", 1;
		print t, 0, "b", 0 } }' >qrels.big
	awk 'BEGIN { for (t = 0; t < 1000; t++) for (d = 0; d < 3; d++)
		print t, "Q0", substr("abc", d + 1, 1), d + 1, 3 - d, "r" }' >run.big
}

@test "treceval-jobs: a closed pipe ends it quietly, a full disk loudly, threads and all" {
	big
	[ "$(treceval -q -m all_trec qrels.big run.big | wc -c)" -gt 200000 ]
	# SIGPIPE as the shell leaves it, then ignored (EPIPE)
	run --separate-stderr bash -c "set -o pipefail; timeout 20 treceval -j 2 -q -m all_trec qrels.big run.big | head -c 10 >/dev/null"
	[ "$status" = 141 ] || [ "$status" = 1 ]
	same "$stderr" ""
	run --separate-stderr bash -c "trap '' PIPE; set -o pipefail; timeout 20 treceval -j 2 -q -m all_trec qrels.big run.big | head -c 10 >/dev/null"
	status_is 1
	same "$stderr" ""
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c "timeout 20 treceval -j 2 -q -m all_trec qrels.big run.big >/dev/full"
	status_is 1
	same "$stderr" "treceval: write error: No space left on device"
}
