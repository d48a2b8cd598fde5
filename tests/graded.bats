#!/usr/bin/env bats
# Graded relevance in the measure programs (issue 41). hitrate and mapr
# --min-grade G (trec_eval -l G, ir_measures' rel=G): the rank stream's
# items of a grade below G are not relevant, the others keep their
# positions in the whole ranking; ndcg --gains G:V,... (trec_eval's
# ndcg.G=V, ir_measures' nDCG(gains={G:V})). By hand with tie groups;
# against treceval (trec_eval 10.0, tests/trec-eval-diff.bats): -l 2 and
# -J -l 2 per topic, ndcg.G=V per topic, a negative gain included;
# against rankof -g 2's own stream (version 1); nDCG@K against a
# transcription in awk of trec_eval's ndcg_cut on qrels mapped through
# the gains, as ir_measures does; the refusals.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "--min-grade by hand: a tie group keeps its positions; an empty query; the bar" {
	# q1: a (grade 1), b (2) and c (unjudged) tied at positions 1-3, d
	# (0) at 4, e (3) at 5. --min-grade 2: b in the group of 3 with one
	# relevant item, e at 5, m = 2. MRR = (1 + 1/2 + 1/3)/3 = 11/18,
	# 1 if b wins the tie, 1/3 if it loses; MedR = 2; P@3 = 1/3;
	# recall@3 = 1/2; AP = (11/18 + 2/5)/2 = 0.50556; num_rel 2.
	tsv 'q1 a 5' 'q1 b 5' 'q1 c 5' 'q1 d 4' 'q1 e 3' > scores
	tsv 'q1 a 1' 'q1 b 2' 'q1 d 0' 'q1 e 3' > qrels
	rankof -r qrels scores > ranks
	run --separate-stderr hitrate --min-grade 2 -f -k 3 -m MRR,MedR,P,recall,num_rel ranks
	same "$(echo "$output" | body)" "$(tsv 'MRR all 0.6111' 'MedR all 2.0000' \
	    'P@3 all 0.3333' 'recall@3 all 0.5000' 'num_rel all 2')"
	[[ $stderr == *"ties change MRR: 1.0000 if relevant items win every tie (optimistic), 0.3333 if"* ]]
	same "$(mapr --min-grade 2 -f -p 5 -m AP ranks 2>/dev/null | body)" "$(tsv 'AP all 0.50556')"

	# topic 1: a (1) at 1, b (2) and c (0) tied at 2-3, b at 3 in
	# trec_eval's order (--break id); topic 2: a (1) only, no relevant
	# item left: trec_eval -l 2 counts it 0, as --empty miss does: MRR
	# and AP (1/3 + 0)/2 = 1/6
	printf '1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 2 r\n2 Q0 a 1 5 r\n2 Q0 b 2 4 r\n' > run
	printf '1 0 a 1\n1 0 b 2\n1 0 c 0\n2 0 a 1\n2 0 b 0\n' > qrels
	rankof --judged --break id -r qrels run > ranks
	same "$({ hitrate --min-grade 2 -f -m MRR ranks; mapr --min-grade 2 -f -m AP ranks; } 2>/dev/null | body | cut -f3)" \
	    "$(treceval -l 2 -m recip_rank -m map qrels run | cut -f3 | sort -r)"
	fails_with "mapr: ranks:5: query '2' has no relevant item (--empty error)" \
	    mapr --min-grade 2 --empty error -m AP ranks

	# a bar below the stream's: refused on version 2; the range
	tsv 'q1 a 5' 'q1 b 4' > scores
	tsv 'q1 a 2' 'q1 b 1' > qrels
	rankof -g 2 --judged -r qrels scores > ranks
	fails_with "hitrate: ranks:3: query 'q1': an item of grade 1 is not relevant in the rank stream: --min-grade 1 cannot make it relevant (rank with rankof -g 1)" \
	    hitrate --min-grade 1 ranks
	run --separate-stderr hitrate --min-grade -1 ranks
	status_is 2
	same "${stderr%%$'\n'*}" "hitrate: --min-grade: '-1' is not an integer from 0 to 1000000000"
}

@test "--min-grade 2 equals treceval -l 2 per topic, and rankof -g 2's stream" {
	rm -f run qrels
	# grades 0..3, unjudged documents, ties (gradedrun.awk)
	awk -v seed=1 -v lo=0 -v hi=3 -f "$BATS_TEST_DIRNAME/data/gradedrun.awk"
	treceval -l 2 -q -m P.1,5,10 -m recall.1,5,10 -m success.1,5,10 \
	    -m recip_rank -m map -m map_cut.5 -m Rprec -m num_rel \
	    -m num_rel_ret -m bpref qrels run | awk '$2 != "all"' | sort > want
	[ "$(wc -l < want)" -eq 160 ]
	# version 2 (bpref needs it); version 1 below, against rankof -g 2
	rankof --judged --break id -r qrels run 2>/dev/null > ranks2
	{
		hitrate --min-grade 2 --names trec -q -k 1,5,10 \
		    -m P,recall,hit,MRR,num_rel,num_rel_ret ranks2
		mapr --min-grade 2 --names trec -q -k 5 -m AP,AP@K,Rprec,bpref ranks2
	} 2>/dev/null | awk '!/^#/ && $2 != "all"' | sort > got
	same "$(cat got)" "$(cat want)"
	# with --judged-only, treceval -J -l 2: an item below the bar stays
	# judged, in the condensed list
	same "$({ hitrate --judged-only --min-grade 2 --names trec -q -k 5 -m P,num_ret ranks2
		mapr --judged-only --min-grade 2 --names trec -q -m AP,bpref ranks2; } 2>/dev/null |
		awk '!/^#/ && $2 != "all"' | sort)" \
	    "$(treceval -J -l 2 -q -m P.5 -m num_ret -m map -m bpref qrels run | awk '$2 != "all"' | sort)"
	# rankof -g 2 writes the version 1 stream --min-grade 2 reads
	rankof --break id -r qrels run 2>/dev/null > ranks1
	rankof -g 2 --break id -r qrels run 2>/dev/null > ranksg
	same "$(mapr --min-grade 2 -q -k 5 ranks1 2>&1; hitrate --min-grade 2 -q -k 1,5 ranks1 2>&1)" \
	    "$(mapr -q -k 5 ranksg 2>&1; hitrate -q -k 1,5 ranksg 2>&1)"
}

@test "--gains by hand: a tie group ordered by gain in the fixed modes; refusals" {
	# q1: a (grade 1) and b (grade 2) tied with c (0) at positions 1-3,
	# d (0) at 4. Gains 1:5, 2:3. IDCG = 5 + 3/log2(3). Expected: each
	# position holds 8/3: (8/3)(1 + 1/log2(3) + 1/2). Optimistic:
	# a (5) at 1, b (3) at 2, the ideal: 1. Pessimistic: c first, then
	# the lower gain: b at 2, a at 3: 3/log2(3) + 5/2.
	tsv 'q1 a 5' 'q1 b 5' 'q1 c 5' 'q1 d 4' > scores
	tsv 'q1 a 1' 'q1 b 2' 'q1 c 0' 'q1 d 0' > qrels
	rankof --judged -r qrels scores > ranks
	run --separate-stderr ndcg --gains 1:5,2:3 -f -p 6 -m nDCG ranks
	same "$(echo "$output" | body | cut -f3) $stderr" "$(awk 'BEGIN {
	    l3 = log(3) / log(2); i = 5 + 3 / l3
	    printf "%.6f ndcg: ties change nDCG: %.6f if relevant items win every tie (optimistic), %.6f if they lose every one (pessimistic)\n",
	    8 / 3 * (1 + 1 / l3 + 1 / 2) / i, 1, (3 / l3 + 5 / 2) / i }')"

	# refusals: a judged item that is not relevant (version 2) of a
	# grade the map weighs; bad maps; --gain exp, --names trec
	fails_with "ndcg: ranks:4: query 'q1': an item of grade 0 is not relevant in the rank stream and --gains gives it 1: nDCG weighs the relevant items only (rank with rankof -g 0)" \
	    ndcg --gains 0:1 ranks
	local a
	for a in "2:inf|--gains: grade 2: 'inf' is not a finite number" \
	    "2:3,2:4|--gains: grade 2 is listed twice" \
	    "2:3 --gain exp|--gains gives each grade its gain: --gain exp would take 2^gain - 1" \
	    "2:3 --names trec|--gains: trec_eval's ndcg_cut takes the grades as gains (--names rankkit or irm)"; do
		run --separate-stderr ndcg --gains ${a%%|*} ranks
		status_is 2
		same "${stderr%%$'\n'*}" "ndcg: ${a#*|}"
	done
}

@test "--gains equals treceval's ndcg.G=V per topic; nDCG@K a transcription of ndcg_cut" {
	rm -f run qrels
	# grades 0..3, unjudged documents, ties (gradedrun.awk)
	awk -v seed=1 -v lo=0 -v hi=3 -f "$BATS_TEST_DIRNAME/data/gradedrun.awk"
	rankof --break id -r qrels run 2>/dev/null > ranks
	local g
	for g in 1=2,2=5,3=4 1=-1,2=3,3=1; do
		treceval -q -m ndcg.$g qrels run | awk '$2 != "all" { print $2, $3 }' |
		    sort > want
		ndcg --gains "$(echo $g | tr = :)" -f -q -m nDCG ranks 2>/dev/null |
		    awk '!/^#/ && $2 != "all" { print $2, $3 }' | sort > got
		[ "$(wc -l < want)" -eq 10 ]
		same "$(cat got)" "$(cat want)"
	done
	# nDCG@5, @10: trec_eval's ndcg_cut (m_ndcg_cut.c: the DCG of the
	# first K in its order, score descending then docno descending, over
	# the ideal's, the judged positive gains descending) on qrels whose
	# grades the map replaced (ir_measures' pytrec_eval provider)
	LC_ALL=C sort -k1,1n -k5,5nr -k3,3r run | awk -v map=1:2,2:5,3:4 '
	    BEGIN { n = split(map, p, ","); for (i = 1; i <= n; i++) {
	        split(p[i], kv, ":"); gain[kv[1]] = kv[2] } }
	    function g(grade) { return grade in gain ? gain[grade] : grade }
	    FILENAME == "qrels" { gr[$1, $3] = $4; if (g($4) > 0) ideal[$1] = ideal[$1] " " g($4); next }
	    { pos[$1]++; if (($1, $3) in gr && pos[$1] <= 10) {
	        d = g(gr[$1, $3]) / (log(pos[$1] + 1) / log(2))
	        if (pos[$1] <= 5) dcg5[$1] += d; dcg10[$1] += d } }
	    END { for (q in ideal) {
	        n = split(ideal[q], v, " ")
	        for (k = 2; k <= n; k++)	# descending, by insertion
	            for (j = k; j > 1 && v[j] + 0 > v[j - 1] + 0; j--) {
	                t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
	        i5 = i10 = 0
	        for (k = 1; k <= 10 && k <= n; k++) {
	            d = v[k] / (log(k + 1) / log(2))
	            if (k <= 5) i5 += d; i10 += d }
	        printf "%s %.12f %.12f\n", q, dcg5[q] / i5, dcg10[q] / i10 } }' qrels - |
	    sort > want
	ndcg --gains 1:2,2:5,3:4 -k 5,10 -f -p 12 -q -m nDCG@K ranks 2>/dev/null |
	    awk '!/^#/ && $2 != "all" { v[$2] = v[$2] " " $3 }
	    END { for (q in v) print q v[q] }' | sort > got
	[ "$(wc -l < want)" -eq 10 ]
	# the same to 1e-10 (two sums of the same terms)
	paste -d' ' got want | awk '{ if ($1 != $4 || ($2 - $5)^2 > 1e-20 ||
	    ($3 - $6)^2 > 1e-20) { print "differ: " $0; bad = 1 } }
	    END { exit bad }'
}
