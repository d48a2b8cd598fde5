#!/usr/bin/env bats
# The names people write for measures (-m): the papers' R@K for the hit
# rate, mAP and trec_eval's map for AP, another case where one measure
# fits, Recall@K refused with both of its meanings, and for a name that
# fits nothing the nearest known one or the program that has it. One
# query, two relevant items at ranks 1 and 3 of 5: hit@1 = 100, recall@1
# = 50, AP = (1/1 + 2/3)/2 = 83.33, nDCG@3 = (1 + 1/2)/(1 + 1/log2(3)) = 91.97%.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	printf 'q1\td1\t1\t1\t0\t5\nq1\td2\t1\t3\t0\t5\n' > r
}

@test "measurenames: a name and the column it gives, or its error (exit 2, usage line)" {
	fails=0
	while IFS='|' read -r cmd want; do
		cmd=${cmd% } want=${want# }
		run --separate-stderr $cmd r
		case $want in
		*:*)	# an error: its first line, then the usage line
			if [ "$status" != 2 ] || [ "${stderr%%$'\n'*}" != "$want" ] ||
			    [[ ${stderr#*$'\n'} != "usage: ${cmd%% *} "* ]]; then
				echo "FAIL $cmd: $status, $stderr" >&2; fails=$((fails + 1))
			fi ;;
		*)	got=$(printf '%s\n' "$output" | grep -v '^#' | cut -f1,3 | tr '\t\n' '= ')
			if [ "$status" != 0 ] || [ "$got" != "$want " ]; then
				echo "FAIL $cmd: $status, '$got' for '$want'" >&2; fails=$((fails + 1))
			fi ;;
		esac
	done <<-'T'
	hitrate -m R -k 1,5    | hit@1=100.00 hit@5=100.00
	hitrate -m R@1         | hit@1=100.00
	hitrate -m r@3         | hit@3=100.00
	hitrate -m Hit -k 1    | hit@1=100.00
	hitrate -m mrr         | MRR=100.00
	hitrate -m meanr       | MeanR=1.00
	hitrate -m recall -k 1 | recall@1=50.00
	hitrate -m Recall@1    | hitrate: -m: 'Recall@1' is ambiguous: the Recall@K of image-text papers (R@K) is the hit rate, -m hit; recall@K of information retrieval, the share of the relevant items found, is -m recall
	hitrate -m RECALL      | hitrate: -m: 'RECALL' is ambiguous: the Recall@K of image-text papers (R@K) is the hit rate, -m hit; recall@K of information retrieval, the share of the relevant items found, is -m recall
	hitrate -m map         | hitrate: -m: hitrate has no measure 'map'; it is mapr -m AP (known: hit@K, recall@K, P@K, MRR, MRR@K, MedR, MeanR, num_q, num_ret, num_rel, num_rel_ret, runid, rsum, R_cap@K, Judged@K, mP@K)
	hitrate -m ndcg@10     | hitrate: -m: hitrate has no measure 'ndcg@10'; it is ndcg -m nDCG (known: hit@K, recall@K, P@K, MRR, MRR@K, MedR, MeanR, num_q, num_ret, num_rel, num_rel_ret, runid, rsum, R_cap@K, Judged@K, mP@K)
	hitrate -m hti         | hitrate: -m: hitrate has no measure 'hti'; did you mean hit@K? (known: hit@K, recall@K, P@K, MRR, MRR@K, MedR, MeanR, num_q, num_ret, num_rel, num_rel_ret, runid, rsum, R_cap@K, Judged@K, mP@K)
	hitrate -m MeanRR      | hitrate: -m: hitrate has no measure 'MeanRR'; did you mean MeanR? (known: hit@K, recall@K, P@K, MRR, MRR@K, MedR, MeanR, num_q, num_ret, num_rel, num_rel_ret, runid, rsum, R_cap@K, Judged@K, mP@K)
	hitrate -m bpref       | hitrate: -m: hitrate has no measure 'bpref'; it is mapr -m bpref (known: hit@K, recall@K, P@K, MRR, MRR@K, MedR, MeanR, num_q, num_ret, num_rel, num_rel_ret, runid, rsum, R_cap@K, Judged@K, mP@K)
	ndcg -m RSUM           | ndcg: -m: ndcg has no measure 'RSUM'; it is hitrate --rsum (known: nDCG@K, nDCG, ERR@K, SDCG@K, RBP, RBP_resid)
	mapr -m mAP            | AP=83.33
	mapr -m map            | AP=83.33
	mapr -m MAP@10         | AP@10=83.33
	mapr -m map@r          | MAP@R=50.00
	mapr -m rprec          | Rprec=50.00
	mapr -m Recall         | mapr: -m: mapr has no measure 'Recall'; it is hitrate -m recall (known: Rprec, MAP@R, AP, AP@K, mINP, bpref)
	mapr -m num_rel_ret    | mapr: -m: mapr has no measure 'num_rel_ret'; it is hitrate -m num_rel_ret (known: Rprec, MAP@R, AP, AP@K, mINP, bpref)
	mapr -m cmc            | mapr: -m: mapr has no measure 'cmc'; it is cmc (known: Rprec, MAP@R, AP, AP@K, mINP, bpref)
	ndcg -m ndcg@3         | nDCG@3=91.97
	ndcg -m NDCG@3         | nDCG@3=91.97
	ndcg -m ndgc           | ndcg: -m: ndcg has no measure 'ndgc'; did you mean nDCG@K? (known: nDCG@K, nDCG, ERR@K, SDCG@K, RBP, RBP_resid)
	T
	[ "$fails" -eq 0 ]
}

@test "measurenames: asking recall where queries have several relevant items says what R@K is, once" {
	run --separate-stderr hitrate -m recall -k 1,5 r
	[ "$status" -eq 0 ]
	[ "$stderr" = "hitrate: recall@K is the share of a query's relevant items in its top K; the R@K of image-text papers, a relevant item in the top K, is hit@K (-m hit)" ]
	# not with one relevant item per query, nor when -m did not name it
	# or named hit too, nor under --names trec
	printf 'q1\td1\t1\t1\t0\t5\n' > one
	run --separate-stderr hitrate -m recall -k 1 one
	[ -z "$stderr" ]
	run --separate-stderr hitrate -k 1 r
	[[ "$stderr" != *"R@K"* ]]
	run --separate-stderr hitrate -k 1 -m recall,hit r
	[[ "$stderr" != *"R@K"* ]]
	run --separate-stderr hitrate --names trec -m recall -k 5 r
	[[ "$stderr" != *"R@K"* ]]
}
