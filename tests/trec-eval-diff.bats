#!/usr/bin/env bats
# examples/pipelines/trec.sh against the real trec_eval 10.0, built from its
# source tarball ($RANKKIT_SHARED/peers/trec_eval-10.0-rc3-src.tar.gz) by
# tests/trec-eval-build.sh into build/trec_eval/ once (later runs reuse it);
# without the tarball every test here is skipped with the reason (a failure
# when CI is set).
# - random cases (tests/trec-eval-diff.sh over tests/data/trec-gen.awk):
#   trec.sh prints trec_eval's rows of the measures rankkit has, per topic
#   and summary, byte for byte, but for the summaries at a halfway point.
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

