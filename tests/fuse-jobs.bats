#!/usr/bin/env bats
# fuse -j N: the queries fused on N threads give the bytes of one thread,
# on the committed reference runs (every method and normalisation), with
# missing queries, in TREC format, and when the input fails part way (the
# queries before the error written, the same one-line error).
load helper

FUSEDATA="$BATS_TEST_DIRNAME/data/fuse"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "fuse -j: every method, norm and weights of the reference, the same bytes at -j 1, 2 and 5" {
	runs="$FUSEDATA/a.tsv $FUSEDATA/b.run $FUSEDATA/c.tsv"
	# the combinations fuse.bats checks against reference.py
	grep -v '^#' "$FUSEDATA/expected.tsv" | cut -f1-4 | sort -u > combos
	[ "$(wc -l < combos)" -gt 40 ]
	while IFS="$(printf '\t')" read -r m n w k; do
		set -- -m "$m" -n "$n"
		[ "$w" = - ] || set -- "$@" -w "$w"
		[ "$m" = rrf ] && set -- "$@" -k "$k"
		fuse "$@" $runs > one 2> one.err
		for j in 2 5; do
			fuse -j $j "$@" $runs > many 2> many.err
			cmp one many
			cmp one.err many.err
		done
	done < combos
	# the reference runs lack queries in some runs: the same notes
	grep -q 'lacks 2 of the 8 queries' one.err
	fuse -m wsum -w 0.5,0.25,0.25 --format trec --tag t $runs > one 2>/dev/null
	fuse -j 3 -m wsum -w 0.5,0.25,0.25 --format trec --tag t $runs 2>/dev/null | cmp - one
}

@test "fuse -j: many queries, a pair of 3,000 queries, the same bytes" {
	for k in 1 3; do
		awk -v k=$k 'BEGIN { for (q = 0; q < 3000; q++) for (d = 0; d < 20; d++)
			if ((q + d * k) % 7) printf "q%05d\td%d\t%d\n", q, d * k, (q * 7 + d * 13 * k) % 100 }' > run$k
	done
	fuse -m combmnz -n zscore run1 run3 > one
	[ "$(body < one | wc -l)" -gt 50000 ]
	fuse -j 2 -m combmnz -n zscore run1 run3 | cmp - one
	fuse -j 4 -m combmnz -n zscore run1 run3 | cmp - one
}

@test "fuse -j: an error part way: the same bytes out before it, the same error" {
	awk 'BEGIN { for (q = 0; q < 6000; q++) for (d = 0; d < 5; d++)
		printf "q%04d\td%d\t%d\n", q, d, (q + d) % 9 }' > ok
	# a duplicate item in query q5000 (found by the fusing, on a worker)
	awk '{ print } $1 == "q5000" && $2 == "d4" { print "q5000\td4\t1" }' ok > dup
	# a query again after others (found by the reading)
	{ cat ok; printf 'q0001\td0\t1\n'; } > apart
	# a bad number part way (the reading)
	awk 'NR == 24000 { print "q4799 d9 x"; next } { print }' ok > bad
	for f in dup apart bad; do
		fuse ok $f > want 2> wanterr && false
		[ -s want ]	# whole 64 KiB buffers went out before the error
		[ "$(wc -l < wanterr)" -eq 1 ]
		for j in 2 4; do
			run --separate-stderr sh -c "fuse -j $j ok $f > got"
			[ "$status" -eq 1 ]
			cmp got want
			[ "$stderr" = "$(cat wanterr)" ]
		done
	done
	[ "$(cat wanterr)" = "fuse: bad:24000: field 3: bad number 'x'" ]
}

@test "fuse -j: not with --explain or --optimize" {
	printf 'q1 a 1\n' > a
	run --separate-stderr fuse -j 2 --explain q1 a a
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "fuse: -j: --explain works a query at a time: not with -j" ]
	run --separate-stderr fuse -j 2 -m wsum --optimize MAP --qrels a a a
	[ "$status" -eq 2 ]
	run --separate-stderr fuse -j 0 a a
	[ "$status" -eq 2 ]
	fuse -j 1 --explain q1 a a > /dev/null 2>&1
}
