#!/usr/bin/env bats
# treceval against the real trec_eval 10.0, built from its source tarball
# ($RANKKIT_SHARED/peers/trec_eval-10.0-rc3-src.tar.gz) by
# tests/trec-eval-build.sh into build/trec_eval/ once (later runs reuse
# it); without the tarball every test here is skipped with the reason (a
# failure when CI is set).
# - random cases (tests/trec-eval-diff.sh over tests/data/trec-gen.awk):
#   where trec_eval succeeds, treceval prints its output byte for byte,
#   every measure of all_trec, -J among the flags, halfway means included;
#   where
#   trec_eval stops on a document twice, treceval stops too (status 4);
# - "now the same": what examples/pipelines/trec.sh did otherwise before
#   treceval (the known differences of issue 23), each on a small input;
# - "difference: ...": what treceval does otherwise, by design: -v; where
#   trec_eval 10.0 fails or reads memory it never set (treceval(1)).
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

TARBALL=peers/trec_eval-10.0-rc3-src.tar.gz

setup_file() {
	# bats 1.8 cannot skip from here: setup() does, TE stays unset
	if [ -n "$SHARED" ] && [ -r "$SHARED/$TARBALL" ]; then
		TE=$(sh "$BATS_TEST_DIRNAME/trec-eval-build.sh" "$SHARED/$TARBALL" \
		    "$BATS_TEST_DIRNAME/../build/trec_eval")
		export TE
	fi
}

setup() {
	need_shared "$TARBALL"
	[ -x "${TE:-}" ]
	T="$TREC_DATA"
	cd "$BATS_TEST_TMPDIR"
}

# both ARGS...: trec_eval ARGS into te.out (status in te_st, stderr in
# te.err), treceval ARGS into rk.out (rk_st, rk.err)
both() {
	te_st=0; rk_st=0
	"$TE" "$@" >te.out 2>te.err || te_st=$?
	treceval "$@" >rk.out 2>rk.err || rk_st=$?
}

# identical: both succeeded and printed the same bytes
identical() {
	same "$te_st $rk_st" "0 0"
	cmp te.out rk.out
}

@test "trec_eval built from the tarball prints its own goldens (tests/data/trec_eval)" {
	"$TE" -m all_trec -q "$T/qrels.test" "$T/results.test" | cmp - "$T/out.test.aq"
	"$TE" -m all_trec -q -c "$T/qrels.test" "$T/results.trunc" | cmp - "$T/out.test.aqc"
	"$TE" -m all_trec -q -c -M100 "$T/qrels.test" "$T/results.trunc" | cmp - "$T/out.test.aqcM"
	"$TE" "$T/qrels.test" "$T/results.test" | cmp - "$T/out.test"
	"$TE" -m all_trec "$T/qrels.test" "$T/results.test" | cmp - "$T/out.test.a"
	"$TE" -m all_trec -mrelstring.20 -q -l2 "$T/qrels.rel_level" "$T/results.test" |
	    cmp - "$T/out.test.aql"
	"$TE" -q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 -m recall.20,2000 \
	    -m Rprec_mult.5.0,0.2,0.35 -mutility.2,-1,0,0 -m 11pt_avg..25,.5,.75 \
	    -mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 -msuccess.2,5,20 \
	    "$T/qrels.test" "$T/results.test" | cmp - "$T/out.test.meas_params"
	run "$TE" -v
	same "$output" "trec_eval version 10.0-rc3"
}

@test "400 random cases: where trec_eval succeeds, treceval prints its output byte for byte" {
	run --separate-stderr sh "$BATS_TEST_DIRNAME/trec-eval-diff.sh" -s 1 -n 400 -d cases "$TE"
	printf '%s\n' "$output" | head -40
	status_is 0
	# halfway means included; the only cases not compared are those
	# where trec_eval stops on a document twice, and treceval stops too
	same "$output" "trec-eval-diff: 400 cases, 369 identical, 31 where trec_eval fails (31 of them on a document twice, treceval too), 0 differ"
	# the cases compared rows: many per case, of every topic
	[ "$(cat cases/*.te | grep -vc '	all	')" -gt 25000 ]
}

@test "the random cases have what they claim (tests/data/trec-gen.awk)" {
	awk -v seed=1 -v cases=400 -v dir=. -f "$BATS_TEST_DIRNAME/data/trec-gen.awk"
	# each case's flags and features, one word a line, counted over cases
	for c in $(seq 1 400); do
		awk '
		FILENAME ~ /args$/ {
			for (i = 1; i <= NF; i++) {
				w = $i
				if (w == "QRELS") files = 1
				else if (files && w ~ /^-/) f["after"]
				if (w ~ /^--[a-z]/) f["long"]
				if (w == "-c" || w ~ /^--complete/) f["complete"]
				if (w ~ /^-M|^--Max/) f["maxret"]
				if (w ~ /^-l|^--level/) f["level"]
				if (w == "all_trec") f["all_trec"]
				if (w ~ /^(-m|--measure=)[a-zA-Z_0-9]+\./) f["params"]
				if (w ~ /=.*=/ || w ~ /\.[0-9]+=/) f["gains"]
				if (w == "-n") f["nosummary"]
				if (w == "-J" || w ~ /^--Judged/) f["judged"]
				if (w ~ /bpref|infAP|unj|relstring|rbp_resid|nonrel/) f["v2"]
				if (w == "all_trec" || w == "official") f["v2"]
			}
			next
		}
		/\r$/ { f["crlf"]; sub(/\r$/, "") }
		/^#/ { f["comment"]; next }
		/\f/ { f["formfeed"] }
		FILENAME ~ /qrels$/ {
			q[$1]; g = $4
			if (g < 0) f["negative"]
			if (g > 127) f["over127"]
			if (g ~ /[^0-9-]/) f["atol"]
			if (seenq[$1 " " $3]++) f["dupqrels"]
			next
		}
		!NF { f["blank"]; next }
		/^[ \t]/ { f["lead"] }
		/\t\t|  / { f["spacerun"] }
		{
			if (tie[$1 " " sprintf("%.17g", $5)]++) f["tie"]
			if ($1 != p && ($1 in r)) f["unsorted"]
			if ($5 ~ /^(0x|.*[a-z]$|abc|1e$)/ && $5 !~ /^-?inf$/) f["atof"]
			r[$1]; p = $1
			if (seenr[$1 " " $3]++) f["duprun"]
			if (NR > 1 && $6 != tag) f["tags"]
			tag = $6
		}
		END {
			for (t in r) if (!(t in q)) f["runonly"]
			for (t in q) if (!(t in r)) f["qrelsonly"]
			for (k in f) print k
		}' $c.args $c.qrels $c.run
	done | sort | uniq -c | awk '{ print $2, $1 }' >have
	cat have
	# at_least N FEATURE: in N cases or more
	at_least() { [ "$(awk -v k="$2" '$1 == k { print $2 }' have)" -ge "$1" ]; }
	at_least 120 complete; at_least 50 maxret; at_least 80 level
	at_least 60 all_trec; at_least 100 params; at_least 20 gains
	at_least 30 long; at_least 30 after; at_least 10 nosummary
	at_least 120 negative; at_least 40 over127; at_least 15 atol
	at_least 25 crlf; at_least 25 comment; at_least 25 blank
	at_least 25 lead; at_least 25 spacerun; at_least 10 formfeed
	at_least 250 tie; at_least 200 unsorted; at_least 40 atof
	at_least 40 runonly; at_least 25 qrelsonly; at_least 50 tags
	at_least 50 duprun; at_least 3 dupqrels
	at_least 40 judged; at_least 150 v2
}

@test "the five halfway cases of tests/data/trec-halfway: identical to trec_eval" {
	H="$BATS_TEST_DIRNAME/data/trec-halfway"
	for c in 8 69 92 199 233; do
		# shellcheck disable=SC2046
		both $(cat "$H/$c.args") "$H/$c.qrels" "$H/$c.run"
		identical
	done
}

@test "now the same: a mean at a halfway point (recip_rank 0.21875: 0.2187 from both)" {
	# the relevant document at ranks 3, 4, 6, 8: reciprocal ranks 1/3,
	# 1/4, 1/6, 1/8, mean 21/96 = 0.21875; both sum the doubles topic by
	# topic, a hair under (rankkit's exact mean rounds to even, 0.2188)
	: >qrels; : >run
	for r in 3 4 6 8; do
		echo "t$r 0 rel 1" >>qrels
		for i in $(seq 1 8); do
			d=d$i; [ "$i" -eq "$r" ] && d=rel
			echo "t$r Q0 $d $i $((10 - i)) x" >>run
		done
	done
	both -q -m recip_rank qrels run
	identical
	same "$(grep '	all	' rk.out)" "recip_rank            	all	0.2187"
	run --separate-stderr sh -c 'rankof --break id -r qrels run | hitrate --names trec -m MRR'
	same "$(body <<<"$output")" "recip_rank            	all	0.2188"
}

@test "now the same: the first -m with parameters gives them (-m official -m P.2; -m P -m P.10)" {
	both -m official -m P.2 "$T/qrels.test" "$T/results.test"
	identical
	same "$(grep '^P_' rk.out | cut -f1 | tr -d ' ')" "P_2"
	both -m P -m P.10 "$T/qrels.test" "$T/results.test"
	identical
	same "$(cut -f1 rk.out | tr -d ' ')" "P_10"
}

@test "now the same: runid is the file's last line's, whatever the order of topics" {
	printf '%s\n' '1 0 a 1' '2 0 c 1' >qrels
	printf '%s\n' '2 Q0 c 1 0.5 second' '1 Q0 a 1 0.5 first' >run
	both -m runid qrels run
	identical
	same "$(cat rk.out)" "runid                 	all	first"
}

@test "now the same: a document twice below the -M cut is ignored; above it both stop (status 4)" {
	printf '%s\n' '1 0 a 1' '2 0 c 1' >qrels
	printf '%s\n' '1 Q0 a 1 0.9 x' '1 Q0 b 2 0.5 x' '1 Q0 b 3 0.4 x' '2 Q0 c 1 1 x' >run
	both -q -M 1 -m num_ret -m map qrels run
	identical
	same "$(grep '	all	' rk.out)" "$(printf 'num_ret               \tall\t2\nmap                   \tall\t1.0000')"
	both -q -M 3 -m num_ret qrels run
	same "$te_st $rk_st" "4 4"
	grep -q "duplicate docs b" te.err
	same "$(cat rk.err)" "treceval: run:3: document 'b' twice in topic '1' (line 2 too)"
}

@test "now the same: numbers as trec_eval reads them (atof, atol)" {
	# scores: overflow (inf), underflow (0), hexadecimal, text after the
	# number (atof reads the number before it), none
	printf '%s\n' '1 0 a 1' '1 0 b 1' >qrels
	for s in 1.8e308 -1.8e308 1e-400 0x10 0x1p-3 0.5x 1_0 abc .5 5. 1e; do
		printf '%s\n' "1 Q0 a 1 $s x" '1 Q0 b 2 0.7 x' >run
		both -q -m num_ret -m recip_rank -m map qrels run
		identical
	done
	# grades: atol reads the digits before anything else (1.5 is 1, x is 0)
	printf '%s\n' '1 Q0 a 1 0.9 x' '1 Q0 b 2 0.7 x' >run
	for g in 1.5 x 1e1 2x +3 -0 0007 300; do
		printf '%s\n' "1 0 a $g" '1 0 b 1' >qrels
		both -q -m num_rel -m map -m ndcg -l 2 qrels run
		identical
	done
	# grades beyond 32 bits, read again from the line: negative ones
	# (trec_eval keeps a count for each grade up to the highest: 2^31
	# costs it 70 s and 16 GiB, so the positive ones are checked by hand
	# in treceval.bats; treceval's gain measures stop at 2^24)
	for g in -2147483648 -2147483649 -99999999999999999999; do
		printf '%s\n' "1 0 a $g" '1 0 b 1' >qrels
		both -q -m num_rel -m map -m bpref -m num_nonrel_judged_ret -l 2 qrels run
		identical
	done
}

@test "now the same: options after the files, long spellings, -n, -N" {
	both "$T/qrels.test" "$T/results.test" -m map
	identical
	same "$(cat rk.out)" "map                   	all	0.1785"
	both --measure=map "$T/qrels.test" -q "$T/results.test" --level_for_rel 2
	identical
	both -n -q -m P.5 --Max_retrieved_per_topic=10 "$T/qrels.test" "$T/results.test"
	identical
	both -N 100000 -m utility.1,-1,0,1 "$T/qrels.test" "$T/results.test"
	identical
	both -m set -N 5000 -c "$T/qrels.test" "$T/results.trunc"
	identical
}

@test "now the same: the rows of every measure of all_trec that treceval computes, and rbp" {
	for l in 1 2; do
		both -q -l $l -m runid -m num_q -m num_ret -m num_rel -m num_rel_ret \
		    -m map -m gm_map -m Rprec -m recip_rank -m iprec_at_recall -m P \
		    -m recall -m Rprec_mult -m utility -m 11pt_avg -m binG -m G -m ndcg \
		    -m ndcg_rel -m Rndcg -m ndcg_cut -m map_cut -m relative_P -m success \
		    -m set_P -m set_relative_P -m set_recall -m set_map -m set_F -m rbp \
		    "$T/qrels.rel_level" "$T/results.test"
		identical
	done
	for m in yaap dcg ideal_dcg rbp.p=0.95 rbp.1=0.5,2=1 ndcg.0=1; do
		both -q -m $m "$T/qrels.rel_level" "$T/results.test"
		identical
	done
}

@test "now the same: no -m, official, all_trec, the measures of judged documents, -J" {
	for m in "" "-m official" "-m all_trec"; do
		# shellcheck disable=SC2086
		both -q $m "$T/qrels.test" "$T/results.test"
		identical
		[ "$(grep -c '^bpref ' rk.out)" -eq 4 ]
		# shellcheck disable=SC2086
		both -q -c -J $m "$T/qrels.rel_level" "$T/results.trunc"
		identical
	done
	for m in bpref gm_bpref infAP unj.1,7,30 relstring.30 rbp_resid.p=0.5 \
	    num_nonrel_judged_ret; do
		for f in "" -J "-J -M 20" "-l 3"; do
			# shellcheck disable=SC2086
			both -q $f -m $m "$T/qrels.rel_level" "$T/results.test"
			identical
		done
		both -q -c -J -m $m "$T/qrels.rel_level" "$T/results.trunc"
		identical
	done
	# the stand-in ranking of a topic the run lacks (-c): trec_eval
	# cleans relstring's text by its printed name, so relstring.3 keeps
	# its '-' (the stand-in document, not judged)
	both -q -c -m relstring.3 -m relstring "$T/qrels.test" "$T/results.trunc"
	identical
	grep -q "^relstring_3 .*	302	'-'$" rk.out
	both -q -c -m relstring "$T/qrels.test" "$T/results.trunc"
	identical
	grep -q "^relstring .*	302	''$" rk.out
}

@test "difference: -v prints treceval's version on the standard output (trec_eval its own on the error)" {
	both -v
	same "$te_st $rk_st" "0 0"
	same "$(cat te.err)" "trec_eval version 10.0-rc3"
	[[ $(cat rk.out) =~ ^treceval\ \(rankkit\)\  ]]
}

@test "difference: rbp after the gain measures: trec_eval reads a minimum and maximum it never set, treceval starts them at 0" {
	both -q -m rbp "$T/qrels.rel_level" "$T/results.test"
	identical
	cp rk.out alone
	# after ndcg, trec_eval's rbp takes what ndcg left in memory
	both -q -m ndcg -m rbp "$T/qrels.rel_level" "$T/results.test"
	same "$te_st $rk_st" "0 0"
	[ "$(grep '^rbp ' te.out)" != "$(cat alone)" ]
	same "$(grep '^rbp ' rk.out)" "$(cat alone)"
}

@test "difference: where trec_eval 10.0 fails, treceval evaluates: a topic of the qrels missing from the run without -c; a topic of negative grades only; a blank qrels line; a grade of 2^63 - 1" {
	# a judged topic that the run lacks: trec_eval stops (status 4, after
	# the rows of the topics before it, and a message that names it as the
	# run's); treceval leaves it out, as trec_eval 9 did, and says so
	printf '%s\n' '1 0 a 1' '2 0 c 1' >qrels
	printf '%s\n' '1 Q0 a 1 1 x' >run
	both -q -m map qrels run
	same "$te_st $(cat te.err)" "4 trec_eval: result qid '2' not found in qrels"
	same "$rk_st $(tr '\t\n' '  ' <rk.out | tr -s ' ')" "0 map 1 1.0000 map all 1.0000 "
	same "$(cat rk.err)" "treceval: 1 topic of the qrels not in the run left out (-c counts it as 0)"
	# -c: the same as trec_eval
	both -q -c -m map qrels run
	identical
	# a topic whose grades are all negative: trec_eval fails (status 4,
	# or a crash when an earlier topic had grades); treceval counts 0
	printf '%s\n' '1 0 a -1' '2 0 c 1' >qrels
	printf '%s\n' '1 Q0 a 1 1 x' '2 Q0 c 1 1 x' >run
	both -q -m map qrels run
	same "$te_st $(cat te.err)" "4 trec_eval: Can't calculate measure 'map'"
	same "$rk_st $(grep all rk.out | tr '\t' ' ' | tr -s ' ')" "0 map all 0.5000"
	# a blank line in the qrels: malformed for trec_eval
	printf '%s\n' '1 0 a 1' '' '2 0 c 1' >qrels
	both -q -m map qrels run
	same "$te_st" 2
	same "$rk_st $(grep all rk.out | tr '\t' ' ' | tr -s ' ')" "0 map all 1.0000"
	# a grade atol() reads as 2^63 - 1: trec_eval cannot count its levels
	# (status 4); treceval: a relevant document like any other
	printf '%s\n' '1 0 a 99999999999999999999' '1 0 b 1' >qrels
	printf '%s\n' '1 Q0 a 1 0.9 x' '1 Q0 b 2 0.7 x' >run
	both -q -m num_rel -m map -l 2 qrels run
	same "$te_st $(cat te.err)" "4 trec_eval: Can't calculate measure 'num_rel'"
	same "$rk_st $(grep all rk.out | tr '\t\n' '  ' | tr -s ' ')" "0 num_rel all 1 map all 1.0000 "
}

@test "difference: errors name the file and its line (trec_eval counts lines without comments, and names no file)" {
	printf '%s\n' '1 0 a 1' >qrels
	printf '%s\n' '# a comment' '1 Q0 a 1 0.9 x' '1 Q0 b 2' >run
	both -m map qrels run
	same "$te_st $rk_st" "2 2"
	same "$(head -n 1 te.err)" "trec_eval.get_results: Malformed line 2"
	same "$(cat rk.err)" "treceval: run:3: expected 6 fields or more (topic iteration document rank score run), found 4"
}
