#!/usr/bin/env bats
# The revisited Oxford and Paris protocol (issue 43): rankof --protocol
# reads revisitop's easy/hard/junk lists, mapr --ap-area trapezoid and
# hitrate -m mP@K are its compute_ap and mP@k. The expected values come
# from a numpy transcription of revisitop's compute_map, run once
# (tests/data/revisitop/make.py; its outputs committed there): a tie-free
# run of 40 queries, and small queries whose every tie order it enumerates.
load helper
load data/ranks/common

DATA_RV="$BATS_TEST_DIRNAME/data/revisitop"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# near WANT GOT: two files of "key<TAB>value" lines, the same keys, values
# within 1e-12; prints the differences
near() {
	awk -F'\t' '
	    FNR == NR { want[$1] = $2; next }
	    { if (!($1 in want)) { print "extra: " $0; bad++; next }
	      d = $2 - want[$1]; if (d < 0) d = -d
	      if (d > 1e-12) { print $1 ": got " $2 ", want " want[$1]; bad++ }
	      seen[$1] = 1 }
	    END { for (k in want) if (!(k in seen)) { print "missing: " k; bad++ }
	          exit bad > 0 }' "$1" "$2" >&2
}

@test "revisitop: a hand case per protocol (ignored items leave the ranking)" {
	# q1 ranks x c b a y (scores 9 .. 5): a easy, b hard, c junk; q2 ranks
	# a d: d hard. Easy: b, c ignored: x a y, a at rank 2 of n = 3; q2 has
	# no positive. Medium: c ignored: x b a y. Hard: a, c ignored: x b y.
	tsv 'q1 a easy' 'q1 b hard' 'q1 c junk' 'q2 d hard' > gnd
	tsv 'q1 x 9' 'q1 c 8' 'q1 b 7' 'q1 a 6' 'q1 y 5' 'q2 d 3' 'q2 a 4' > run
	run --separate-stderr rankof --protocol easy -r gnd run
	[ "$status" -eq 0 ]
	same "$(body <<<"$output")" "$(tsv 'q1 a 1 2 0 3' 'q2 - 0 - - 1')"
	run --separate-stderr rankof --protocol medium -r gnd run
	same "$(body <<<"$output")" "$(tsv 'q1 b 1 2 0 4' 'q1 a 1 3 0 4' 'q2 d 1 2 0 2')"
	run --separate-stderr rankof --protocol hard -r gnd run
	same "$(body <<<"$output")" "$(tsv 'q1 b 1 2 0 3' 'q2 d 1 2 0 2')"
	# Medium, q1: 0-based positions 1 and 2: AP = (1/2)[(0 + 1/2)/2 +
	# (1/2 + 2/3)/2] = 0.416667; q2: (0 + 1/2)/2 / 1 = 0.25. mP@K (1-based
	# 2, 3; last 3): @1 0/1, @2 1/2, @3 2/3, @5 2/min(5, 3); q2 (2): 0,
	# 1/2, 1/2, 1/2.
	rankof --protocol medium -r gnd run > ranks
	run --separate-stderr mapr -q -f -p 6 -m AP --ap-area trapezoid ranks
	same "$(body <<<"$output")" "$(tsv 'AP q1 0.416667' 'AP q2 0.250000' \
	    'AP all 0.333333')"
	run --separate-stderr hitrate -q -f -p 6 -k 1,2,3,5 -m mP ranks
	same "$(body <<<"$output" | grep -v all)" "$(tsv 'mP@1 q1 0.000000' \
	    'mP@2 q1 0.500000' 'mP@3 q1 0.666667' 'mP@5 q1 0.666667' \
	    'mP@1 q2 0.000000' 'mP@2 q2 0.500000' 'mP@3 q2 0.500000' \
	    'mP@5 q2 0.500000')"
	# the step AP stays the default: q1 (1/2 + 2/3)/2
	run --separate-stderr mapr -q -f -p 6 -m AP ranks
	same "$(body <<<"$output" | head -1)" "$(tsv 'AP q1 0.583333')"
	# a positive never retrieved (z) counts in AP's divisor, not in mP@K:
	# AP = (1/2)(1 + 1)/2 = 0.5, mP@5 = 1/min(5, 1)
	tsv 'q3 a easy' 'q3 z easy' > gnd3
	tsv 'q3 a 1' 'q3 b 0' > run3
	rankof --protocol easy -r gnd3 run3 > ranks3
	same "$(body <ranks3)" "$(tsv 'q3 a 1 1 0 2' 'q3 z 1 - - 2')"
	same "$(mapr -f -p 6 -m AP --ap-area trapezoid ranks3 | body)" \
	    "$(tsv 'AP all 0.500000')"
	same "$(hitrate -f -p 6 -k 5 -m mP ranks3 | body)" "$(tsv 'mP@5 all 1.000000')"
}

@test "revisitop: mAP and mP@1,5,10 for E, M, H equal compute_map's" {
	for p in easy medium hard; do
		rankof --protocol $p -r "$DATA_RV/gnd" "$DATA_RV/scores" > ranks
		mapr --empty skip -f -p 17 -m AP --ap-area trapezoid ranks | body |
		    awk -v p=$p -F'\t' '{ print p "\t" $1 "\t" $3 }' > got
		hitrate --empty skip -f -p 17 -k 1,5,10 -m mP ranks 2>/dev/null |
		    body | awk -v p=$p -F'\t' '{ print p "\t" $1 "\t" $3 }' >> got
		grep "^$p" "$DATA_RV/expected" | sed 's/\t/:/' > want
		sed 's/\t/:/' got > got2
		near want got2
	done
	# the same stream from three workers reading 64-byte chunks
	rankof -j 1 --protocol hard -r "$DATA_RV/gnd" "$DATA_RV/scores" > one
	RANKKIT_CHUNK=64 rankof -j 3 --protocol hard -r "$DATA_RV/gnd" "$DATA_RV/scores" > three
	cmp one three
	# the data has what it should: queries without easy images (left out),
	# and junk above positives
	rankof --protocol easy -r "$DATA_RV/gnd" "$DATA_RV/scores" | grep -q '	-	0	-	-	'
}

@test "revisitop: every tie mode equals the mean, best and worst tie order" {
	for p in easy medium hard; do
		rankof --protocol $p -r "$DATA_RV/ties.gnd" "$DATA_RV/ties.scores" > ranks
		grep -q '	[1-9][0-9]*	[1-9]' ranks	# ties reach the relevant items
		for mode in expected optimistic pessimistic; do
			{ mapr -T $mode --empty skip -q -f -p 17 -m AP \
			    --ap-area trapezoid ranks
			  hitrate -T $mode --empty skip -q -f -p 17 -k 1,2,3,5 \
			    -m mP ranks 2>/dev/null; } | body | grep -v '	all	' |
			    awk -F'\t' '{ print $1 ":" $2 "\t" $3 }' > got
			awk -F'\t' -v p=$p -v m=$mode '$1 == p && $2 == m {
			    print $3 ":" $4 "\t" $5 }' "$DATA_RV/ties.expected" > want
			near want got
		done
	done
}

@test "revisitop: -e ranks as the score stream does" {
	# four queries, six database rows: the same lists through -e and
	# through simmat's scores
	printf '0 1 0\n1 0 1\n2 1 1\n3 0 0\n' > q.txt
	printf '0 1 0\n1 0.9 0.1\n2 0 1\n3 0.5 0.5\n4 0.2 0.1\n5 0.3 0.3\n' > x.txt
	tsv '0 1 easy' '0 3 junk' '0 0 hard' '1 2 easy' '1 5 hard' '2 3 easy' \
	    '2 0 junk' '2 4 hard' '3 1 junk' > gnd
	for p in easy medium hard; do
		rankof --protocol $p -r gnd -e -m l2 q.txt x.txt > e.ranks 2>/dev/null
		simmat -m l2 q.txt x.txt | rankof --protocol $p -r gnd > s.ranks 2>/dev/null
		same "$(cat e.ranks)" "$(cat s.ranks)"
	done
	# the protocol is among the options a shard's fingerprint holds
	[ "$(rankof --fingerprint --protocol easy -r gnd -e q.txt x.txt)" != \
	    "$(rankof --fingerprint --protocol hard -r gnd -e q.txt x.txt)" ]
	# query 2 (1, 1), hard: 3 (easy) and 0 (junk) leave; the distances
	# of 1, 5, 2, 4 are sqrt(.82), sqrt(.98), 1, sqrt(1.45): 4 is last of 4
	same "$(rankof --protocol hard -r gnd -e -m l2 q.txt x.txt 2>/dev/null |
	    grep '^2')" "$(tsv '2 4 1 4 0 4')"
}

@test "revisitop: --explain names the items the protocol removes" {
	tsv 'q1 a easy' 'q1 b hard' 'q1 c junk' > gnd
	tsv 'q1 x 9' 'q1 c 8' 'q1 b 7' 'q1 a 6' > run
	run --separate-stderr rankof --protocol hard --explain q1 -r gnd run
	[ "$status" -eq 0 ]
	grep -qx '    2 by --protocol (easy or junk): c a' <<<"$stderr"
	# the measures' explanations: examples/data/tiny.gnd's q1 under medium,
	# its easy d3 tied at positions 1 to 3, its hard d5 at 4 (m = 2): S =
	# (1 + 1/2 + 1/3)/3 + 2/4 = 10/9, B = (1 + 0 + 0)/3 + 1/3 = 2/3, AP =
	# (S + B)/4 = 4/9; mP@1 = E[h(1)] = 1/3, mP@5 = 2/4 (L = 4)
	rankof --protocol medium -r "$BATS_TEST_DIRNAME/../examples/data/tiny.gnd" \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" 2>/dev/null > ranks
	run --separate-stderr mapr --explain q1 -m AP --ap-area trapezoid ranks
	grep -qx '       S = sum of P@p = 1.111111111, B = sum of P@(p-1) = 0.6666666667' <<<"$stderr"
	grep -qx '     = (1.111111111 + 0.6666666667) / (2\*2) = 0.4444444444' <<<"$stderr"
	run --separate-stderr hitrate --explain q1 -k 1,5 -m mP ranks
	grep -qx '       = h(K)/K = 0.3333333333/1: L > K = 0.3333333333' <<<"$stderr"
	grep -qx '       = 2/4: L = 4 <= K, every one retrieved in the top L = 0.5' <<<"$stderr"
	run --separate-stderr hitrate -T pessimistic --explain q1 -k 1 -m mP ranks
	grep -qx '       = h(K)/K = 0/1: L > K = 0' <<<"$stderr"
}

@test "revisitop: errors" {
	tsv 'q1 a easy' 'q1 b hard' 'q1 c junk' > gnd
	tsv 'q1 a 1' > run
	fails_with "rankof: gnd:1: field 3: 'easy' is a word of revisitop's lists, not a grade: give --protocol easy, medium or hard" \
	    rankof -r gnd run
	tsv 'q1 a easy' 'q1 b 1' > bad
	fails_with "rankof: bad:2: field 3: '1' is not easy, hard or junk (--protocol reads revisitop's lists)" \
	    rankof --protocol easy -r bad run
	tsv 'q1 a easy' 'q1 a junk' > twice
	fails_with "rankof: twice:2: duplicate judgment of item 'a' for query 'q1'" \
	    rankof --protocol easy -r twice run
	for args in "--protocol easy -l gnd" "--protocol easy -g 2 -r gnd" \
	    "--protocol easy --judged -r gnd" "--protocol all -r gnd"; do
		run --separate-stderr rankof $args run
		[ "$status" -eq 2 ]
	done
	rankof --protocol easy -r gnd run > ranks
	for args in "--gallery-size 5" "--names trec" "--names irm"; do
		run --separate-stderr mapr --ap-area trapezoid $args ranks
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"--ap-area trapezoid (revisitop's AP) has no"* ]]
	done
	run --separate-stderr mapr --ap-area area ranks
	[ "$status" -eq 2 ]
	run --separate-stderr hitrate --gallery-size 5 -m mP ranks
	[ "$status" -eq 2 ]
}

@test "revisitop: mP@K through a tie group cut by K, and one too large to sum" {
	# 10 relevant items tied with 190 others, K = 50: the sum over the
	# largest position M of P(M = m) (10/m if m <= 50, else E[top 50]/50
	# = 9*50/(m-1)/50), in exact fractions with python3:
	#   sum(comb(m-1,9)/comb(200,10) * (10/m if m <= 50 else 9/(m-1))
	#       for m in range(10, 201)) = 0.05000000793684802
	{ printf '# query\titem\tgrade\trank\tties\tn\n'
	  for i in a b c d e f g h i j; do printf 'q\t%s\t1\t1\t199\t200\n' $i; done
	  printf '# end\n'; } > mid.ranks
	run --separate-stderr hitrate -f -p 12 -k 50 -m mP mid.ranks
	same "$(body <<<"$output")" "$(tsv 'mP@50 all 0.050000007937')"
	# one relevant item among 2^40 tied, K = 2^31: H(2^31) / 2^40, H by
	# its asymptotic series (ln n + gamma + 1/2n), to the 7 digits -p 17 shows
	{ printf '# query\titem\tgrade\trank\tties\tn\n'
	  printf 'q\ta\t1\t1\t1099511627775\t1099511627776\n# end\n'; } > one.ranks
	got=$(hitrate -f -p 17 -k 2147483648 -m mP one.ranks 2>/dev/null | body | cut -f3)
	awk -v g="$got" 'BEGIN { n = 2^31; h = log(n) + 0.5772156649015329
	    w = (h + 1 / (2 * n)) / 2^40; d = g / w - 1; exit !(d < 1e-6 && d > -1e-6) }'
	# two of them: summed term by term, 2^31 terms, past the 2^22 allowed
	{ printf '# query\titem\tgrade\trank\tties\tn\n'
	  printf 'q\ta\t1\t1\t1099511627775\t1099511627776\n'
	  printf 'q\tb\t1\t1\t1099511627775\t1099511627776\n# end\n'; } > two.ranks
	fails_with "hitrate: two.ranks:2: query 'q': mP@2147483648 cuts a tie group of 1099511627776 positions holding 2 relevant items, too many orders to sum (rankof --break id breaks the ties)" \
	    hitrate -k 2147483648 -m mP two.ranks
}
