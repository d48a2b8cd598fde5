#!/usr/bin/env bats
# cmc: the curve against hand-worked values, against the brute force of the
# tie modes (data/ranks/ties-brute.awk: every order of every tie enumerated)
# and against hitrate at every K; the mean rank as one plus the area above
# the full curve (generated data, and the article's 5K numbers); folds,
# empty queries, several systems; the terminal plot fits $COLUMNS, is pure
# ASCII with --ascii and has its axes labelled; the SVG is well-formed XML.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# gen SEED NQ: scores.SEED and qrels.SEED, small lists with many ties
gen() {
	awk -v seed="$1" -v nq="$2" -v scores="scores.$1" -v qrels="qrels.$1" \
	    -f "$DATA/ties-gen.awk"
}

# column FILE: the value column of a measure stream, "K value" lines
curve_of() { awk -F'\t' '!/^#/ { sub(/^hit@/, "", $1); print $1, $3 }' "$1"; }

# within WANT GOT TOL: |WANT - GOT| <= TOL
within() {
	awk -v w="$1" -v g="$2" -v t="$3" 'BEGIN { d = w - g; if (d < 0) d = -d
		if (d > t || g == "") { print "got " g ", want " w > "/dev/stderr"; exit 1 } }'
}

# worked.ranks (rankof(1)'s worked example): a = 1, t = 3, s = 1, m = 2
#   expected hit@K = 1 - C(2, K-1)/C(3, K-1): K=1: 0, K=2: 1 - 2/3 = 1/3,
#   K=3: 1 - 1/3 = 2/3, K=4: 1, K=5: 1 (n = 5)
#   optimistic [K >= 2], pessimistic [K >= 4]
@test "cmc: worked example by hand in the three tie modes" {
	run --separate-stderr cmc -f -K 5 "$DATA/worked.ranks"
	status_is 0
	same "$(curve_of <(printf '%s\n' "$output"))" "$(printf '%s\n' '1 0.0000' '2 0.3333' '3 0.6667' '4 1.0000' '5 1.0000')"
	run --separate-stderr cmc -f -K 5 -T optimistic "$DATA/worked.ranks"
	same "$(curve_of <(printf '%s\n' "$output") | tr '\n' ' ')" "1 0.0000 2 1.0000 3 1.0000 4 1.0000 5 1.0000 "
	run --separate-stderr cmc -f -K 5 -T pessimistic "$DATA/worked.ranks"
	same "$(curve_of <(printf '%s\n' "$output") | tr '\n' ' ')" "1 0.0000 2 0.0000 3 0.0000 4 1.0000 5 1.0000 "
	# the header and end lines of a measure stream
	[ "${lines[0]}" = "# measure	query	value" ]
	[ "${lines[6]}" = "# end" ]
	# the note: ties change hit@2 and hit@3 (1 against 0 at both)
	same "$stderr" "cmc: ties change hit@K at 2 of 5 cut-offs, most at hit@2: 1.0000 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)"
}

@test "cmc: --quiet silences the notes, never an error" {
	# the same note as above, then nothing with --quiet and the same curve
	run --separate-stderr cmc -f -K 5 "$DATA/worked.ranks"
	local want="$output"
	[ -n "$stderr" ]
	run --separate-stderr cmc --quiet -f -K 5 "$DATA/worked.ranks"
	status_is 0
	same "$stderr" ""
	same "$output" "$want"
	# a stream cut before its end line is still an error under --quiet
	cd "$BATS_TEST_TMPDIR"
	printf '# query\titem\tgrade\trank\tties\tn\nq1\td3\t1\t2\t2\t5\n' > cut.ranks
	run --separate-stderr cmc --quiet -K 5 cut.ranks
	status_is 1
	same "$stderr" "cmc: cut.ranks:2: stream ends without its '# end' line (the program upstream failed)"
}

# One seed of 60 small queries full of ties (ties-gen.awk): every tie shape
# the modes tell apart; ties-bruteforce.bats checks hitrate's hit@K against
# the same enumeration over more seeds and the next test gives cmc hitrate's
# bytes at every K, so a second seed here only doubled the enumeration
@test "cmc: the brute force of every tie order, at every K, in three modes" {
	for seed in 3; do
		gen $seed 60
		rankof -r "qrels.$seed" "scores.$seed" > ranks
		for mode in expected optimistic pessimistic; do
			awk -v ks=1,2,3,4,5,6,7,8 -v mode=$mode -f "$DATA/ties-brute.awk" \
			    "qrels.$seed" "scores.$seed" |
			    awk -F'\t' '$1 ~ /^hit@/ && $2 == "all"' | sort > want
			cmc -f -p 15 -K 8 -T $mode ranks 2>/dev/null | body | sort > got
			[ "$(wc -l < got)" -eq 8 ]
			paste want got | awk -F'\t' '{ d = $3 - $6; if (d < 0) d = -d
			    if ($1 != $4 || d > 1e-12) { print "differs: " $0; bad = 1 } }
			    END { exit bad }' >&2
		done
	done
}

@test "cmc: the same bytes as hitrate at every K, three modes, folds, empty policies" {
	gen 5 40
	rankof -r qrels.5 scores.5 > ranks
	# two empty queries, as rankof writes them
	printf 'e1\t-\t0\t-\t-\t4\ne2\t-\t0\t-\t-\t6\n' | cat - ranks > ranks.e
	for mode in expected optimistic pessimistic; do
		for empty in miss skip; do
			cmc -T $mode --empty $empty -p 17 -K 9 ranks.e > c 2>/dev/null
			hitrate -T $mode --empty $empty -p 17 -m hit -k 1,2,3,4,5,6,7,8,9 ranks.e > h 2>/dev/null
			cmp c h
		done
		# 42 queries in 6 folds of 7
		cmc -T $mode -f -p 17 -K 9 --folds 6 ranks.e > c 2>/dev/null
		hitrate -T $mode -f -p 17 -m hit -k 1,2,3,4,5,6,7,8,9 --folds 6 ranks.e > h 2>/dev/null
		cmp c h
	done
	# the notes about empty queries are hitrate's
	run --separate-stderr cmc --empty skip -K 2 ranks.e
	[[ "$stderr" == *"2 queries have no relevant item: they are left out of the curve (--empty skip)"* ]]
	run --separate-stderr cmc --empty error -K 2 ranks.e
	status_is 1
	[[ "$stderr" == *"query 'e1' has no relevant item (--empty error)"* ]]
}

@test "cmc: -K all runs to the largest gallery; a K past a gallery counts the whole gallery" {
	tsv 'a x 1 1 0 3' 'b y 1 2 1 7' > r
	# a: hit@K = 1 from K = 1; b: a = 1, t = 2, s = 1: hit@2 = 1/2, 1 from 3
	run --separate-stderr cmc -K all -f --curve r
	status_is 0
	same "$output" "$(printf '# K\tvalue\n1\t0.5000\n2\t0.7500\n3\t1.0000\n4\t1.0000\n5\t1.0000\n6\t1.0000\n7\t1.0000\n# end')"
	# -K beyond every gallery
	run --separate-stderr cmc -K 9 -f r
	[ "${lines[9]}" = "hit@9	all	1.0000" ]
}

# One plus the area above the full curve is the mean rank when every query
# retrieves a relevant item: sum over K = 1 .. N-1 of (1 - hit@K), N the
# largest gallery. The mean rank here is computed in awk from the rank
# stream's first group (a, t, s): optimistic a+1, pessimistic a+t-s+1,
# expected a+(t+1)/(s+1).
@test "cmc: mean rank = 1 + area above the curve, generated ties, three modes" {
	gen 7 80
	rankof -r qrels.7 scores.7 |
	    awk -F'\t' '/^#/ { next } $4 != "-" { ok[$1] = 1 } { l[NR] = $0; q[NR] = $1 }
		END { for (i = 1; i <= NR; i++) if (ok[q[i]]) print l[i] }' > ranks
	[ "$(cut -f1 ranks | uniq | wc -l)" -ge 50 ]
	for mode in expected optimistic pessimistic; do
		want=$(awk -F'\t' -v mode=$mode '
		    $1 != cur { cur = $1; a = $4 - 1; t = $5 + 1; s = 0; nq++ }
		    $4 - 1 == a { s++ }
		    $4 - 1 == a && mode == "optimistic" { first[nq] = a + 1 }
		    $4 - 1 == a && mode == "pessimistic" { first[nq] = a + t - s + 1 }
		    $4 - 1 == a && mode == "expected" { first[nq] = a + (t + 1) / (s + 1) }
		    END { for (i = 1; i <= nq; i++) sum += first[i]; printf "%.15f", sum / nq }' ranks)
		got=$(cmc -K all -f -p 17 -T $mode ranks 2>/dev/null |
		    awk -F'\t' '/^hit@/ { n++; area += 1 - $3; last = 1 - $3 }
			END { printf "%.15f", 1 + area - last }')
		within "$want" "$got" 1e-9
	done
}

@test "cmc: on the 5K data, hit@1/5/10 and the mean rank as the area (the article's numbers)" {
	need_shared data/crossmodal-seed0
	D="$SHARED/data/crossmodal-seed0"
	rankof -e --query-labels "$D/img.labels" --item-labels "$D/cap.labels" \
	    "$D/img.npy" "$D/cap.npy" > i2t
	rankof -e --query-labels "$D/cap.labels" --item-labels "$D/img.labels" \
	    "$D/cap.npy" "$D/img.npy" > t2i
	# expected.json, 5k: i2t R@1 57.34 R@5 85.26 R@10 93.12 mean 3.6946;
	# t2i R@1 42.912 R@5 74.02 R@10 85.108 mean 6.34832
	cmc -K all -f -p 17 i2t > ci 2>/dev/null
	cmc -K all -f -p 17 t2i > ct 2>/dev/null
	[ "$(grep -c '^hit@' ci)" -eq 25000 ]
	[ "$(grep -c '^hit@' ct)" -eq 5000 ]
	for k in 1:0.5734 5:0.8526 10:0.9312; do
		within "${k#*:}" "$(awk -v m="hit@${k%%:*}" '$1 == m { print $3 }' ci)" 1e-12
	done
	for k in 1:0.42912 5:0.7402 10:0.85108; do
		within "${k#*:}" "$(awk -v m="hit@${k%%:*}" '$1 == m { print $3 }' ct)" 1e-12
	done
	area() { awk -F'\t' '/^hit@/ { area += 1 - $3; last = 1 - $3 } END { printf "%.12f", 1 + area - last }' "$1"; }
	within 3.6946 "$(area ci)" 1e-9
	within 6.34832 "$(area ct)" 1e-9
}

# width FILE: the longest line in characters (UTF-8 continuation bytes
# dropped, then bytes counted)
width() { LC_ALL=C tr -d '\200-\277' < "$1" | awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }'; }

@test "cmc --plot: fits \$COLUMNS (80 unset, 24 at least), labelled axes, braille" {
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > ranks
	for w in 24 40 80 132 200; do
		COLUMNS=$w cmc -K 50 --plot ranks > p 2>/dev/null
		got=$(width p)
		[ "$got" -le "$w" ] && [ "$got" -ge $((w - 3)) ] || { echo "width $got for COLUMNS=$w"; false; }
	done
	(unset COLUMNS; cmc -K 50 --plot ranks > p 2>/dev/null)
	[ "$(width p)" -le 80 ] && [ "$(width p)" -ge 77 ]
	for bad in 10 abc -5; do
		COLUMNS=$bad cmc -K 50 --plot ranks > p 2>/dev/null
		w=$(width p)
		[ "$w" -le 80 ] && [ "$w" -ge 21 ] || { echo "width $w for COLUMNS=$bad"; false; }
	done
	COLUMNS=10 cmc -K 50 --plot ranks > p 2>/dev/null
	[ "$(width p)" -le 24 ]
	COLUMNS=80 cmc -K 50 --plot ranks > p 2>/dev/null
	# the y title first, the y labels 0 and 100, K 1 and 50 under the axis,
	# the x title last
	[ "$(head -1 p)" = "hit@K (%)" ]
	grep -q '^100 ' p
	grep -q '^  0 ' p
	run awk 'NR == 19 && $1 == "1" && $NF == "50"' p
	[ -n "$output" ]
	[ "$(tail -1 p | tr -d ' ')" = "K" ]
	# braille cells (U+2800..U+28FF: e2 a0..a3 xx) make the curve
	LC_ALL=C grep -q $'\xe2[\xa0-\xa3]' p
	# fractions: the y axis runs to 1.0
	COLUMNS=80 cmc -f -K 50 --plot ranks > p 2>/dev/null
	grep -q '^1\.0 ' p
	grep -q '^0\.0 ' p
	[ "$(head -1 p)" = "hit@K" ]
}

@test "cmc --ascii: printable ASCII only, one marker per system and a legend" {
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > a
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" --break id \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > b
	COLUMNS=60 cmc -K all --ascii --label one --label two a b > p 2>/dev/null
	[ "$(LC_ALL=C tr -d '\n\040-\176' < p | wc -c)" -eq 0 ]
	[ "$(width p)" -le 60 ]
	grep -q '^  \* one$' p
	grep -q '^  o two$' p
	grep -q '[*]' p
	grep -q 'o' p
	# log scale: K from 1 to 6, the ticks 1, 2, 5
	COLUMNS=60 cmc -K all --ascii --log-k a > p 2>/dev/null
	run awk 'NR == 19 { print $1, $2, $3 }' p
	[ "$output" = "1 2 5" ]
}

@test "cmc --svg: a failed write leaves the file of the name as it was" {
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > a
	echo before > pic.svg
	# a file-size limit of 1 block (its signal ignored: EFBIG) stops it
	run --separate-stderr sh -c 'trap "" XFSZ; ulimit -f 1; cmc --svg pic.svg a'
	status_is 1
	[ "$stderr" = "cmc: pic.svg: write error: File too large" ]
	[ "$(cat pic.svg)" = before ]
	[ "$(ls -A | grep -c svg)" -eq 1 ]
	cmc --svg pic.svg a > /dev/null 2>&1
	[ "$(tail -n 1 pic.svg)" = "</svg>" ]
	# a name that is no regular file is written in place
	cmc --svg /dev/null a > /dev/null 2>&1
}

@test "cmc --svg: well-formed SVG, a line per system, escaped labels, numbers unchanged" {
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > a
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" --break id \
	    "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > b
	cmc -K all --svg pic.svg --label 'a & <b>' --label "$(printf 'ctl\001')" a b > out 2>/dev/null
	# the standard output keeps the numbers: two streams
	[ "$(grep -c '^# end$' out)" -eq 2 ]
	head -2 pic.svg | grep -q '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
	[ "$(grep -c '<polyline' pic.svg)" -eq 2 ]
	grep -q '>a &amp; &lt;b&gt;</text>' pic.svg
	# a control byte as its escape, as the terminal shows it (XML 1.0
	# has no place for it)
	grep -qF '>ctl\x01</text>' pic.svg
	grep -q '>hit@K (%)</text>' pic.svg
	grep -q '>K</text>' pic.svg
	cmc -K all --log-k --svg - a > pic2.svg 2>/dev/null
	[ "$(grep -c '<polyline' pic2.svg)" -eq 1 ]
	run grep -c '^# ' pic2.svg
	[ "$output" -eq 0 ]
	if ! command -v xmllint >/dev/null; then
		[ -z "${CI:-}" ] || { echo "CI: xmllint missing"; false; }
		skip "xmllint (libxml2-utils) is not installed: well-formedness unchecked"
	fi
	xmllint --noout pic.svg
	xmllint --noout pic2.svg
}

@test "cmc: several systems: streams in file order, one column each with --curve" {
	tsv 'q x 1 1 0 4' > one
	tsv 'q x 1 3 0 4' > two
	run --separate-stderr cmc -f -K 4 --curve one two
	same "$output" "$(printf '# K\tone\ttwo\n1\t1.0000\t0.0000\n2\t1.0000\t0.0000\n3\t1.0000\t1.0000\n4\t1.0000\t1.0000\n# end')"
	run --separate-stderr cmc -f -K 4 --curve --label 'sys A' --label B one two
	[ "${lines[0]}" = "# K	sys_A	B" ]
	# issue 24: each system's stream names it in a comment line
	run --separate-stderr cmc -f -K 2 one two
	same "$output" "$(printf '# measure\tquery\tvalue\n# system one\nhit@1\tall\t1.0000\nhit@2\tall\t1.0000\n# end\n# measure\tquery\tvalue\n# system two\nhit@1\tall\t0.0000\nhit@2\tall\t0.0000\n# end')"
	run --separate-stderr cmc -f -K 1 --label 'sys A' --label B one two
	[ "${lines[1]}" = "# system sys_A" ]
	[ "${lines[5]}" = "# system B" ]
	# one system: the stream's bytes as before, unless it is labelled
	run --separate-stderr cmc -f -K 1 one
	same "$output" "$(printf '# measure\tquery\tvalue\nhit@1\tall\t1.0000\n# end')"
	run --separate-stderr cmc -f -K 1 --label A one
	[ "${lines[1]}" = "# system A" ]
}

@test "cmc --curve --format table: the aligned table --help offers" {
	tsv 'q x 1 1 0 4' > one
	tsv 'q x 1 3 0 4' > two
	run --separate-stderr cmc -f -K 3 --curve --format table --label A --label B one two
	[ "$status" -eq 0 ]
	same "$output" "$(printf 'K       A       B\n1  1.0000  0.0000\n2  1.0000  0.0000\n3  1.0000  1.0000')"
	[ "$output" = "$(cmc -f -K 3 --format table --label A --label B one two 2>/dev/null)" ]
}

# issue 27: a 2-line stream with n = 1e8 and --plot took 258 s and 5.4 GB
# (three sums per K up to n), n = 1e9 never ended. The curve keeps its
# distinct first groups and makes each value when written or drawn.
@test "cmc -K all: a plot of galleries of 1e8 and 1e9 samples the curve, rows stop at 1e8" {
	tsv 'q1 d1 1 1 0 1000000000' 'q2 d1 1 500000000 0 1000000000' > r9
	tsv 'q1 d1 1 1 0 100000000' 'q2 d1 1 50000000 0 100000000' > r8
	for f in r8 r9; do
		for p in --plot --ascii "--plot --log-k" "--svg -"; do
			run --separate-stderr timeout 10 cmc -K all $p $f
			echo "cmc -K all $p $f: $status" >&2
			[ "$status" -eq 0 ]
		done
	done
	# memory: the distinct first groups, never n (bench/rusage.c's peak)
	case $RANKKIT_BIN in
	*/build/san/*) ;;	# peak RSS is no figure under AddressSanitizer
	*)	cc -O2 -o rusage "$BATS_TEST_DIRNAME/../bench/rusage.c"
		./rusage -o ru cmc -K all --svg - r9 > /dev/null
		echo "peak RSS $(awk '{ print $4 }' ru) KiB" >&3
		[ "$(awk '{ print $4 }' ru)" -lt 16384 ] ;;
	esac
	# the x axis runs to 1e9; hit@K is 50% below K = 5e8 and 100% from it:
	# half the ASCII curve on the 50 line (row 9 of 16), half on 100
	COLUMNS=60 cmc -K all --ascii r9 > p
	[ "$(awk 'NR == 19 { print $NF }' p)" = "1000000000" ]
	[ "$(awk 'NR == 2' p | tr -cd '*' | wc -c)" -ge 20 ]
	[ "$(awk 'NR == 10' p | tr -cd '*' | wc -c)" -ge 20 ]
	# rows: one per K, at most -K's 1e8; past that an error at the query
	run --separate-stderr cmc -K all r9
	status_is 1
	[ "$stderr" = "cmc: r9:1: -K all: query 'q1' has 1000000000 candidates, past the 100000000 rows cmc writes; give -K N for the first N rows, or --plot or --svg - alone, which sample the curve" ]
	[[ $output != *"# end"* ]]
	run --separate-stderr cmc -K 3 -f r9
	status_is 0
	[ "$(echo "$output" | body)" = "$(printf 'hit@1\tall\t0.5000\nhit@2\tall\t0.5000\nhit@3\tall\t0.5000')" ]
	# a gallery of 1e5: every row, 50% up to K = 49999, 100% from 50000
	tsv 'q1 d1 1 1 0 100000' 'q2 d1 1 50000 0 100000' > r5
	cmc -K all -f r5 > rows
	[ "$(body < rows | wc -l)" -eq 100000 ]
	[ "$(sed -n '50000,50001p' rows)" = "$(printf 'hit@49999\tall\t0.5000\nhit@50000\tall\t1.0000')" ]
	[ "$(tail -2 rows)" = "$(printf 'hit@100000\tall\t1.0000\n# end')" ]
}

@test "cmc: ties of 1e9 and notes counted over the curve's steps, not over K" {
	# q1: a tie of all 1e9 candidates, q2 one of 1e6: optimistic 100% at
	# every K; pessimistic 0 below 1e6, 50% up to 1e9 - 1, 100% at 1e9
	tsv 'q1 d1 1 1 999999999 1000000000' 'q2 d1 1 1 999999 1000000000' > t9
	run --separate-stderr timeout 10 cmc -K all --plot t9
	status_is 0
	[ "$stderr" = "cmc: ties change hit@K at 999999999 of 1000000000 cut-offs, most at hit@1: 100.00 if relevant items win every tie (optimistic), 0.00 if they lose every one (pessimistic)" ]
	# expected: (K/1e9 + min(K/1e6, 1))/2 by hand
	# (2M lines into a file: bats's run would split them into an array)
	cmc -K 2000000 -f -p 6 --curve t9 >curve
	[ "$(sed -n '2p;1000001p;2000001p' curve)" = "$(printf '1\t0.000001\n1000000\t0.500500\n2000000\t0.501000')" ]
}

# A curve that never falls has its lowest and highest values in a screen
# column at the column's first and last K: the plot drawn from those is the
# plot drawn from every K (RANKKIT_PLOT_EVERY: the most K drawn one by one)
@test "cmc --plot: sampled at each column's first and last K, the picture of every K" {
	awk 'BEGIN { srand(3); for (q = 0; q < 300; q++) { n = 200000
		a = int(rand() * rand() * n * 0.9); t = 1 + int(rand() * rand() * 2000)
		if (a + t > n) t = n - a; s = 1 + int(rand() * 3); if (s > t) s = t
		for (i = 0; i < s; i++) printf "q%d\td%d\t1\t%d\t%d\t%d\n", q, i, a + 1, t - 1, n } }' > big
	for p in --plot --ascii "--plot --log-k" "--ascii --log-k -T pessimistic"; do
		for w in 60 200; do
			COLUMNS=$w RANKKIT_PLOT_EVERY=1000000 cmc -K all $p big > every 2>/dev/null
			COLUMNS=$w RANKKIT_PLOT_EVERY=1 cmc -K all $p big > sampled 2>/dev/null
			cmp every sampled
		done
	done
}

@test "cmc: usage errors exit 2, bad data and unwritable files exit 1" {
	tsv 'q x 1 1 0 4' > r
	for args in "-K 0" "-K x" "-K 100000001" "--label a --label b" \
	    "--curve --plot" "--plot --svg -" "-T sometimes" "--folds 0" "-p 18" "--bogus"; do
		run --separate-stderr cmc $args r
		[ "$status" -eq 2 ] || { echo "cmc $args: status $status"; false; }
		[ "$(printf '%s\n' "$stderr" | head -1 | cut -c1-5)" = "cmc: " ]
	done
	printf '# query\titem\tgrade\trank\tties\tn\nq\tx\t1\t1\t0\t4\n' > cut
	run --separate-stderr cmc cut
	status_is 1
	[ -z "$output" ] || [[ "$output" != *"# end"* ]]
	run --separate-stderr cmc --svg /nonexistent/dir/x.svg r
	status_is 1
	[[ "$stderr" == "cmc: /nonexistent/dir/x.svg: "* ]]
	run --separate-stderr cmc --folds 2 r
	status_is 1
	run cmc --version
	[ "$output" = "cmc (rankkit) 0.1.0" ]
}

# The explanation's numbers against hitrate's per-query values: under
# expected ties each hit@K inside a tie group is shown with its value;
# otherwise the first relevant rank r from which hit@K is 1 is hitrate's
# per-query MeanR in that mode.
@test "cmc --explain: the values shown are hitrate's, three tie modes" {
	gen 5 40
	rankof -r qrels.5 scores.5 > ranks
	cmc -K 8 --explain all ranks 2> ex > /dev/null
	hitrate -q -f -p 10 -m hit -k 1,2,3,4,5,6,7,8 ranks 2>/dev/null > h
	# "query ID: ..." then "  hit@K = ... " lines ending in "= value"
	awk '/^query / { q = $2; sub(/:$/, "", q) }
	    /^  hit@[0-9]+ = 1 - C/ { k = $1 } /^ +=/ && k != "" { print k "\t" q "\t" $NF; k = "" }' ex > shown
	[ "$(wc -l < shown)" -ge 10 ]
	awk -F'\t' 'FNR == NR { v[$1 "\t" $2] = $3; next }
	    { d = v[$1 "\t" $2] - $3; if (d < 0) d = -d
	      if (!(($1 "\t" $2) in v) || d > 1e-9) { print "differs: " $0; bad = 1 } }
	    END { exit bad }' h shown >&2
	for mode in optimistic pessimistic; do
		cmc -K 8 -T $mode --explain all ranks 2> ex > /dev/null
		hitrate -q -T $mode -f -p 10 -m MeanR ranks 2>/dev/null > h
		awk '/^query / { q = $2; sub(/:$/, "", q) }
		    /1 from K = / { print "MeanR\t" q "\t" $NF }' ex > shown
		[ "$(wc -l < shown)" -ge 20 ]
		awk -F'\t' 'FNR == NR { v[$1 "\t" $2] = $3; next }
		    { if (!(($1 "\t" $2) in v) || v[$1 "\t" $2] + 0 != $3 + 0) { print "differs: " $0; bad = 1 } }
		    END { exit bad }' h shown >&2
	done
	# every line of the explanation (the notes aside) within 80 columns
	[ "$(awk '!/^cmc: / { if (length($0) > w) w = length($0) } END { print w + 0 }' ex)" -le 80 ]
}

# issue 24: the SVG for a paper. Four queries whose first hits are at 1,
# 2, 3 and 3: hit@K 25, 50, 100 at K = 1, 2, 3. The plot area of a
# 640 x 400 picture runs from y 336 (its frame's bottom, 400 - 64) to 20,
# the values from 8 px inside it: y = 328 - (v - lo)/(hi - lo) * 300.
@test "cmc --svg: the y range from the curves, or --ymin/--ymax; the size; the titles" {
	tsv 'q1 x 1 1 0 10' 'q2 x 1 2 0 10' 'q3 x 1 3 0 10' 'q4 x 1 3 0 10' > r
	points() { sed -n 's/.*<polyline class="curve"[^>]* points="\([^"]*\)".*/\1/p' "$1"; }
	# automatic: 25 .. 100 widened to ticks of 20 (a fifth of the span,
	# rounded up to 1, 2 or 5 times a power of ten): 20 .. 100
	cmc -K 3 --svg auto.svg r > /dev/null 2>&1
	[ "$(points auto.svg)" = "70.00,309.25 343.00,215.50 616.00,28.00 " ]
	[ "$(grep -o '>[0-9]*</text>' auto.svg | head -5 | tr -d '<>/tex' | paste -sd' ')" = "20 40 60 80 100" ]
	# given: 0 .. 100, ticks of 20 from 0
	cmc -K 3 --svg fixed.svg --ymin 0 --ymax 100 r > /dev/null 2>&1
	[ "$(points fixed.svg)" = "70.00,253.00 343.00,178.00 616.00,28.00 " ]
	# 400 x 300: the frame from x 70 to 376 and y 236 to 20
	cmc -K 3 --svg small.svg --ymin 0 --ymax 100 --width 400 --height 300 r > /dev/null 2>&1
	grep -q 'width="400.00" height="300.00" viewBox="0 0 400.00 300.00"' small.svg
	[ "$(points small.svg)" = "70.00,178.00 223.00,128.00 376.00,28.00 " ]
	# titles: the axes and one above, which moves the frame down 24 px
	cmc -K 3 --svg t.svg --xlabel 'rank (K)' --ylabel 'CMC & more' --title 'Re-ID <test>' r > /dev/null 2>&1
	grep -q '>rank (K)</text>' t.svg
	grep -q '>CMC &amp; more</text>' t.svg
	grep -q '<text class="title"[^>]*>Re-ID &lt;test&gt;</text>' t.svg
	grep -q '<rect x="70.00" y="44.00"' t.svg
	if command -v xmllint > /dev/null; then
		for f in auto fixed small t; do xmllint --noout $f.svg; done
	fi
	run --separate-stderr cmc --svg x.svg --ymin 50 --ymax 50 r
	[ "$status" -eq 2 ]
	[[ ${stderr} == "cmc: --ymin 50 is not below --ymax 50"* ]]
	run --separate-stderr cmc --svg x.svg --width 10 r
	[ "$status" -eq 2 ]
}

# issue 37.1: an infinite end, or ends 2e308 apart, looped forever in
# round_step; each is a usage error naming the option, and a span of 2e15
# (the widest allowed) ends at once with a whole SVG
@test "cmc --svg: non-finite or huge --ymin/--ymax refused, the widest range drawn" {
	rankof -r "$BATS_TEST_DIRNAME/../examples/data/tiny.qrels" "$BATS_TEST_DIRNAME/../examples/data/tiny.scores" > tiny.ranks
	for args in "--ymax inf" "--ymin -inf" "--ymax nan" "--ymin -1e308 --ymax 1e308" "--ymax 1.5e15"; do
		run --separate-stderr timeout 5 cmc $args --svg x.svg tiny.ranks
		[ "$status" -eq 2 ]
		opt=${args%% *}
		[[ ${stderr} == "cmc: $opt"* ]]
		[ ! -e x.svg ]
	done
	run --separate-stderr timeout 5 cmc --ymin -1e15 --ymax 1e15 --svg x.svg tiny.ranks
	[ "$status" -eq 0 ]
	grep -q '</svg>' x.svg
	# ticks of 5e14 (a fifth of 2e15, rounded up), the labels whole
	grep -q '>-1000000000000000</text>' x.svg
	grep -q '>500000000000000</text>' x.svg
}

@test "cmc --svg: each curve its colour, dash pattern and marker, in the legend too" {
	tsv 'q1 x 1 1 0 10' 'q2 x 1 2 0 10' > r
	cmc -K 10 --svg s.svg --label a --label b --label c --label d r r r r > /dev/null 2>&1
	# four curves over each other: four strokes, four dash patterns
	[ "$(grep -c '<polyline class="curve"' s.svg)" -eq 4 ]
	[ "$(grep -o '<polyline class="curve" stroke="[^"]*"\( stroke-dasharray="[^"]*"\)\?' s.svg | sort -u | wc -l)" -eq 4 ]
	# four marker shapes, each curve's at other K than the others'
	[ "$(grep -c '<circle class="mark"' s.svg)" -ge 2 ]
	[ "$(grep -o '<path class="mark" d="M[^ ]* [a-z][^"]*' s.svg | sed 's/d="M[^ ]* //' | sort -u | wc -l)" -eq 3 ]
	for colour in '#0072B2' '#D55E00' '#009E73' '#CC79A7'; do
		xs=$(grep "class=\"mark\"[^>]*stroke=\"$colour\"" s.svg | head -n -1 | grep -o 'c\?x="[0-9.]*\|M[0-9.]*' | tr -d 'cx="M' | paste -sd' ')
		echo "$colour $xs" >> marks
	done
	[ "$(cut -d' ' -f2- marks | tr ' ' '\n' | sort | uniq -d | wc -l)" -eq 0 ]
}
