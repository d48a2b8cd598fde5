#!/usr/bin/env bats
# ndcg: hand-worked values in every tie mode with linear and exponential
# gains, grades inside tie groups, the ideal over unretrieved items, and
# trec_eval's own goldens (ndcg, ndcg_cut_*).
load helper
bats_require_minimum_version 1.5.0

T="$TREC_DATA"

setup() {
	# the worked example of rankkit(7): d3 (grade 1) tied at positions 2..4;
	# d9 (grade 2) never retrieved.
	W="$BATS_TEST_TMPDIR/worked.ranks"
	printf 'q1\td3\t1\t2\t2\t5\nq1\td9\t2\t-\t-\t5\n' >"$W"
	# two relevant items tied at positions 1..2, grades 3 and 1
	G="$BATS_TEST_TMPDIR/graded.ranks"
	printf 'qg\tdA\t3\t1\t1\t4\nqg\tdB\t1\t1\t1\t4\n' >"$G"
}

ndcg_is() {
	run --separate-stderr ndcg "$@"
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	diff -u - <(printf '%s\n' "$output" | body)
}

# With D(p) = 1/log2(1+p): D(1) = 1, D(2) = 0.6309298, D(3) = 0.5,
# D(4) = 0.4306766.
# Worked example, linear gains. The ideal holds d9 (grade 2) although it was
# never retrieved: IDCG@1 = 2, IDCG@K = 2 + 0.6309298 = 2.6309298 for K >= 2.
# Expected: d3's gain 1 is spread over positions 2..4 with weight 1/3:
#   DCG@2 = D(2)/3 = 0.2103099 -> nDCG@2 = 0.0799375
#   DCG@3 = (D(2) + D(3))/3 = 0.3769766 -> 0.1432864
#   DCG   = (D(2) + D(3) + D(4))/3 = 0.5205354 -> 0.1978523
# Optimistic (d3 at 2): 0.6309298 / 2.6309298 = 0.2398125.
# Pessimistic (d3 at 4): 0.4306766 / 2.6309298 = 0.1636975.
@test "ndcg: worked example, linear gain, three tie modes" {
	ndcg_is -f -k 1,2,3,4 "$W" <<-'E'
	nDCG@1	all	0.0000
	nDCG@2	all	0.0799
	nDCG@3	all	0.1433
	nDCG@4	all	0.1979
	nDCG	all	0.1979
	E
	ndcg_is -T optimistic -f -p 6 -k 2 -m nDCG@K,nDCG "$W" <<-'E'
	nDCG@2	all	0.239812
	nDCG	all	0.239812
	E
	ndcg_is -T pessimistic -f -p 6 -k 2 -m nDCG@K,nDCG "$W" <<-'E'
	nDCG@2	all	0.000000
	nDCG	all	0.163697
	E
	[ "$stderr" = "ndcg: ties change nDCG@2: 0.239812 if relevant items win every tie (optimistic), 0.000000 if they lose every one (pessimistic)
ndcg: ties change nDCG: 0.239812 if relevant items win every tie (optimistic), 0.163697 if they lose every one (pessimistic)" ]
}

# --gain exp: gains 2^1-1 = 1 for d3, 2^2-1 = 3 for d9; IDCG = 3 + D(2) =
# 3.6309298; expected DCG 0.5205354 -> 0.1433615; optimistic 0.1737653.
@test "ndcg: worked example, --gain exp" {
	ndcg_is --gain exp -f -p 6 -m nDCG "$W" <<-'E'
	nDCG	all	0.143361
	E
	ndcg_is --gain exp -T optimistic -f -p 6 -m nDCG "$W" <<-'E'
	nDCG	all	0.173765
	E
}

# Grades inside a tie (positions 1..2, grades 3 and 1), linear:
# IDCG@2 = 3 + D(2) = 3.6309298. Optimistic: grade 3 first, nDCG 1.
# Pessimistic: 1 + 3 D(2) = 2.8927893 -> 0.7967076. Expected: each position
# gets (3+1)/2: 2 (1 + D(2)) = 3.2618595 -> 0.8983538. At K = 1 (IDCG 3):
# optimistic 1, pessimistic 1/3, expected 2/3.
# Exponential gains 7 and 1: IDCG = 7 + D(2) = 7.6309298; pessimistic
# (1 + 7 D(2))/IDCG = 0.7098097; expected 4 (1 + D(2))/IDCG = 0.8549049.
@test "ndcg: grades inside a tie group: higher grades first (optimistic), lower first (pessimistic)" {
	ndcg_is -T optimistic -f -k 1 "$G" <<-'E'
	nDCG@1	all	1.0000
	nDCG	all	1.0000
	E
	ndcg_is -T pessimistic -f -k 1 "$G" <<-'E'
	nDCG@1	all	0.3333
	nDCG	all	0.7967
	E
	ndcg_is -f -k 1 "$G" <<-'E'
	nDCG@1	all	0.6667
	nDCG	all	0.8984
	E
	ndcg_is --gain exp -T pessimistic -f -m nDCG "$G" <<-'E'
	nDCG	all	0.7098
	E
	ndcg_is --gain exp -f -m nDCG "$G" <<-'E'
	nDCG	all	0.8549
	E
}

# --chance: one relevant item (grade 1) among n = 4, m = 1: at random it is
# anywhere in 1..4, E[DCG@2] = (1/4)(D(1) + D(2)) = 0.4077324, IDCG@2 = 1.
# --gain exp with grades past 2^1023 (issue 27): DCG and IDCG take every
# gain times 2^-gmax, so grades g and g-1 weigh 1 and 1/2 up to 2^-g, and
# 2^g - 1 over 2^(g-1) - 1 is 2 within 2^-958 from grade 960 on. Grade g at
# position 2 and g-1 at 1: (1/2 + D(2)) / (1 + D(2)/2), D(2) = 1/log2(3),
# = 1.1309297536 / 1.3154648768 = 0.8597186999 for every such g, both
# sides of the switch to scaled gains (961) and far past it. The query was
# dropped before (inf/inf): `all` is its mean with a query of value 1.
@test "ndcg: --gain exp with grades of 1024 and more: no query dropped" {
	cd "$BATS_TEST_TMPDIR"
	# the largest and smallest grades are the build's long: 2^31-1 for a
	# 32-bit program (ELF class byte 1), else 2^63-1
	if [ "$(od -An -tu1 -j4 -N1 "$RK_BIN/ndcg" | tr -d ' ')" = 1 ]; then
		max=2147483647 min=-2147483648
	else
		max=9223372036854775807 min=-9223372036854775808
	fi
	for g in 60 960 961 1024 5000 $max; do
		printf 'q1\td1\t%s\t2\t0\t5\nq1\td2\t%s\t1\t0\t5\nq2\td1\t1\t1\t0\t5\n' \
		    "$g" "$((g - 1))" > big
		ndcg_is --gain exp -f -p 10 -q -m nDCG big <<-'E'
		nDCG	q1	0.8597186999
		nDCG	q2	1.0000000000
		nDCG	all	0.9298593499
		E
	done
	# the largest and the smallest grades: 2^(LONG_MIN - LONG_MAX) is 0,
	# DCG = 1 + D(3) = 1.5, IDCG = 1 + D(2) = 1.6309297536: 0.9197207891
	printf 'q\ta\t%s\t1\t0\t5\nq\tb\t%s\t2\t0\t5\nq\tc\t%s\t3\t0\t5\n' $max $min $max > ext
	ndcg_is --gain exp -f -p 10 -m nDCG ext <<-'E'
	nDCG	all	0.9197207891
	E
	# a tie of grades 2000 and 1999 at positions 1..2: the expected DCG is
	# (1 + 1/2)/2 (1 + D(2)) = 1.2231973152 over the IDCG 1.3154648768
	printf 'q\ta\t2000\t1\t1\t3\nq\tb\t1999\t1\t1\t3\n' > tie
	ndcg_is --gain exp -f -p 10 -m nDCG tie <<-'E'
	nDCG	all	0.9298593499
	E
}

@test "ndcg: --chance" {
	printf 'q\ta\t1\t3\t0\t4\n' >"$BATS_TEST_TMPDIR/c.ranks"
	ndcg_is --chance -m nDCG@K -k 2 -f "$BATS_TEST_TMPDIR/c.ranks" <<-'E'
	nDCG@2	all	0.0000
	nDCG@2:chance	all	0.4077
	E
}

@test "ndcg: default cut-offs 5,10,20, percent, -q rows, --empty skip" {
	r="$BATS_TEST_TMPDIR/e.ranks"
	printf 'q1\td1\t1\t1\t0\t5\nq2\t-\t0\t-\t-\t5\n' >"$r"
	ndcg_is -q "$r" <<-'E'
	nDCG@5	q1	100.00
	nDCG@10	q1	100.00
	nDCG@20	q1	100.00
	nDCG	q1	100.00
	nDCG@5	q2	0.00
	nDCG@10	q2	0.00
	nDCG@20	q2	0.00
	nDCG	q2	0.00
	nDCG@5	all	50.00
	nDCG@10	all	50.00
	nDCG@20	all	50.00
	nDCG	all	50.00
	E
	ndcg_is --empty skip -m nDCG "$r" <<-'E'
	nDCG	all	100.00
	E
}

@test "ndcg: usage errors, --help, --version" {
	run --separate-stderr ndcg --gain square "$W"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "ndcg: --gain: 'square' is not linear or exp" ]
	[[ "$stderr" == *$'\n'"usage: ndcg "* ]]
	run --separate-stderr ndcg -m nDCG@x "$W"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "ndcg: -m: ndcg has no measure 'nDCG@x'; did you mean nDCG@K? (known: nDCG@K, nDCG, ERR@K, SDCG@K, RBP, RBP_resid)" ]
	run --separate-stderr ndcg --help
	[ "$status" -eq 0 ]
	[[ "$output" == "usage: ndcg "* ]]
	run --separate-stderr ndcg --version
	[ "$output" = "ndcg (rankkit) 0.1.0" ]
}

# trec_eval's rows, renamed: ndcg -> nDCG, ndcg_cut_K -> nDCG@K
trec_golden() {
	awk '$1 == "ndcg" || $1 ~ /^ndcg_cut_[0-9]+$/ {
		n = $1
		if (n == "ndcg") n = "nDCG"
		else { sub(/^ndcg_cut_/, "", n); n = "nDCG@" n }
		print n "\t" $2 "\t" $3
	}' "$1" | sort
}
trec_cutoffs() {
	grep -o '^ndcg_cut_[0-9]*' "$1" | sort -u | sed 's/ndcg_cut_//' | sort -n | paste -sd, -
}

@test "ndcg: trec_eval goldens, out.test.aq (ndcg, ndcg_cut_*; per query and all)" {
	[ "$(trec_cutoffs "$T/out.test.aq")" = "5,10,15,20,30,100,200,500,1000" ]
	rankof --break id -r "$T/qrels.test" "$T/results.test" |
		ndcg -q -f -p 4 -k "$(trec_cutoffs "$T/out.test.aq")" |
		body | sort >"$BATS_TEST_TMPDIR/got"
	trec_golden "$T/out.test.aq" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 40 ]
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "ndcg: trec_eval goldens, out.test.aqc (results.trunc, -c)" {
	sort -b -s -k1,1 "$T/results.trunc" |
		rankof -c --break id -r "$T/qrels.test" |
		ndcg -q -f -p 4 -k "$(trec_cutoffs "$T/out.test.aqc")" |
		body | sort >"$BATS_TEST_TMPDIR/got"
	trec_golden "$T/out.test.aqc" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 40 ]
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

# graded qrels (grades 1..4): trec_eval's ndcg takes every positive grade as
# the gain and ignores -l, so the rank stream keeps grades >= 1 (rankof -g 1)
@test "ndcg: trec_eval goldens, out.test.aql (qrels.rel_level, grades 1..4 as gains)" {
	rankof -g 1 --break id -r "$T/qrels.rel_level" "$T/results.test" |
		ndcg -q -f -p 4 -k "$(trec_cutoffs "$T/out.test.aql")" |
		body | sort >"$BATS_TEST_TMPDIR/got"
	trec_golden "$T/out.test.aql" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 40 ]
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}
