#!/usr/bin/env bats
# --judged-only in hitrate, mapr, ndcg and cmc: each query's condensed
# list (the unjudged items leave the ranking), by hand with ties, against
# treceval -J (trec_eval 10.0's -J, tests/trec-eval-diff.bats) for every
# measure treceval has, and refused on a version 1 stream.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "--judged-only by hand: a tie group keeps its judged items, tied" {
	# q1: a (relevant), b (unjudged), c (judged 0) tied at 1-3, d
	# unjudged at 4, e relevant at 5, f (grade -1) at 6. Condensed: a, c
	# tied at 1-2, e at 3, n = 3. MRR = (1 + 1/2)/2 = 0.75, MeanR = 1.5,
	# P@3 = 2/3, num_ret = 3. The full list: MRR = (1 + 1/2 + 1/3)/3 =
	# 0.6111, num_ret = 6.
	tsv 'q1 a 5' 'q1 b 5' 'q1 c 5' 'q1 d 4' 'q1 e 3' 'q1 f 2' > scores
	tsv 'q1 a 1' 'q1 c 0' 'q1 e 2' 'q1 f -1' > qrels
	rankof --judged -r qrels scores > ranks
	run --separate-stderr hitrate --judged-only -f -k 3 -m MRR,MeanR,P,num_ret ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.7500' 'MeanR all 1.5000' \
	    'P@3 all 0.6667' 'num_ret all 3')"
	run --separate-stderr hitrate -f -k 3 -m MRR,num_ret ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.6111' 'num_ret all 6')"
	# cmc: hit@1 = 1/2 (a first among a, c), hit@2 = 1
	run --separate-stderr cmc --judged-only -f -K 2 ranks
	same "$(echo "$output" | body)" "$(tsv 'hit@1 all 0.5000' 'hit@2 all 1.0000')"
}

@test "--judged-only equals treceval -J per topic: P, recall, success, MRR, AP, AP@K, Rprec, bpref, nDCG, counts; cmc's hit@K" {
	local seed
	for seed in 1 2; do
		# grades -1..3 and unjudged, ties (gradedrun.awk); a relevant
		# document never retrieved
		rm -f run qrels
		awk -v seed=$seed -v lo=-1 -v hi=3 -f "$BATS_TEST_DIRNAME/data/gradedrun.awk"
		rankof --judged --break id -r qrels run 2>/dev/null > ranks
		treceval -J -q -m P.1,5,10 -m recall.1,5,10 -m success.1,5,10 \
		    -m recip_rank -m map -m map_cut.5,10 -m Rprec -m num_ret \
		    -m num_rel_ret -m bpref -m ndcg -m ndcg_cut.5,10,20 qrels run |
		    awk '$2 != "all"' | sort > want
		{
			hitrate --judged-only --names trec -q -k 1,5,10 \
			    -m P,recall,hit,MRR,num_ret,num_rel_ret ranks
			mapr --judged-only --names trec -q -k 5,10 \
			    -m AP,AP@K,Rprec,bpref ranks
			ndcg --judged-only --names trec -q ranks
		} 2>/dev/null | awk '!/^#/ && $2 != "all"' | sort > got
		[ "$(wc -l < want)" -eq 210 ]
		same "$(cat got)" "$(cat want)"
		# the condensed lists do change the values
		treceval -q -m P.5 -m map qrels run | awk '$2 != "all"' | sort > full
		grep -E '^(P_5|map) ' want > condensed
		run cmp -s full condensed
		[ "$status" -eq 1 ]
		# cmc's hit@1, 5, 10: treceval -J's success means
		treceval -J -m success.1,5,10 qrels run |
		    awk '{ sub(/success_/, "hit@", $1); print $1, $3 }' > want
		cmc --judged-only -f -K 10 ranks 2>/dev/null |
		    awk '$1 ~ /^hit@(1|5|10)$/ { print $1, $3 }' > got
		same "$(cat got)" "$(cat want)"
	done
}

@test "--judged-only refuses a version 1 stream in every program, naming rankof --judged" {
	tsv 'q1 a 5' 'q1 b 4' > scores
	tsv 'q1 a 1' > qrels
	rankof -r qrels scores > ranks
	for p in hitrate mapr ndcg cmc; do
		fails_with "$p: ranks:2: --judged-only needs the judged items that are not relevant, which the rank stream carries from rankof --judged (version 2); query 'q1' has its relevant items only" \
		    $p --judged-only ranks
	done
}
