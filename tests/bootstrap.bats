#!/usr/bin/env bats
# bootstrap: intervals and paired comparisons from measure streams.
# Expected values are derived by hand in the comments, or are properties
# (coverage, zero width, a constant shift) that hold whatever the draws.
# Data that needs randomness comes from the project's generator (rngdraw)
# with fixed seeds, so it is the same on every machine.
load helper

TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

# stream NAME: a measure stream from "measure query value" lines on stdin
stream() {
	{ printf '# measure\tquery\tvalue\n'; cat; printf '# end\n'; } > "$BATS_TEST_TMPDIR/$1"
}

@test "bootstrap: one query: every resample is that query" {
	printf 'MRR\tq1\t0.25\nMRR\tall\t0.25\n' | stream one
	run --separate-stderr bootstrap -B 200 "$BATS_TEST_TMPDIR/one"
	[ "$status" -eq 0 ]
	[ "$output" = "# measure	query	mean	lower	upper
MRR	all	0.2500	0.2500	0.2500
# end" ]
}

@test "bootstrap: hitrate's runid row (the run's tag, text) is read as no value" {
	# the rows of one query and the tag of the run (trec_eval's runid):
	# every resample is q1, as in the test above
	printf 'MRR\tq1\t0.25\nMRR\tall\t0.25\nrunid\tall\tSTANDARD\n' | stream tagged
	run --separate-stderr bootstrap -B 200 "$BATS_TEST_TMPDIR/tagged"
	[ "$status" -eq 0 ]
	[ "$output" = "# measure	query	mean	lower	upper
MRR	all	0.2500	0.2500	0.2500
# end" ]
}

@test "bootstrap: two queries 0 and 1, by hand" {
	# A resample of two queries draws both once (mean 1/2, probability
	# 1/2), or one of them twice (0 or 1, probability 1/4 each). With 4000
	# resamples about 1000 are 0 and 1000 are 1: the 2.5% and 97.5%
	# quantiles are 0 and 1. At 40% the quantiles 0.3 and 0.7 fall in the
	# middle half: both are 1/2. The mean of the data is 1/2.
	printf 'hit@1\tq1\t0\nhit@1\tq2\t1\n' | stream two
	run --separate-stderr bootstrap -B 4000 "$BATS_TEST_TMPDIR/two"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "hit@1	all	0.5000	0.0000	1.0000" ]
	run --separate-stderr bootstrap -B 4000 -c 40 "$BATS_TEST_TMPDIR/two"
	[ "${lines[1]}" = "hit@1	all	0.5000	0.5000	0.5000" ]
}

@test "bootstrap: a measure without a value for a query is averaged over the others" {
	# q2 has no AP: the mean is (2 + 4)/2 = 3 over q1 and q3. Every
	# resample that draws q1 or q3 averages only them; resamples of q2
	# alone have no mean and drop out. With -c 0.01 both ends sit at the
	# median of the resampled means, which for the symmetric 2, 4 is 3.
	printf 'AP\tq1\t2\nAP\tq2\t-\nAP\tq3\t4\nP@1\tq1\t1\nP@1\tq2\t1\nP@1\tq3\t1\n' | stream gap
	run --separate-stderr bootstrap -B 2001 -c 0.01 "$BATS_TEST_TMPDIR/gap"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "AP	all	3.0000	3.0000	3.0000" ]
	[ "${lines[2]}" = "P@1	all	1.0000	1.0000	1.0000" ]
	# a measure with no value at all has no mean and no interval
	printf 'AP\tq1\t-\nAP\tq2\t-\n' | stream none
	run --separate-stderr bootstrap -B 100 "$BATS_TEST_TMPDIR/none"
	[ "${lines[1]}" = "AP	all	-	-	-" ]
}

@test "bootstrap: the same bytes for every -j, and for a second run" {
	"$TESTBIN/rngdraw" uniform 3 600 | awk '{ printf "m%d\tq%d\t%.4f\n", NR % 3, int(NR / 3), $1 }' | stream u
	bootstrap -B 999 -j 1 "$BATS_TEST_TMPDIR/u" > "$BATS_TEST_TMPDIR/j1"
	bootstrap -B 999 -j 3 "$BATS_TEST_TMPDIR/u" > "$BATS_TEST_TMPDIR/j3"
	bootstrap -B 999 -j 7 --method bca "$BATS_TEST_TMPDIR/u" > "$BATS_TEST_TMPDIR/b7"
	bootstrap -B 999 -j 2 --method bca "$BATS_TEST_TMPDIR/u" > "$BATS_TEST_TMPDIR/b2"
	cmp "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/j3"
	cmp "$BATS_TEST_TMPDIR/b7" "$BATS_TEST_TMPDIR/b2"
	cp "$BATS_TEST_TMPDIR/u" "$BATS_TEST_TMPDIR/v"
	bootstrap -B 99 -j 1 "$BATS_TEST_TMPDIR/u" "$BATS_TEST_TMPDIR/v" > "$BATS_TEST_TMPDIR/p1"
	bootstrap -B 99 -j 4 "$BATS_TEST_TMPDIR/u" "$BATS_TEST_TMPDIR/v" > "$BATS_TEST_TMPDIR/p4"
	cmp "$BATS_TEST_TMPDIR/p1" "$BATS_TEST_TMPDIR/p4"
	# another seed draws other resamples
	bootstrap -B 999 -s 2 "$BATS_TEST_TMPDIR/u" > "$BATS_TEST_TMPDIR/s2"
	run cmp -s "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/s2"
	[ "$status" -eq 1 ]
}

@test "bootstrap: the 95% percentile interval covers a Bernoulli mean in 93-97% of 400 samples" {
	# 400 samples of 200 queries from a Bernoulli(0.3) population, each a
	# measure of its own; the share of intervals that hold 0.3
	"$TESTBIN/rngdraw" uniform 1 80000 |
		awk '{ printf "s%d\tq%d\t%d\n", int((NR - 1) / 200), (NR - 1) % 200, $1 < 0.3 }' |
		stream bern
	run --separate-stderr sh -c "bootstrap -B 2000 '$BATS_TEST_TMPDIR/bern' |
		awk '!/^#/ { n++; if (\$4 <= 0.3 && \$5 >= 0.3) c++ } END { print n, c / n }'"
	[ "$status" -eq 0 ]
	echo "$output"
	awk -v r="$output" 'BEGIN { split(r, f, " "); exit !(f[1] == 400 && f[2] >= 0.93 && f[2] <= 0.97) }'
}

@test "bootstrap: the 95% BCa interval covers a skewed (exponential) mean in 93-97% of 400 samples" {
	# 400 samples of 200 queries from the exponential distribution of mean
	# 1 (skewness 2), -log(1 - u) of uniform draws
	"$TESTBIN/rngdraw" uniform 2 80000 |
		awk '{ printf "s%d\tq%d\t%.6f\n", int((NR - 1) / 200), (NR - 1) % 200, -log(1 - $1) }' |
		stream expo
	run --separate-stderr sh -c "bootstrap -B 2000 --method bca '$BATS_TEST_TMPDIR/expo' |
		awk '!/^#/ { n++; if (\$4 <= 1 && \$5 >= 1) c++ } END { print n, c / n }'"
	[ "$status" -eq 0 ]
	echo "$output"
	awk -v r="$output" 'BEGIN { split(r, f, " "); exit !(f[1] == 400 && f[2] >= 0.93 && f[2] <= 0.97) }'
}

@test "bootstrap: BCa by hand: no skew and no bias give the percentile interval" {
	# values 1..4 of two measures: symmetric about the mean, so the
	# jackknife acceleration is 0; the share of resampled means below
	# 2.5 equals the share above, so z0 = 0 (ties count one half), and
	# BCa's levels are the percentile levels (1 -+ 0.95)/2. The resampled
	# means are not exactly symmetric in a finite run, so compare with a
	# run big enough that z0 is within 0.01: the ends agree to 2 decimals.
	printf 'x\tq%d\t%d\n' 1 1 2 2 3 3 4 4 | stream sym
	a=$(bootstrap -B 20000 -p 2 "$BATS_TEST_TMPDIR/sym" | body)
	b=$(bootstrap -B 20000 -p 2 --method bca "$BATS_TEST_TMPDIR/sym" | body)
	[ "$a" = "$b" ]
}

@test "bootstrap: identical systems: zero difference, zero width, p = 1" {
	# every difference is 0: every resampled mean and every sign-flipped
	# sum is 0, and each of the N draws is as extreme: p = (N+1)/(N+1);
	# sd 0: no d_z; 40 ties
	"$TESTBIN/rngdraw" uniform 4 40 | awk '{ printf "MAP@R\tq%d\t%.4f\nhit@1\tq%d\t%d\n", NR, $1, NR, $1 < 0.5 }' | stream a
	run --separate-stderr bootstrap -B 500 --permutations 300 "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/a"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# measure	pair	difference	lower	upper	p	raw_p	d_z	wins	ties	losses" ]
	[ "${lines[3]}" = "MAP@R	A-B	0.0000	0.0000	0.0000	1.000000	1.000000	-	0	40	0" ]
	[ "${lines[4]}" = "hit@1	A-B	0.0000	0.0000	0.0000	1.000000	1.000000	-	0	40	0" ]
	[ "${lines[5]}" = "# end" ]
}

@test "bootstrap: a system equal to another plus a constant differs by that constant" {
	# B = A + 0.25 on 30 queries: every difference A - B is -0.25, so is
	# every resampled mean. A sign-flipped sum reaches |30 * 0.25| only
	# when all 30 signs agree (probability 2^-29), which none of 999 draws
	# does: p = (0 + 1)/(999 + 1) = 0.001. The differences are equal but
	# for the rounding of the 4-decimal values: sd 0, no d_z; B is better
	# on all 30 queries (A loses 30).
	"$TESTBIN/rngdraw" uniform 5 30 | awk '{ printf "nDCG@10\tq%d\t%.4f\n", NR, $1 }' | stream a
	"$TESTBIN/rngdraw" uniform 5 30 | awk '{ printf "nDCG@10\tq%d\t%.4f\n", NR, $1 + 0.25 }' | tac | stream b
	run --separate-stderr bootstrap --permutations 999 "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "nDCG@10	A-B	-0.2500	-0.2500	-0.2500	0.001000	0.001000	-	0	0	30" ]
	# and the other way round
	run --separate-stderr bootstrap --permutations 999 "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/a"
	[ "${lines[3]}" = "nDCG@10	A-B	0.2500	0.2500	0.2500	0.001000	0.001000	-	30	0	0" ]
}

@test "bootstrap: three and more systems: Holm's adjustment by hand" {
	# B = A, C = A + 1, D = A + 2 on 30 queries: raw p of A-B is 1 (all
	# differences 0), of A-C and A-D 1/1000 (as in the constant test).
	# Holm, ascending: 0.001 * 3 = 0.003; max(0.003, 0.001 * 2) = 0.003;
	# max(0.003, 1 * 1) = 1. Constant differences: no d_z; A ties B on
	# all 30 queries and loses to C and D on all.
	"$TESTBIN/rngdraw" uniform 6 30 | awk '{ printf "AP\tq%d\t%.4f\n", NR, $1 }' | stream a
	for k in 0 1 2; do
		"$TESTBIN/rngdraw" uniform 6 30 | awk -v k=$k '{ printf "AP\tq%d\t%.4f\n", NR, $1 + k }' | stream s$k
	done
	run --separate-stderr bootstrap --permutations 999 "$BATS_TEST_TMPDIR/a" \
		"$BATS_TEST_TMPDIR/s0" "$BATS_TEST_TMPDIR/s1" "$BATS_TEST_TMPDIR/s2"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# measure	pair	difference	lower	upper	p	raw_p	d_z	wins	ties	losses" ]
	[ "${lines[1]}" = "# A: $BATS_TEST_TMPDIR/a" ]
	[ "${lines[5]}" = "AP	A-B	0.0000	0.0000	0.0000	1.000000	1.000000	-	0	30	0" ]
	[ "${lines[6]}" = "AP	A-C	-1.0000	-1.0000	-1.0000	0.003000	0.001000	-	0	0	30" ]
	[ "${lines[7]}" = "AP	A-D	-2.0000	-2.0000	-2.0000	0.003000	0.001000	-	0	0	30" ]
}

@test "bootstrap: Holm, the normal distribution and Wilson by hand (lib/stats)" {
	# Holm on 0.01 0.04 0.03 0.005, ascending 0.005 0.01 0.03 0.04:
	# 4*0.005 = 0.02, 3*0.01 = 0.03, 2*0.03 = 0.06, max(0.06, 0.04) = 0.06
	run "$TESTBIN/statcheck" holm 0.01 0.04 0.03 0.005
	[ "$(echo "$output" | awk '{ printf "%.4f ", $1 }')" = "0.0300 0.0600 0.0600 0.0200 " ]
	# Phi(1.96) = 0.9750021048517795, Phi^-1(0.975) = 1.959963984540054
	# (the published values of the normal table, e.g. R's pnorm and qnorm)
	# and Phi(-5) = 2.866515718791939e-07, to 13 digits
	run "$TESTBIN/statcheck" cdf 1.96 -1.96 0 -5
	[ "$(echo "$output" | awk '{ printf "%.13g ", $1 }')" = "0.9750021048518 0.02499789514822 0.5 2.866515718792e-07 " ]
	run "$TESTBIN/statcheck" quantile 0.975 0.025 0.5
	[ "$(echo "$output" | awk '{ printf "%.14f ", $1 }')" = "1.95996398454005 -1.95996398454005 0.00000000000000 " ]
	# Wilson, 3 of 10 at 95%: z = 1.95996398, z^2 = 3.84145882,
	# 1 + z^2/10 = 1.38414588; centre (0.3 + 0.19207294)/1.38414588 =
	# 0.35550656; half 1.95996398 * sqrt(0.021 + 0.00960365)/1.38414588 =
	# 0.34287410/1.38414588 = 0.24771529; 0.10779127 .. 0.60322185
	run "$TESTBIN/statcheck" wilson 3 10 0.95
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "0.107791 0.603222 " ]
	# the 0.25-quantile of 1 2 3 4 5 by linear interpolation: h = 4*0.25 = 1
	# -> 2; the 0.1-quantile: h = 0.4 -> 1 + 0.4 = 1.4
	run "$TESTBIN/statcheck" quantile7 0.25 1 2 3 4 5
	[ "$output" = "2" ]
	run "$TESTBIN/statcheck" quantile7 0.1 1 2 3 4 5
	[ "$(echo "$output" | awk '{ printf "%.6f", $1 }')" = "1.400000" ]
}

@test "bootstrap: --wilson for 0/1 and percent measures, '-' for others" {
	# hit@1 in percent, 3 of 10: Wilson 10.7791 .. 60.3222 (as above)
	for i in 1 2 3 4 5 6 7 8 9 10; do
		printf 'hit@1\tq%d\t%s\nMRR\tq%d\t0.5\n' $i "$([ $i -le 3 ] && echo 100.00 || echo 0.00)" $i
	done | stream w
	run --separate-stderr bootstrap -B 100 --wilson "$BATS_TEST_TMPDIR/w"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# measure	query	mean	lower	upper	wilson_lower	wilson_upper" ]
	[ "$(echo "${lines[1]}" | cut -f 1,2,3,6,7)" = "hit@1	all	30.0000	10.7791	60.3222" ]
	[ "${lines[2]}" = "MRR	all	0.5000	0.5000	0.5000	-	-" ]
}

@test "bootstrap: a query missing from one side is an error naming it and the file" {
	printf 'AP\tq1\t0.5\nAP\tq2\t0.25\n' | stream a
	printf 'AP\tq1\t0.5\n' | stream b
	run --separate-stderr bootstrap "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bootstrap: $BATS_TEST_TMPDIR/b: query 'q2' of $BATS_TEST_TMPDIR/a is missing (from treceval -q, add -c: a row for every query of the qrels)" ]
	[ -z "$output" ]
	run --separate-stderr bootstrap "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/a"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bootstrap: $BATS_TEST_TMPDIR/a:3: query 'q2' is not in $BATS_TEST_TMPDIR/b (from treceval -q, add -c: a row for every query of the qrels)" ]
	printf 'MRR\tq1\t0.5\nMRR\tq2\t0.25\n' | stream c
	run --separate-stderr bootstrap "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/c"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bootstrap: $BATS_TEST_TMPDIR/c:2: measure 'MRR' is not in $BATS_TEST_TMPDIR/a" ]
}

# issue 27: 3.3e307 printed as the first 63 digits of its 308 (a 64-byte
# buffer), and three values of 1e308 summed to inf
@test "bootstrap: values near the largest double: shortest text, no overflow" {
	cd "$BATS_TEST_TMPDIR"
	# equal values: every resample mean is the value itself
	printf 'MeanR\tq1\t3.3e307\nMeanR\tq2\t3.3e307\n' | stream big
	run --separate-stderr bootstrap -B 50 big
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "MeanR	all	3.3e+307	3.3e+307	3.3e+307" ]
	printf 'm\tq1\t1e308\nm\tq2\t1e308\nm\tq3\t1e308\n' | stream top
	for method in percentile bca; do
		run --separate-stderr bootstrap -B 50 --method $method top
		[ "${lines[1]}" = "m	all	1e+308	1e+308	1e+308" ]
	done
	# (3 - 1) 1e308 / 4 = 5e307; every resample mean lies in [-1e308, 1e308]
	printf 'm\tq1\t1e308\nm\tq2\t1e308\nm\tq3\t1e308\nm\tq4\t-1e308\n' | stream mixed
	run --separate-stderr bootstrap -B 2000 --method bca mixed
	[ "$status" -eq 0 ]
	echo "${lines[1]}" | awk -F'\t' '$3 == "5e+307" && $4 >= -1e308 && $4 < $5 && $5 <= 1e308 { ok = 1 } END { exit !ok }'
	# below 2^53 the decimals asked for; from 2^53 on a double has no
	# fraction: the shortest text that reads back to it
	printf 'm\tq1\t9007199254740991\nn\tq1\t9007199254740992\n' | stream edge
	run --separate-stderr bootstrap -B 10 -p 2 edge
	[ "${lines[1]}" = "m	all	9007199254740991.00	9007199254740991.00	9007199254740991.00" ]
	[ "${lines[2]}" = "n	all	9007199254740992	9007199254740992	9007199254740992" ]
	# differences of 3e308 and -3e308 (a - b overflows): the mean
	# difference 0, and at 40% the middle half of the resamples, 0
	printf 'm\tq1\t1.5e308\nm\tq2\t-1.5e308\n' | stream A
	printf 'm\tq1\t-1.5e308\nm\tq2\t1.5e308\n' | stream B
	run --separate-stderr bootstrap -B 4000 -c 40 A B
	[ "$status" -eq 0 ]
	# d_z 0 (mean 0, sd 3e308 sqrt 2, no overflow); A wins q1, loses q2
	[ "${lines[3]}" = "m	A-B	0.0000	0.0000	0.0000	1.000000	1.000000	0.0000	1	0	1" ]
	# at 95% a bound is -3e308 or 3e308: no double holds it
	run --separate-stderr bootstrap -B 4000 A B
	[ "$status" -eq 1 ]
	[[ $stderr == "bootstrap: A: measure 'm': the lower bound, "*" is past the largest double" ]]
	[[ $output != *"# end"* ]]
}

@test "bootstrap: bad input is one line naming file and line" {
	cd "$BATS_TEST_TMPDIR"
	printf '# measure\tquery\tvalue\nAP\tq1\t0.5\nAP\tq2\tx\n# end\n' > bad
	run --separate-stderr bootstrap bad
	[ "$status" -eq 1 ]
	[ "$stderr" = "bootstrap: bad:3: field 3: bad number 'x'" ]
	printf '# measure\tquery\tvalue\nAP\tq1\tnan\n# end\n' > nan
	run --separate-stderr bootstrap nan
	[ "$stderr" = "bootstrap: nan:2: field 3: NaN is not a value (a missing value is '-')" ]
	printf '# measure\tquery\tvalue\nAP\tq1\tinf\n# end\n' > inf
	run --separate-stderr bootstrap inf
	[ "$stderr" = "bootstrap: inf:2: field 3: infinite value 'inf'" ]
	printf '# measure\tquery\tvalue\nAP\tq1\t0.5\tx\n# end\n' > four
	run --separate-stderr bootstrap four
	[ "$stderr" = "bootstrap: four:2: expected 3 fields (measure query value), found 4" ]
	printf '# measure\tquery\tvalue\nAP\tq1\t0.5\n' > cut
	run --separate-stderr bootstrap cut
	[ "$status" -eq 1 ]
	[ "$stderr" = "bootstrap: cut:2: stream ends without its '# end' line (the program upstream failed)" ]
	[ -z "$output" ]
	printf '# measure\tquery\tvalue\nAP\tq1\t0.5\nAP\tq1\t0.7\n# end\n' > twice
	run --separate-stderr bootstrap twice
	[ "$stderr" = "bootstrap: twice:3: second row of measure 'AP' for query 'q1'" ]
	printf '# measure\tquery\tvalue\nAP\tall\t0.5\n# end\n' > summary
	run --separate-stderr bootstrap summary
	[ "$status" -eq 1 ]
	[ "$stderr" = "bootstrap: summary: no per-query rows (the measure programs write them with -q)" ]
	run --separate-stderr bootstrap missing-file
	[ "$status" -eq 1 ]
	[[ "$stderr" == "bootstrap: missing-file: "* ]]
}

@test "bootstrap: usage errors exit 2" {
	printf 'AP\tq1\t0.5\n' | stream a
	for args in "-B 0" "-B x" "-c 100" "-c 0" "--method student" "--permutations 0" \
		"-j 0" "-p 18" "-s -1" "--nonsense" "--wilson $BATS_TEST_TMPDIR/a" "- -"; do
		run --separate-stderr bootstrap $args "$BATS_TEST_TMPDIR/a"
		echo "$args: $status $stderr"
		[ "$status" -eq 2 ]
		[[ "$stderr" == "bootstrap: "* ]]
	done
	run bootstrap --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: bootstrap "* ]]
	run bootstrap --version
	[ "$status" -eq 0 ]
}

@test "bootstrap: reads stdin and the output of hitrate -q" {
	run --separate-stderr sh -c "rankof -r '$BATS_TEST_DIRNAME/../examples/data/tiny.qrels' \
		'$BATS_TEST_DIRNAME/../examples/data/tiny.run' | hitrate -q -f -k 1 -m hit | bootstrap -B 100"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# measure	query	mean	lower	upper" ]
	[ "$(echo "${lines[1]}" | cut -f 1,2)" = "hit@1	all" ]
	[ "${lines[2]}" = "# end" ]
}

@test "bootstrap: examples/pipelines/compare-systems.sh says what its numbers show" {
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/compare-systems.sh"
	[ "$status" -eq 0 ]
	# the words: B beats A (every A-B interval below 0, p < 0.05, also after
	# Holm), C is not told from A (every A-C interval holds 0, p > 0.05),
	# and the tiny example's single change gives p = 1: its differences
	# -1 0 0 0, mean -0.25, sd sqrt((0.5625 + 3 * 0.0625)/3) = 0.5, d_z
	# -0.5; A loses one query and ties three
	echo "$output" | awk -F '\t' '
		$2 == "A-B" { ab++; if ($5 < 0 && $6 < 0.05) okab++ }
		$2 == "A-C" { ac++; if ($4 < 0 && $5 > 0 && $6 > 0.05) okac++ }
		END { exit !(ab == 9 && okab == 6 && ac == 3 && okac == 3) }'
	echo "$output" | grep -q '^hit@1	A-B	-0.2500	-0.7500	0.0000	1.000000	1.000000	-0.5000	0	3	1$'
}
