#!/usr/bin/env bats
# hitrate -m Judged,R_cap by hand: Judged@K (ir_measures' judged, from
# OpenNIR: the judged share of the top min(K, n)) on the rank stream's
# version 2, in the three tie modes, and BEIR's capped recall R_cap@K =
# |relevant in the top K| / min(K, R).
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_DIRNAME/.." && BIN="$PWD/bin" && cd "$BATS_TEST_TMPDIR"
	# q1, no ties: a relevant, b unjudged, c judged not relevant, d
	# relevant, e unjudged, f a negative grade (judged for Judged); z
	# relevant, not retrieved (R = 3). q2: one candidate, judged not
	# relevant, no relevant item. q3: four tied candidates, a relevant,
	# b judged not relevant, c and d unjudged.
	tsv 'q1 a 6' 'q1 b 5' 'q1 c 4' 'q1 d 3' 'q1 e 2' 'q1 f 1' 'q2 b 3' \
	    'q3 a 5' 'q3 b 5' 'q3 c 5' 'q3 d 5' > scores
	tsv 'q1 a 1' 'q1 c 0' 'q1 d 2' 'q1 f -1' 'q1 z 1' 'q2 b 0' \
	    'q3 a 1' 'q3 b 0' > qrels
}

@test "hitrate -m Judged,R_cap by hand: a run without ties" {
	# q1: Judged@1 = 1 (a), @3 = 2/3 (a, c), @5 = 3/5 (a, c, d), @10 =
	# 4/min(10, 6) (a, c, d, f). R_cap@1 = 1/1, @3 = 1/3, @5 = 2/3, @10 =
	# 2/3. q2: b judged: Judged 1 at every K; no relevant item: R_cap 0.
	rankof --judged -r qrels scores 2>/dev/null | grep -v '^q3' > ranks
	run --separate-stderr hitrate -q -f -k 1,3,5,10 -m Judged,R_cap ranks
	same "$(echo "$output" | body | grep -v all)" "$(tsv \
	    'Judged@1 q1 1.0000' 'Judged@3 q1 0.6667' 'Judged@5 q1 0.6000' \
	    'Judged@10 q1 0.6667' 'R_cap@1 q1 1.0000' 'R_cap@3 q1 0.3333' \
	    'R_cap@5 q1 0.6667' 'R_cap@10 q1 0.6667' \
	    'Judged@1 q2 1.0000' 'Judged@3 q2 1.0000' 'Judged@5 q2 1.0000' \
	    'Judged@10 q2 1.0000' 'R_cap@1 q2 0.0000' 'R_cap@3 q2 0.0000' \
	    'R_cap@5 q2 0.0000' 'R_cap@10 q2 0.0000')"
}

@test "hitrate -m Judged,R_cap by hand: a tie of four, two of them judged" {
	# q3: a and b judged among 4 tied. Judged@1: expected 2 (1/4) / 1 =
	# 0.5, optimistic 1, pessimistic 0. Judged@3: expected 2 (3/4) / 3 =
	# 0.5, optimistic 2/3, pessimistic (2 - 1)/3. R_cap@1 (R = 1): a in
	# the top 1 with chance 1/4; R_cap@3: 3/4.
	rankof --judged -r qrels scores 2>/dev/null | grep -v '^q[12]' > ranks
	for T in expected:0.5000:0.5000:0.2500:0.7500 \
	    optimistic:1.0000:0.6667:1.0000:1.0000 \
	    pessimistic:0.0000:0.3333:0.0000:0.0000; do
		IFS=: read -r mode j1 j3 r1 r3 <<< "$T"
		run --separate-stderr hitrate -f -k 1,3 -T "$mode" -m Judged,R_cap ranks
		same "$(echo "$output" | body)" "$(tsv "Judged@1 all $j1" \
		    "Judged@3 all $j3" "R_cap@1 all $r1" "R_cap@3 all $r3")"
	done
}

@test "hitrate -m Judged refuses a version 1 stream, naming rankof --judged" {
	rankof -r qrels scores > ranks 2>/dev/null
	fails_with "hitrate: ranks:2: Judged@K needs the judged items that are not relevant, which the rank stream carries from rankof --judged (version 2); query 'q1' has its relevant items only" \
	    hitrate -m Judged ranks
}

@test "hitrate -m R_cap --gallery-size: the expectation over sub-galleries, by hand" {
	# q3: a relevant among 4 tied candidates. At G = 4 the whole gallery:
	# R_cap@1 = 1/4. At G = 2, a and one of the other three, tied: 1/2.
	rankof --judged -r qrels scores 2>/dev/null | grep -v '^q[12]' > ranks
	run --separate-stderr hitrate -f -k 1 -m R_cap --gallery-size 4 ranks
	same "$(echo "$output" | body)" "$(tsv 'R_cap@1/G4 all 0.2500')"
	run --separate-stderr hitrate -f -k 1 -m R_cap --gallery-size 2 ranks
	same "$(echo "$output" | body)" "$(tsv 'R_cap@1/G2 all 0.5000')"
}
