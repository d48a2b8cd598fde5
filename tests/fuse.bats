#!/usr/bin/env bats
# fuse: every method and normalisation against a reference made from the
# published definitions (data/fuse/reference.py, run at test-writing time:
# its runs and expected.tsv are committed), a hand-worked RRF, the order
# of queries, --explain, --format trec, and the errors.
load helper
bats_require_minimum_version 1.5.0

FUSEDATA="$BATS_TEST_DIRNAME/data/fuse"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# every combination that expected.tsv holds, fused by fuse, as
# "method norm weights k query item score"
fuse_all() {
	grep -v '^#' "$FUSEDATA/expected.tsv" | cut -f1-4 | sort -u |
	while IFS="$(printf '\t')" read -r m n w k; do
		set -- -m "$m" -n "$n"
		[ "$w" = - ] || set -- "$@" -w "$w"
		[ "$m" = rrf ] && set -- "$@" -k "$k"
		fuse "$@" "$FUSEDATA/a.tsv" "$FUSEDATA/b.run" "$FUSEDATA/c.tsv" \
			2>/dev/null | body |
			sed "s/^/$m	$n	$w	$k	/" || echo "fuse $* failed"
	done
}

@test "fuse: every method x norm equals reference.py item by item (1e-12 relative)" {
	fuse_all >got.tsv
	run awk -F'\t' '
		NR == FNR { if ($0 !~ /^#/) { want[$1 FS $2 FS $3 FS $4 FS $5 FS $6] = $7; n++ }; next }
		{
			key = $1 FS $2 FS $3 FS $4 FS $5 FS $6
			if (!(key in want)) { print "unexpected: " $0; bad++; next }
			a = $7 + 0; b = want[key] + 0; d = a - b; if (d < 0) d = -d
			m = b < 0 ? -b : b
			if (d > 1e-12 * m) { print key ": " a " != " b; bad++ }
			seen++
		}
		END { if (seen != n) print "lines: " seen " of " n; exit (bad || seen != n) }
	' "$FUSEDATA/expected.tsv" got.tsv
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	# all 51 combinations, 100 (query, item) pairs each
	[ "$(wc -l <got.tsv)" -eq 5200 ]
}

# The hand-worked RRF, k = 60. Run A: x 0.9, y 0.8, z 0.8, w 0.1; its
# ranks, ties by item id descending: x 1, z 2, y 3, w 4. Run B (TREC,
# its rank column upside down and ignored): z 12, w 10, v 3: z 1, w 2, v 3.
#   z = 1/62 + 1/61 = 123/3782 = 0.0325224748810153...
#   w = 1/64 + 1/62 = 63/1984  = 0.0317540322580645...
#   x = 1/61                   = 0.0163934426229508...
#   y = 1/63, v = 1/63         = 0.0158730158730158... (tie: y before v)
@test "fuse: RRF of two runs equals the hand-worked example" {
	printf 'q x 0.9\nq y 0.8\nq z 0.8\nq w 0.1\n' >a
	printf 'q Q0 z 3 12 B\nq Q0 w 2 10 B\nq Q0 v 1 3 B\n' >b
	run --separate-stderr fuse a b
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# query	item	score" ]
	[ "${lines[6]}" = "# end" ]
	[ "$(printf '%s\n' "$output" | body | cut -f2 | tr '\n' ' ')" = "z w x y v " ]
	printf '%s\n' "$output" | body | awk '
		BEGIN { w["z"] = 123/3782; w["w"] = 63/1984; w["x"] = 1/61
			w["y"] = 1/63; w["v"] = 1/63 }
		{ d = $3 - w[$2]; if (d < 0) d = -d; if (d > 1e-15 * w[$2]) exit 1 }'
	# rankof ranks the printed scores as the sums rank: v at 4 (z, w, x
	# above), tied with y alone, of 5 candidates
	printf 'q v 1\n' >qrels
	fuse a b | rankof -r qrels | body >rf
	[ "$(cat rf)" = "q	v	1	4	1	5" ]
}

@test "fuse: the same bytes at any order of the queries and of their lines" {
	printf 'q1 a 3\nq1 b 1\nq1 c 2\nq2 a 1\nq2 b 1\nq3 c 5\n' >a
	printf 'q1 b 4\nq1 d 4\nq2 b 2\nq2 d 9\nq3 a 1\nq3 c 2\n' >b
	fuse -m combmnz -n zscore a b | body >sorted
	# queries reversed, each query's lines reversed, in both runs
	for f in a b; do
		awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' $f >r$f
	done
	fuse -m combmnz -n zscore ra rb | body | sort -s -k1,1 >reordered
	[ "$(cat reordered)" = "$(cat sorted)" ]
}

@test "fuse: queries missing from a run are counted in a note; --require-all refuses" {
	printf 'q1 a 1\nq2 a 1\nq4 a 1\n' >a
	printf 'q2 b 1\nq3 b 1\n' >b
	run --separate-stderr fuse a b
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | body | cut -f1 | tr '\n' ' ')" = "q1 q2 q2 q3 q4 " ]
	[ "$stderr" = "fuse: a: lacks 1 of the 4 queries: they fuse from the other runs
fuse: b: lacks 2 of the 4 queries: they fuse from the other runs" ]
	fails_with "fuse: b: lacks query 'q1' of a (--require-all)" fuse --require-all a b
}

@test "fuse: queries apart or in orders that disagree are refused, naming sort" {
	printf 'q1 a 1\nq2 a 1\n' >a
	printf 'q2 b 1\nq1 b 1\n' >b
	fails_with "fuse: b:2: query 'q1' again after other queries: every run must hold each query's lines together and list the queries in one order: LC_ALL=C sort -b -s -k1,1 each run" fuse a b
	printf 'q1 a 1\nq2 a 1\nq1 c 1\n' >c
	fails_with "fuse: c:3: query 'q1' again after other queries: every run must hold each query's lines together and list the queries in one order: LC_ALL=C sort -b -s -k1,1 each run" fuse c a
}

@test "fuse: bad lines are one-line errors with file and line" {
	printf 'q1 a 1\n' >ok
	printf 'q1 a 1\nq1 a 2\n' >dup
	fails_with "fuse: dup:2: duplicate item 'a' in query 'q1'" fuse ok dup
	printf 'q1 a 1 2\n' >four
	fails_with "fuse: four:1: expected 3 fields (query item score) or 6 or more (TREC run), found 4" fuse ok four
	printf 'q1 a nan\n' >nan
	run --separate-stderr fuse ok nan
	[ "$status" -eq 1 ]
	[ "${stderr#fuse: nan:1: field 3: }" != "$stderr" ]
	printf 'q1 a inf\n' >inf
	fails_with "fuse: inf:1: an infinite score cannot be fused (no sum or normalisation of it is a number)" fuse ok inf
	# max - min overflows: (1e308 - -1e308) / inf is NaN, refused
	printf 'q1 a 1e308\nq1 b -1e308\n' >huge
	fails_with "fuse: query 'q1': the fused score of item 'a' is not a number (scores near the double's limit overflow)" fuse -m combsum -n minmax ok huge
	: >empty
	fails_with "fuse: empty: empty input: no scores (did the program upstream fail?)" fuse ok empty
	printf '# query\titem\tscore\nq1 a 1\n' >cut
	run --separate-stderr fuse ok cut
	[ "$status" -eq 1 ]
	printf '# query\titem\tgrade\trank\tties\tn\nq1 a 1 1 0 1\n# end\n' >ranks
	run --separate-stderr fuse ok ranks
	[ "$status" -eq 1 ]
	[ "${stderr#fuse: ranks:1: }" != "$stderr" ]
}

@test "fuse: usage errors exit 2 and name the option" {
	printf 'q1 a 1\n' >a
	cp a b
	run --separate-stderr fuse a
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: two or more runs to fuse, 1 given" ]
	for m in combmax combmed combmin; do
		run --separate-stderr fuse -m $m -w 1,2 a b
		[ "$status" -eq 2 ]
		[ "${stderr%%$'\n'*}" = "fuse: --weights: $m picks one run's value and takes no weights" ]
	done
	run --separate-stderr fuse -m wsum a b
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: wsum needs --weights (combsum is wsum with every weight 1)" ]
	run --separate-stderr fuse -n minmax a b
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: --norm minmax: rrf reads the ranks of the runs' own scores, which no normalisation changes" ]
	run --separate-stderr fuse -w 1,2,3 a b
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: --weights: 3 weights for 2 runs" ]
	run --separate-stderr fuse -w 1,-2 a b
	[ "$status" -eq 2 ]
	run --separate-stderr fuse -m isr -k 5 a b
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: --rrf-k: isr has no k (rrf's)" ]
	run --separate-stderr fuse --tag x a b
	[ "$status" -eq 2 ]
	run --separate-stderr fuse - -
	[ "$status" -eq 2 ]
	run --separate-stderr fuse -m combfoo a b
	[ "$status" -eq 2 ]
}

@test "fuse: --format trec with --tag, ranks from 1 in the fused order" {
	printf 'q1 a 1\nq1 b 2\n' >a
	printf 'q1 b 1\nq1 c 1\n' >b
	run --separate-stderr fuse --format trec --tag hyb -m combsum a b
	[ "$status" -eq 0 ]
	# b 2 + 1 = 3; a and c 1 each, tied: c first (id descending)
	[ "$output" = "q1 Q0 b 1 3 hyb
q1 Q0 c 2 1 hyb
q1 Q0 a 3 1 hyb" ]
}

@test "fuse: --explain QUERY shows each item's numbers and the sum" {
	printf 'q1 a 3\nq1 b 2\nq1 c 1\nq2 a 1\n' >A
	printf 'q1 b 5\nq1 d 4\nq1 a 4\n' >B
	run --separate-stderr fuse -m combmnz -n minmax -w 1,2 --explain q1 A B
	[ "$status" -eq 0 ]
	# b: A's minmax (2-1)/(3-1) = 0.5, B's (5-4)/(5-4) = 1: 2 x (0.5 + 2) = 5
	[ "$(printf '%s\n' "$stderr" | head -6)" = "query q1: combmnz of minmax values, 4 items from 2 runs; ranks by score, ties by item id descending
  1. b 5
    A: score 2, rank 2, minmax 0.5, weight 1
    B: score 5, rank 1, minmax 1, weight 2
    combmnz: 2 x (1 x 0.5 + 2 x 1) = 5
  2. a 2" ]
	# rrf (python3: 1/62, 1/61 and their sum, repr)
	run --separate-stderr fuse --explain q1 A B
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$stderr" | sed -n 2,5p)" = "  1. b 0.03252247488101534
    A: score 2, rank 2, 1/(60 + 2) = 0.016129032258064516
    B: score 5, rank 1, 1/(60 + 1) = 0.01639344262295082
    rrf: 0.016129032258064516 + 0.01639344262295082 = 0.03252247488101534" ]
	run --separate-stderr fuse --explain q9 A B
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$stderr" | tail -1)" = "fuse: --explain q9: the input has no such query" ]
}

# random malformed streams (data/fuzz/lines.awk): no crash, a status of
# 0, 1 or 2, and a failure in one line (data/fuzz/run.sh)
@test "fuse: random broken runs, no crash and one-line errors" {
	sh "$BATS_TEST_DIRNAME/data/fuzz/run.sh" 50 fuse -m combmnz -n zscore in.txt rel.txt
	sh "$BATS_TEST_DIRNAME/data/fuzz/run.sh" 30 fuse -m combmed -n borda --require-all rel.txt in.txt
}

# peak RSS (KiB, bench/rusage.c) of the shell command $1, in $peak
fuse_peak() {
	[ -x rusage ] || cc -O2 -o rusage "$BATS_TEST_DIRNAME/../bench/rusage.c"
	./rusage -o ru sh -c "$1"
	peak=$(awk '{ print $4 }' ru)
}

# runs of NQ queries of 50 items each, items d*K, scores (7q + 13dK) mod
# 1000: run K=1 and run K=3 share every third item
fuse_pair() {
	for k in 1 3; do
		awk -v nq="$1" -v k=$k 'BEGIN { for (q = 0; q < nq; q++) for (d = 0; d < 50; d++)
			printf "q%07d\td%d\t%d\n", q, d * k, (q * 7 + d * 13 * k) % 1000 }' >run$k
	done
}

# Measured by hand: a 10M-line pair (100,000 queries) peaks at 12 MiB,
# a 200,000-line pair at 10 MiB. Here 1M lines against 20,000.
@test "fuse: memory stays flat: a 1M-line pair of runs within 2 MiB of a 20,000-line pair" {
	case $RANKKIT_BIN in */build/san/*) skip "peak RSS is not a figure under AddressSanitizer";; esac
	fuse_pair 200
	fuse_peak "fuse -m combsum -n minmax run1 run3 > small"
	small=$peak
	fuse_pair 10000
	fuse_peak "fuse -m combsum -n minmax run1 run3 > out"
	echo "peak RSS $small KiB at 20,000 lines, $peak KiB at 1M" >&3
	[ "$peak" -lt $((small + 2048)) ]
	[ "$(tail -1 out)" = "# end" ]
	# every query: 50 + 50 items, 17 shared (d0, d3, ..., d48): 83 lines
	[ "$(body < out | wc -l)" -eq $((10000 * 83)) ]
}

# --optimize against brute force: every weight vector of the grid (step
# 1/4, three runs: 15 vectors, the first part largest first) through
# fuse -w | rankof | hitrate; the first best must be the one printed.
@test "fuse --optimize: the first best weights of the grid, as fuse -w | rankof | hitrate finds them" {
	# relevant: d01 and d05 of every query but q08, grade 1; q02's d03 grade 2
	awk 'BEGIN { for (q = 1; q <= 7; q++) printf "q%02d d01 1\nq%02d d05 1\n", q, q
		print "q02 d03 2" }' >qrels
	d=$FUSEDATA
	best=-1
	for a in 4 3 2 1 0; do
		for b in $(seq $((4 - a)) -1 0); do
			w="$(awk -v a=$a -v b=$b 'BEGIN { print a / 4 "," b / 4 "," (4 - a - b) / 4 }')"
			v=$(fuse -m combmnz -n zscore -w "$w" "$d/a.tsv" "$d/b.run" "$d/c.tsv" 2>/dev/null |
				rankof -r qrels 2>/dev/null | hitrate -f -p 17 -m MRR 2>/dev/null |
				awk '$2 == "all" { print $3 }')
			if awk -v v="$v" -v b="$best" 'BEGIN { exit !(v > b + 1e-12) }'; then
				best=$v bestw=$w
			fi
		done
	done
	run --separate-stderr fuse -m combmnz -n zscore --optimize MRR --qrels qrels --step 0.25 \
		"$d/a.tsv" "$d/b.run" "$d/c.tsv"
	[ "$status" -eq 0 ]
	echo "brute force: $bestw $best; fuse: $output"
	[ "$(printf '%s\n' "$output" | cut -f1,2,3)" = "# weights	$bestw	MRR" ]
	awk -v a="$(printf '%s\n' "$output" | cut -f4)" -v b="$best" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-12) }'
	[ "$(printf '%s\n' "$stderr" | tail -1)" = "fuse: --optimize: 15 weight vectors tried on 7 training queries" ]
}

@test "fuse --optimize: usage errors" {
	printf 'q1 a 1\n' >a
	cp a b
	for args in "--optimize MRR" "--optimize MRR --qrels a -w 1,1" \
	    "-m combmax --optimize MRR --qrels a" "--qrels a" "--step 0.5" \
	    "--optimize MeanR --qrels a" "--optimize hit --qrels a" \
	    "--optimize MRR --qrels a --step 0.3"; do
		run --separate-stderr fuse $args a b
		[ "$status" -eq 2 ] || { echo "$args: $status $stderr"; false; }
	done
}

# Run 2 holds distances. Negated, its q1 list is a -0.25, b -0.5,
# g -0.75, c -1.5: minmax (s + 1.5) / 1.25 gives a 1, b 0.8, g 0.6, c 0;
# run 1's minmax (s - 0.1) / 0.8 gives a 1, b 0.5, c 0: combsum a 2,
# b 1.3, g 0.6, c 0. The same run negated by awk is the peer output.
@test "fuse --lower-is-better: a marked distance run fuses as its scores negated by awk" {
	printf 'q1\ta\t0.9\nq1\tb\t0.5\nq1\tc\t0.1\nq2\td\t0.7\nq2\te\t0.2\nq2\tf\t0.4\n' > s1
	printf 'q1\ta\t0.25\nq1\tb\t0.5\nq1\tc\t1.5\nq1\tg\t0.75\nq2\td\t2\nq2\te\t0.5\nq2\tf\t0.125\n' > d2
	awk 'BEGIN { OFS = "\t" } { $3 = -$3; print }' d2 > n2
	for m in "-m combsum -n minmax" "-m rrf"; do
		fuse $m --lower-is-better 2 s1 d2 > marked
		fuse $m s1 n2 > negated
		cmp marked negated
		fuse -j 3 $m --lower-is-better 2 s1 d2 | cmp marked -
		# unmarked, the distances rank upside down: another fusion
		fuse $m s1 d2 > unmarked
		! cmp -s marked unmarked
	done
	fuse -m combsum -n minmax --lower-is-better 2 s1 d2 | grep '^q1' > q1
	[ "$(cat q1)" = "$(printf 'q1\ta\t2\nq1\tb\t1.3\nq1\tg\t0.6\nq1\tc\t0')" ]
	# both runs marked: run 1 negated too; a number past the runs refused
	awk 'BEGIN { OFS = "\t" } { $3 = -$3; print }' s1 > n1
	fuse -m rrf --lower-is-better 2,1 s1 d2 | cmp - <(fuse -m rrf n1 n2)
	run --separate-stderr fuse --lower-is-better 3 s1 d2
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: --lower-is-better: '3' is not a run's number (1 to 2, in the order of the runs)" ]
	run --separate-stderr fuse --lower-is-better 0 s1 d2
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: --lower-is-better: '0' is not a positive integer" ]
}
