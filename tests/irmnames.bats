#!/usr/bin/env bats
# --names irm: ir_measures' names (Name(param=value)@K) in hitrate, mapr
# and ndcg. Every name printed is taken back by -m and gives the same
# column (a round trip over every measure of every program); the names
# by hand, from ir_measures' documentation (R@K recall, Success@K, RR,
# AP@K, nDCG@K, Judged@K, ERR@K, RBP(p=P), SDCG(max_rel=G)@K, P(rel=G)@K,
# nDCG(gains={G:V})@K);
# and the refusals of parameters the options do not give.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
	tsv 'q1 a 6' 'q1 b 5' 'q1 c 4' 'q2 a 3' 'q2 b 2' > scores
	tsv 'q1 a 1' 'q1 c 2' 'q1 b 0' 'q2 b 1' 'q2 a 0' > qrels
	rankof --judged -r qrels scores > ranks 2>/dev/null
}

# names PROG ARGS...: the measure names PROG prints, one a line
names() {
	"$@" --quiet ranks | awk '!/^#/ && !seen[$1]++ { print $1 }'
}

@test "--names irm: every name printed is taken back by -m, the same column" {
	local p all printed back
	for p in "hitrate:hit,recall,P,MRR,MRR@K,MedR,MeanR,num_q,num_ret,num_rel,num_rel_ret,runid,rsum,R_cap,Judged" \
	    "mapr:Rprec,MAP@R,AP,AP@K,mINP,bpref" \
	    "ndcg:nDCG@K,nDCG,ERR,SDCG,RBP,RBP_resid"; do
		all=${p#*:}
		p=${p%%:*}
		printed=$(names $p --names irm -k 2,3 -m "$all")
		[ "$(echo "$printed" | wc -l)" -ge 6 ]
		back=$(names $p --names irm -m "$(echo "$printed" | paste -sd, -)")
		same "$back" "$printed"
		# and with ir_measures' rel=2 (--min-grade 2) where it applies
		[ "$p" = ndcg ] && continue
		printed=$(names $p --names irm --min-grade 2 -k 2,3 -m "$all")
		echo "$printed" | grep -q '(rel=2)'
		back=$(names $p --names irm --min-grade 2 -m "$(echo "$printed" | paste -sd, -)")
		same "$back" "$printed"
	done
	# nDCG's gains={G:V} (--gains)
	printed=$(names ndcg --names irm --gains 0:0,1:1,2:3 -k 2,3 -m nDCG@K,nDCG)
	same "$printed" "$(printf 'nDCG(gains={2:3})@2\nnDCG(gains={2:3})@3\nnDCG(gains={2:3})')"
	back=$(names ndcg --names irm --gains 2:3 -m "$(echo "$printed" | paste -sd, -)")
	same "$back" "$printed"
}

@test "--names irm by hand: ir_measures' spelling of each measure" {
	same "$(names hitrate --names irm -k 5 -m hit,recall,P,MRR,MRR@K,num_q,Judged,R_cap | paste -sd ' ')" \
	    "Success@5 R@5 P@5 RR RR@5 NumQ Judged@5 R_cap@5"
	same "$(names mapr --names irm -k 5 -m AP,AP@K,Rprec,bpref,MAP@R | paste -sd ' ')" \
	    "AP AP@5 Rprec Bpref MAP@R"
	same "$(names ndcg --names irm -k 10 -m nDCG@K,nDCG,ERR,SDCG,RBP,RBP_resid | paste -sd ' ')" \
	    "nDCG@10 nDCG ERR@10 SDCG(max_rel=4)@10 RBP(p=0.8) RBP_resid"
	# rel=G where --min-grade G changes the value; ir_measures leaves
	# its default rel=1 out
	same "$(names hitrate --names irm --min-grade 2 -k 5 -m hit,recall,P,MRR,MRR@K,num_q,num_rel,num_rel_ret,Judged | paste -sd ' ')" \
	    "Success(rel=2)@5 R(rel=2)@5 P(rel=2)@5 RR(rel=2) RR(rel=2)@5 NumQ NumRel(rel=2) NumRelRet(rel=2) Judged@5"
	same "$(names mapr --names irm --min-grade 2 -k 5 -m AP,AP@K,Rprec,bpref | paste -sd ' ')" \
	    "AP(rel=2) AP(rel=2)@5 Rprec(rel=2) Bpref(rel=2)"
	same "$(names hitrate --names irm --min-grade 1 -k 5 -m P | paste -sd ' ')" "P@5"
	same "$(names ndcg --names irm --persistence 0.95 --max-grade 3 -k 10 -m SDCG,RBP | paste -sd ' ')" \
	    "SDCG(max_rel=3)@10 RBP(p=0.95)"
	# a comma inside parentheses does not split -m's list
	same "$(names ndcg --names irm -m 'nDCG@5,SDCG(min_rel=0,max_rel=4)@10' | paste -sd ' ')" \
	    "nDCG@5 SDCG(max_rel=4)@10"
	# R@K is recall under ir_measures' names, the hit rate under
	# rankkit's. q1: relevant a (1) and c (3), recall@2 = 1/2, hit@2 = 1;
	# q2: b (2), 1 and 1. Means 0.75 and 1.
	run --separate-stderr hitrate --names irm -k 2 -m R ranks
	same "$(echo "$output" | body)" "$(tsv 'R@2 all 0.7500')"
	run --separate-stderr hitrate -f -k 2 -m R ranks
	same "$(echo "$output" | body)" "$(tsv 'hit@2 all 1.0000')"
}

# usage_error MESSAGE CMD...: CMD exits 2, MESSAGE the first line of its
# stderr (the usage line follows)
usage_error() {
	local want=$1
	shift
	run --separate-stderr "$@"
	status_is 2
	same "${stderr%%$'\n'*}" "$want"
}

@test "--names irm: parameters are the options' values; rel= is --min-grade" {
	usage_error "ndcg: -m: 'RBP(p=0.5)': p is --persistence's (--persistence 0.5)" \
	    ndcg --names irm -m 'RBP(p=0.5)' ranks
	run --separate-stderr ndcg --names irm --persistence 0.5 -m 'RBP(p=0.5)' ranks
	status_is 0
	usage_error "ndcg: -m: 'SDCG(max_rel=3)@5': max_rel is --max-grade's (--max-grade 3)" \
	    ndcg --names irm -m 'SDCG(max_rel=3)@5' ranks
	usage_error "hitrate: -m: 'P(rel=2)@5': rel is --min-grade's (--min-grade 2)" \
	    hitrate --names irm -m 'P(rel=2)@5' ranks
	run --separate-stderr hitrate --names irm -m 'P(rel=1)@5' ranks
	status_is 0
	usage_error "hitrate: -m: 'Judged(rel=2)@5': Judged takes no parameter 'rel'" \
	    hitrate --names irm --min-grade 2 -m 'Judged(rel=2)@5' ranks
	usage_error "ndcg: -m: 'nDCG(gains={1:2})': gains are --gains' (--gains {1:2})" \
	    ndcg --names irm --gains 1:3 -m 'nDCG(gains={1:2})' ranks
	run --separate-stderr ndcg --names irm --gains 1:2 -m 'nDCG(gains={0:0, 1:2})@5' ranks
	status_is 0
	usage_error "mapr: -m: 'AP(judged_only=True)': condensed lists are --judged-only's: give it and name the measure without judged_only=" \
	    mapr --names irm -m 'AP(judged_only=True)' ranks
	usage_error "mapr: -m: 'AP(gains=0:0)': AP takes no parameter 'gains'" \
	    mapr --names irm -m 'AP(gains=0:0)' ranks
	usage_error "cmc: --names irm: cmc writes no measure of ir_measures (hitrate, mapr and ndcg do)" \
	    cmc --names irm ranks
}
