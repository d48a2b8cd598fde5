#!/usr/bin/env bats
# The tie modes against a brute force written here, in awk: random small
# score lists with many ties (data/ranks/ties-gen.awk, seeded), and for each
# query EVERY order of its tied candidates enumerated (data/ranks/ties-brute.awk):
# -T expected must be the mean over the orders, -T optimistic the best order,
# -T pessimistic the worst, --break id|input the one order of that rule;
# per query (-q) and for `all`, to 1e-12.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

KS=1,2,3,4,5,7,10

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# gen SEED NQ: scores.SEED and qrels.SEED
gen() {
	awk -v seed="$1" -v nq="$2" -v scores="scores.$1" -v qrels="qrels.$1" \
	    -f "$DATA/ties-gen.awk"
}

# brute SEED NQ MODE: the brute force's rows (ties-brute.awk, KS's
# cut-offs) for gen SEED NQ's data (made before, in the current folder) in
# tie mode MODE, into the file $B: made once for the file's tests, in
# $BATS_FILE_TMPDIR, as most (seed, mode) pairs are read by several tests
# (the expected, optimistic and pessimistic rows by their own test, the
# --chance test and the --folds test; each seed's chance rows once for
# every tie mode) and each run enumerates every order
brute() {
	B=$BATS_FILE_TMPDIR/brute.$1.$2.$3
	[ -e "$B" ] && return 0
	awk -v ks="$KS" -v mode="$3" -f "$DATA/ties-brute.awk" "qrels.$1" "scores.$1" >"$B.new"
	mv "$B.new" "$B"
}

# compare WANT GOT: measure streams; every row of each in the other, values
# within 1e-12; prints the differences
compare() {
	awk -F'\t' '
	    FNR == NR { want[$1 "\t" $2] = $3; next }
	    /^#/ { next }
	    { k = $1 "\t" $2
	      if (!(k in want)) { print "extra row: " $0; bad++; next }
	      d = $3 - want[k]; if (d < 0) d = -d
	      if (d > 1e-12 || $3 == "") { print "differs: " k ": got " $3 ", want " want[k]; bad++ }
	      got[k] = 1 }
	    END { for (k in want) if (!(k in got)) { print "missing row: " k; bad++ }
	          if (bad) { print bad " bad rows of " length(want); exit 1 } }' "$1" "$2" >&2
}

# check SEED NQ MODE: rankof | hitrate in tie mode MODE against the brute force
check() {
	gen "$1" "$2"
	brute "$1" "$2" "$3"
	cp "$B" want
	# sanity of the generated data: dozens of queries, ties, unretrieved items
	[ "$(cut -f1 "scores.$1" | uniq | wc -l)" -ge "$2" ] || [ "$(cut -f1 "qrels.$1" | sort -u | wc -l)" -ge "$2" ]
	rankof -r "qrels.$1" "scores.$1" > ranks
	hitrate -T "$3" -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
	compare want got
}

@test "ties: the rank stream counts rank and ties as the brute force does" {
	for seed in 1 2 3; do
		gen $seed 40
		awk -v mode=ranks -f "$DATA/ties-brute.awk" "qrels.$seed" "scores.$seed" |
		    LC_ALL=C sort -s -t " " -k1,1n -k2,2n -k3,3n -k4,4 |
		    sed 's/^[^\t]*\t//' > want
		run --separate-stderr rankof -r "qrels.$seed" "scores.$seed"
		status_is 0
		same "$(body <<<"$output")" "$(cat want)"
		# the data has what it should: ties, unretrieved items, several relevant
		# items in one tie group, queries with no retrieved relevant item
		awk -F'\t' '$5 > 0' want | grep -q .
		awk -F'\t' '$4 == "-"' want | grep -q .
		awk -F'\t' '$4 != "-" { c[$1 " " $4]++ } END { for (k in c) if (c[k] > 1) f = 1; exit !f }' want
		awk -F'\t' '{ q[$1] = 1 } $4 != "-" { r[$1] = 1 } END { for (k in q) if (!(k in r)) f = 1; exit !f }' want
	done
}

@test "ties: -T expected is the mean over every order (seed 1, 40 queries)" {
	check 1 40 expected
}

@test "ties: -T expected is the mean over every order (seeds 2 and 3)" {
	check 2 40 expected
	check 3 40 expected
}

@test "ties: -T optimistic is the best order (seeds 1, 2, 3)" {
	check 1 40 optimistic
	check 2 40 optimistic
	check 3 40 optimistic
}

@test "ties: -T pessimistic is the worst order (seeds 1, 2, 3)" {
	check 1 40 pessimistic
	check 2 40 pessimistic
	check 3 40 pessimistic
}

# the one order of --break: every ties is 0, so every tie mode gives it
@test "ties: --break id is the order with ties by item id descending" {
	for seed in 1 2; do
		gen $seed 40
		awk -v ks="$KS" -v mode=id -f "$DATA/ties-brute.awk" "qrels.$seed" "scores.$seed" > want
		rankof --break id -r "qrels.$seed" "scores.$seed" > ranks
		# every line untied: no ties field other than 0 or "-"
		run awk -F"\t" '!/^#/ && $5 != "-" && $5 != 0' ranks
		status_is 0
		same "$output" ""
		[ "$(body < ranks | wc -l)" -gt 40 ]
		for t in expected optimistic pessimistic; do
			hitrate -T $t -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
			compare want got
		done
	done
}

@test "ties: --break input is the order of appearance" {
	for seed in 1 2; do
		gen $seed 40
		awk -v ks="$KS" -v mode=input -f "$DATA/ties-brute.awk" "qrels.$seed" "scores.$seed" > want
		rankof --break input -r "qrels.$seed" "scores.$seed" > ranks
		# every line untied: no ties field other than 0 or "-"
		run awk -F"\t" '!/^#/ && $5 != "-" && $5 != 0' ranks
		status_is 0
		same "$output" ""
		[ "$(body < ranks | wc -l)" -gt 40 ]
		hitrate -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
		compare want got
	done
}

@test "ties: the brute force itself, on the worked example of rankkit(7)" {
	untrapped worked_example
}

# worked_example: the brute force's rows for the worked example of
# rankkit(7), in the three tie modes, against the values by hand
worked_example() {
	# q1: d1 .9, d2 = d3 = d4 .7, d5 .2; relevant d3 and the unretrieved d9:
	# hit@2 = 1/3, recall@5 = 1/2, MRR = 13/36, r = 3 (expected);
	# hit@2 = 1, r = 2 (optimistic); hit@2 = 0, r = 4 (pessimistic)
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.7' 'q1 d3 0.7' 'q1 d4 0.7' 'q1 d5 0.2' > s
	printf '%s\n' 'q1 d3 1' 'q1 d9 2' > r
	awk -v ks=2,5 -v mode=expected -f "$DATA/ties-brute.awk" r s > want
	output=$(cat want)
	awk -v h="$(val hit@2 q1)" 'BEGIN { d = h - 1/3; exit !(d < 1e-15 && d > -1e-15) }'
	same "$(val recall@5 q1)" 0.5
	awk -v h="$(val MRR q1)" 'BEGIN { d = h - 13/36; exit !(d < 1e-15 && d > -1e-15) }'
	same "$(val MeanR q1)" 3
	output=$(awk -v ks=2,5 -v mode=optimistic -f "$DATA/ties-brute.awk" r s)
	same "$(val hit@2 q1) $(val MeanR q1)" "1 2"
	output=$(awk -v ks=2,5 -v mode=pessimistic -f "$DATA/ties-brute.awk" r s)
	same "$(val hit@2 q1) $(val MeanR q1)" "0 4"
}

# --chance: each cut-off measure for a random ranking of the query's own
# gallery, i.e. the mean over every order of all its candidates (mode=chance
# ties them all; hit, recall, P and MRR@K at 7 cut-offs: 28 rows); the chance
# rows are the same whatever -T says
@test "ties: --chance rows are the mean over every order of the whole gallery" {
	for seed in 1 2; do
		gen $seed 40
		rankof -r "qrels.$seed" "scores.$seed" > ranks
		for t in expected optimistic; do
			brute $seed 40 $t
			cat "$B" >want
			brute $seed 40 chance
			cat "$B" >>want
			[ "$(grep -c ':chance	all	' want)" -eq 28 ]
			hitrate -T $t --chance -f -p 15 -q -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
			compare want got
		done
	done
}

# --folds F: F equal consecutive folds of queries, a row per fold (MedR the
# median of the fold's first ranks), `all` the mean over the folds;
# data/folds.awk makes these rows from the brute force's per-query rows
@test "ties: --folds rows and their all row against the brute force (with --chance)" {
	gen 3 40
	rankof -r qrels.3 scores.3 > ranks
	for args in "expected 5" "pessimistic 4" "optimistic 8"; do
		set -- $args
		brute 3 40 $1
		cp "$B" rows
		brute 3 40 chance
		{
			cut -f1 scores.3 | uniq | sed 's/^/query\t/'
			cat rows "$B"
		} | awk -F'\t' '$2 != "all"' | awk -v F=$2 -f "$BATS_TEST_DIRNAME/data/folds.awk" > want
		[ "$(grep -c "^MedR	fold" want)" -eq $2 ]
		hitrate -T $1 --folds $2 --chance -f -p 15 -k "$KS" -m hit,recall,P,MRR,MRR@K,MedR,MeanR ranks > got
		compare want got
	done
}

# A TREC run with 3 score values over 15..60 documents a query (almost
# every document tied), document ids of different lengths (d9 > d10 in
# byte order), graded qrels with relevant documents never retrieved. With
# --break id the one order is the run sorted by score, then id descending:
# `sort` makes it, and the awk below computes every measure of
# mapr(1), ndcg(1) and hitrate(1) on it from the definitions.
BREAKID_REF='
function lg2(x) { return log(x) / log(2) }
function out(name, v) { printf "%s\t%s\t%.17g\n", name, q, v; tot[name] += v; if (!(name in seen)) { seen[name] = 1; names[++nn] = name } }
function finish(   i, j, t, ng, x, R, ap, mr, rp, cnt, first, h, dcg, idcg, K, k, p) {
	if (q == "") return
	R = nrel[q]
	ng = 0
	for (x in grade) if (index(x, q SUBSEP) == 1) ig[++ng] = grade[x]
	for (i = 2; i <= ng; i++)
		for (j = i; j > 1 && ig[j] > ig[j-1]; j--) { t = ig[j]; ig[j] = ig[j-1]; ig[j-1] = t }
	ap = mr = rp = cnt = first = 0
	for (p = 1; p <= n; p++) {
		if (!(rel[p] > 0)) continue
		cnt++
		if (!first) first = p
		ap += cnt / p
		if (p <= R) { mr += cnt / p; rp++ }
	}
	out("AP", ap / R); out("MAP@R", mr / R); out("Rprec", rp / R)
	for (k = 1; k <= nK; k++) {
		K = Ks[k]; h = 0; x = 0
		for (p = 1; p <= n && p <= K; p++) if (rel[p] > 0) h++
		out("hit@" K, first && first <= K); out("recall@" K, h / R); out("P@" K, h / K)
		dcg = idcg = 0
		for (p = 1; p <= n && p <= K; p++) dcg += rel[p] / lg2(1 + p)
		for (i = 1; i <= ng && i <= K; i++) idcg += ig[i] / lg2(1 + i)
		out("nDCG@" K, dcg / idcg)
	}
	out("MRR", first ? 1 / first : 0)
	dcg = idcg = 0
	for (p = 1; p <= n; p++) dcg += rel[p] / lg2(1 + p)
	for (i = 1; i <= ng; i++) idcg += ig[i] / lg2(1 + i)
	out("nDCG", dcg / idcg)
	nq++
}
BEGIN { nK = split(KS, Ks, ",") }
FNR == NR { if ($4 >= 1) { grade[$1, $3] = $4; nrel[$1]++ } next }
$1 != q { finish(); q = $1; n = 0 }
{ rel[++n] = ($1 SUBSEP $3) in grade ? grade[$1, $3] : 0 }
END { finish(); for (i = 1; i <= nn; i++) printf "%s\tall\t%.17g\n", names[i], tot[names[i]] / nq }'

@test "ties: --break id on a heavily tied TREC run: every measure, per query and all" {
	KS=1,2,5,10,20
	awk 'BEGIN { srand(7)
		for (q = 1; q <= 30; q++) {
			n = 15 + int(rand() * 46)
			for (i = 1; i <= n; i++) {
				d = "d" int(rand() * 3000)
				if (seen[q, d]++) continue
				printf "%d Q0 %s 0 %.1f run\n", q, d, int(rand() * 3) / 10 > "run"
				r = rand()
				if (r < 0.3) printf "%d 0 %s %d\n", q, d, 1 + int(rand() * 3) > "qrels"
				else if (r < 0.4) printf "%d 0 %s 0\n", q, d > "qrels"
			}
			printf "%d 0 never%d 2\n", q, q > "qrels"
		} }'
	# the one order of --break id, and the reference on it
	LC_ALL=C sort -s -k1,1n -k5,5gr -k3,3r run > sorted
	awk -v KS="$KS" "$BREAKID_REF" qrels sorted > want
	[ "$(grep -c '	all	' want)" -eq 25 ]
	# heavily tied: every query has ties, most lines are in a tie
	[ "$(awk '{ c[$1 " " $5]++ } END { for (k in c) if (c[k] > 1) t += c[k]; print (t > NR * 0.9) }' run)" = 1 ]
	rankof --break id -r qrels run > ranks
	{
		mapr -f -p 15 -q -k "$KS" -m AP,MAP@R,Rprec ranks
		hitrate -f -p 15 -q -k "$KS" -m hit,recall,P,MRR ranks
		ndcg -f -p 15 -q -k "$KS" ranks
	} > got
	compare want got
	# and the reversed order (ids ascending) is another order: the
	# reference tells them apart
	LC_ALL=C sort -s -k1,1n -k5,5gr -k3,3 run > asc
	awk -v KS="$KS" "$BREAKID_REF" qrels asc > other
	run cmp -s want other
	[ "$status" -eq 1 ]
}
