#!/usr/bin/env bats
# --min-grade G in hitrate and mapr (trec_eval -l G, ir_measures' rel=G):
# the rank stream's items of a grade below G are not relevant, the others
# keep their positions in the whole ranking. By hand with a tie group;
# against treceval -l 2 per topic (trec_eval 10.0's -l,
# tests/trec-eval-diff.bats) on random graded runs of both stream
# versions; against rankof -g 2's own stream; a query left without a
# relevant item under --empty; a bar below the stream's refused.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "--min-grade by hand: a tie group keeps its positions" {
	# q1: a (grade 1), b (2) and c (unjudged) tied at positions 1-3, d
	# (0) at 4, e (3) at 5. --min-grade 2: b in the group of 3 with one
	# relevant item, e at 5, m = 2. MRR = (1 + 1/2 + 1/3)/3 = 11/18;
	# MedR = 2; P@3 = 1/3; recall@3 = 1/2; AP = (11/18 + 2/5)/2 =
	# 0.50556; num_rel 2. Without it: a and b, 2 of the group of 3:
	# the first at 1 with chance 2/3, at 2 with 1/3, MRR 5/6.
	tsv 'q1 a 5' 'q1 b 5' 'q1 c 5' 'q1 d 4' 'q1 e 3' > scores
	tsv 'q1 a 1' 'q1 b 2' 'q1 d 0' 'q1 e 3' > qrels
	rankof -r qrels scores > ranks
	run --separate-stderr hitrate --min-grade 2 -f -k 3 -m MRR,MedR,P,recall,num_rel ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.6111' 'MedR all 2.0000' \
	    'P@3 all 0.3333' 'recall@3 all 0.5000' 'num_rel all 2')"
	run --separate-stderr mapr --min-grade 2 -f -p 5 -m AP ranks
	same "$(echo "$output" | body)" "$(tsv 'AP all 0.50556')"
	# the bounds: b first or last of its group
	run --separate-stderr hitrate --min-grade 2 -f -T optimistic -m MRR ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 1.0000')"
	run --separate-stderr hitrate --min-grade 2 -f -T pessimistic -m MRR ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.3333')"
	run --separate-stderr hitrate -f -m MRR ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.8333')"
}

@test "--min-grade 2 equals treceval -l 2 per topic; rankof -g 2's stream" {
	local seed
	for seed in 1; do
		# grades 0..3, unjudged documents, ties (gradedrun.awk)
		rm -f run qrels
		awk -v seed=$seed -v lo=0 -v hi=3 -f "$BATS_TEST_DIRNAME/data/gradedrun.awk"
		treceval -l 2 -q -m P.1,5,10 -m recall.5,10 -m success.1,5 \
		    -m recip_rank -m map -m map_cut.5 -m Rprec -m num_rel \
		    -m num_rel_ret -m bpref qrels run |
		    awk '$2 != "all"' | sort > want
		[ "$(wc -l < want)" -eq 140 ]
		# both stream versions; bpref needs version 2
		rankof --judged --break id -r qrels run 2>/dev/null > ranks2
		rankof --break id -r qrels run 2>/dev/null > ranks1
		for v in 1 2; do
			{
				hitrate --min-grade 2 --names trec -q -k 1,5,10 \
				    -m P,MRR,num_rel,num_rel_ret ranks$v
				hitrate --min-grade 2 --names trec -q -k 5,10 -m recall ranks$v
				hitrate --min-grade 2 --names trec -q -k 1,5 -m hit ranks$v
				mapr --min-grade 2 --names trec -q -k 5 \
				    -m AP,AP@K,Rprec$([ $v = 2 ] && echo ,bpref) ranks$v
			} 2>/dev/null | awk '!/^#/ && $2 != "all"' | sort > got
			if [ $v = 1 ]; then grep -v '^bpref ' want > want1; else cp want want1; fi
			same "$(cat got)" "$(cat want1)"
		done
		# rankof -g 2 writes the stream --min-grade 2 reads
		rankof -g 2 --break id -r qrels run 2>/dev/null > ranksg
		same "$(hitrate --min-grade 2 -q -k 1,5 ranks1 2>&1)" "$(hitrate -q -k 1,5 ranksg 2>&1)"
	done
}

@test "--min-grade: a query left without a relevant item is --empty's" {
	# topic 1: a (1) at 1, b (2) and c (0) tied at 2-3, b at 3 in
	# trec_eval's order (--break id); topic 2: a (1) only. trec_eval -l 2
	# counts topic 2 as 0 (--empty miss): MRR (1/3 + 0)/2 = 1/6
	printf '1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 2 r\n2 Q0 a 1 5 r\n2 Q0 b 2 4 r\n' > run
	printf '1 0 a 1\n1 0 b 2\n1 0 c 0\n2 0 a 1\n2 0 b 0\n' > qrels
	rankof --judged --break id -r qrels run > ranks
	treceval -l 2 -m recip_rank -m map qrels run | awk '{ print $3 }' > want
	same "$(cat want)" "$(printf '0.1667\n0.1667')"
	run --separate-stderr hitrate --min-grade 2 -f -m MRR ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.1667')"
	same "$stderr" "hitrate: 1 query has no relevant item: it counts as 0 (--empty miss)"
	run --separate-stderr mapr --min-grade 2 --empty skip -f -m AP ranks
	same "$(echo "$output" | body)" "$(tsv 'AP all 0.3333')"
	fails_with "mapr: ranks:5: query '2' has no relevant item (--empty error)" \
	    mapr --min-grade 2 --empty error -m AP ranks
}

@test "--min-grade below the stream's bar: refused on version 2; its range" {
	tsv 'q1 a 5' 'q1 b 4' > scores
	tsv 'q1 a 2' 'q1 b 1' > qrels
	rankof -g 2 --judged -r qrels scores > ranks
	fails_with "hitrate: ranks:3: query 'q1': an item of grade 1 is not relevant in the rank stream: --min-grade 1 cannot make it relevant (rank with rankof -g 1)" \
	    hitrate --min-grade 1 ranks
	run --separate-stderr mapr --min-grade 2 -f -m AP ranks
	same "$(echo "$output" | body)" "$(tsv 'AP all 1.0000')"
	run --separate-stderr hitrate --min-grade -1 ranks
	status_is 2
	same "${stderr%%$'\n'*}" "hitrate: --min-grade: '-1' is not an integer from 0 to 1000000000"
}
