#!/usr/bin/env bats
# examples/pipelines/trec.sh against the real trec_eval 10.0, built from its
# source tarball ($RANKKIT_SHARED/peers/trec_eval-10.0-rc3-src.tar.gz) by
# tests/trec-eval-build.sh into build/trec_eval/ once (later runs reuse it);
# without the tarball every test here is skipped with the reason (a failure
# when CI is set).
# - random cases (tests/trec-eval-diff.sh over tests/data/trec-gen.awk):
#   trec.sh prints trec_eval's rows of the measures rankkit has, per topic
#   and summary, byte for byte, but for the summaries at a halfway point;
# - "known difference: ...": what trec.sh does today where trec_eval does
#   otherwise, each on a small input, trec_eval's output and trec.sh's side
#   by side. They are the specification of what `treceval` (issue 23) has
#   to change; when it lands, each becomes a test of equality.
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
	TS="$BATS_TEST_DIRNAME/../examples/pipelines/trec.sh"
	T="$TREC_DATA"
	cd "$BATS_TEST_TMPDIR"
}

# both ARGS...: trec_eval ARGS into te.out (status in te_st, stderr in
# te.err), trec.sh ARGS into rk.out (rk_st, rk.err)
both() {
	te_st=0; rk_st=0
	"$TE" "$@" >te.out 2>te.err || te_st=$?
	sh "$TS" "$@" >rk.out 2>rk.err || rk_st=$?
}

@test "trec_eval built from the tarball prints its own goldens (tests/data/trec_eval)" {
	"$TE" -m all_trec -q "$T/qrels.test" "$T/results.test" | cmp - "$T/out.test.aq"
	"$TE" -m all_trec -q -c "$T/qrels.test" "$T/results.trunc" | cmp - "$T/out.test.aqc"
	"$TE" -m all_trec -mrelstring.20 -q -l2 "$T/qrels.rel_level" "$T/results.test" |
	    cmp - "$T/out.test.aql"
	"$TE" -q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 -m recall.20,2000 \
	    -m Rprec_mult.5.0,0.2,0.35 -mutility.2,-1,0,0 -m 11pt_avg..25,.5,.75 \
	    -mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 -msuccess.2,5,20 \
	    "$T/qrels.test" "$T/results.test" | cmp - "$T/out.test.meas_params"
	run "$TE" -v
	same "$output" "trec_eval version 10.0-rc3"
}

@test "300 random cases: trec.sh prints trec_eval's rows, but five halfway summaries" {
	run --separate-stderr sh "$BATS_TEST_DIRNAME/trec-eval-diff.sh" -s 1 -n 300 -d cases "$TE"
	printf '%s\n' "$output" | head -40
	status_is 0
	# the only differences: five means of P_200 and P_1000 at a halfway
	# point (37/4000, 5/800, 9/800, 31/800, 7/800; every topic's row
	# identical), rounded apart
	same "$output" "$(printf '%s\n' \
	    'halfway 8 P_1000: trec_eval 0.0093, trec.sh 0.0092 (mean 0.009250000000)' \
	    'halfway 69 P_200: trec_eval 0.0062, trec.sh 0.0063 (mean 0.006250000000)' \
	    'halfway 92 P_200: trec_eval 0.0113, trec.sh 0.0112 (mean 0.011250000000)' \
	    'halfway 199 P_200: trec_eval 0.0388, trec.sh 0.0387 (mean 0.038750000000)' \
	    'halfway 233 P_200: trec_eval 0.0088, trec.sh 0.0087 (mean 0.008750000000)' \
	    'trec-eval-diff: 300 cases, 295 identical, 5 with halfway summary rows (5 rows), 0 differ')"
	# the cases compared rows: many per case, of every topic
	[ "$(cat cases/*.te | grep -vc '	all	')" -gt 10000 ]
}

@test "the random cases have what they claim (tests/data/trec-gen.awk)" {
	awk -v seed=1 -v cases=300 -v dir=. -f "$BATS_TEST_DIRNAME/data/trec-gen.awk"
	# each case's flags and features, one word a line, counted over cases
	for c in $(seq 1 300); do
		awk '
		FILENAME ~ /args$/ {
			for (i = 1; i <= NF; i++) {
				if ($i == "-c") f["complete"]
				if ($i ~ /^-M/) f["maxret"]
				if ($i ~ /^-l/) f["level"]
				if ($i == "all_trec") f["all_trec"]
				if ($i ~ /[a-z]\.[0-9]/) f["cutoffs"]
			}
			next
		}
		/\r$/ { f["crlf"]; sub(/\r$/, "") }
		/^#/ { f["comment"]; next }
		FILENAME ~ /qrels$/ {
			q[$1]; g = $4
			if (g < 0) f["negative"]
			if (g > 127) f["over127"]
			if (seenq[$1 " " $3]++) f["dupqrels"]
			next
		}
		!NF { f["blank"]; next }
		/^[ \t]/ { f["lead"] }
		/\t\t|  / { f["spacerun"] }
		{
			if (tie[$1 " " sprintf("%.17g", $5)]++) f["tie"]
			if ($1 != p && ($1 in r)) f["unsorted"]
			r[$1]; p = $1
			if (seenr[$1 " " $3]++) f["duprun"]
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
	at_least 100 complete; at_least 30 maxret; at_least 50 level
	at_least 50 all_trec; at_least 50 cutoffs
	at_least 100 negative; at_least 30 over127
	at_least 20 crlf; at_least 20 comment; at_least 20 blank
	at_least 20 lead; at_least 20 spacerun
	at_least 200 tie; at_least 150 unsorted
	at_least 30 runonly; at_least 20 qrelsonly
	# no document twice in a topic of the run or of the qrels
	run grep -c dup have
	same "$output" 0
}

@test "known difference: a mean at a halfway point (recip_rank 0.21875: trec_eval 0.2187, trec.sh 0.2188)" {
	# the relevant document at ranks 3, 4, 6, 8: reciprocal ranks 1/3,
	# 1/4, 1/6, 1/8, mean 21/96 = 0.21875; trec_eval sums the doubles
	# topic by topic, a hair under, rankkit rounds the exact mean, to even
	: >qrels; : >run
	for r in 3 4 6 8; do
		echo "t$r 0 rel 1" >>qrels
		for i in $(seq 1 8); do
			d=d$i; [ "$i" -eq "$r" ] && d=rel
			echo "t$r Q0 $d $i $((10 - i)) x" >>run
		done
	done
	both -q -m recip_rank qrels run
	[ "$te_st" -eq 0 ] && [ "$rk_st" -eq 0 ]
	same "$(grep -v '	all	' rk.out)" "$(grep -v '	all	' te.out)"
	same "$(grep '	all	' te.out)" "recip_rank            	all	0.2187"
	same "$(grep '	all	' rk.out)" "recip_rank            	all	0.2188"
}

@test "known difference: no -m, -m official: trec_eval's gm_map, bpref and iprec_at_recall_* rows are missing" {
	for m in "" "-m official"; do
		# shellcheck disable=SC2086
		both -q $m "$T/qrels.test" "$T/results.test"
		[ "$te_st" -eq 0 ] && [ "$rk_st" -eq 0 ]
		same "$(cat rk.out)" "$(grep -Ev '^(gm_map|bpref|iprec_at_recall_[01]\.[0-9]+) ' te.out)"
		same "$(cut -f1 te.out | sort -u | grep -Ev '^(gm_map|bpref|iprec_at_recall_[01]\.[0-9]+) ' | wc -l)" 17
		same "$(cat rk.err)" ""	# and trec.sh does not say so
	done
	# 30 summary rows in trec_eval, 17 in trec.sh
	"$TE" "$T/qrels.test" "$T/results.test" | wc -l | grep -qx 30
	sh "$TS" "$T/qrels.test" "$T/results.test" | wc -l | grep -qx 17
}

@test "known difference: -m all_trec: the measures trec.sh lacks, silently" {
	both -q -m all_trec "$T/qrels.test" "$T/results.test"
	[ "$te_st" -eq 0 ] && [ "$rk_st" -eq 0 ]
	# trec_eval's rows, in its order, without the measures trec.sh lacks
	lacks='gm_map|bpref|iprec_at_recall|relstring|unj|rbp|rbp_resid|infAP|gm_bpref|Rprec_mult|utility|11pt_avg|ndcg_rel|Rndcg|relative_P|binG|G|set_P|set_recall|set_relative_P|set_map|set_F|num_nonrel_judged_ret'
	same "$(cat rk.out)" "$(awk -F'\t' -v l="^($lacks)\$" '{ n = $1; sub(/ +$/, "", n)
	    sub(/_[0-9.]+$/, "", n); if (n !~ l) print }' te.out)"
	same "$(cat rk.err)" ""
	# all 23 are in trec_eval's output
	same "$(cut -f1 te.out | tr -d ' ' | sed 's/_[0-9.]*$//' | sort -u |
	    grep -Ex "$lacks" | wc -l)" 23
	# relstring (per topic only): trec.sh knows the name, and leaves it out
	both -q -m relstring "$T/qrels.test" "$T/results.test"
	same "$(cat te.out)" "$(printf 'relstring             \t%s\t%s\n' 301 "'0000011000'" \
	    302 "'1101110110'" 303 "'0000000000'")"
	same "$rk_st:$(cat rk.out)" "0:"
	same "$(cat rk.err)" "trec.sh: not in rankkit, left out: relstring"
}

@test "known difference: -m bpref alone prints nothing (status 0); -m rbp, unj, rbp_resid are unknown (status 2)" {
	both -m bpref "$T/qrels.test" "$T/results.test"
	same "$(cat te.out)" "bpref                 	all	0.1981"
	same "$rk_st:$(cat rk.out)" "0:"
	same "$(cat rk.err)" "trec.sh: not in rankkit, left out: bpref"
	for m in rbp unj rbp_resid; do
		both -m $m "$T/qrels.test" "$T/results.test"
		[ "$te_st" -eq 0 ] && [ -s te.out ]
		same "$rk_st" 2
		same "$(head -n 1 rk.err)" "trec.sh: -m: unknown measure '$m'"
	done
}

@test "known difference: trec_eval takes the first -m with cut-offs (-m official -m P.2; -m P -m P.10)" {
	both -m official -m P.2 "$T/qrels.test" "$T/results.test"
	same "$(grep '^P_' te.out | cut -f1 | tr -d ' ')" "P_2"
	same "$(grep '^P_' rk.out | cut -f1 | tr -d ' ' | tr '\n' ' ')" "P_5 P_10 P_15 P_20 P_30 P_100 P_200 P_500 P_1000 "
	both -m P -m P.10 "$T/qrels.test" "$T/results.test"
	same "$(cut -f1 te.out | tr -d ' ')" "P_10"
	same "$(cut -f1 rk.out | tr -d ' ' | tr '\n' ' ')" "P_5 P_10 P_15 P_20 P_30 P_100 P_200 P_500 P_1000 "
	# where the first -m has the cut-offs, the two agree
	both -m P.10 -m P "$T/qrels.test" "$T/results.test"
	same "$(cat rk.out)" "$(cat te.out)"
}

@test "known difference: runid is the file's last line's tag in trec_eval, the sorted run's last in trec.sh" {
	printf '%s\n' '1 0 a 1' '2 0 c 1' >qrels
	printf '%s\n' '2 Q0 c 1 0.5 second' '1 Q0 a 1 0.5 first' >run
	both -m runid qrels run
	same "$(cat te.out)" "runid                 	all	first"
	same "$(cat rk.out)" "runid                 	all	second"
}

@test "known difference: a duplicate document below the -M cut: trec_eval ignores it, trec.sh stops" {
	printf '%s\n' '1 0 a 1' '2 0 c 1' >qrels
	printf '%s\n' '1 Q0 a 1 0.9 x' '1 Q0 b 2 0.5 x' '1 Q0 b 3 0.4 x' '2 Q0 c 1 1 x' >run
	both -q -M 1 -m num_ret -m map qrels run
	same "$te_st" 0
	same "$(grep '	all	' te.out)" "$(printf 'num_ret               \tall\t2\nmap                   \tall\t1.0000')"
	same "$rk_st" 1
	[[ $(cat rk.err) == "rankof: "*"/trec."*".run:3: duplicate item 'b' in query '1'" ]]
	# above the cut both stop
	both -q -M 3 -m num_ret qrels run
	[ "$te_st" -ne 0 ] && [ "$rk_st" -ne 0 ]
	grep -q "duplicate docs b" te.err
}

@test "known difference: numbers trec_eval reads (atof, atol) that rankof refuses" {
	# scores: overflow (trec_eval: inf), underflow (0), hexadecimal, NaN,
	# text after the number (atof reads the number before it)
	printf '%s\n' '1 0 a 1' '1 0 b 1' >qrels
	for s in 1.8e308 1e-400 0x10 nan 0.5x 1_0 abc; do
		printf '%s\n' "1 Q0 a 1 $s x" '1 Q0 b 2 0.7 x' >run
		both -q -m num_ret qrels run
		same "$s $te_st $(grep -c . te.out)" "$s 0 2"
		same "$s $rk_st" "$s 1"
		[[ $(cat rk.err) == "rankof: "*"trec."*".run:1: field 5: "* ]]
	done
	# grades: atol reads the digits before anything else (1.5 is 1, x is 0)
	printf '%s\n' '1 Q0 a 1 0.9 x' '1 Q0 b 2 0.7 x' >run
	for g in 1.5 x 1e1; do
		printf '%s\n' "1 0 a $g" '1 0 b 1' >qrels
		both -q -m num_rel qrels run
		same "$g $te_st" "$g 0"
		# a number that is not an integer: named as a likely score
		case $g in
		x) why="bad number '$g'" ;;
		*) why="'$g' is not an integer grade (a score? -r takes the qrels, the scores come last)" ;;
		esac
		same "$g $rk_st $(cat rk.err)" "$g 1 rankof: qrels:1: field 4: $why"
	done
}

@test "known difference: trec.sh's errors name its temporary copy of the run, not the user's file" {
	printf '%s\n' '1 0 a 1' >qrels
	printf '%s\n' '1 Q0 a 1 0.9 x' '1 Q0 a 2 0.7 x' >run
	both -m map qrels run
	[ "$te_st" -ne 0 ] && [ "$rk_st" -eq 1 ]
	[[ $(cat rk.err) =~ ^rankof:\ .*/trec\.[0-9]+\.run:2:\ duplicate\ item\ \'a\'\ in\ query\ \'1\'$ ]]
}

@test "known difference: options after the files, and trec_eval's other options, are usage errors in trec.sh" {
	both "$T/qrels.test" "$T/results.test" -m map
	same "$te_st:$(cat te.out)" "0:map                   	all	0.1785"
	same "$rk_st" 2
	same "$(cat rk.err)" "usage: trec.sh [-q] [-c] [-l N] [-M N] [-m MEASURE]... [QRELS RUN]"
	for o in -J -n "-N 10" -v; do
		# shellcheck disable=SC2086
		both $o -m map "$T/qrels.test" "$T/results.test"
		same "$o $rk_st" "$o 2"
	done
}

@test "trec_eval 10.0 fails where trec.sh evaluates: a topic of the qrels missing from the run without -c; a topic of negative grades only; a blank qrels line" {
	# a judged topic that the run lacks: trec_eval 10.0 stops (status 4,
	# after the rows of the topics before it, and a message that names it
	# as the run's); trec.sh leaves it out, as trec_eval 9 did
	printf '%s\n' '1 0 a 1' '2 0 c 1' >qrels
	printf '%s\n' '1 Q0 a 1 1 x' >run
	both -q -m map qrels run
	same "$te_st $(cat te.err)" "4 trec_eval: result qid '2' not found in qrels"
	same "$rk_st $(tr '\t\n' '  ' <rk.out | tr -s ' ')" "0 map 1 1.0000 map all 1.0000 "
	# a topic whose grades are all negative: trec_eval fails (status 4,
	# or a crash when an earlier topic had grades); trec.sh counts 0
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
}
