#!/usr/bin/env bats
# bootstrap --test and --adjust: the paired t-test and Wilcoxon's
# signed-rank test against scipy, and the adjustments of p by hand.
# The data (tests/data/significance, its README) have n = 24 and n = 80
# queries, ties and zero differences.
load helper

SIG="$BATS_TEST_DIRNAME/data/significance"
TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

# near WANT GOT...: every GOT within 1e-12 of WANT relative to it
near() {
	local want=$1
	shift
	for got in "$@"; do
		awk -v w="$want" -v g="$got" 'BEGIN {
			d = w - g; if (d < 0) d = -d
			exit !(d <= 1e-12 * (w < 0 ? -w : w)) }' ||
			{ echo "want $want, got $got" >&2; return 1; }
	done
}

# pcol FILE... : bootstrap's p column (17 decimals), one per data row
pcol() {
	bootstrap -B 10 -p 17 "$@" | body | cut -f6
}

@test "adjust: Holm, Benjamini-Hochberg, Bonferroni and none by hand (lib/stats)" {
	# p = 0.01 0.04 0.03 0.005, m = 4; ascending 0.005 0.01 0.03 0.04.
	# BH, m p(i)/i: 0.02, 0.02, 0.04, 0.04, then the least from the top
	# down (monotone): 0.02 0.02 0.04 0.04; in input order:
	run "$TESTBIN/statcheck" bh 0.01 0.04 0.03 0.005
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "0.020000 0.040000 0.040000 0.020000 " ]
	# Bonferroni, 4 p: 0.04 0.16 0.12 0.02
	run "$TESTBIN/statcheck" bonferroni 0.01 0.04 0.03 0.005
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "0.040000 0.160000 0.120000 0.020000 " ]
	run "$TESTBIN/statcheck" none 0.01 0.04 0.03 0.005
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "0.010000 0.040000 0.030000 0.005000 " ]
	# BH's step-up: 0.02 0.03 gives 2 * 0.02 / 1 = 0.04 and 0.03 / 1;
	# the smaller p takes the least from above, 0.03
	run "$TESTBIN/statcheck" bh 0.02 0.03
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "0.030000 0.030000 " ]
	# capped at 1: BH 0.9 0.6 -> 0.9, min(1.2, 0.9) = 0.9; Bonferroni
	# 0.9 0.6 -> 1, 1; Holm 0.6 -> 1.2 -> 1, then max(1, 0.9) = 1
	run "$TESTBIN/statcheck" bh 0.9 0.6
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "0.900000 0.900000 " ]
	run "$TESTBIN/statcheck" bonferroni 0.9 0.6
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "1.000000 1.000000 " ]
	run "$TESTBIN/statcheck" holm 0.9 0.6
	[ "$(echo "$output" | awk '{ printf "%.6f ", $1 }')" = "1.000000 1.000000 " ]
	# NaN (no value) does not count in m: Bonferroni of 0.01, NaN, 0.02
	run "$TESTBIN/statcheck" bonferroni 0.01 nan 0.02
	[ "$(echo "$output" | awk '{ printf "%s ", $1 }')" = "0.02 nan 0.040000000000000001 " ]
}

@test "bootstrap --test t: p equal to scipy's ttest_rel (n = 24 and 80, ties, zeros)" {
	# /usr/bin/python3 (Debian scipy 1.10.1):
	#   stats.ttest_rel(a[m], b[m]).pvalue for each file pair and measure
	cd "$SIG"
	run pcol --test t a24 b24
	[ "${#lines[@]}" -eq 2 ]
	near 0.6049955144170245 "${lines[0]}"	# AP
	near 0.30708644446540284 "${lines[1]}"	# P@4: quarters, ties, zeros
	run pcol --test t a80 b80
	near 0.06753845238099539 "${lines[0]}"
	near 2.038786006551923e-05 "${lines[1]}"
	# 3,000 differences (d3000, numpy normal(0.03, 0.5), 4 decimals):
	# stats.ttest_1samp(d, 0).pvalue, the same as ttest_rel(d, 0 * d)
	run "$TESTBIN/statcheck" ttest $(cat d3000)
	near 0.0020594270966083025 "$output"
}

@test "bootstrap --test wilcoxon: exact and normal p equal to scipy's wilcoxon" {
	# stats.wilcoxon(a[m], b[m], zero_method='wilcox', correction=False,
	#   method=M).pvalue, M 'exact' for AP of a24 b24 (no ties or zeros,
	#   n <= 50) and a24 c24, 'approx' for the others (ties and zeros;
	#   n = 80 > 50)
	cd "$SIG"
	run pcol --test wilcoxon a24 b24
	near 0.5087660551071167 "${lines[0]}"	# exact
	near 0.29049739920715534 "${lines[1]}"	# approx
	run pcol --test wilcoxon a80 b80
	near 0.0742915513391324 "${lines[0]}"
	near 4.807865761569687e-05 "${lines[1]}"
	# which distribution: statcheck prints 1 for the exact one
	run "$TESTBIN/statcheck" wilcoxon 0.5 -1.5 2 3
	[ "${lines[1]}" = 1 ]
	# ranks 1 (+), 2 (-), 3 (+), 4 (+): R+ = 8; of the 16 subsets of
	# 1..4, three sum to 8 or more ({1,3,4}, {2,3,4}, {1,2,3,4}):
	# 2 P(R+ >= 8) = 6/16
	[ "${lines[0]}" = 0.375 ]
	# mirrored, R+ = 2: the lower tail, sums 0, 1, 2 ({}, {1}, {2}):
	# 2 P(R+ <= 2) = 6/16 again
	run "$TESTBIN/statcheck" wilcoxon -0.5 1.5 -2 -3
	[ "${lines[0]}" = 0.375 ]
	run "$TESTBIN/statcheck" wilcoxon 0.5 -0.5 2 3
	[ "${lines[1]}" = 0 ]	# a tie: the normal approximation
	run "$TESTBIN/statcheck" wilcoxon 0 1 2 3
	[ "${lines[1]}" = 0 ]	# a zero: the normal approximation
}

@test "bootstrap --adjust: three systems, the stream's p adjusted, raw_p the test's" {
	# scipy as above: A-B 0.6049955144170245 (AP), 0.30708644446540284
	# (P@4); A-C 0.056523872500615566 (AP), 0.7434870367781862 (P@4).
	# Holm (default), AP: 2 * 0.0565 = 0.11305, max(0.605, 0.113) = 0.605;
	# P@4: 2 * 0.307 = 0.614, max(0.743, 0.614) = 0.743
	cd "$SIG"
	run bootstrap -B 10 -p 17 --test t a24 b24 c24
	[ "${lines[0]}" = "# measure	pair	difference	lower	upper	p	raw_p	d_z	wins	ties	losses" ]
	run bash -c 'bootstrap -B 10 -p 17 --test t a24 b24 c24 | grep -v "^#" | cut -f6,7 | tr "\t\n" "  "'
	set -- $output
	near 0.6049955144170245 "$1" "$2"
	near 0.11304774500123113 "$3"
	near 0.056523872500615566 "$4"
	near 0.6141728889308057 "$5"
	near 0.30708644446540284 "$6"
	near 0.7434870367781862 "$7" "$8"
	# Bonferroni: 2 p capped at 1
	run bash -c 'bootstrap -B 10 -p 17 --test t --adjust bonferroni a24 b24 c24 | grep -v "^#" | cut -f6 | tr "\n" " "'
	set -- $output
	near 1 "$1"
	near 0.11304774500123113 "$2"
	near 0.6141728889308057 "$3"
	near 1 "$4"
	# BH: AP 0.0565 * 2/1 = 0.11305, 0.605 * 2/2 = 0.605; P@4 0.307 * 2
	# = 0.614, 0.743: min from the top, 0.614 and 0.743
	run bash -c 'bootstrap -B 10 -p 17 --test t --adjust bh a24 b24 c24 | grep -v "^#" | cut -f6 | tr "\n" " "'
	set -- $output
	near 0.6049955144170245 "$1"
	near 0.11304774500123113 "$2"
	near 0.6141728889308057 "$3"
	near 0.7434870367781862 "$4"
	run bash -c 'bootstrap -B 10 -p 17 --test t --adjust none a24 b24 c24 | grep -v "^#" | cut -f6 | tr "\n" " "'
	set -- $output
	near 0.056523872500615566 "$2"
}

@test "bootstrap --test and --adjust: named in the table's legend and the report" {
	cd "$SIG"
	run bootstrap -B 10 --format markdown --test wilcoxon --adjust bh a24 b24 c24
	[ "$status" -eq 0 ]
	[[ $output == *"†: differs from the baseline, a24, at the 95% level: BH-adjusted p ≤ 0.05 over the 2 comparisons with it per measure (Wilcoxon signed-rank test)."* ]]
	run bootstrap -B 10 --format text --test t --adjust none a24 b24 c24
	[[ $output == *"*: differs from the baseline, a24, at the 95% level: p <= 0.05 unadjusted for the 2 comparisons with it per measure (paired t-test)."* ]]
	run bootstrap -B 10 --format report --test t --adjust bonferroni a24 b24 c24
	[[ $output == *"p: a paired t-test of no difference,
Bonferroni-adjusted over the 2 comparisons with the baseline per measure."* ]]
	[[ $output == *"(Bonferroni-adjusted p = 0.113; before the adjustment p = 0.0565)"* ]]
	run bootstrap -B 10 --format report --test wilcoxon a24 b24
	[[ $output == *"p: a Wilcoxon signed-rank test of no difference."* ]]
}

@test "bootstrap --test, --adjust: a bad choice is a usage error" {
	run --separate-stderr bootstrap --test z "$SIG/a24" "$SIG/b24"
	[ "$status" -eq 2 ]
	[[ $stderr == "bootstrap: --test: "*z* ]]
	run --separate-stderr bootstrap --adjust holmes "$SIG/a24" "$SIG/b24"
	[ "$status" -eq 2 ]
	[[ $stderr == "bootstrap: --adjust: "*holmes* ]]
}

# two TREC runs of trec_eval's test data: its own, and the same documents
# in the reverse order (scores negated)
trec_runs() {
	awk 'BEGIN { OFS = "\t" } { $5 = -$5 } 1' "$TREC_DATA/results.test" >rev.run
	treceval -q -c -m all_trec "$TREC_DATA/qrels.test" "$TREC_DATA/results.test" >A.te
	treceval -q -c -m all_trec "$TREC_DATA/qrels.test" rev.run >B.te
}

@test "bootstrap: treceval -q -c -m all_trec of two runs into a LaTeX table" {
	cd "$BATS_TEST_TMPDIR"
	trec_runs
	grep -q "^relstring" A.te
	run --separate-stderr bootstrap -B 200 --permutations 200 --test t --format latex A.te B.te
	[ "$status" -eq 0 ]
	# one note for both files
	[ "$stderr" = "bootstrap: left out of trec_eval's -q output: relstring (its values are text) and the rows of the whole run (query 'all': runid, num_q, the means)" ]
	[ "${lines[0]}" = "% bootstrap --format latex: needs \\usepackage{booktabs}" ]
	[ "${lines[${#lines[@]} - 1]}" = "\\end{table}" ]
	# a column per measure with numeric per-query rows, relstring not one
	want=$(awk -F'\t' '$2 != "all" && $3 !~ /^'"'"'/ { sub(/ +$/, "", $1); if (!seen[$1]++) n++ } END { print n }' A.te)
	header=$(printf '%s\n' "${lines[@]}" | grep '^System &')
	[ "$(echo "$header" | awk -F' & ' '{ print NF - 1 }')" -eq "$want" ]
	[[ $header != *relstring* ]]
	# map's means over the 3 queries, by awk from treceval's rows
	a=$(awk -F'\t' '$1 ~ /^map +$/ && $2 != "all" { s += $3; n++ } END { printf "%.4f", s / n }' A.te)
	b=$(awk -F'\t' '$1 ~ /^map +$/ && $2 != "all" { s += $3; n++ } END { printf "%.4f", s / n }' B.te)
	col=$(echo "$header" | awk -F' & ' '{ for (i = 2; i <= NF; i++) if ($i == "map") print i }')
	rowA=$(printf '%s\n' "${lines[@]}" | grep '^A.te &')
	rowB=$(printf '%s\n' "${lines[@]}" | grep '^B.te &')
	[[ $(echo "$rowA" | awk -F' & ' -v c="$col" '{ print $c }') == *"$a"* ]]
	[[ $(echo "$rowB" | awk -F' & ' -v c="$col" '{ print $c }') == *"$b"* ]]
	[[ $output == *"(paired t-test)"* ]]
}

@test "bootstrap: a query one treceval file lacks names treceval -c as the fix" {
	cd "$BATS_TEST_TMPDIR"
	# results.trunc has no line of topic 302, which the qrels judge
	treceval -q -m map "$TREC_DATA/qrels.test" "$TREC_DATA/results.test" >A.te
	treceval -q -m map "$TREC_DATA/qrels.test" "$TREC_DATA/results.trunc" >B.te 2>/dev/null
	fails_with "bootstrap: B.te: query '302' of A.te is missing (from treceval -q, add -c: a row for every query of the qrels)" \
		bootstrap -B 10 A.te B.te
	# no note for a stream without trec_eval's text or num_q
	run --separate-stderr bootstrap -B 10 A.te A.te
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "bootstrap: d_z and wins, ties, losses in the stream (version 2)" {
	# /usr/bin/python3, numpy: d = a - b; d.mean() / d.std(ddof=1),
	# (d > 0).sum(), (d == 0).sum(), (d < 0).sum()
	cd "$SIG"
	run bash -c 'bootstrap -B 10 -p 17 a24 b24 c24 | grep -v "^#" | cut -f1,2,8-11'
	[ "$(echo "${lines[0]}" | cut -f1,2,4-6)" = "AP	A-B	16	0	8" ]
	near 0.10704944474859915 "$(echo "${lines[0]}" | cut -f3)"
	[ "$(echo "${lines[1]}" | cut -f1,2,4-6)" = "AP	A-C	16	0	8" ]
	near 0.40989083522354874 "$(echo "${lines[1]}" | cut -f3)"
	[ "$(echo "${lines[2]}" | cut -f1,2,4-6)" = "P@4	A-B	7	7	10" ]
	near -0.2132175721659191 "$(echo "${lines[2]}" | cut -f3)"
	[ "$(echo "${lines[3]}" | cut -f1,2,4-6)" = "P@4	A-C	8	5	11" ]
	near -0.06760730151252926 "$(echo "${lines[3]}" | cut -f3)"
	run bash -c 'bootstrap -B 10 -p 17 a80 b80 | grep -v "^#" | cut -f8-11'
	[ "$(echo "${lines[0]}" | cut -f2-)" = "31	8	41" ]
	near -0.20723185007567804 "$(echo "${lines[0]}" | cut -f1)"
	[ "$(echo "${lines[1]}" | cut -f2-)" = "11	31	38" ]
	near -0.5068278183404541 "$(echo "${lines[1]}" | cut -f1)"
	# a rank improves downwards: A's lower MeanR wins
	printf 'MeanR\tq1\t2\nMeanR\tq2\t5\nMeanR\tq3\t4\n' >"$BATS_TEST_TMPDIR/r1"
	printf 'MeanR\tq1\t3\nMeanR\tq2\t5\nMeanR\tq3\t1\n' >"$BATS_TEST_TMPDIR/r2"
	# d = -1 0 3: mean 2/3, sd sqrt((25/9 + 4/9 + 49/9)/2) = sqrt(13/3),
	# d_z 0.3203
	run bash -c "bootstrap -B 10 $BATS_TEST_TMPDIR/r1 $BATS_TEST_TMPDIR/r2 | grep -v '^#' | cut -f8-11"
	[ "$output" = "0.3203	1	1	1" ]
}

@test "bootstrap: d_z and wins, ties, losses in the table and the report" {
	cd "$SIG"
	# the system's side: d_z of b - a is -0.107 (the stream's 0.107 of a - b,
	# numpy as above), b wins 8, ties 0, loses 16; P@4 0.213, 10/7/7
	run bootstrap -B 10 --format text a24 b24
	[ "$(echo "$output" | sed -n 4,6p)" = "
vs a24  AP            P@4
b24     -0.11 8/0/16  0.21 10/7/7" ]
	run bootstrap -B 10 --format report a24 b24
	[[ $output == *"  d_z = 0.107 (a24 - b24); a24 is better on 16 queries, b24 on 8, 0 equal."* ]]
	[[ $output == *"  d_z = -0.213 (a24 - b24); a24 is better on 7 queries, b24 on 10, 7 equal."* ]]
	run bootstrap -B 10 --format latex a24 b24
	[[ $output == *'b24 vs a24 & -0.11 8/0/16 & 0.21 10/7/7 \\'* ]]
}

@test "bootstrap --all-pairs: Tukey HSD p near the exact permutation p, identical and planted systems" {
	cd "$BATS_TEST_TMPDIR"
	col() { echo "$2" | tr ',' '\n' | awk '{ printf "AP\tq%d\t%s\n", NR, $1 }' >"$1"; }
	col A 0.2,0.5,0.9,0.4
	col B 0.6,0.7,0.8,0.9
	col C 0.1,0.5,0.3,0.2
	# exact, by enumerating all 6^4 permutations of the rows (python3:
	# itertools.product(permutations(range(3)), repeat=4), the share whose
	# range of means is >= the pair's |difference|): A-B 600/1296 =
	# 0.462963, A-C 696/1296 = 0.537037, B-C 36/1296 = 0.027778; 20,000
	# draws are within 4 standard errors, sqrt(p(1-p)/20000)
	run bash -c 'bootstrap --all-pairs --permutations 20000 A B C | grep -v "^#" | cut -f2-'
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | cut -f1,2)" = "A-B	-0.2500
A-C	0.2250
B-C	0.4750" ]
	echo "$output" | awk -F'\t' 'BEGIN { e["A-B"] = 600/1296; e["A-C"] = 696/1296; e["B-C"] = 36/1296 }
		{ se = sqrt(e[$1] * (1 - e[$1]) / 20000); d = $3 - e[$1]; if (d < 0) d = -d
		  if (d > 4 * se) { print "far:", $0; bad = 1 } } END { exit bad }'
	# the same bytes at any -j
	bootstrap --all-pairs --permutations 3000 -j 1 A B C >j1
	bootstrap --all-pairs --permutations 3000 -j 4 A B C >j4
	cmp j1 j4
	# identical systems: every range >= 0, p = 1; a planted difference of
	# 1 on 30 queries (C = A + 1): only permutations that put every +1 in
	# one system reach it, none of 999 draws does: p = 1/1000 <= 2/1000
	"$TESTBIN/rngdraw" uniform 6 30 | awk '{ printf "AP\tq%d\t%.4f\n", NR, $1 }' >s0
	awk 'BEGIN { OFS = "\t" } { $3 += 1; print }' s0 >s1
	run bash -c 'bootstrap --all-pairs --permutations 999 s0 s0 s1 | grep -v "^#" | cut -f2,4'
	[ "$output" = "A-B	1.000000
A-C	0.001000
B-C	0.001000" ]
}

@test "bootstrap --all-pairs: values near the largest double: no overflow, or an error" {
	cd "$BATS_TEST_TMPDIR"
	# sums of 1e308 + 1e308 would overflow: the mean difference is
	# (0 + 5e307)/2 = 2.5e307, and every permutation's range of means
	# is that again (q1's values are equal): p = 1
	printf 'm\tq1\t1e308\nm\tq2\t1e308\n' >h1
	printf 'm\tq1\t1e308\nm\tq2\t5e307\n' >h2
	run bash -c 'bootstrap --all-pairs --permutations 99 h1 h2 | grep -v "^#"'
	[ "$output" = "m	A-B	2.5e+307	1.000000" ]
	# a difference of 3e308: no double holds it
	printf 'm\tq1\t1.5e308\n' >h3
	printf 'm\tq1\t-1.5e308\n' >h4
	run --separate-stderr bootstrap --all-pairs h3 h4
	[ "$status" -eq 1 ]
	[[ $stderr == "bootstrap: h3: measure 'm': the mean difference, "*" is past the largest double" ]]
}

@test "bootstrap --all-pairs: not with --test, --adjust, one file or a table" {
	cd "$SIG"
	run --separate-stderr bootstrap --all-pairs --adjust bh a24 b24 c24
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "bootstrap: --all-pairs is its own test, the randomised Tukey HSD, which guards the family of pairs itself: not with --adjust" ]
	run --separate-stderr bootstrap --all-pairs --test t a24 b24
	[ "$status" -eq 2 ]
	run --separate-stderr bootstrap --all-pairs a24
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "bootstrap: --all-pairs needs two files or more and --format stream" ]
	run --separate-stderr bootstrap --all-pairs --format text a24 b24
	[ "$status" -eq 2 ]
}
