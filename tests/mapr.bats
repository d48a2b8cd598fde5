#!/usr/bin/env bats
# mapr: hand-worked values in every tie mode, the AP divisors, mINP, the
# article's examples (Musgrave et al. 2020, Table 3; the image-to-text and
# class-retrieval tables of $RANKKIT_SHARED/reference/recall-at-k.txt) and
# trec_eval's own goldens (map, map_cut_*, Rprec).
load helper
bats_require_minimum_version 1.5.0

T="$TREC_DATA"
D="$SHARED/data/crossmodal-seed0"

setup() {
	# the worked example of rankkit(7): d3 is tied with two others at positions
	# 2..4 (a = 1, t = 3, s = 1); d9 (grade 2) was never retrieved: m = 2.
	W="$BATS_TEST_TMPDIR/worked.ranks"
	printf 'q1\td3\t1\t2\t2\t5\nq1\td9\t2\t-\t-\t5\n' >"$W"
}

# mapr_is ARGS... : mapr's data lines must be the lines on stdin
mapr_is() {
	run --separate-stderr mapr "$@"
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	diff -u - <(printf '%s\n' "$output" | body)
}

# Expected mode, d3 at position 2, 3 or 4 with probability 1/3 each:
#   Rprec = h(2)/2 = (1/3)/2 = 1/6
#   MAP@R = (1/2) E[P@pos; pos <= 2] = (1/2)(1/3)(1/2) = 1/12
#   AP    = (1/2)(1/3)(1/2 + 1/3 + 1/4) = 13/72 = 0.18056
#   AP@2 = 1/12, AP@3 = (1/2)(1/3)(1/2 + 1/3) = 5/36, AP@4 = AP@5 = 13/72
#   mINP  = 1 retrieved / its position: (1/3)(1/2 + 1/3 + 1/4) = 13/36
@test "mapr: worked example, -T expected" {
	mapr_is -f -k 1,2,3,4,5 "$W" <<-'E'
	Rprec	all	0.1667
	MAP@R	all	0.0833
	AP	all	0.1806
	AP@1	all	0.0000
	AP@2	all	0.0833
	AP@3	all	0.1389
	AP@4	all	0.1806
	AP@5	all	0.1806
	mINP	all	0.3611
	E
	[ "$stderr" = "mapr: ties change Rprec: 0.5000 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)
mapr: ties change MAP@R: 0.2500 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)
mapr: ties change AP: 0.2500 if relevant items win every tie (optimistic), 0.1250 if they lose every one (pessimistic)
mapr: ties change AP@2: 0.2500 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)
mapr: ties change AP@3: 0.2500 if relevant items win every tie (optimistic), 0.0000 if they lose every one (pessimistic)
mapr: ties change AP@4: 0.2500 if relevant items win every tie (optimistic), 0.1250 if they lose every one (pessimistic)
mapr: ties change AP@5: 0.2500 if relevant items win every tie (optimistic), 0.1250 if they lose every one (pessimistic)
mapr: ties change mINP: 0.5000 if relevant items win every tie (optimistic), 0.2500 if they lose every one (pessimistic)" ]
}

# Optimistic: d3 at 2. Rprec 1/2, MAP@R = AP = (1/2)(1/2), mINP 1/2.
# Pessimistic: d3 at 4. Rprec 0, MAP@R 0, AP = (1/2)(1/4), mINP 1/4.
@test "mapr: worked example, -T optimistic and -T pessimistic" {
	mapr_is -T optimistic -f -k 1,2,4 "$W" <<-'E'
	Rprec	all	0.5000
	MAP@R	all	0.2500
	AP	all	0.2500
	AP@1	all	0.0000
	AP@2	all	0.2500
	AP@4	all	0.2500
	mINP	all	0.5000
	E
	mapr_is --ties pessimistic -f -k 1,2,4 "$W" <<-'E'
	Rprec	all	0.0000
	MAP@R	all	0.0000
	AP	all	0.1250
	AP@1	all	0.0000
	AP@2	all	0.0000
	AP@4	all	0.1250
	mINP	all	0.2500
	E
}

# --ap-divisor found: the sum over the relevant items in the top K divided by
# how many there are. AP@2 = P(d3 at 2) * (1/2)/1 = 1/6; AP@3 = (1/3)(1/2) +
# (1/3)(1/3) = 5/18; AP@4 = (1/3)(1/2 + 1/3 + 1/4) = 13/36. min(m, K) = 2
# for K >= 2 (same as m), 1 for K = 1.
@test "mapr: --ap-divisor found and min on the worked example" {
	mapr_is --ap-divisor found -m AP@K -f -k 1,2,3,4 "$W" <<-'E'
	AP@1	all	0.0000
	AP@2	all	0.1667
	AP@3	all	0.2778
	AP@4	all	0.3611
	E
	mapr_is --ap-divisor min -m AP@K -f -k 2,3 "$W" <<-'E'
	AP@2	all	0.0833
	AP@3	all	0.1389
	E
}

# Musgrave et al. (2020), Table 3: R = 10 relevant items; results lists with
# (a) only the first correct, (b) the first and the tenth, (c) the first two,
# (d) all ten. Recall@1 is 100 for all four; R-precision 10, 20, 20, 100;
# MAP@R 10, 12, 20, 100. The other relevant items sit below position 10.
# AP@5 of (b): divisor m = 10 -> 1/10; min(10, 5) = 5 -> 1/5; found (1) -> 1.
musgrave() {
	for q in a b c d; do
		case $q in
		a) r="1 11 12 13 14 15 16 17 18 19" ;;
		b) r="1 10 11 12 13 14 15 16 17 18" ;;
		c) r="1 2 11 12 13 14 15 16 17 18" ;;
		d) r="1 2 3 4 5 6 7 8 9 10" ;;
		esac
		for k in $r; do printf '%s\tx%02d\t1\t%d\t0\t100\n' $q $k $k; done
	done
}

@test "mapr: Musgrave et al. Table 3 (R-precision and MAP@R, percent)" {
	musgrave >"$BATS_TEST_TMPDIR/m.ranks"
	mapr_is -q -p 1 -m Rprec,MAP@R "$BATS_TEST_TMPDIR/m.ranks" <<-'E'
	Rprec	a	10.0
	MAP@R	a	10.0
	Rprec	b	20.0
	MAP@R	b	12.0
	Rprec	c	20.0
	MAP@R	c	20.0
	Rprec	d	100.0
	MAP@R	d	100.0
	Rprec	all	37.5
	MAP@R	all	35.5
	E
	[ -z "$stderr" ]
	musgrave | awk '$1 == "b"' >"$BATS_TEST_TMPDIR/b.ranks"
	for d in m:0.1000 min:0.2000 found:1.0000; do
		mapr_is --ap-divisor "${d%%:*}" -m AP@K -k 5 -f "$BATS_TEST_TMPDIR/b.ranks" <<-E
		AP@5	all	${d#*:}
		E
	done
}

# mINP (fast-reid): relevant items found / position of the last one.
# q1: relevant at 1, 3, 10: 3/10. q2: the same and one never retrieved: the
# unretrieved item counts in neither part (3/10). q3: nothing retrieved: 0.
# q4: two relevant tied with one other at 5..7 (a = 4, t = 3, s = 2): the last
# is at 7 w.p. C(6,1)/C(3,2)... P(last = 6) = C(1,1)/C(3,2) = 1/3,
# P(last = 7) = C(2,1)/C(3,2) = 2/3: E = 2 (1/3 * 1/6 + 2/3 * 1/7) = 0.30159
@test "mapr: mINP, with unretrieved relevant items and ties" {
	r="$BATS_TEST_TMPDIR/inp.ranks"
	cat >"$r" <<-'R'
	q1	a	1	1	0	20
	q1	b	1	3	0	20
	q1	c	1	10	0	20
	q2	a	1	1	0	20
	q2	b	1	3	0	20
	q2	c	1	10	0	20
	q2	z	1	-	-	20
	q3	z	1	-	-	20
	q4	a	1	5	2	20
	q4	b	1	5	2	20
	R
	mapr_is -q -m mINP -f "$r" <<-'E'
	mINP	q1	0.3000
	mINP	q2	0.3000
	mINP	q3	0.0000
	mINP	q4	0.3016
	mINP	all	0.2254
	E
}

# --chance: AP@K for a random order of the whole gallery. n = 4 with one
# relevant item retrieved (at 1: AP@2 = (1/1)/2) and one never retrieved
# (m = 2): at random the retrieved one is anywhere in 1..4,
# E[AP@2] = (1/2)(1/4)(1 + 1/2) = 0.1875.
@test "mapr: --chance" {
	printf 'q\ta\t1\t1\t0\t4\nq\tz\t1\t-\t-\t4\n' >"$BATS_TEST_TMPDIR/c.ranks"
	mapr_is --chance -m AP@K -k 2 -f "$BATS_TEST_TMPDIR/c.ranks" <<-'E'
	AP@2	all	0.5000
	AP@2:chance	all	0.1875
	E
}

@test "mapr: --empty miss, skip, error" {
	r="$BATS_TEST_TMPDIR/e.ranks"
	printf 'q1\td1\t1\t1\t0\t5\nq2\t-\t0\t-\t-\t5\n' >"$r"
	mapr_is -m AP,mINP -f "$r" <<-'E'
	AP	all	0.5000
	mINP	all	0.5000
	E
	[ "$stderr" = "mapr: 1 query has no relevant item: it counts as 0 (--empty miss)" ]
	mapr_is --empty skip -m AP -f "$r" <<-'E'
	AP	all	1.0000
	E
	[ "$stderr" = "mapr: 1 query has no relevant item and is left out of every measure (--empty skip)" ]
	run --separate-stderr mapr --empty error "$r"
	[ "$status" -eq 1 ]
	[ "$stderr" = "mapr: $r:2: query 'q2' has no relevant item (--empty error)" ]
	# nothing that could pass for a result
	[[ "$output" != *"# end"* ]]
	[ -z "$(printf '%s\n' "$output" | body)" ]
}

@test "mapr: -m order, percent by default, -p, --folds" {
	musgrave >"$BATS_TEST_TMPDIR/m.ranks"
	mapr_is -m MAP@R,Rprec "$BATS_TEST_TMPDIR/m.ranks" <<-'E'
	MAP@R	all	35.50
	Rprec	all	37.50
	E
	mapr_is --folds 2 -m MAP@R -p 0 "$BATS_TEST_TMPDIR/m.ranks" <<-'E'
	MAP@R	fold1	11
	MAP@R	fold2	60
	MAP@R	all	36
	E
}

@test "mapr: default columns and cut-offs (10,100), header and end lines" {
	run --separate-stderr mapr "$W"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -f1 | tr '\n' ' ')" = \
		"# measure Rprec MAP@R AP AP@10 AP@100 mINP # end " ]
}

@test "mapr: usage errors, --help, --version" {
	run --separate-stderr mapr --ap-divisor half "$W"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mapr: --ap-divisor: 'half' is not m, min or found" ]
	[[ "$stderr" == *$'\n'"usage: mapr "* ]]
	run --separate-stderr mapr -m AP,MAPR "$W"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mapr: -m: mapr has no measure 'MAPR'; did you mean MAP@R? (known: Rprec, MAP@R, AP, AP@K, mINP, bpref)" ]
	run --separate-stderr mapr -T random "$W"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mapr: -T: 'random' is not optimistic, pessimistic or expected" ]
	[[ "$stderr" == *$'\n'"usage: mapr "* ]]
	run --separate-stderr mapr -k 0 "$W"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "mapr: -k: '0' is not a positive integer" ]
	[[ "$stderr" == *$'\n'"usage: mapr "* ]]
	run --separate-stderr mapr --help
	[ "$status" -eq 0 ]
	[[ "$output" == "usage: mapr "* ]]
	run --separate-stderr mapr --version
	[ "$status" -eq 0 ]
	[ "$output" = "mapr (rankkit) 0.1.0" ]
}

@test "mapr: a truncated rank stream is an error" {
	printf '# query\titem\tgrade\trank\tties\tn\nq1\td1\t1\t1\t0\t5\n' >"$BATS_TEST_TMPDIR/t"
	run --separate-stderr mapr "$BATS_TEST_TMPDIR/t"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"stream ends without its '# end' line"* ]]
}

# trec_eval's rows, renamed: map -> AP, map_cut_K -> AP@K, Rprec
trec_golden() {
	awk '$1 == "map" || $1 == "Rprec" || $1 ~ /^map_cut_[0-9]+$/ {
		n = $1
		if (n == "map") n = "AP"
		else if (n ~ /^map_cut_/) { sub(/^map_cut_/, "", n); n = "AP@" n }
		print n "\t" $2 "\t" $3
	}' "$1" | sort
}
# the cut-offs of map_cut in a golden file
trec_cutoffs() {
	grep -o '^map_cut_[0-9]*' "$1" | sort -u | sed 's/map_cut_//' | sort -n | paste -sd, -
}

@test "mapr: trec_eval goldens, out.test.aq (map, map_cut_*, Rprec; per query and all)" {
	[ "$(trec_cutoffs "$T/out.test.aq")" = "5,10,15,20,30,100,200,500,1000" ]
	rankof --break id -r "$T/qrels.test" "$T/results.test" |
		mapr -q -f -p 4 -m AP,AP@K,Rprec -k "$(trec_cutoffs "$T/out.test.aq")" |
		body | sort >"$BATS_TEST_TMPDIR/got"
	trec_golden "$T/out.test.aq" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 44 ]
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "mapr: trec_eval goldens, out.test.aqc (results.trunc, -c)" {
	sort -b -s -k1,1 "$T/results.trunc" |
		rankof -c --break id -r "$T/qrels.test" |
		mapr -q -f -p 4 -m AP,AP@K,Rprec -k "$(trec_cutoffs "$T/out.test.aqc")" |
		body | sort >"$BATS_TEST_TMPDIR/got"
	trec_golden "$T/out.test.aqc" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 44 ]
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "mapr: trec_eval goldens, out.test.aql (qrels.rel_level, -l2 = rankof -g 2)" {
	rankof -g 2 --break id -r "$T/qrels.rel_level" "$T/results.test" |
		mapr -q -f -p 4 -m AP,AP@K,Rprec -k "$(trec_cutoffs "$T/out.test.aql")" |
		body | sort >"$BATS_TEST_TMPDIR/got"
	trec_golden "$T/out.test.aql" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -eq 44 ]
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

# The article's data: simmat turns its embeddings into scores.
need_simmat() {
	need_shared data/crossmodal-seed0
}

# json_num KEY...: a number of expected.json by its path of keys (the file
# is written one key per line, as Python's json.dump(indent=1) does)
json_num() {
	awk -v path="$*" '
	/^[ \t]*[]}]/ { d--; next }
	/"[^"]*"[ \t]*:/ {
		k = $0; sub(/^[^"]*"/, "", k); sub(/".*/, "", k)
		key[d] = k
		if ($0 ~ /[[{][ \t]*$/) { d++; next }
		p = key[1]; for (i = 2; i <= d; i++) p = p " " key[i]
		if (p == path) { v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/,[ \t]*$/, "", v); print v; exit }
		next
	}
	/[[{][ \t]*$/ { key[d] = "-"; d++ }' "$D/expected.json"
}

# within NUMBER WANT TOL
within() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }' ||
		{ echo "$1 is not within $3 of $2"; return 1; }
}

@test "mapr: the article's image-to-text table at 5K: R-precision 38.4, MAP@R 31.0" {
	need_simmat
	# rankof -e scores as simmat -m dot does, without the 125M-line stream
	rankof -e -m dot --query-labels "$D/img.labels" --item-labels "$D/cap.labels" \
		"$D/img.npy" "$D/cap.npy" >"$BATS_TEST_TMPDIR/i2t.ranks"
	run --separate-stderr mapr -m Rprec,MAP@R -p 1 "$BATS_TEST_TMPDIR/i2t.ranks"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | body)" = "Rprec	all	38.4
MAP@R	all	31.0" ]
	v=$(mapr -m Rprec,MAP@R -p 12 "$BATS_TEST_TMPDIR/i2t.ranks" | body | cut -f3)
	within "${v%%$'\n'*}" "$(json_num 5k_i2t_multi R-precision)" 1e-9
	within "${v##*$'\n'}" "$(json_num 5k_i2t_multi MAP@R)" 1e-9
	# the rest of the table from the same rank stream (hitrate)
	h=$(hitrate -k 1,5,10 -m hit,recall,P -p 1 "$BATS_TEST_TMPDIR/i2t.ranks" | body | cut -f3 | paste -sd' ' -)
	[ "$h" = "57.3 85.3 93.1 11.5 38.4 53.2 57.3 38.4 26.6" ]
	# and to 1e-9 of expected.json's 5k_i2t_multi
	hitrate -k 1,5,10 -m hit,recall,P -p 12 "$BATS_TEST_TMPDIR/i2t.ranks" | body >"$BATS_TEST_TMPDIR/h"
	for K in 1 5 10; do
		for m in hit:hit recall:recall P:precision; do
			v=$(awk -F'\t' -v n="${m%%:*}@$K" '$1 == n && $2 == "all" { print $3 }' "$BATS_TEST_TMPDIR/h")
			within "$v" "$(json_num 5k_i2t_multi K$K "${m#*:}")" 1e-9
		done
	done
	[ "$(json_num 5k_i2t_multi K10 recall)" = 53.160000000000004 ]
}

# class retrieval: 500 images of 20 classes, one set as queries and gallery,
# the query itself left out (R = 24 other images of its class)
class_row() {
	simmat -m dot "$D/$1.tsv" "$D/$1.tsv" |
		rankof -x -l "$D/shots.labels" >"$BATS_TEST_TMPDIR/$1.ranks"
	{
		hitrate -k 1,10 -m hit -p 12 "$BATS_TEST_TMPDIR/$1.ranks"
		mapr -m Rprec,MAP@R -p 12 "$BATS_TEST_TMPDIR/$1.ranks"
	} | body | cut -f3 | paste -sd' ' -
}

@test "mapr: the article's class retrieval table (pixels, spectrum; --exclude-self)" {
	need_simmat
	for e in pixels spectrum; do
		set -- $(class_row $e)
		within "$1" "$(json_num class $e R@1)" 1e-9
		within "$2" "$(json_num class $e R@10)" 1e-9
		within "$3" "$(json_num class $e R-precision)" 1e-9
		within "$4" "$(json_num class $e MAP@R)" 1e-9
		printf -v row '%.1f %.1f %.1f %.1f' "$1" "$2" "$3" "$4"
		case $e in
		pixels) [ "$row" = "100.0 100.0 25.0 24.4" ] ;;
		spectrum) [ "$row" = "92.6 99.8 77.9 72.8" ] ;;
		esac
	done
}

@test "mapr: examples/pipelines/class-retrieval.sh prints the article's class table" {
	need_simmat
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/class-retrieval.sh" "$D"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | awk '{ $1 = $1; print }')" = "embedding R@1 R@10 R-precision MAP@R
pixels 100.0 100.0 25.0 24.4
spectrum 92.6 99.8 77.9 72.8" ]
}

@test "mapr: --names trec gives out.test.aq's 'all' rows of map, Rprec and map_cut" {
	run --separate-stderr sh -c 'rankof --break id -r "$1/qrels.test" "$1/results.test" |
	    mapr --names trec -k 5,10,15,20,30,100,200,500,1000 -m map,Rprec,map_cut' sh "$T"
	[ "$status" -eq 0 ]
	# map, Rprec, map_cut at 9 cut-offs, trec_eval's rows byte for byte
	[ "$(printf '%s\n' "$output" | grep -v '^#')" = \
	  "$(grep -E '^(map|Rprec|map_cut_[0-9]+) .*	all	' "$T/out.test.aq")" ]
	[ "$(printf '%s\n' "$output" | grep -vc '^#')" -eq 11 ]
}

@test "mapr: bpref of a version 2 stream whose judged lines come out of rank order" {
	# q1: relevant d2 (rank 2, tied with d3 of kind u) and d5 (rank 6);
	# judged not relevant d1 (rank 1), d7 (rank 4), d9 (not a
	# candidate): R = 2, N = 3. d2 has d1 above it: 1 - 1/min(2, 3) =
	# 1/2; d5 has d1 and d7: 1 - 2/2 = 0. bpref = (1/2 + 0) / 2 = 25.00.
	# The reader sorts the judged lines it is given out of order (d9
	# first, d1 last); taken as they come, d9's '-' would end the count
	# of judged items above at once (100.00)
	s="$BATS_TEST_TMPDIR/judged.ranks"
	printf '# query\titem\tgrade\trank\tties\tn\tkind\n%s\n# end\n' \
	    "$(printf 'q1\td9\t0\t-\t-\t6\tj\nq1\td2\t1\t2\t1\t6\tr\nq1\td7\t0\t4\t0\t6\tj\nq1\td3\t-2\t2\t1\t6\tu\nq1\td5\t1\t6\t0\t6\tr\nq1\td1\t0\t1\t0\t6\tj')" >"$s"
	run --separate-stderr mapr -m bpref -q "$s"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -v '^#')" = "$(printf 'bpref\tq1\t25.00\nbpref\tall\t25.00')" ]
}
