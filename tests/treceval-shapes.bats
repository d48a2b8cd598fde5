#!/usr/bin/env bats
# treceval on every shape of its input (issue 45): the run and the qrels
# from a pipe, their lines shuffled (topics interleaved), the pipe without
# a TMPDIR to copy it to; each prints trec_eval's golden out.test.aq
# (tests/data/trec_eval, `trec_eval -q -m all_trec qrels.test
# results.test`) byte for byte: trec_eval orders a topic's lines by score
# and document id, whatever their order in the files, and results.test has
# one run tag. Judgments read in another order name the lines of a
# document judged twice as they are in the file (counted by hand).
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

setup() {
	T="$TREC_DATA"
	cd "$BATS_TEST_TMPDIR"
	# the lines shuffled by a fixed rule (awk, no random numbers): line
	# i goes to place (i * 7919) mod n, 7919 prime to 1500 and 3681
	shuffle() {
		awk '{ l[NR] = $0 } END { for (i = 0; i < NR; i++)
			print l[(i * 7919) % NR + 1] }' "$1"
	}
	shuffle "$T/results.test" >run.shuf
	shuffle "$T/qrels.test" >qrels.shuf
}

# treceval -q -m all_trec ARGS prints out.test.aq
aq() {
	run --separate-stderr treceval -q -m all_trec "$@"
	status_is 0
	printf '%s\n' "$output" | cmp - "$T/out.test.aq"
}

@test "treceval-shapes: the run from a pipe, in topic blocks and shuffled" {
	# the shuffle interleaves the topics: 50 topics, 1500 lines
	[ "$(awk '$1 != p { n++; p = $1 } END { print n }' run.shuf)" -gt 1000 ]
	aq "$T/qrels.test" run.shuf
	aq "$T/qrels.test" - < <(cat "$T/results.test")
	aq "$T/qrels.test" - < <(cat run.shuf)
}

@test "treceval-shapes: the qrels shuffled, from a file and from a pipe" {
	aq qrels.shuf "$T/results.test"
	aq - "$T/results.test" < <(cat qrels.shuf)
	aq qrels.shuf run.shuf
}

@test "treceval-shapes: a pipe where TMPDIR cannot take a copy is read into memory" {
	TMPDIR=/nonexistent/dir aq "$T/qrels.test" - < <(cat run.shuf)
	TMPDIR=/nonexistent/dir aq - run.shuf < <(cat qrels.shuf)
}

@test "treceval-shapes: a document judged twice, its lines named in an unsorted qrels" {
	# lines 1-5: z's topic 2 first, then topic 1's b, a, b: the second b
	# (line 5) is the one named, with the first (line 3)
	printf '2 0 z 1\n# a comment\n1 0 b 1\n1 0 a 0\n1 0 b 2\n' >q
	printf '1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n2 Q0 z 1 1 r\n' >r
	run --separate-stderr treceval q r
	status_is 4
	same "$stderr" "treceval: q:5: document 'b' of topic '1' judged twice (line 3 too)"
	run --separate-stderr treceval q - < <(cat r)
	status_is 4
}

@test "treceval-shapes: document ids of 2^24 bytes and more in the qrels, their length found again" {
	# the table keeps an id's length up to 2^24 - 2 bytes, and finds a
	# longer one's again: ids of 2^24 - 2, 2^24 - 1 and 2^24 + 5 bytes,
	# the last two differing in length only from ids in the run
	long() { head -c "$1" /dev/zero | tr '\0' x; }
	{ printf '1 0 '; long 16777214; printf ' 1\n1 0 '; long 16777215
	  printf 'y 1\n1 0 '; long 16777221; printf ' 1\n'; } >q
	# the run: the 2^24 - 2 id at 1, an id one byte shorter than the third
	# at 2, the 2^24 - 1 one (x..xy) at 3: relevant at 1 and 3 of 3
	{ printf '1 Q0 '; long 16777214; printf ' 1 0.9 r\n1 Q0 '; long 16777220
	  printf ' 2 0.8 r\n1 Q0 '; long 16777215; printf 'y 3 0.7 r\n'; } >r
	run --separate-stderr treceval -m num_rel -m num_rel_ret -m map q r
	status_is 0
	# map (1/1 + 2/3)/3 = 0.5556
	same "$output" "$(trec_rows 'num_rel all 3' 'num_rel_ret all 2' 'map all 0.5556')"
}

@test "treceval-shapes: a score that is NaN in an interleaved topic, its error in its turn" {
	# topics 1 and 2 alternate line by line; topic 1 comes first in
	# trec_eval's order, so its NaN is the error, in its first stretch
	# (line 2) or a later one (line 4), whichever holds it
	printf '1 0 a 1\n2 0 b 1\n' >q
	printf '2 Q0 b 1 nan r\n1 Q0 a 1 nan r\n2 Q0 c 2 0.5 r\n1 Q0 x 2 0.5 r\n' >r
	run --separate-stderr treceval q r
	status_is 2
	same "$stderr" "treceval: r:2: field 5: 'nan' is not a number (trec_eval's order of it is undefined)"
	printf '2 Q0 b 1 nan r\n1 Q0 a 1 1 r\n2 Q0 c 2 0.5 r\n1 Q0 x 2 NaN r\n' >r
	run --separate-stderr treceval q - < <(cat r)
	status_is 2
	same "$stderr" "treceval: -:4: field 5: 'NaN' is not a number (trec_eval's order of it is undefined)"
}

@test "treceval-shapes: a topic of many lines for its judgments, in one block and interleaved" {
	# 80 documents d01..d80 by score descending; d05 relevant (rank 5),
	# zz relevant and not retrieved, d02 judged 0: by hand, map =
	# (1/5) / 2 = 0.1000, P_5 = 1/5 = 0.2000, num_rel 2, num_rel_ret 1;
	# 80 lines for 3 judgments (more than 16 a judgment) take the ranks'
	# sort, not a bucket a rank
	printf '1 0 d05 1\n1 0 zz 1\n1 0 d02 0\n' >q
	awk 'BEGIN { for (i = 1; i <= 80; i++)
		printf "1 Q0 d%02d %d %d r\n", i, i, 100 - i }' >r
	run --separate-stderr treceval -m num_rel -m num_rel_ret -m map -m P.5 q r
	status_is 0
	same "$output" "$(printf '%-22s\tall\t%s\n' num_rel 2 num_rel_ret 1 map 0.1000 P_5 0.2000)"
	# the same lines with topic 2's between them (both grouped): x1..x80
	# all score 1, tied, so by id descending, x9 first: x9 relevant at
	# rank 1: map (0.1 + 1) / 2 = 0.5500, P_5 (0.2 + 0.2) / 2 = 0.2000
	awk '{ print; print "2 Q0 x" NR " 1 1 r" }' r >r2
	printf '2 0 x9 1\n' >>q
	run --separate-stderr treceval -m num_rel -m num_rel_ret -m map -m P.5 q r2
	status_is 0
	same "$output" "$(printf '%-22s\tall\t%s\n' num_rel 3 num_rel_ret 2 map 0.5500 P_5 0.2000)"
}

@test "treceval-shapes: grouped lines of 8 bytes and of 16: scores of every form, a topic changing form" {
	# 8 bytes: [-]digits.digits below 2^31 digits, the block's digits
	# after the point; the others 16. Topic 1 by score: a01 .95, a02 .9,
	# a03 8.5e-1, a04 .80000, a05 .75, a06 7e-1, a07 .65, a08 .6, a09 .55,
	# a10 .5, then a12 0.0 and a11 -0.0 tied (id descending): relevant a03
	# (3), a12 (11), a11 (12): AP (1/3 + 2/11 + 3/12) / 3 = 0.2551.
	# Topic 2: b01 1234567890.12 (digits past 2^31), b03 2147483.648
	# (2^31), b02 2147483.647 (2^31 - 1), b04 0.000000000001, b05 -0.5,
	# b06 -1.25: relevant b02 (3), b06 (6): AP (1/3 + 2/6) / 2 = 0.3333.
	# Topic 3: c01 .020 .. c20 .001, 20 lines in blocks of 8 and 16,
	# relevant c07: AP 1/7 = 0.1429. map (0.2551 + 0.3333 + 0.1429) / 3
	printf '%s\n' '1 0 a03 1' '1 0 a11 1' '1 0 a12 1' '2 0 b02 1' \
	    '2 0 b06 1' '3 0 c07 1' >q
	{ printf '1 Q0 %s 0 %s r\n' a05 0.75 a01 0.95 a02 0.9 a03 8.5e-1 \
	    a04 0.80000 a06 7e-1 a07 0.65 a08 0.6 a09 0.55 a10 0.5 a11 -0.0 \
	    a12 0.0
	  printf '2 Q0 %s 0 %s r\n' b02 2147483.647 b03 2147483.648 \
	    b01 1234567890.12 b04 0.000000000001 b05 -0.5 b06 -1.25
	  awk 'BEGIN { for (i = 1; i <= 20; i++)
		printf "3 Q0 c%02d 0 %.3f r\n", i, (21 - i) / 1000 }'; } >blocks
	# the topics' lines dealt in turn: every topic grouped
	awk '{ t = $1; l[t, ++n[t]] = $0; if (n[t] > m) m = n[t] }
	    END { for (i = 1; i <= m; i++) for (t = 1; t <= 3; t++)
		if ((t, i) in l) print l[t, i] }' blocks >dealt
	for r in dealt blocks; do
		run --separate-stderr treceval -q -m map q $r
		status_is 0
		same "$stderr" ""
		same "$output" "$(trec_rows 'map 1 0.2551' 'map 2 0.3333' \
		    'map 3 0.1429' 'map all 0.2437')"
	done
}

@test "treceval-shapes: two interleaved topics of 5,000 lines, grouped in chained blocks of up to 128" {
	# topic 1: d1..d5000 by score descending, d1, d2500 and d5000
	# relevant: AP = (1/1 + 2/2500 + 3/5000) / 3 = 1.0014 / 3 = 0.3338;
	# topic 2: y1..y5000 the same, y100 relevant: AP = 1/100; their
	# lines alternate (each topic in 5,000 stretches: grouped)
	printf '1 0 d1 1\n1 0 d2500 1\n1 0 d5000 1\n2 0 y100 1\n' >q
	awk 'BEGIN { for (i = 1; i <= 5000; i++) {
		printf "1 Q0 d%d %d %d r\n", i, i, 5000 - i
		printf "2 Q0 y%d %d %d r\n", i, i, 5000 - i } }' >r
	run --separate-stderr treceval -q -m map -m num_rel_ret q r
	status_is 0
	# (trec_eval's order of measures: num_rel_ret before map)
	same "$output" "$(printf '%-22s\t%s\t%s\n' num_rel_ret 1 3 map 1 0.3338 \
	    num_rel_ret 2 1 map 2 0.0100 num_rel_ret all 4 map all 0.1719)"
}

@test "treceval-shapes: values printed as printf's %.4f prints them, without it" {
	# tests/fixedcheck.c: fmt_printf_fixed against the C library's
	# snprintf on 600,000 seeded values, 18 edge cases and NaN, -NaN,
	# each to 0..4 decimals (600,000 + 90 + 10 = 600,100)
	run "${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}/fixedcheck"
	status_is 0
	same "$output" "fixedcheck: 600100 values the same as printf's"
}

@test "treceval-shapes: a score's place among the judged ones, branchless too, by brute force" {
	# a shuffled run's lines find their place among a topic's judged
	# scores by bisect_above_flat (lib/rank/rankcount.c); tests/bisectcheck.c
	# counts every decreasing array of up to 9 tied values one by one
	run "${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}/bisectcheck"
	status_is 0
	[ "$output" = "ok: 7150 searches" ]
}
