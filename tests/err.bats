#!/usr/bin/env bats
# ndcg -m ERR: ERR@K in gdeval.pl's convention, r = (2^g - 1) / 2^gmax.
# By hand, against gdeval.pl itself (../shared/peers/gdeval, run with
# perl here), on a tie group far larger than K (the expected value's
# cost is bounded by K), and its refusals. The enumeration of tie orders
# is in err-rbp-bruteforce.bats.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_DIRNAME/.." && BIN="$PWD/bin" && cd "$BATS_TEST_TMPDIR"
}

@test "ndcg -m ERR by hand: a tie of two relevant items below a third" {
	# a (grade 2) at 1; b (grade 1) and c (grade 3) tied at 2-3.
	# r = 3/16, 1/16, 7/16. c first: 7/16/2 + (9/16)(1/16)/3 = 0.23046875;
	# b first: (1/16)/2 + (15/16)(7/16)/3 = 0.16796875.
	# optimistic 3/16 + (13/16) 0.23046875 = 0.374755859375
	# pessimistic 3/16 + (13/16) 0.16796875 = 0.323974609375
	# expected 3/16 + (13/16) 0.19921875 = 0.349365234375
	tsv 'q1 a 2 1 0 5' 'q1 b 1 2 1 5' 'q1 c 3 2 1 5' > r
	for T in optimistic:0.374756 pessimistic:0.323975 expected:0.349365; do
		run --separate-stderr ndcg -f -p 6 -k 3 -m ERR -T "${T%:*}" r
		same "$(echo "$output" | body)" "$(tsv "ERR@3 all ${T#*:}")"
	done
	# --max-grade 3: r = 3/8, 1/8, 7/8; expected: 3/8 + (5/8) mean of
	# 7/8/2 + (1/8)(1/8)/3 = 0.44270833 and (1/8)/2 + (7/8)(7/8)/3 =
	# 0.31770833, = 3/8 + (5/8) 0.38020833 = 0.61263021
	run --separate-stderr ndcg -f -p 7 -k 3 -m ERR --max-grade 3 r
	same "$(echo "$output" | body)" "$(tsv 'ERR@3 all 0.6126302')"
}

@test "ndcg -m ERR: tie groups of up to ten million, four grades, cost what K costs" {
	# three candidates above, then items of grades 4, 3, 2, 1 among t
	# tied ones. F(i), the mean product of 1 - r over the group's first
	# i positions, sums over the subsets S of the four: the chance that
	# exactly S is among them, prod_{x<|S|} (i-x) prod_{x<4-|S|} (t-i-x)
	# / prod_{x<4} (t-x), times the product of 1 - r over S;
	# ERR@K = sum_{i=1..K-3} (F(i-1) - F(i)) / (3+i).
	local t K want
	for t in 1000:20 1000000:500 10000000:20000; do
		K=${t#*:} t=${t%:*}
		tsv "q1 a 4 4 $((t - 1)) $((t + 3))" "q1 b 3 4 $((t - 1)) $((t + 3))" \
		    "q1 c 2 4 $((t - 1)) $((t + 3))" "q1 d 1 4 $((t - 1)) $((t + 3))" > r
		want=$(awk -v t=$t -v K=$K 'BEGIN {
			for (g = 1; g <= 4; g++) y[g] = 1 - (2^g - 1) / 16
			prev = 1
			for (i = 1; i <= K - 3; i++) {
				F = 0
				for (S = 0; S < 16; S++) {
					k = 0; p = 1
					for (g = 1; g <= 4; g++)
						if (int(S / 2^(g-1)) % 2) { k++; p *= y[g] }
					for (x = 0; x < k; x++) p *= (i - x)
					for (x = 0; x < 4 - k; x++) p *= (t - i - x)
					for (x = 0; x < 4; x++) p /= (t - x)
					F += p
				}
				e += (prev - F) / (3 + i); prev = F
			}
			printf "%.10f", e }')
		run --separate-stderr ndcg -f -p 10 -k $K -m ERR r
		same "$(echo "$output" | body)" "$(tsv "ERR@$K all $want")"
	done
}

@test "ndcg -m ERR,nDCG@K equal gdeval.pl per topic to its 5 decimals (random graded runs, ties, grades -1..4)" {
	need_shared peers/gdeval/gdeval.pl
	command -v perl >/dev/null || skip "needs perl to run gdeval.pl"
	local seed K
	for seed in 1 2 3; do
		# grades -1..4 and unjudged, ties (gradedrun.awk)
		rm -f run qrels
		awk -v seed=$seed -v lo=-1 -v hi=4 -f "$BATS_TEST_DIRNAME/data/gradedrun.awk"
		rankof --break id -r qrels run 2>/dev/null > ranks
		for K in 5 10 20; do
			perl "$SHARED/peers/gdeval/gdeval.pl" qrels run $K |
			    awk -F, 'NR > 1 { print $2, $3, $4 }' > want
			[ "$(wc -l < want)" -eq 10 ]
			ndcg --gain exp -f -p 5 -q -k $K -m nDCG@$K,ERR ranks 2>/dev/null |
			    awk '!/^#/ && $2 != "all" { v[$2] = v[$2] " " $3
				if (!($2 in s)) { s[$2]; o[++n] = $2 } }
				END { for (i = 1; i <= n; i++) print o[i] v[o[i]] }' |
			    sort -n > got
			same "$(cat got)" "$(cat want)"
		done
	done
}

@test "ndcg -m ERR: a grade above --max-grade is refused where it is read" {
	tsv 'q1 a 5 1 0 3' > r
	fails_with "ndcg: r:1: query 'q1': grade 5 is above ERR's maximum grade 4 (--max-grade)" \
	    ndcg -m ERR r
	run --separate-stderr ndcg -f -m ERR --max-grade 5 -k 1 r
	# r = 31/32
	same "$(echo "$output" | body)" "$(tsv 'ERR@1 all 0.9688')"
	run --separate-stderr ndcg -m ERR --max-grade 0 r
	status_is 2
	[ "${stderr%%$'\n'*}" = "ndcg: --max-grade: '0' is not an integer from 1 to 1023" ]
}

@test "ndcg -m SDCG by hand: cwl_eval's scaled gains, a grade above --max-grade clipped" {
	# a (grade 5, clipped to 4: gain 1) at 1, b (grade 2: gain 2/4) at 2;
	# the list has 4 candidates but SDCG@5 scales by 5 positions:
	# SDCG@2 = (1 + 0.5/log2 3) / (1 + 1/log2 3) = 0.8066 (python3's
	# math.log2); SDCG@5 = (1 + 0.5/log2 3) / sum_{i<=5} 1/log2(1+i) = 0.4462
	tsv 'q1 a 5 1 0 4' 'q1 b 2 2 0 4' > r
	run --separate-stderr ndcg -f -m SDCG -k 2,5 r
	same "$(echo "$output" | body)" "$(tsv 'SDCG@2 all 0.8066' 'SDCG@5 all 0.4462')"
}
