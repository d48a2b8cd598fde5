#!/usr/bin/env bats
# ndcg -m RBP,RBP_resid: rank-biased precision and its residual (Moffat
# and Zobel 2008) by hand, against treceval's rbp and rbp_resid (trec_eval
# 10.0's, tests/trec-eval-diff.bats) on random runs, and the refusal of a
# version 1 stream. Every tie order: err-rbp-bruteforce.bats.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# q1's six candidates in score order: a relevant (grade 1), b unjudged,
# c judged not relevant, d relevant (grade 2), e unjudged, f a negative
# grade (unjudged for RBP, as for trec_eval); z relevant, not retrieved
hand_case() {
	tsv 'q1 a 6' 'q1 b 5' 'q1 c 4' 'q1 d 3' 'q1 e 2' 'q1 f 1' > scores
	tsv 'q1 a 1' 'q1 c 0' 'q1 d 2' 'q1 f -1' 'q1 z 1' > qrels
}

@test "ndcg -m RBP,RBP_resid by hand: unjudged items, a negative grade, p = 0.8 and 0.9" {
	hand_case
	# p = 0.8: RBP = 0.2 (1 + 0.8^3) = 0.3024; unjudged at 2, 5, 6:
	# RBP_resid = 0.2 (0.8 + 0.8^4 + 0.8^5) + 0.8^6 = 0.5696
	run --separate-stderr sh -c 'rankof --judged -r qrels scores |
	    ndcg -f -m RBP,RBP_resid'
	same "$(echo "$output" | body)" "$(tsv 'RBP all 0.3024' 'RBP_resid all 0.5696')"
	# p = 0.9 under trec_eval's names: RBP = 0.1 (1 + 0.9^3) = 0.1729;
	# RBP_resid = 1 - 0.1 (1 + 0.9^2 + 0.9^3) = 0.7461
	run --separate-stderr sh -c 'rankof --judged -r qrels scores |
	    ndcg --names trec -m RBP,RBP_resid'
	same "$(echo "$output" | body | tr -d ' ')" "$(tsv 'rbp all 0.1729' 'rbp_resid all 0.7461')"
	# --persistence 0: the first item alone, p^n = 0
	run --separate-stderr sh -c 'rankof --judged -r qrels scores |
	    ndcg -f -m RBP,RBP_resid --persistence 0'
	same "$(echo "$output" | body)" "$(tsv 'RBP all 1.0000' 'RBP_resid all 0.0000')"
}

@test "ndcg -m RBP_resid refuses a version 1 stream, naming rankof --judged" {
	hand_case
	rankof -r qrels scores > ranks
	fails_with "ndcg: ranks:2: RBP_resid needs the judged items that are not relevant, which the rank stream carries from rankof --judged (version 2); query 'q1' has its relevant items only" \
	    ndcg -m RBP_resid ranks
	# RBP itself needs only the relevant items
	run --separate-stderr ndcg -f -m RBP ranks
	same "$(echo "$output" | body)" "$(tsv 'RBP all 0.3024')"
	run --separate-stderr ndcg -m RBP --persistence 1 ranks
	status_is 2
	[ "${stderr%%$'\n'*}" = "ndcg: --persistence: '1' is not a number with 0 <= P < 1" ]
}

@test "ndcg -m RBP,RBP_resid equal treceval's rbp and rbp_resid per topic (random runs, ties, p = 0.9 and 0.5)" {
	local seed
	for seed in 1 2 3; do
		# grades 0 and 1, ties, the first document of each topic
		# unjudged (trec_eval prints rbp_resid 0 for a topic without
		# one, ndcg p^n: ndcg(1)); gradedrun.awk
		rm -f run qrels
		awk -v seed=$seed -v lo=0 -v hi=1 -v skip=1 -f "$BATS_TEST_DIRNAME/data/gradedrun.awk"
		rankof --judged --break id -r qrels run 2>/dev/null > ranks
		treceval -q -m rbp -m rbp_resid qrels run | awk '$2 != "all"' | sort > want
		ndcg --names trec -q -m RBP,RBP_resid ranks 2>/dev/null |
		    awk '!/^#/ && $2 != "all"' | sort > got
		[ "$(wc -l < want)" -eq 20 ]
		same "$(cat got)" "$(cat want)"
		treceval -q -m rbp.p=0.5 -m rbp_resid.p=0.5 qrels run |
		    awk '$2 != "all" { print $2, $3 }' | sort > want
		ndcg -f -q -m RBP,RBP_resid --persistence 0.5 ranks 2>/dev/null |
		    awk '!/^#/ && $2 != "all" { print $2, $3 }' | sort > got
		same "$(cat got)" "$(cat want)"
	done
}
