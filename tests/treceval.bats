#!/usr/bin/env bats
# treceval: trec_eval 10.0's goldens (tests/data/trec_eval) byte for byte,
# its arithmetic at halfway points, its command line and exit statuses, its
# input rules and treceval's choices where trec_eval fails. Expected values
# come from trec_eval's goldens and outputs or are computed by hand (said
# at each test), never from treceval itself. The real trec_eval is compared
# in tests/trec-eval-diff.bats.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

setup() {
	T="$TREC_DATA"
	H="$BATS_TEST_DIRNAME/data/trec-halfway"
	cd "$BATS_TEST_TMPDIR"
}

# ms NAMES: -m NAME for each
ms() { printf -- '-m%s ' $1; }

# golden GOLDEN [all] -- ARGS: treceval ARGS prints the golden (with
# "all": its summary rows only), byte for byte
golden() {
	local g=$1 summary=
	shift
	[ "$1" = all ] && { summary=1; shift; }
	shift	# --
	{ [ -n "$summary" ] && grep '	all	' "$g" || cat "$g"; } >want
	[ "$(wc -l <want)" -ge 30 ]
	run --separate-stderr treceval "$@"
	status_is 0
	printf '%s\n' "$output" >got
	diff -u want got
}

@test "treceval: out.test.meas_params, the whole golden, byte for byte" {
	# trec_eval -q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 ...:
	# every measure of it is computed here
	run --separate-stderr treceval -q -miprec_at_recall..10,.20,.25,.75,.50 \
	    -m P.5,7,3 -m recall.20,2000 -m Rprec_mult.5.0,0.2,0.35 \
	    -mutility.2,-1,0,0 -m 11pt_avg..25,.5,.75 -mndcg.1=3,2=9,4=4.5 \
	    -mndcg_cut.10,20,23.4 -msuccess.2,5,20 "$T/qrels.test" "$T/results.test"
	status_is 0
	same "$stderr" ""
	printf '%s\n' "$output" | cmp - "$T/out.test.meas_params"
}

@test "treceval: out.test.aq (-q -m all_trec), every row, per topic and summary" {
	golden "$T/out.test.aq" -- -q -m all_trec "$T/qrels.test" "$T/results.test"
	golden "$T/out.test.aq" all -- -m all_trec "$T/qrels.test" "$T/results.test"
	# named measures print in trec_eval's order, cut-offs ascending,
	# whatever the order of -m
	run --separate-stderr treceval -q -m success.1 -m P.30,5 -m ndcg_cut.10 \
	    -m map -m num_rel -m bpref "$T/qrels.test" "$T/results.test"
	same "$output" "$(grep -E '^(success_1|P_(5|30)|map|ndcg_cut_10|num_rel|bpref) ' "$T/out.test.aq")"
	# -M 500 keeps every document of results.test (500 a topic)
	golden "$T/out.test.aq" -- -q -M 500 -m all_trec "$T/qrels.test" "$T/results.test"
}

@test "treceval: out.test (no -m: official) and out.test.a (-m all_trec), whole" {
	golden "$T/out.test" all -- "$T/qrels.test" "$T/results.test"
	golden "$T/out.test.a" all -- -m all_trec "$T/qrels.test" "$T/results.test"
	# official is the default set
	golden "$T/out.test" all -- -m official "$T/qrels.test" "$T/results.test"
}

@test "treceval: out.test.aqc (-c on results.trunc, topics mixed, 302 missing) and out.test.aqcM (-M100)" {
	golden "$T/out.test.aqc" -- -q -c -m all_trec "$T/qrels.test" "$T/results.trunc"
	same "$stderr" ""
	golden "$T/out.test.aqc" all -- -c -m all_trec "$T/qrels.test" "$T/results.trunc"
	# the run sorted by topic: the same bytes
	sort -s -k1,1 "$T/results.trunc" >sorted
	golden "$T/out.test.aqc" -- -q -c -m all_trec "$T/qrels.test" sorted
	golden "$T/out.test.aqcM" -- -m all_trec -q -c -M100 "$T/qrels.test" "$T/results.trunc"
}

@test "treceval: out.test.aql (-l2 on qrels.rel_level, relstring.20), whole" {
	golden "$T/out.test.aql" -- -m all_trec -mrelstring.20 -q -l2 \
	    "$T/qrels.rel_level" "$T/results.test"
	golden "$T/out.test.aql" all -- --level_for_rel=2 -m all_trec \
	    -m relstring.20 "$T/qrels.rel_level" "$T/results.test"
}

@test "treceval: bpref, infAP, unj, relstring, rbp_resid, num_nonrel_judged_ret and -J by hand" {
	# topic 1, ranked (scores 9..1): a(rel) b(0) c(not judged) d(-2)
	# e(rel) f(0) g(rel); qrels also judge h 1 and i 0, not retrieved.
	# R = 4 (a e g h), N = 3 (b f i), min(N, R) = 3.
	# bpref: a 1; e: 1 above (b) 1 - 1/3; g: 2 above (b f) 1 - 2/3;
	#   (1 + 2/3 + 1/3) / 4 = 0.5
	# infAP: a at j=0: 1; e at j=4: r=1, nr=1, pu=1 (d):
	#   1/5 + (4/5)(3/4)((1 + e)/(2 + 2e)) = 0.2 + 0.6 * 0.5 = 0.5;
	#   g at j=6: r=2, nr=2, pu=1: 1/7 + (6/7)(5/6)((2 + e)/(4 + 2e))
	#   = 1/7 + (5/7)(0.5) = 0.5; (1 + .5 + .5) / 4 = 0.5 (e = 1e-5
	#   moves the 5th decimal)
	# unj_2: 0/2; unj_4: c d = 2/4; unj_10: 2/10
	# relstring.8: '10-.201' (7 documents; e's grade 2)
	# rbp_resid.p=0.5: unjudged at positions 2, 3: .5^7 + .5(.25 + .125)
	#   = 0.0078125 + 0.1875 = 0.1953
	# num_nonrel_judged_ret: b f = 2
	printf '%s\n' '1 0 a 1' '1 0 b 0' '1 0 d -2' '1 0 e 2' '1 0 f 0' \
	    '1 0 g 1' '1 0 h 1' '1 0 i 0' >q
	i=9
	for d in a b c d e f g; do
		echo "1 Q0 $d 0 $i x"
		i=$((i - 1))
	done >r
	run --separate-stderr treceval -q -n -m bpref -m infAP -m unj.2,4,10 \
	    -m relstring.8 -m rbp_resid.p=0.5 -m num_nonrel_judged_ret q r
	status_is 0
	same "$output" "$(printf '%-22s\t1\t%s\n' bpref 0.5000 relstring_8 "'10-.201'" \
	    infAP 0.5000 num_nonrel_judged_ret 2 rbp_resid_p=0.5 0.1953 \
	    unj_2 0.0000 unj_4 0.5000 unj_10 0.2000)"
	# -J: c and d leave: a b e f g at 1..5. num_ret 5, P_5 3/5,
	# relstring '10201', unj_4 0, rbp_resid none unjudged: 0; infAP:
	# e at j=2: r=1 nr=1 pu=0: 1/3 + (2/3)(2/2)(1/2) = 2/3; g at j=4:
	# r=2 nr=2: 1/5 + (4/5)(4/4)(1/2) = 0.6; (1 + 2/3 + .6) / 4 = 0.5667
	run --separate-stderr treceval -q -n -J -m num_ret -m P.5 -m relstring \
	    -m infAP -m unj.4 -m rbp_resid q r
	status_is 0
	same "$output" "$(printf '%-22s\t1\t%s\n' num_ret 5 P_5 0.6000 \
	    relstring "'10201'" infAP 0.5667 rbp_resid 0.0000 unj_4 0.0000)"
}

@test "treceval: a mean at a halfway point prints trec_eval's digit (recip_rank 21/96 = 0.21875: 0.2187)" {
	# the relevant document at ranks 3, 4, 6, 8 of topics t3, t4, t6, t8:
	# trec_eval adds 1/3, 1/4, 1/6, 1/8 as doubles in topic order, a hair
	# under 0.875, over 4: awk's doubles in the same order say the digit
	: >qrels; : >run
	for r in 3 4 6 8; do
		echo "t$r 0 rel 1" >>qrels
		for i in $(seq 1 8); do
			d=d$i; [ "$i" -eq "$r" ] && d=rel
			echo "t$r Q0 $d $i $((10 - i)) x" >>run
		done
	done
	want=$(awk 'BEGIN { s = 1/3; s += 1/4; s += 1/6; s += 1/8; printf "%6.4f", s / 4 }')
	same "$want" "0.2187"
	run --separate-stderr treceval -q -m recip_rank qrels run
	status_is 0
	same "$output" "$(tsv 'recip_rank t3 0.3333' 'recip_rank t4 0.2500' \
	    'recip_rank t6 0.1667' 'recip_rank t8 0.1250' 'recip_rank all 0.2187' |
	    sed 's/^recip_rank/recip_rank            /')"
	# whatever the order of the run's lines
	tac run >backwards
	run --separate-stderr treceval -m recip_rank qrels backwards
	same "$output" "recip_rank            	all	0.2187"
}

@test "treceval: the five halfway means of tests/data/trec-halfway print trec_eval's digits" {
	# trec_eval's summary rows there (tests/data/trec-halfway/README),
	# where rankkit's exact means rounded the other way
	for c in 8:P_1000:0.0093 69:P_200:0.0062 92:P_200:0.0113 199:P_200:0.0388 233:P_200:0.0088; do
		n=${c%%:*} row=${c#*:}
		# all_trec is refused: the case's flags but its -m, and -m P
		args=$(sed 's/ -m all_trec//' "$H/$n.args")
		# shellcheck disable=SC2086
		run --separate-stderr treceval $args -m P "$H/$n.qrels" "$H/$n.run"
		status_is 0
		same "$n $(printf '%s\n' "$output" | awk -F'\t' -v m="${row%:*}" '$2 == "all" { sub(/ +$/, "", $1) } $1 == m && $2 == "all" { print $3 }')" \
		    "$n ${row#*:}"
	done
}

@test "treceval: usage errors exit 1 with the message and the usage line" {
	printf '1 0 a 1\n' >q
	printf '1 Q0 a 1 1 x\n' >r
	while IFS='|' read -r args msg; do
		# shellcheck disable=SC2086
		run --separate-stderr treceval $args
		status_is 1
		same "$output" ""
		same "$stderr" "treceval: $msg
usage: treceval [-cJnq] [-j N] [-l N] [-M N] [-N N] [-m MEASURE[.PARAMS]]... [--format FORMAT] QRELS RUN"
	done <<-'T'
	|expected two files, QRELS and RUN, found 0
	q r r|expected two files, QRELS and RUN, found 3
	-x q r|unknown option '-x'
	--bogus q r|unknown option '--bogus'
	q r -m|option '-m' needs an argument
	-m nosuch q r|-m nosuch: no measure of trec_eval is called 'nosuch'
	-m P. q r|-m P.: no parameters after the dot
	-l x q r|-l: 'x' is not an integer
	-l -1 q r|-l -1: below 0 trec_eval counts the documents outside the qrels as relevant; treceval takes levels from 0
	-M -1 q r|-M: '-1' is below 0
	-N 1e3 q r|-N: '1e3' is not an integer
	-M 99999999999999999999 q r|-M: '99999999999999999999' is too large (at most 9223372036854775807)
	-M -99999999999999999999 q r|-M: '-99999999999999999999' is below 0
	- -|standard input ('-') can be read once
	T
}

@test "treceval: what treceval does not compute exits 2 naming it" {
	printf '1 0 a 1\n' >q
	printf '1 Q0 a 1 1 x\n' >r
	while IFS='|' read -r args msg; do
		# shellcheck disable=SC2086
		run --separate-stderr treceval $args q r
		status_is 2
		same "$output" ""
		same "$stderr" "treceval: $msg"
	done <<-'T'
	-m prefs_simp|prefs_simp needs trec_eval's preference formats (-R prefs, qrels_prefs), which treceval does not read
	-m qrels_jg|map_avgjg, P_avgjg and Rprec_mult_avgjg need trec_eval's qrels_jg format, which treceval does not read
	-R prefs|-R prefs: treceval reads trec_eval's qrels format only
	-R bogus|-R: no format of trec_eval is called 'bogus'
	-T trec|-T: no format of trec_eval is called 'trec'
	-Z zfile|-Z: trec_eval's z-scores are not part of treceval
	-D 1|-D 1: trec_eval's debugging output is not part of treceval
	-m P.5,0|-m P.5,0: a cut-off below 1
	-m P.5,x|-m P.5,x: a cut-off below 1
	-m success.5,05|-m success.5,05: cut-off 5 twice
	-m iprec_at_recall..5,.50|-m iprec_at_recall..5,.50: cut-off 0.5 twice
	-m ndcg.1=2=3|-m ndcg.1=2=3: expected NAME=VALUE items, comma-separated
	-m G.1=2,3|-m G.1=2,3: expected NAME=VALUE items, comma-separated
	-m ndcg.-1=2|-m ndcg.-1=2: a gain for grade -1: treceval's gains are for the grades from 0 (the documents the qrels do not judge, or judge below 0, have none)
	T
	# utility's coefficients are trec_eval's "can't calculate" (4)
	run --separate-stderr treceval -m utility.1,2,3 q r
	status_is 4
	same "$stderr" "treceval: -m utility.1,2,3: utility takes 4 coefficients, found 3"
}

@test "treceval: bad input exits 2 naming the user's file and line" {
	printf '1 0 a 1\n' >q
	printf '1 Q0 a 1 1 x\n' >r
	while IFS='|' read -r qrels run msg; do
		printf "$qrels" >q2
		printf "$run" >r2
		run --separate-stderr treceval -m map q2 r2
		status_is 2
		same "$output" ""
		same "$stderr" "treceval: $msg"
	done <<-'T'
	1 0 a 1\n|1 Q0 a 1 1 x\n1 Q0 b 2\n|r2:2: expected 6 fields or more (topic iteration document rank score run), found 4
	1 0 a 1\n|\n# only a comment\n|r2: no result lines
	1 0 a 1\n||r2: no result lines
	1 0 a 1\n|1 Q0 a 1 nan x\n|r2:1: field 5: 'nan' is not a number (trec_eval's order of it is undefined)
	1 0 a 1\n|1 Q0 a 1 -NaN(1) x\n|r2:1: field 5: '-NaN(1)' is not a number (trec_eval's order of it is undefined)
	1 0 a 1\n|1 Q0 a\0 1 1 x\n|r2:1: a NUL byte in the line (binary data?)
	1 0 a\n|1 Q0 a 1 1 x\n|q2:1: expected 4 fields (topic iteration document grade), found 3
	# c\n1 0 a 1 x\n|1 Q0 a 1 1 x\n|q2:2: expected 4 fields (topic iteration document grade), found 5
	1 0 a 1 x y z\n# a comment long enough that the line before is split from masks, 64 bytes at once\n|1 Q0 a 1 1 x\n|q2:1: expected 4 fields (topic iteration document grade), found 7
	# only comments\n|1 Q0 a 1 1 x\n|q2: no judgment lines
	T
	run --separate-stderr treceval -m map nosuch r
	status_is 2
	same "$stderr" "treceval: nosuch: No such file or directory"
	run --separate-stderr treceval -m map q .
	status_is 2
	same "$stderr" "treceval: .: Is a directory"
}

@test "treceval: a document twice: status 4 among the documents kept, ignored below -M's cut" {
	printf '1 0 a 1\n2 0 c 1\n' >q
	# a at 0.9 and again at 0.4; b between them, d below
	printf '1 Q0 a 1 0.9 x\n1 Q0 b 2 0.5 x\n1 Q0 a 3 0.4 x\n1 Q0 d 4 0.1 x\n2 Q0 c 1 1 x\n' >r
	run --separate-stderr treceval -m map q r
	status_is 4
	same "$output" ""
	same "$stderr" "treceval: r:3: document 'a' twice in topic '1' (line 1 too)"
	# the first 2 are a (0.9), b (0.5): the copy at 0.4 is cut, as
	# trec_eval cuts it; topic 1: a at 1, map 1; topic 2: c at 1
	run --separate-stderr treceval -q -M 2 -m num_ret -m map q r
	status_is 0
	same "$output" "$(tsv 'num_ret 1 2' 'map 1 1.0000' 'num_ret 2 1' \
	    'map 2 1.0000' 'num_ret all 3' 'map all 1.0000' |
	    awk -F'\t' '{ printf "%-22s\t%s\t%s\n", $1, $2, $3 }')"
	# the first 3 hold both copies
	run --separate-stderr treceval -M 3 -m map q r
	status_is 4
	same "$stderr" "treceval: r:3: document 'a' twice among the first 3 of topic '1' (line 1 too)"
	# runid and num_q read no ranking: trec_eval checks nothing then
	run --separate-stderr treceval -m runid -m num_q q r
	status_is 0
	same "$output" "$(printf 'runid                 \tall\tx\nnum_q                 \tall\t2')"
	# judged twice
	printf '1 0 a 1\n1 0 b 0\n1 0 a 0\n' >q2
	run --separate-stderr treceval -m map q2 r
	status_is 4
	same "$stderr" "treceval: q2:3: document 'a' of topic '1' judged twice (line 1 too)"
}

@test "treceval: no topic in both files exits 7; -h, --help, -v, --version exit 0" {
	printf '1 0 a 1\n' >q
	printf '2 Q0 a 1 1 x\n' >r
	run --separate-stderr treceval -m map q r
	status_is 7
	same "$output" ""
	same "$stderr" "treceval: 1 topic of the qrels not in the run left out (-c counts it as 0)
treceval: 1 topic of the run not in the qrels left out, as trec_eval leaves it out
treceval: no topic is in both the qrels and the run"
	for h in -h --help --he; do
		run --separate-stderr treceval $h
		status_is 0
		same "${output%%$'\n'*}" "usage: treceval [-cJnq] [-j N] [-l N] [-M N] [-N N] [-m MEASURE[.PARAMS]]... [--format FORMAT] QRELS RUN"
		[[ $output == *"--query_eval_wanted"* ]]
	done
	for v in -v --version; do
		run --separate-stderr treceval $v -m nosuch
		status_is 0
		[[ $output =~ ^treceval\ \(rankkit\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
	done
}

@test "treceval: --help and --version to a full disk fail loudly, exit 1" {
	[ -w /dev/full ] || skip "no /dev/full"
	for h in -h --help -v --version; do
		run --separate-stderr sh -c "treceval $h > /dev/full"
		status_is 1
		same "$output" ""
		[[ $stderr == treceval:\ ?* ]]
		same "$(printf '%s\n' "$stderr" | wc -l)" 1
	done
}

# rows "NAME TOPIC VALUE"...: trec_eval's layout of each
@test "treceval: trec_eval's input rules: blanks, comments, extra fields, CR, form feeds, a last line without newline, runid" {
	printf '# judged by hand\n1 0 a 1\r\n1\t0\t b \t 0\r\n1 Q0 c 2\n2 0 e 1  \n' >q
	printf '# a comment\n\t1 Q0 x 1 0.7 first extra fields\r\n   \n  # indented\n1\fQ0\va 1 0.9 second\r\n\n1 Q0 c 3 0.5 third\n2  Q0   e   1  1   last' >r
	# topic 1: a 0.9 (grade 1), x 0.7, c 0.5 (grade 2): ranks 1 and 3 of
	# 2 relevant, map (1/1 + 2/3)/2; nDCG (1/log2 2 + 2/log2 4) over
	# (2/log2 2 + 1/log2 3) = 2/2.6309; topic 2: e at 1. runid: the last
	# line's, whatever the order of topics
	run --separate-stderr treceval -q -m runid -m num_ret -m num_rel -m map -m ndcg q r
	status_is 0
	same "$stderr" ""
	same "$output" "$(trec_rows 'num_ret 1 3' 'num_rel 1 2' 'map 1 0.8333' 'ndcg 1 0.7602' \
	    'num_ret 2 1' 'num_rel 2 1' 'map 2 1.0000' 'ndcg 2 1.0000' \
	    'runid all last' 'num_ret all 4' 'num_rel all 3' 'map all 0.9167' 'ndcg all 0.8801')"
}

@test "treceval: the run read once: topics in pieces, copies, errors in the order of topics" {
	printf '1 0 a 1\n2 0 b 1\n3 0 c 1\n' >q
	# topic 1 in two pieces: its relevant a comes in the second, at 0.8,
	# below x (0.9): rank 2, map 1/2; topic 2 in one piece: b at rank 1
	printf '1 Q0 x 1 0.9 r\n2 Q0 b 1 0.5 r\n1 Q0 a 2 0.8 r\n' >r
	run --separate-stderr treceval -q -m num_ret -m map q r
	status_is 0
	same "$output" "$(trec_rows 'num_ret 1 2' 'map 1 0.5000' 'num_ret 2 1' 'map 2 1.0000' \
	    'num_ret all 3' 'map all 0.7500')"
	# topic 3 first in the file with a score that is no number, topic 2
	# with a document twice, topic 9 (not judged) with a NaN too: topic
	# 2's copy stops it (status 4), in the order of topics, before topic
	# 3's NaN; topic 9 is left out unread (rows are printed at the end:
	# none)
	printf '9 Q0 z 1 nan r\n3 Q0 c 1 nan r\n1 Q0 a 1 0.5 r\n2 Q0 b 1 0.5 r\n2 Q0 b 2 0.4 r\n' >r
	run --separate-stderr treceval -q -m map q r
	status_is 4
	same "$output" ""
	same "$stderr" "treceval: r:5: document 'b' twice in topic '2' (line 4 too)"
	# without topic 2's copy, topic 3's NaN (line 2) stops it
	printf '9 Q0 z 1 nan r\n3 Q0 c 1 nan r\n1 Q0 a 1 0.5 r\n2 Q0 b 1 0.5 r\n' >r
	run --separate-stderr treceval -q -m map q r
	status_is 2
	same "$output" ""
	same "$stderr" "treceval: r:2: field 5: 'nan' is not a number (trec_eval's order of it is undefined)"
	# 100 judged documents looked for (tables grown): d1 .. d100 at
	# scores 100 .. 1, every third relevant, the others judged 0: ranks
	# 3, 6, .. 99, precision 1/3 at each, map 1/3; then d7 again at the
	# end: status 4 (the topic read again for the copy's rules)
	awk 'BEGIN { for (i = 1; i <= 100; i++) {
		print "t Q0 d" i, i, 101 - i, "r" > "r"
		print "t 0 d" i, (i % 3 == 0) > "q" } }'
	run --separate-stderr treceval -m num_rel_ret -m map q r
	status_is 0
	same "$output" "$(trec_rows 'num_rel_ret all 33' 'map all 0.3333')"
	echo 't Q0 d7 101 0.5 r' >>r
	run --separate-stderr treceval -m map q r
	status_is 4
	same "$stderr" "treceval: r:101: document 'd7' twice in topic 't' (line 7 too)"
}

@test "treceval: ranks counted on from the line before: scores out of order, up and down, tied" {
	printf '1 Q0 %s 0 %s r\n' a 0.5 b 0.9 c 0.5 d 0.1 e 0.7 f 0.5 g 0.95 h 0.3 >r
	printf '1 0 %s 1\n' a e h d >q
	printf '1 0 b 0\n' >>q
	# g .95, b .9, e .7, then f c a (.5, id descending), h .3, d .1: e at
	# 3, a at 6, h at 7, d at 8; map (1/3 + 2/6 + 3/7 + 4/8)/4
	run --separate-stderr treceval -m map -m recip_rank -m P.5 q r
	status_is 0
	same "$output" "$(trec_rows 'map all 0.3988' 'recip_rank all 0.3333' 'P_5 all 0.2000')"
}

@test "treceval: a run by score, not rising: ranks from the lines, ties by id descending" {
	# a .9, then b c d tied at .5 (in the order of ids descending: d c
	# b), e .1: c at 3, e at 5; map (1/3 + 2/5)/2
	printf '1 Q0 %s 0 %s r\n' a .9 b .5 c .5 d .5 e .1 >r
	printf '1 0 %s 1\n' c e >q
	run --separate-stderr treceval -m map q r
	status_is 0
	same "$output" "$(trec_rows 'map all 0.3667')"
	# 70 tied (longer than the runs of ties counted from the lines):
	# t05 after t69 .. t06, at 66; z at 72; map (1/66 + 2/72)/2
	awk 'BEGIN { print "1 Q0 a 0 0.9 r"
		for (i = 0; i < 70; i++) printf "1 Q0 t%02d 0 0.5 r\n", i
		print "1 Q0 z 0 0.1 r" }' >r
	printf '1 0 %s 1\n' t05 z >q
	run --separate-stderr treceval -m map q r
	same "$output" "$(trec_rows 'map all 0.0215')"
	# not rising as integers of two scales (45, 5), rising as numbers
	# (0.45, 0.5): b first
	printf '1 Q0 %s 0 %s r\n' a 0.45 b 0.5 >r
	printf '1 0 b 1\n' >q
	run --separate-stderr treceval -m recip_rank q r
	same "$output" "$(trec_rows 'recip_rank all 1.0000')"
}

@test "treceval: fields split eight bytes at a time: control bytes inside ids, long fields, NUL anywhere" {
	# every line but the last has 7 bytes after its newline: the word-wise
	# splitter reads it. \001 is no separator for C's isspace(): the id
	# is 'd\001long-id-of-twenty' (judged); \v \f \r are separators
	printf '1 0 d\001long-id-of-twenty 1\n1 0 b 1\n' >q
	printf '1 Q0 d\001long-id-of-twenty 2 0.5 x\n1 Q0 a 1 0.9 x\n1\vQ0\fb\r3 0.1 x\n# a comment line that ends the file\n' >r
	# a 0.9, the long id 0.5 (relevant, rank 2), b 0.1 (relevant, rank 3):
	# map (1/2 + 2/3)/2
	run --separate-stderr treceval -q -m num_ret -m num_rel_ret -m map q r
	status_is 0
	same "$stderr" ""
	same "$output" "$(trec_rows 'num_ret 1 3' 'num_rel_ret 1 2' 'map 1 0.5833' \
	    'num_ret all 3' 'num_rel_ret all 2' 'map all 0.5833')"
	# a NUL in a field, in the 6th field, in an extra field after it
	for l in '1 Q0 b\0c 2 0.4 x' '1 Q0 b 2 0.4 x\0' '1 Q0 b 2 0.4 x y\0z'; do
		printf "1 Q0 a 1 0.5 x\n$l\n1 Q0 d 3 0.3 x\n" >r
		run --separate-stderr treceval -m map q r
		status_is 2
		same "$stderr" "treceval: r:2: a NUL byte in the line (binary data?)"
	done
}

@test "treceval: rows of a topic id of 300 bytes and a relstring of 40 judged documents, whole" {
	# a row is put together in a buffer of 256 bytes: longer ones are
	# written piece by piece, the same bytes
	id=$(printf 't%.0s' $(seq 300))
	printf '%s 0 a 1\n' "$id" >q
	for i in $(seq 40); do printf '%s Q0 d%02d %d 0.%02d x\n' "$id" $i $i $((99 - i)); done >r
	printf '%s Q0 a 41 0.01 x\n' "$id" >>r
	# a at rank 41 of 41, the only relevant one: map 1/41 = 0.0244
	run --separate-stderr treceval -q -m num_ret -m map -m relstring.40 q r
	status_is 0
	same "$stderr" ""
	rel=$(printf -- '-%.0s' $(seq 40))
	same "$output" "$(trec_rows "num_ret $id 41" "map $id 0.0244" "relstring_40 $id '$rel'" \
	    'num_ret all 41' 'map all 0.0244')"
}

@test "treceval: numbers as atof and atol read them; grades above 127; ties by document id descending" {
	# scores: abc 0, 0x10 16, 0.5abc 0.5, 1.8e308 inf, 1e-400 0, -1e999
	# -inf: order d4 d2 d3 d5 d1 d6 (d5 before d1: tied, id descending)
	printf 't Q0 d%s 0 %s r\n' 1 abc 2 0x10 3 0.5abc 4 1.8e308 5 1e-400 6 -1e999 >r
	# grades: 1.5 is 1, x 0, 2x 2, +3 3, 300 a grade like any other
	printf 't 0 d%s %s\n' 1 1.5 3 x 5 2x 2 +3 6 300 >q
	# level 1: d2 at 2, d5 at 4, d1 at 5, d6 at 6: (1/2 + 2/4 + 3/5 + 4/6)/4
	run --separate-stderr treceval -m num_rel -m map q r
	status_is 0
	same "$output" "$(trec_rows 'num_rel all 4' 'map all 0.5667')"
	# level 2: d2, d5, d6: (1/2 + 2/4 + 3/6)/3
	run --separate-stderr treceval -l 2 -m num_rel -m map q r
	same "$output" "$(trec_rows 'num_rel all 3' 'map all 0.5000')"
	# grades beyond 32 bits (the table keeps 32, reads the others again
	# from the line): 2147483648 and 99999999999999999999 (atol: LONG_MAX)
	# relevant at level 2, 2147483647 too; -2147483648, -2147483649 and
	# -99999999999999999999 not. Order d4 d2 d3 d5 d1 d6: relevant d2 (2),
	# d4 (1), d6 (6): map (1/1 + 2/2 + 3/6)/3 = 0.8333
	printf 't 0 d%s %s\n' 1 -2147483648 2 2147483648 3 -2147483649 \
	    4 99999999999999999999 5 -99999999999999999999 6 2147483647 >q
	run --separate-stderr treceval -l 2 -m num_rel -m map -m num_rel_ret q r
	same "$output" "$(trec_rows 'num_rel all 3' 'num_rel_ret all 3' 'map all 0.8333')"
	# scores all equal: c, b, a in that order
	printf '1 Q0 %s 1 1 x\n' a b c >r
	printf '1 0 a 1\n' >q
	run --separate-stderr treceval -m recip_rank q r
	same "$output" "$(trec_rows 'recip_rank all 0.3333')"
}

@test "treceval: plain decimal scores read in line, the others as before: the same order" {
	# 15 digits (read in line) among 16 (read by the general path), signs,
	# "5." and ".5", -0 tied with 0: f 5, g .5, c, a, b, then i and h
	# (0 and -0 tie: id descending), d -0.5, e -1.25
	printf 't Q0 %s 0 %s r\n' a 0.100000000000001 b 0.1000000000000009 \
	    c 0.1000000000000011 d -0.5 e -1.25 f 5. g .5 h -0.000 i 0 >r
	# a at 4, h at 7, e at 9: map (1/4 + 2/7 + 3/9)/3
	printf 't 0 %s 1\n' a h e >q
	run --separate-stderr treceval -m recip_rank -m map q r
	status_is 0
	same "$output" "$(trec_rows 'map all 0.2897' 'recip_rank all 0.2500')"
	# a topic's scores compare as integers only at one scale: 0.5 0.25
	# 0.125 (1, 2, 3 digits after the point; as integers 5 < 25 < 125),
	# 0.7 written 7e-1; topic 2 all at 2 digits, -0.10 below 0.05
	printf '1 Q0 %s 0 %s r\n' a 0.5 b 0.25 c 0.125 d 7e-1 >r
	printf '2 Q0 %s 0 %s r\n' e 0.05 f -0.10 g 0.30 >>r
	printf '1 0 a 1\n2 0 e 1\n' >q
	# a at 2 (d 0.7 first), e at 2 (g first)
	run --separate-stderr treceval -q -m recip_rank q r
	same "$output" "$(trec_rows 'recip_rank 1 0.5000' 'recip_rank 2 0.5000' 'recip_rank all 0.5000')"
}

@test "treceval: topics on one side only, with and without -c, counted on the standard error" {
	printf '%s 0 d%s 1\n' 1 1 2 2 3 3 >q
	printf '%s Q0 d%s 1 1 x\n' 1 1 3 3 4 4 >r
	run --separate-stderr treceval -q -m num_q -m num_ret -m map q r
	status_is 0
	same "$output" "$(trec_rows 'num_ret 1 1' 'map 1 1.0000' 'num_ret 3 1' 'map 3 1.0000' \
	    'num_q all 2' 'num_ret all 2' 'map all 1.0000')"
	same "$stderr" "treceval: 1 topic of the qrels not in the run left out (-c counts it as 0)
treceval: 1 topic of the run not in the qrels left out, as trec_eval leaves it out"
	# -c: topic 2 counts, nothing retrieved, 0
	run --separate-stderr treceval -q -c -m num_q -m num_ret -m map q r
	status_is 0
	same "$output" "$(trec_rows 'num_ret 1 1' 'map 1 1.0000' 'num_ret 2 0' 'map 2 0.0000' \
	    'num_ret 3 1' 'map 3 1.0000' 'num_q all 3' 'num_ret all 2' 'map all 0.6667')"
	same "$stderr" "treceval: 1 topic of the run not in the qrels left out, as trec_eval leaves it out"
}

@test "treceval: where trec_eval 10.0 fails: a topic of negative grades only, blank and comment lines in the qrels, a byte-order mark" {
	# topic 1 is judged -1 only: no relevant document (trec_eval stops,
	# status 4); a blank line (trec_eval: malformed); two comment lines in
	# a row (trec_eval reads the second as a judgment); a byte-order mark
	printf '\xef\xbb\xbf1 0 a -1\n\n# one\n# two three four\n2 0 c 1\n' >q
	printf '1 Q0 a 1 1 x\n2 Q0 c 1 1 x\n' >r
	run --separate-stderr treceval -q -m num_rel -m map q r
	status_is 0
	same "$stderr" ""
	same "$output" "$(trec_rows 'num_rel 1 0' 'map 1 0.0000' 'num_rel 2 1' 'map 2 1.0000' \
	    'num_rel all 1' 'map all 0.5000')"
}

@test "treceval: a topic judged below 0 only after a judged one: ideal_dcg 0, not the topic before's" {
	# trec_eval keeps the previous topic's count of grade levels for a
	# topic with no grade >= 0, so its ideal_dcg for topic 2 is topic 1's
	# 2.6309; by hand: topic 1 ranks c (0), b (1), a (2): dcg =
	# 1/log2 3 + 2/log2 4 = 1.6309, ideal = 2 + 1/log2 3 = 2.6309,
	# ndcg = 0.6199; topic 2 has no relevant document: all three 0
	printf '1 0 a 2\n1 0 b 1\n1 0 c 0\n2 0 a -1\n2 0 d -2\n' >q
	printf '1 Q0 c 1 3 x\n1 Q0 b 2 2 x\n1 Q0 a 3 1 x\n2 Q0 a 1 2 x\n2 Q0 d 2 1 x\n' >r
	run --separate-stderr treceval -q -m ideal_dcg -m dcg -m ndcg q r
	status_is 0
	same "$stderr" ""
	same "$output" "$(trec_rows 'dcg 1 1.6309' 'ideal_dcg 1 2.6309' 'ndcg 1 0.6199' \
	    'dcg 2 0.0000' 'ideal_dcg 2 0.0000' 'ndcg 2 0.0000' \
	    'dcg all 0.8155' 'ideal_dcg all 1.3155' 'ndcg all 0.3100')"
}

@test "treceval: options after the files, long spellings and their prefixes, -n, -N, the run from stdin" {
	T="$TREC_DATA"
	want=$(grep -E '^map ' "$T/out.test.aq")
	run --separate-stderr treceval "$T/qrels.test" "$T/results.test" --meas=map -q
	status_is 0
	same "$output" "$want"
	run --separate-stderr treceval --query_eval_wanted --measure map "$T/qrels.test" - <"$T/results.test"
	same "$output" "$want"
	# -n: no summary rows
	run --separate-stderr treceval -n -q -m map "$T/qrels.test" "$T/results.test"
	same "$output" "$(grep -v '	all	' <<<"$want")"
	run --separate-stderr treceval --nosummary -m map "$T/qrels.test" "$T/results.test"
	status_is 0
	same "$output" ""
	# utility's d with -N 100: 100 + rel_ret - ret - rel, by hand:
	# topic 1 retrieves a, x, c, with a and c relevant: 100 + 2 - 3 - 2
	printf '1 0 a 1\n1 0 c 1\n' >q
	printf '1 Q0 %s 0 %s x\n' a 3 x 2 c 1 >r
	run --separate-stderr treceval -N 100 -m utility.0,0,0,1 q r
	same "$output" "$(trec_rows 'utility_0,0,0,1 all 97.0000')"
	run --separate-stderr treceval --Number_docs_in_coll=100 -m utility q r
	same "$output" "$(trec_rows 'utility all 1.0000')"
}

@test "treceval: the first -m with parameters gives them; parameters of a nickname or a measure without any are ignored" {
	T="$TREC_DATA"
	run --separate-stderr treceval -m P.10 -m P "$T/qrels.test" "$T/results.test"
	same "$output" "$(grep -E '^P_10 .*	all	' "$T/out.test.aq")"
	run --separate-stderr treceval -m P -m P.10,5 -m P.30 "$T/qrels.test" "$T/results.test"
	same "$output" "$(grep -E '^P_(5|10) .*	all	' "$T/out.test.aq")"
	run --separate-stderr treceval -m set.5 -m map.3 "$T/qrels.test" "$T/results.test"
	status_is 0
	same "$output" "$(grep -E '^(runid|num_q|num_ret|num_rel|num_rel_ret|map|utility|set_[a-zA-Z_]+) .*	all	' "$T/out.test.aq")"
}

# trec_eval reads '0,87' and 'abc' as atof does (0) and a grade '1.5' as
# atol does (1): the same bytes as the file written so, and a note for
# each kind of field on the standard error
@test "treceval: scores and grades read otherwise than written: trec_eval's bytes, one note a kind" {
	printf '1 0 a 1\n1 0 b 1.5\n1 0 c 0\n' > lq
	printf '1 Q0 a 1 0,87 x\n1 Q0 b 2 0.5 x\n1 Q0 c 3 abc x\n' > lr
	printf '1 0 a 1\n1 0 b 1\n1 0 c 0\n' > q
	printf '1 Q0 a 1 0 x\n1 Q0 b 2 0.5 x\n1 Q0 c 3 0 x\n' > r
	run --separate-stderr treceval -q -m map -m P.2 lq lr
	status_is 0
	same "$output" "$(treceval -q -m map -m P.2 q r)"
	same "$stderr" "treceval: lr: scores that are not numbers as written ('0,87' the first) are read as trec_eval's atof reads them ('0,87' as 0): the output is trec_eval's
treceval: lq: grades that are not integers as written ('1.5' the first) are read as trec_eval's atol reads them ('1.5' as 1): the output is trec_eval's"
	run --separate-stderr treceval -m map q r
	same "$stderr" ""
}
