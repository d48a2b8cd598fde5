#!/usr/bin/env bats
# Tie groups of any size: every measure costs O(1) per tie group (O(s) for
# s relevant items at most) and stays exact to the printed precision
# (lib/measure/tiesum.c). Each formula is checked against the defining sum,
# added term by term at 40 decimals in bc (tests/data/tiegroup.bc), on both
# sides of every switch between ways of computing it (TIESUM_DIRECT = 64
# terms, the recurrence's stability bound, the series' choice); groups of
# 1e9 and 2^62 positions against closed forms and identities; and the
# cases of issue 27 in seconds instead of minutes or never.
load helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	command -v bc >/dev/null || skip "needs bc (Debian package bc) for the exact sums"
}

# group A T S [N]: a query q whose S relevant items (grade 1) share one tie
# group of T positions after A candidates, in a gallery of N (A+T)
group() {
	local a=$1 t=$2 s=$3 n=${4:-$(($1 + $2))} i
	for ((i = 1; i <= s; i++)); do
		printf 'q\td%d\t1\t%d\t%d\t%d\n' "$i" $((a + 1)) $((t - 1)) "$n"
	done
}

# exact EXPR: EXPR in bc with the functions of tiegroup.bc
exact() {
	printf '%s\n' "$1" | cat "$BATS_TEST_DIRNAME/data/tiegroup.bc" - | bc -l
}

# value MEASURE FILE PROG ARGS...: the 'all' value of MEASURE (nothing
# after 20 s: a time linear in a tie group fails rather than hangs)
value() {
	local m=$1 f=$2
	shift 2
	timeout 20 "$@" -f -p 17 "$f" | awk -F'\t' -v m="$m" '$1 == m && $2 == "all" { print $3 }'
}

# near GOT WANT REL: |GOT - WANT| <= REL * |WANT| (plus 1e-17, the last
# printed digit)
near() {
	echo "got $1, want $2" >&2
	awk -v g="$1" -v w="$2" -v r="$3" 'BEGIN { d = g - w; if (d < 0) d = -d
	    a = w < 0 ? -w : w; exit !(g != "" && d <= r * a + 1e-17) }'
}

# mrr A T S [K]: hitrate's MRR (MRR@K with K) against the bc sum
mrr() {
	local a=$1 t=$2 s=$3 K=${4:-} got want
	group "$a" "$t" "$s" > g
	if [ -n "$K" ]; then
		got=$(value "MRR@$K" g hitrate -m MRR@K -k "$K")
		want=$(exact "rr($a, $t, $s, $K - $a)")
	else
		got=$(value MRR g hitrate -m MRR)
		want=$(exact "rr($a, $t, $s, $t)")
	fi
	near "$got" "$want" 1e-13
}

@test "ties-large: MRR on both sides of every switch, against the sum term by term" {
	# 64 positions a first relevant item can take (summed) and 65
	mrr 0 65 2
	mrr 0 66 2
	mrr 10 68 5
	mrr 10 69 5
	# the recurrence while (a+1)(s-1) <= t-s+1, a series past it
	mrr 998 2001 3
	mrr 999 2001 3
	# the series in the positions (many relevant) and the dual one (a far)
	mrr 10 2000 500
	mrr 1500 2000 30
	# one relevant item: a harmonic difference; all relevant: 1/(a+1)
	mrr 5 2000 1
	mrr 7 40 40
}

@test "ties-large: MRR@K cut inside a tie group, both sides of the switch" {
	# 64 positions inside the cut (summed), then the whole group less the
	# group that starts after the cut
	mrr 10 2000 3 74
	mrr 10 2000 3 75
	mrr 10 2000 3 1010
	mrr 10 2000 1 1010
	mrr 300 2000 400 1000
	# a cut past every position a first relevant item can take
	mrr 10 100 20 200
}

# inp A T S: mapr's mINP (s times E[1/(a+X)], X the last relevant position)
inp() {
	local got want
	group "$1" "$2" "$3" > g
	got=$(value mINP g mapr -m mINP)
	want=$(exact "$3 * lastrr($1, $2, $3)")
	near "$got" "$want" 1e-13
}

@test "ties-large: mINP on both sides of every switch, against the sum term by term" {
	inp 0 65 2
	inp 0 66 2
	# the recurrence while a+s-1 < (t-s)/8, the series past it
	inp 247 2001 3
	inp 248 2001 3
	inp 5 2000 700
	inp 3000 2000 10
	inp 4 1000 1
	inp 4 30 30
}

# dcg A T S K: ndcg's nDCG@K (whole list without K) of the group, grades 1:
# (s/t) times its discounts inside K, over the ideal: s items at 1..s
dcg() {
	local a=$1 t=$2 s=$3 K=${4:-} u got want
	group "$a" "$t" "$s" > g
	if [ -n "$K" ]; then
		u=$((K - a < t ? K - a : t))
		got=$(value "nDCG@$K" g ndcg -m nDCG@K -k "$K")
		want=$(exact "($s / $t) * disc($a, $u) / disc(0, ($s < $K) * $s + ($s >= $K) * $K)")
	else
		got=$(value nDCG g ndcg -m nDCG)
		want=$(exact "($s / $t) * disc($a, $t) / disc(0, $s)")
	fi
	near "$got" "$want" 1e-13
}

@test "ties-large: nDCG's discount sums on both sides of the switch, against bc" {
	# 64 discounts added one by one, then positions from 64 on by
	# Euler-Maclaurin (1..63 still one by one)
	dcg 0 64 1
	dcg 0 65 1
	dcg 0 66 3
	# Euler-Maclaurin alone, far out, and across many blocks
	dcg 1000 100 2
	dcg 63 300 2
	dcg 0 1000 7
	dcg 20 1000 4 700
}

# brute A T S: every placement of S relevant items among the T positions of
# the group enumerated (C(T, S) of them, equally likely), with Kahan sums:
# "MRR mINP nDCG" of the group, grades 1
brute() {
	awk -v a="$1" -v t="$2" -v s="$3" '
	function add(k, v,   y, u) { y = v - c[k]; u = sum[k] + y; c[k] = (u - sum[k]) - y; sum[k] = u }
	function d(p) { return log(2) / log(1 + p) }
	BEGIN {
		for (i = 1; i <= s; i++) ideal += d(i)
		for (i = 1; i <= t; i++) for (j = (s > 1 ? i + 1 : t); j <= t; j++)
		for (k = (s > 2 ? j + 1 : t); k <= t; k++) {
			lo = i; hi = s == 1 ? i : s == 2 ? j : k
			g = d(a + i) + (s > 1 ? d(a + j) : 0) + (s > 2 ? d(a + k) : 0)
			add(1, 1 / (a + lo)); add(2, s / (a + hi)); add(3, g / ideal); n++
		}
		printf "%.17g %.17g %.17g\n", sum[1] / n, sum[2] / n, sum[3] / n }'
}

# Groups just past the 64-term switch, where the closed forms, series and
# recurrences take over, against the brute force of every placement: each
# path of first_rr and last_rr (tiesum.c) and Euler-Maclaurin's discounts
@test "ties-large: every placement of the relevant items enumerated, groups of 66 to 90" {
	for g in "0 66 2" "0 90 3" "5 80 3" "40 70 2" "200 70 3" "3 80 3" "20 70 3" "1000 90 2"; do
		set -- $g
		group "$1" "$2" "$3" > g
		read -r mrr inp dcg <<< "$(brute "$1" "$2" "$3")"
		near "$(value MRR g hitrate -m MRR)" "$mrr" 1e-13
		near "$(value mINP g mapr -m mINP)" "$inp" 1e-13
		near "$(value nDCG g ndcg -m nDCG)" "$dcg" 1e-13
	done
}

@test "ties-large: groups of 1e9 and 2^62 positions by closed forms and identities" {
	# a = 0: E[1/J] = s/(t-s+1) (H(t) - H(s-1)), H by its asymptotic series
	group 0 1000000000 3 > g
	near "$(value MRR g hitrate -m MRR)" \
	    "$(exact '3 / (1000000000 - 2) * (harm(1000000000) - 1.5)')" 1e-9
	group 0 1000000 1000 > g
	near "$(value MRR g hitrate -m MRR)" \
	    "$(exact '1000 / (1000000 - 999) * (harm(1000000) - harm(999))')" 1e-12
	# the last of 2 relevant items: E[1/X] = (t - H(t)) / C(t, 2), times 2
	group 0 1000000000000 2 > g
	near "$(value mINP g mapr -m mINP)" \
	    "$(exact 't = 1000000000000; 2 * (t - harm(t)) / (t * (t - 1) / 2)')" 1e-9
	# the discounts of 2^62 positions are those of the two halves: nDCG
	# of one relevant item (ideal 1) is the group's sum over t
	T=2305843009213693952
	group 0 $T 1 > lo
	group $T $T 1 > hi
	group 0 $((2 * T)) 1 > all
	near "$(exact "$(value nDCG all ndcg -m nDCG) * 2")" \
	    "$(exact "$(value nDCG lo ndcg -m nDCG) + $(value nDCG hi ndcg -m nDCG)")" 1e-13
	# E(a, t, s) = s/(a+1) E(s-1, t-s+a+1, a+1): a+1 and s swap roles
	group 5 1000000000000000 3 > x
	group 2 $((1000000000000000 - 3 + 6)) 6 > y
	near "$(exact "$(value MRR x hitrate -m MRR) * 1000000000")" \
	    "$(exact "$(value MRR y hitrate -m MRR) * 3 / 6 * 1000000000")" 1e-9
}

@test "ties-large: ties of 1e9 and 2^63 - 1 take milliseconds in every program" {
	# issue 27: hitrate -m MRR took 3.5 s and ndcg 7.7 s on ties of 1e9,
	# and ties near 2^63 never ended
	printf 'q1\td1\t1\t1\t999999999\t1000000000\n' > t9
	printf 'q1\td1\t1\t1\t9223372036854775806\t9223372036854775807\nq1\td2\t2\t1\t9223372036854775806\t9223372036854775807\n' > t63
	for f in t9 t63; do
		for p in "hitrate -m hit,recall,P,MRR,MRR@K,MedR,MeanR --chance -k 1,1000000000" \
		    "mapr -k 1000000000 --chance" "mapr -m AP@K -k 1000000000 --ap-divisor found" \
		    "ndcg -k 1,1000000000 --chance" "ndcg --gain exp" "cmc -K 20"; do
			run --separate-stderr timeout 10 $p "$f"
			echo "$p $f: $status" >&2
			[ "$status" -eq 0 ]
		done
	done
	# the 1e9 group's MRR: H(1e9)/1e9
	near "$(value MRR t9 hitrate -m MRR)" "$(exact 'harm(1000000000) / 1000000000')" 1e-9
}
