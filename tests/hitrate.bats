#!/usr/bin/env bats
# hitrate: hand-worked values of every measure in every tie mode, --empty,
# MedR/MeanR, --chance, --folds, -q, -f, -p, -m, notes on stderr.
# Fixtures are hand-written rank streams in data/ranks/*.ranks; every expected
# value is worked out in the comments (hitrate(1): the tie modes and the measures).
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

# worked.ranks = the worked example of rankkit(7):
#   q1 d3 1 2 2 5     d3: a = 1 above, tie group of t = 3 (positions 2..4), s = 1
#   q1 d9 2 - - 5     d9 relevant, never retrieved: m = 2
# expected: h(K) = s(K-a)/t inside the group: h(2) = 1/3, h(3) = 2/3, h(4) = 1
#   hit@K = 1 - C(t-s,K-a)/C(t,K-a): hit@2 = 1 - C(2,1)/C(3,1) = 1/3,
#   hit@3 = 1 - C(2,2)/C(3,2) = 2/3
#   recall@K = h/2, P@K = h/K
#   RR = sum_{j=1..3} C(3-j,0)/C(3,1)/(1+j) = (1/2+1/3+1/4)/3 = 13/36 = 0.36111
#   first rank = a + (t+1)/(s+1) = 1 + 4/2 = 3
# optimistic: d3 at 2; pessimistic: d3 at 4.
@test "hitrate: worked example, -T expected (default), fractions" {
	hitrate_table <<-'T'
	worked.ranks | -f -k 1,2,3,4,5 | hit@1    | all | 0.0000
	worked.ranks | -f -k 1,2,3,4,5 | hit@2    | all | 0.3333
	worked.ranks | -f -k 1,2,3,4,5 | hit@3    | all | 0.6667
	worked.ranks | -f -k 1,2,3,4,5 | hit@4    | all | 1.0000
	worked.ranks | -f -k 1,2,3,4,5 | hit@5    | all | 1.0000
	worked.ranks | -f -k 1,2,3,4,5 | recall@1 | all | 0.0000
	worked.ranks | -f -k 1,2,3,4,5 | recall@2 | all | 0.1667
	worked.ranks | -f -k 1,2,3,4,5 | recall@3 | all | 0.3333
	worked.ranks | -f -k 1,2,3,4,5 | recall@4 | all | 0.5000
	worked.ranks | -f -k 1,2,3,4,5 | recall@5 | all | 0.5000
	worked.ranks | -f -k 1,2,3,4,5 | P@1      | all | 0.0000
	# P@2 = (1/3)/2, P@3 = (2/3)/3 = 2/9
	worked.ranks | -f -k 1,2,3,4,5 | P@2      | all | 0.1667
	worked.ranks | -f -k 1,2,3,4,5 | P@3      | all | 0.2222
	worked.ranks | -f -k 1,2,3,4,5 | P@4      | all | 0.2500
	worked.ranks | -f -k 1,2,3,4,5 | P@5      | all | 0.2000
	worked.ranks | -f -k 1,2,3,4,5 | MRR      | all | 0.3611
	worked.ranks | -f -k 1,2,3,4,5 | MedR     | all | 3.0000
	worked.ranks | -f -k 1,2,3,4,5 | MeanR    | all | 3.0000
	# -T expected spelled out gives the same
	worked.ranks | -T expected -f -k 2 | hit@2 | all | 0.3333
	worked.ranks | --ties expected -f -k 2 | MRR | all | 0.3611
	# the same stream written loosely: spaces, CRLF, a comment, a blank line,
	# no final newline
	loose.ranks  | -f -k 2 | hit@2    | all | 0.3333
	loose.ranks  | -f -k 2 | recall@2 | all | 0.1667
	loose.ranks  | -f -k 2 | MRR      | all | 0.3611
	T
}

@test "hitrate: worked example, -T optimistic (d3 at rank 2)" {
	hitrate_table <<-'T'
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | hit@1    | all | 0.0000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | hit@2    | all | 1.0000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | hit@3    | all | 1.0000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | hit@5    | all | 1.0000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | recall@1 | all | 0.0000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | recall@2 | all | 0.5000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | recall@5 | all | 0.5000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | P@2      | all | 0.5000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | P@3      | all | 0.3333
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | P@4      | all | 0.2500
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | MRR      | all | 0.5000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | MedR     | all | 2.0000
	worked.ranks | -T optimistic -f -k 1,2,3,4,5 | MeanR    | all | 2.0000
	worked.ranks | --ties optimistic -f -k 2     | hit@2    | all | 1.0000
	T
}

@test "hitrate: worked example, -T pessimistic (d3 at rank 4)" {
	hitrate_table <<-'T'
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | hit@2    | all | 0.0000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | hit@3    | all | 0.0000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | hit@4    | all | 1.0000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | recall@3 | all | 0.0000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | recall@4 | all | 0.5000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | recall@5 | all | 0.5000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | P@3      | all | 0.0000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | P@4      | all | 0.2500
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | P@5      | all | 0.2000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | MRR      | all | 0.2500
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | MedR     | all | 4.0000
	worked.ranks | -T pessimistic -f -k 1,2,3,4,5 | MeanR    | all | 4.0000
	T
}

# group.ranks: two relevant items in one tie group: a = 1 above, t = 4
# (positions 2..5), s = 2, m = 2, n = 5.
#   hit@2 = 1 - C(2,1)/C(4,1) = 1/2; hit@3 = 1 - C(2,2)/C(4,2) = 5/6
#   h(3) = s(K-a)/t = 2*2/4 = 1: recall@3 = 1/2, P@3 = 1/3; h(5) = 2
#   RR = sum_{j=1..3} C(4-j,1)/C(4,2)/(1+j) = (3/6)/2 + (2/6)/3 + (1/6)/4
#      = 1/4 + 1/9 + 1/24 = 29/72 = .402778 (not 1/E[r] = 3/8)
#   E[r] = a + (t+1)/(s+1) = 1 + 5/3 = 2.6667
# optimistic: both at 2, 3; pessimistic: at 4, 5
@test "hitrate: several relevant items in one tie group, three modes" {
	hitrate_table <<-'T'
	group.ranks | -f -k 1,2,3,5 | hit@1    | all | 0.0000
	group.ranks | -f -k 1,2,3,5 | hit@2    | all | 0.5000
	group.ranks | -f -k 1,2,3,5 | hit@3    | all | 0.8333
	group.ranks | -f -k 1,2,3,5 | recall@3 | all | 0.5000
	group.ranks | -f -k 1,2,3,5 | recall@5 | all | 1.0000
	group.ranks | -f -k 1,2,3,5 | P@3      | all | 0.3333
	group.ranks | -f -k 1,2,3,5 | P@5      | all | 0.4000
	group.ranks | -f -k 1,2,3,5 | MRR      | all | 0.4028
	group.ranks | -f -k 1,2,3,5 | MeanR    | all | 2.6667
	group.ranks | -f -k 1,2,3,5 -T optimistic  | hit@2    | all | 1.0000
	group.ranks | -f -k 1,2,3,5 -T optimistic  | recall@3 | all | 1.0000
	group.ranks | -f -k 1,2,3,5 -T optimistic  | MRR      | all | 0.5000
	group.ranks | -f -k 1,2,3,5 -T pessimistic | hit@3    | all | 0.0000
	group.ranks | -f -k 1,2,3,5 -T pessimistic | P@5      | all | 0.4000
	group.ranks | -f -k 1,2,3,5 -T pessimistic | MRR      | all | 0.2500
	group.ranks | -f -k 1,2,3,5 -T pessimistic | MeanR    | all | 4.0000
	T
}

@test "hitrate: worked example, percent (default) and -p" {
	hitrate_table <<-'T'
	worked.ranks | -k 2      | hit@2    | all | 33.33
	worked.ranks | -k 2      | recall@2 | all | 16.67
	worked.ranks | -k 2      | P@2      | all | 16.67
	worked.ranks | -k 2      | MRR      | all | 36.11
	# ranks keep their units: 3, not 300
	worked.ranks | -k 2      | MedR     | all | 3.00
	worked.ranks | -k 2      | MeanR    | all | 3.00
	worked.ranks | -k 2 -p 0 | hit@2    | all | 33
	worked.ranks | -k 2 -p 3 | hit@2    | all | 33.333
	worked.ranks | -k 2 -p 3 | MeanR    | all | 3.000
	worked.ranks | -k 2 --precision 1 | MRR | all | 36.1
	worked.ranks | -f -p 6 -k 2 | hit@2 | all | 0.333333
	worked.ranks | -f -p 6 -k 2 | MRR   | all | 0.361111
	worked.ranks | --fractions --precision 2 -k 2 | MRR | all | 0.36
	T
}

@test "hitrate: worked example, the tie notes on stderr" {
	# default -k 1,5,10, percent: only MRR (50 vs 25), MedR and MeanR (2 vs 4)
	# differ between optimistic and pessimistic; hit@5 = hit@10 = 100,
	# recall@5 = 50, P@5 = 20 in every order. K = 10 exceeds the query's
	# n = 5 candidates while d9 is not retrieved: the truncation note.
	run --separate-stderr hitrate "$DATA/worked.ranks"
	status_is 0
	same "$(notes "$stderr")" "$(printf '%s\n' \
	    "hitrate: 1 query has fewer than 10 candidates and misses a relevant item: if its ranking was cut short (simmat -k, a run's depth), the item may lie below the cut, so hit@K, recall@K and P@K at K=10 are lower bounds" \
	    'hitrate: ties change MRR: 50.00 if relevant items win every tie (optimistic), 25.00 if they lose every one (pessimistic)' \
	    'hitrate: ties change MeanR: 2.00 if relevant items win every tie (optimistic), 4.00 if they lose every one (pessimistic)' \
	    'hitrate: ties change MedR: 2.00 if relevant items win every tie (optimistic), 4.00 if they lose every one (pessimistic)' | LC_ALL=C sort)"
	# -k 2 -f: hit@2 (1 vs 0), recall@2 (.5 vs 0), P@2 (.5 vs 0) join them
	run --separate-stderr hitrate -f -k 2 "$DATA/worked.ranks"
	status_is 0
	same "$(notes "$stderr")" "$(printf '%s\n' \
	    'hitrate: ties change hit@2: 1.0000 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)' \
	    'hitrate: ties change recall@2: 0.5000 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)' \
	    'hitrate: ties change P@2: 0.5000 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)' \
	    'hitrate: ties change MRR: 0.5000 if relevant items win every tie (optimistic), 0.2500 if they lose every one (pessimistic)' \
	    'hitrate: ties change MeanR: 2.0000 if relevant items win every tie (optimistic), 4.0000 if they lose every one (pessimistic)' \
	    'hitrate: ties change MedR: 2.0000 if relevant items win every tie (optimistic), 4.0000 if they lose every one (pessimistic)' | LC_ALL=C sort)"
	# -k 4 -m hit,recall: the same in every order, no note
	run --separate-stderr hitrate -f -k 4 -m hit,recall "$DATA/worked.ranks"
	status_is 0
	same "$(notes "$stderr")" ""
}

@test "hitrate: whole output, default options (-k 1,5,10, all measures, percent)" {
	# six.ranks: first ranks r1 1, r2 2, r3 4 (and 9), r4 7, r5 10, r6 3; n = 20
	#   hit@1 1/6, hit@5 4/6, hit@10 6/6
	#   recall@1 1/6, recall@5 (1+1+.5+0+0+1)/6 = 3.5/6, recall@10 1
	#   P@1 1/6, P@5 (.2*4)/6 = .1333, P@10 (.1*5+.2)/6 = .11667
	#   MRR (1+1/2+1/4+1/7+1/10+1/3)/6 = 2.3261905/6 = .387698
	#   MedR median(1,2,3,4,7,10) = 3.5, MeanR 27/6 = 4.5
	run --separate-stderr hitrate "$DATA/six.ranks"
	status_is 0
	same "$output" "$(tsv \
	    '# measure query value' \
	    'hit@1 all 16.67' 'hit@5 all 66.67' 'hit@10 all 100.00' \
	    'recall@1 all 16.67' 'recall@5 all 58.33' 'recall@10 all 100.00' \
	    'P@1 all 16.67' 'P@5 all 13.33' 'P@10 all 11.67' \
	    'MRR all 38.77' 'MedR all 3.50' 'MeanR all 4.50' '# end')"
	same "$(notes "$stderr")" ""
}

@test "hitrate: MedR median and vsepp, MeanR" {
	# six: median(1,2,3,4,7,10) = 3.5; vsepp floor(median(0,1,2,3,6,9)) + 1
	#   = floor(2.5) + 1 = 3
	# five: median(1,2,4,7,10) = 4; vsepp floor(3) + 1 = 4; MeanR 24/5
	# mixed (--empty miss or skip): first ranks 2 (qa) and 1 (qe) only:
	#   median 1.5, vsepp floor(median(1,0)) + 1 = 1, MeanR 1.5
	hitrate_table <<-'T'
	six.ranks   | -f -m MedR               | MedR  | all | 3.5000
	six.ranks   | -f -m MedR --medr median | MedR  | all | 3.5000
	six.ranks   | -f -m MedR --medr vsepp  | MedR  | all | 3.0000
	six.ranks   | -f -m MeanR              | MeanR | all | 4.5000
	five.ranks  | -f -m MedR               | MedR  | all | 4.0000
	five.ranks  | -f -m MedR --medr vsepp  | MedR  | all | 4.0000
	five.ranks  | -f -m MeanR              | MeanR | all | 4.8000
	mixed.ranks | -f -m MedR,MeanR         | MedR  | all | 1.5000
	mixed.ranks | -f -m MedR,MeanR --medr vsepp | MedR | all | 1.0000
	mixed.ranks | -f -m MedR,MeanR         | MeanR | all | 1.5000
	mixed.ranks | -f -m MedR,MeanR --empty skip | MedR | all | 1.5000
	mixed.ranks | -f -m MedR,MeanR --empty skip | MeanR | all | 1.5000
	T
}

@test "hitrate: MedR of an even count of tied first ranks, both rules, three modes" {
	# medr.ranks, n = 9: m1 at 1 untied; m2 a = 1, t = 3, s = 1; m3 a = 3,
	# t = 2, s = 1; m4 a = 5, t = 4, s = 2; m5 nothing retrieved (left out,
	# so four first ranks: an even count).
	# expected r = a + (t+1)/(s+1): 1, 1 + 4/2 = 3, 3 + 3/2 = 4.5,
	#   5 + 5/3 = 20/3; median (3 + 4.5)/2 = 3.75; vsepp: median of r - 1 =
	#   (2 + 3.5)/2 = 2.75, floor 2, + 1 = 3; MeanR (1 + 3 + 4.5 + 20/3)/4
	#   = 91/24 = 3.791667
	# optimistic r = a + 1: 1, 2, 4, 6; median 3, vsepp floor(2) + 1 = 3
	# pessimistic r = a + t - s + 1: 1, 4, 5, 8; median 4.5, vsepp
	#   floor(3.5) + 1 = 4; MeanR 18/4 = 4.5
	hitrate_table <<-'T'
	medr.ranks | -f -m MedR                               | MedR  | all | 3.7500
	medr.ranks | -f -m MedR --medr vsepp                  | MedR  | all | 3.0000
	medr.ranks | -f -m MedR -T optimistic                 | MedR  | all | 3.0000
	medr.ranks | -f -m MedR -T optimistic --medr vsepp    | MedR  | all | 3.0000
	medr.ranks | -f -m MedR -T pessimistic                | MedR  | all | 4.5000
	medr.ranks | -f -m MedR -T pessimistic --medr vsepp   | MedR  | all | 4.0000
	medr.ranks | -f -p 6 -m MeanR                         | MeanR | all | 3.791667
	medr.ranks | -f -p 6 -m MeanR -T pessimistic          | MeanR | all | 4.500000
	T
}

@test "hitrate: unretrieved relevant items and empty queries, --empty miss (default)" {
	# mixed.ranks: qa first rank 2 (m 1, n 3); qb only unretrieved; qc, qd empty;
	#   qe ranks 1 and 3 (m 2); qf only unretrieved.   Q = 6 with miss.
	#   hit@1: qe = 1/6; hit@2: qa, qe = 2/6
	#   recall@1: qe .5 -> .5/6 = .08333; recall@2: qa 1 + qe .5 -> 1.5/6 = .25
	#   P@1: qe 1 -> 1/6; P@2: qa .5 + qe .5 -> 1/6
	#   MRR: .5 + 1 -> 1.5/6 = .25
	hitrate_table <<-'T'
	mixed.ranks | -f -k 1,2              | hit@1    | all | 0.1667
	mixed.ranks | -f -k 1,2              | hit@2    | all | 0.3333
	mixed.ranks | -f -k 1,2              | recall@1 | all | 0.0833
	mixed.ranks | -f -k 1,2              | recall@2 | all | 0.2500
	mixed.ranks | -f -k 1,2              | P@1      | all | 0.1667
	mixed.ranks | -f -k 1,2              | P@2      | all | 0.1667
	mixed.ranks | -f -k 1,2              | MRR      | all | 0.2500
	mixed.ranks | -f -k 1,2 --empty miss | hit@2    | all | 0.3333
	mixed.ranks | -f -k 1,2 --empty miss | MRR      | all | 0.2500
	# per query: an empty query counts 0 under miss
	mixed.ranks | -f -k 1,2 -q           | hit@2    | qc  | 0.0000
	mixed.ranks | -f -k 1,2 -q           | recall@2 | qd  | 0.0000
	mixed.ranks | -f -k 1,2 -q           | MRR      | qc  | 0.0000
	mixed.ranks | -f -k 1,2 -q           | MRR      | qb  | 0.0000
	mixed.ranks | -f -k 1,2 -q           | recall@2 | qe  | 0.5000
	mixed.ranks | -f -k 1,2 -q           | P@1      | qe  | 1.0000
	mixed.ranks | -f -k 1,2 -q           | MeanR    | qe  | 1.0000
	mixed.ranks | -f -k 1,2 -q           | MeanR    | qa  | 2.0000
	# no first rank, no MeanR row
	mixed.ranks | -f -k 1,2 -q           | MeanR    | qb  |
	mixed.ranks | -f -k 1,2 -q           | MeanR    | qc  |
	T
	run --separate-stderr hitrate -f -k 1,2 "$DATA/mixed.ranks"
	status_is 0
	[[ $stderr == *"hitrate: 2 queries have no relevant item: they count as 0 (--empty miss)"* ]]
	# qb and qf (and perhaps the empty qc, qd: the spec leaves it open)
	echo "$stderr" | grep -E -x 'hitrate: [24] queries retrieve none of their relevant items; MedR and MeanR leave them out, as they have no rank for them'
}

@test "hitrate: empty queries, --empty skip" {
	# Q = 4 (qa, qb, qe, qf): hit@1 1/4, hit@2 2/4, recall@1 .5/4 = .125,
	# recall@2 1.5/4 = .375, P@1 1/4, P@2 (.5+.5)/4, MRR 1.5/4
	hitrate_table <<-'T'
	mixed.ranks | -f -k 1,2 --empty skip | hit@1    | all | 0.2500
	mixed.ranks | -f -k 1,2 --empty skip | hit@2    | all | 0.5000
	mixed.ranks | -f -k 1,2 --empty skip | recall@1 | all | 0.1250
	mixed.ranks | -f -k 1,2 --empty skip | recall@2 | all | 0.3750
	mixed.ranks | -f -k 1,2 --empty skip | P@1      | all | 0.2500
	mixed.ranks | -f -k 1,2 --empty skip | P@2      | all | 0.2500
	mixed.ranks | -f -k 1,2 --empty skip | MRR      | all | 0.3750
	# a skipped query has no value
	mixed.ranks | -f -k 1,2 --empty skip -q | hit@1 | qc  |
	mixed.ranks | -f -k 1,2 --empty skip -q | MRR   | qd  |
	mixed.ranks | -f -k 1,2 --empty skip -q | hit@1 | qb  | 0.0000
	# unretrieved.ranks = mixed without the empty queries: the same numbers
	unret.ranks | -f -k 1,2              | recall@2 | all | 0.3750
	unret.ranks | -f -k 1,2              | MRR      | all | 0.3750
	T
	run --separate-stderr hitrate -f -k 1,2 --empty skip "$DATA/mixed.ranks"
	status_is 0
	[[ $stderr == *"hitrate: 2 queries have no relevant item and are left out of every measure (--empty skip)"* ]]
}

@test "hitrate: empty queries, --empty error" {
	cd "$DATA"
	run --separate-stderr hitrate -f -k 1,2 --empty error mixed.ranks
	status_is 1
	same "$stderr" "hitrate: mixed.ranks:3: query 'qc' has no relevant item (--empty error)"
	[[ $output != *"# end"* ]]
	# no empty query: nothing to stop for
	run --separate-stderr hitrate -f -k 1,2 --empty error unret.ranks
	status_is 0
	same "$(val recall@2 all)" 0.3750
}

@test "hitrate: -q per-query rows, whole output, and the MedR/MeanR note" {
	# unret.ranks: qa r=2 (m 1); qb unretrieved; qe r=1, items at 1 and 3 (m 2);
	# qf unretrieved.  Per query rows in query order, no MedR rows, MeanR = r.
	run --separate-stderr hitrate -f -q -k 1,2 "$DATA/unret.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'hit@1 qa 0.0000' 'hit@2 qa 1.0000' 'recall@1 qa 0.0000' 'recall@2 qa 1.0000' \
	    'P@1 qa 0.0000' 'P@2 qa 0.5000' 'MRR qa 0.5000' 'MeanR qa 2.0000' \
	    'hit@1 qb 0.0000' 'hit@2 qb 0.0000' 'recall@1 qb 0.0000' 'recall@2 qb 0.0000' \
	    'P@1 qb 0.0000' 'P@2 qb 0.0000' 'MRR qb 0.0000' \
	    'hit@1 qe 1.0000' 'hit@2 qe 1.0000' 'recall@1 qe 0.5000' 'recall@2 qe 0.5000' \
	    'P@1 qe 1.0000' 'P@2 qe 0.5000' 'MRR qe 1.0000' 'MeanR qe 1.0000' \
	    'hit@1 qf 0.0000' 'hit@2 qf 0.0000' 'recall@1 qf 0.0000' 'recall@2 qf 0.0000' \
	    'P@1 qf 0.0000' 'P@2 qf 0.0000' 'MRR qf 0.0000' \
	    'hit@1 all 0.2500' 'hit@2 all 0.5000' 'recall@1 all 0.1250' 'recall@2 all 0.3750' \
	    'P@1 all 0.2500' 'P@2 all 0.2500' 'MRR all 0.3750' \
	    'MedR all 1.5000' 'MeanR all 1.5000' '# end')"
	same "$(notes "$stderr")" \
	    "hitrate: 2 queries retrieve none of their relevant items; MedR and MeanR leave them out, as they have no rank for them"
	# --per-query is -q
	run --separate-stderr hitrate -f --per-query -k 1,2 "$DATA/unret.ranks"
	status_is 0
	same "$(val MeanR qe)" 1.0000
}

@test "hitrate: -m selects and orders the measures" {
	run --separate-stderr hitrate -m MRR,hit -k 1,5 "$DATA/six.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'MRR all 38.77' 'hit@1 all 16.67' 'hit@5 all 66.67' '# end')"
	run --separate-stderr hitrate -f --measures MeanR,P,MedR -k 5 "$DATA/six.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'MeanR all 4.5000' 'P@5 all 0.1333' 'MedR all 3.5000' '# end')"
	run --separate-stderr hitrate -f -m recall --cutoffs 10,1 "$DATA/six.ranks"
	status_is 0
	same "$(body <<<"$output" | cut -f1 | tr '\n' ' ')" "recall@10 recall@1 "
}

@test "hitrate: printing rounds half to even, as printf does" {
	# eight.ranks: q1 at rank 1, q2..q8 at rank 3: hit@1 = 1/8 = .125 exactly,
	# MeanR = (1 + 7*3)/8 = 2.75 exactly
	hitrate_table <<-'T'
	eight.ranks | -f -p 2 -k 1 | hit@1 | all | 0.12
	eight.ranks | -f -p 3 -k 1 | hit@1 | all | 0.125
	eight.ranks | -p 0 -k 1    | hit@1 | all | 12
	eight.ranks | -p 1 -k 1    | hit@1 | all | 12.5
	eight.ranks | -p 1 -k 1    | MeanR | all | 2.8
	eight.ranks | -p 2 -k 1    | MeanR | all | 2.75
	# P@1 of 1/8 and hit@3 = 1
	eight.ranks | -f -p 2 -k 3 | hit@3 | all | 1.00
	T
}

@test "hitrate: --chance rows follow their measure" {
	# chance.ranks: ca (n 3, m 1, rank 2), ce (n 4, m 2, ranks 1 and 3).
	# random ranking of the query's gallery:
	#   hit@K   = 1 - C(n-m,K)/C(n,K): ca 1/3, 2/3, 1 (K = 1, 2, 5); ce 1/2, 5/6, 1
	#   recall@K = min(K,n)/n:          ca 1/3, 2/3, 1;               ce 1/4, 1/2, 1
	#   P@K = m*min(K,n)/n/K:           ca 1/3, 1/3, 1/5;             ce 1/2, 1/2, 2/5
	# means: hit 5/12 .4167, 3/4, 1; recall 7/24 .2917, 7/12 .5833, 1;
	#        P 5/12, 5/12, .3
	# observed: hit@1 (0+1)/2, hit@2 1, hit@5 1; recall@1 (0+.5)/2, recall@2
	#   (1+.5)/2, recall@5 1; P@1 (0+1)/2, P@2 (.5+.5)/2, P@5 (.2+.4)/2
	run --separate-stderr hitrate -f -m hit,recall,P -k 1,2,5 --chance "$DATA/chance.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'hit@1 all 0.5000' 'hit@1:chance all 0.4167' \
	    'hit@2 all 1.0000' 'hit@2:chance all 0.7500' \
	    'hit@5 all 1.0000' 'hit@5:chance all 1.0000' \
	    'recall@1 all 0.2500' 'recall@1:chance all 0.2917' \
	    'recall@2 all 0.7500' 'recall@2:chance all 0.5833' \
	    'recall@5 all 1.0000' 'recall@5:chance all 1.0000' \
	    'P@1 all 0.5000' 'P@1:chance all 0.4167' \
	    'P@2 all 0.5000' 'P@2:chance all 0.4167' \
	    'P@5 all 0.3000' 'P@5:chance all 0.3000' '# end')"
	# the worked example: the gallery (n = 5) holds one relevant item, d3; d9
	# is relevant but not in the gallery, so no random order of the gallery
	# can place it: hit@1:chance = 1 - C(4,1)/C(5,1) = 1/5,
	# hit@2:chance = 1 - C(4,2)/C(5,2) = 1 - 6/10; recall@2:chance =
	# E[h(2)]/m = (1 * 2/5)/2 = 1/5 (m = 2 counts d9); P@2:chance = (2/5)/2
	hitrate_table <<-'T'
	worked.ranks | -f -m hit -k 1,2 --chance | hit@1:chance | all | 0.2000
	worked.ranks | -f -m hit -k 1,2 --chance | hit@2:chance | all | 0.4000
	worked.ranks | -m hit -k 2 --chance      | hit@2:chance | all | 40.00
	worked.ranks | -f -m recall,P -k 2 --chance | recall@2:chance | all | 0.2000
	worked.ranks | -f -m recall,P -k 2 --chance | P@2:chance      | all | 0.2000
	T
}

@test "hitrate: --folds: rows per fold, all = mean over folds" {
	# folds.ranks: f1 rank 1, f2 empty, f3 rank 2, f4 rank 7 (n 10)
	# miss: fold1 = {f1, f2}: hit@1 1/2, hit@5 1/2, MRR 1/2
	#       fold2 = {f3, f4}: hit@1 0, hit@5 1/2, MRR (1/2+1/7)/2 = 9/28 = .32143
	#       all: hit@1 .25, hit@5 .5, MRR (1/2 + 9/28)/2 = 23/56 = .41071
	run --separate-stderr hitrate -f --folds 2 -k 1,5 -m hit,MRR "$DATA/folds.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'hit@1 fold1 0.5000' 'hit@5 fold1 0.5000' 'MRR fold1 0.5000' \
	    'hit@1 fold2 0.0000' 'hit@5 fold2 0.5000' 'MRR fold2 0.3214' \
	    'hit@1 all 0.2500' 'hit@5 all 0.5000' 'MRR all 0.4107' '# end')"
	# skip: fold1 = {f1}: 1, 1, 1; fold2 as above. The mean over folds
	# (hit@1 .5, hit@5 .75, MRR (1 + 9/28)/2 = 37/56 = .66071) is not the
	# mean over the three queries (1/3, 2/3, .5476).
	hitrate_table <<-'T'
	folds.ranks | -f --folds 2 -k 1,5 -m hit,MRR --empty skip | hit@1 | fold1 | 1.0000
	folds.ranks | -f --folds 2 -k 1,5 -m hit,MRR --empty skip | MRR   | fold2 | 0.3214
	folds.ranks | -f --folds 2 -k 1,5 -m hit,MRR --empty skip | hit@1 | all   | 0.5000
	folds.ranks | -f --folds 2 -k 1,5 -m hit,MRR --empty skip | hit@5 | all   | 0.7500
	folds.ranks | -f --folds 2 -k 1,5 -m hit,MRR --empty skip | MRR   | all   | 0.6607
	# four folds of one query each
	folds.ranks | -f --folds 4 -k 1 -m hit | hit@1 | fold3 | 0.0000
	folds.ranks | -f --folds 4 -k 1 -m hit | hit@1 | fold1 | 1.0000
	folds.ranks | -f --folds 4 -k 1 -m hit | hit@1 | all   | 0.2500
	# a fold without a value (fold2 = {f2}: no first rank) prints '-' and
	# leaves the mean: all = (1 + 2 + 7)/3 = 3.3333 over three folds, not
	# 10/4; MedR the same (each fold's median is its one rank)
	folds.ranks | -f --folds 4 -m MeanR,MedR | MeanR | fold2 | -
	folds.ranks | -f --folds 4 -m MeanR,MedR | MeanR | all   | 3.3333
	folds.ranks | -f --folds 4 -m MeanR,MedR | MedR  | fold2 | -
	folds.ranks | -f --folds 4 -m MeanR,MedR | MedR  | all   | 3.3333
	# one fold is the plain summary
	six.ranks   | --folds 1 -m MRR         | MRR   | fold1 | 38.77
	six.ranks   | --folds 1 -m MRR         | MRR   | all   | 38.77
	T
	# -q with folds: per-query rows, then fold rows, then all rows
	run --separate-stderr hitrate -f -q --folds 2 -k 1 -m hit "$DATA/folds.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' \
	    'hit@1 f1 1.0000' 'hit@1 f2 0.0000' 'hit@1 f3 0.0000' 'hit@1 f4 0.0000' \
	    'hit@1 fold1 0.5000' 'hit@1 fold2 0.0000' 'hit@1 all 0.2500' '# end')"
}

@test "hitrate: --folds that do not divide the queries" {
	run --separate-stderr hitrate -f --folds 3 "$DATA/folds.ranks"
	status_is 1
	same "$stderr" "hitrate: 4 queries do not split into 3 equal folds"
	[[ $output != *"# end"* ]]
}

@test "hitrate: reads a rankkit stream with header and end line, files in order, stdin" {
	# header and '# end' around the worked example
	run --separate-stderr sh -c '{ printf "# query\titem\tgrade\trank\tties\tn\n";
	    cat "$1"; printf "# end\n"; } | hitrate -f -k 2 -m hit' sh "$DATA/worked.ranks"
	status_is 0
	same "$output" "$(tsv '# measure query value' 'hit@2 all 0.3333' '# end')"
	# two files: 1 + 6 queries, hit@1: six.ranks's r1 only -> 1/7 = .142857
	run --separate-stderr hitrate -f -k 1 -m hit "$DATA/worked.ranks" "$DATA/six.ranks"
	status_is 0
	same "$(val hit@1 all)" 0.1429
	# stdin
	run --separate-stderr sh -c 'hitrate -f -k 3 -m hit < "$1"' sh "$DATA/worked.ranks"
	status_is 0
	same "$(val hit@3 all)" 0.6667
}
