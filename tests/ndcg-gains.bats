#!/usr/bin/env bats
# ndcg --gains G:V,...: nDCG with a gain for each grade listed
# (trec_eval's ndcg.G=V, ir_measures' nDCG(gains={G:V})). By hand with a
# tie group whose gains do not follow the grades; against treceval's
# ndcg.G=V per topic (trec_eval 10.0, tests/trec-eval-diff.bats), a
# negative gain included; nDCG@K against a transcription in awk of
# trec_eval's ndcg_cut on qrels mapped through the gains, as ir_measures
# does; the refusals.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "--gains by hand: a tie group ordered by gain in the fixed modes" {
	# q1: a (grade 1) and b (grade 2) tied with c (0) at positions 1-3,
	# d (0) at 4. Gains 1:5, 2:3. IDCG = 5 + 3/log2(3). Optimistic:
	# a (5) at 1, b (3) at 2, the ideal: 1. Pessimistic: c first, then
	# the lower gain: b at 2, a at 3: 3/log2(3) + 5/2. Expected: each
	# position holds 8/3: (8/3)(1 + 1/log2(3) + 1/2).
	tsv 'q1 a 5' 'q1 b 5' 'q1 c 5' 'q1 d 4' > scores
	tsv 'q1 a 1' 'q1 b 2' 'q1 c 0' 'q1 d 0' > qrels
	rankof -r qrels scores > ranks
	local want
	want=$(awk 'BEGIN { l3 = log(3) / log(2); i = 5 + 3 / l3
	    printf "%.6f %.6f %.6f\n", 1, (3 / l3 + 5 / 2) / i,
	    8 / 3 * (1 + 1 / l3 + 1 / 2) / i }')
	local t got=
	for t in optimistic pessimistic expected; do
		got="$got${got:+ }$(ndcg --gains 1:5,2:3 -T $t -f -p 6 -m nDCG ranks 2>/dev/null |
		    awk '$1 == "nDCG" { print $3 }')"
	done
	same "$got" "$want"
	# the braces of ir_measures' map, blanks after ':' and ','
	run --separate-stderr ndcg --gains '{1: 5, 2: 3}' -T pessimistic -f -p 6 -m nDCG ranks
	same "$(echo "$output" | body | cut -f3)" "$(echo $want | cut -d' ' -f2)"
	# without --gains the grades order them: b (2) first, optimistic
	# DCG = IDCG
	run --separate-stderr ndcg -T optimistic -f -m nDCG ranks
	same "$(echo "$output" | body)" "$(tsv 'nDCG all 1.0000')"
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

@test "--gains: its refusals" {
	tsv 'q1 a 5' 'q1 b 4' > scores
	tsv 'q1 a 2' 'q1 b 0' > qrels
	rankof --judged -r qrels scores > ranks
	# a judged item that is not relevant, of a grade the map weighs
	fails_with "ndcg: ranks:3: query 'q1': an item of grade 0 is not relevant in the rank stream and --gains gives it 1: nDCG weighs the relevant items only (rank with rankof -g 0)" \
	    ndcg --gains 0:1 ranks
	run --separate-stderr ndcg --gains 0:0,2:3 -f -m nDCG ranks
	same "$(echo "$output" | body)" "$(tsv 'nDCG all 1.0000')"
	local a
	for a in "2:x|grade 2: 'x' is not a finite number" \
	    "2:3,2:4|grade 2 is listed twice" "2|'2' is not GRADE:GAIN" \
	    "{2:3|'{2:3' is not GRADE:GAIN,..." "2:inf|grade 2: 'inf' is not a finite number"; do
		run --separate-stderr ndcg --gains "${a%%|*}" ranks
		status_is 2
		same "${stderr%%$'\n'*}" "ndcg: --gains: ${a#*|}"
	done
	run --separate-stderr ndcg --gains 2:3 --gain exp ranks
	status_is 2
	same "${stderr%%$'\n'*}" "ndcg: --gains gives each grade its gain: --gain exp would take 2^gain - 1"
	run --separate-stderr ndcg --gains 2:3 --names trec ranks
	status_is 2
	same "${stderr%%$'\n'*}" "ndcg: --gains: trec_eval's ndcg_cut takes the grades as gains (--names rankkit or irm)"
}
