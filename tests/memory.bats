#!/usr/bin/env bats
# Memory, I/O and environment: streams of any length in bounded memory
# (peak RSS measured by bench/rusage.c), a million queries in little
# memory, one query with millions of candidates, the same bytes in a
# decimal-comma locale, a full disk, a closed pipe.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

# rusage (bench/rusage.c) and memgen (data/memory/memgen.c: the long
# inputs, the bytes awk's printf wrote in eight times the CPU time), built
# once for the file's tests into $TOOLS
setup_file() {
	export TOOLS=$BATS_FILE_TMPDIR
	cc -O2 -o "$TOOLS/rusage" "$BATS_TEST_DIRNAME/../bench/rusage.c"
	cc -O2 -o "$TOOLS/memgen" "$BATS_TEST_DIRNAME/data/memory/memgen.c"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	root=$BATS_TEST_DIRNAME/..
}

# peak_kib CMD: runs the shell command CMD, its peak RSS (KiB) in $peak
peak_kib() {
	"$TOOLS/rusage" -o ru sh -c "$1"
	peak=$(awk '{ print $4 }' ru)
}

@test "memory: 20M score lines through rankof | hitrate under 32 MiB" {
	case $RANKKIT_BIN in */build/san/*) skip "peak RSS is not a figure under AddressSanitizer";; esac
	# 200,000 queries of 100 candidates; every 10th query's d7 relevant
	awk 'BEGIN { for (q = 0; q < 200000; q += 10) print "q" q, "d7", 1 }' > q
	# (memgen scores: "q%d\td%d\t0.%04d\n", q, d, (q * 7 + d * 13) % 10000)
	peak_kib "$TOOLS/memgen scores | rankof -r q | hitrate -k 1 -m hit > out 2>err"
	echo "peak RSS $peak KiB" >&3
	[ "$peak" -lt 32768 ]
	# d7 scores (7q + 91) mod 10000 against the others' (7q + 13d) mod
	# 10000: an awk count of the queries where d7 is strictly the highest
	want=$(awk 'BEGIN { for (q = 0; q < 200000; q += 10) { s = (q * 7 + 91) % 10000; best = 1
		for (d = 0; d < 100; d++) if (d != 7 && (q * 7 + d * 13) % 10000 >= s) best = 0; n += best }
		printf "%.2f", 100 * n / 20000 }')
	[ "$(awk '$1 == "hit@1" { print $3 }' out)" = "$want" ]
	[ "$(tail -1 out)" = "# end" ]
}

@test "memory: one query with 5M candidates" {
	printf 'q1 d4999999 1\nq1 d0 1\n' > q
	# (memgen one: "q1\td%d\t%d\n", d, d for d < 5,000,000)
	peak_kib "$TOOLS/memgen one | rankof -r q > out 2>err"
	echo "peak RSS $peak KiB" >&3
	# d4999999 has the top score (rank 1), d0 the lowest (rank 5000000)
	[ "$(body < out)" = "$(printf 'q1\td4999999\t1\t1\t0\t5000000\nq1\td0\t1\t5000000\t0\t5000000')" ]
}

@test "memory: a million queries: hitrate and rankof -j1 and -j2 under 48 MiB" {
	case $RANKKIT_BIN in */build/san/*) skip "peak RSS is not a figure under AddressSanitizer";; esac
	# "query%07d\tdoc1\t1\t1\t0\t10\n" for q < 1,000,000
	"$TOOLS/memgen" ranks > ranks
	peak_kib "hitrate -k 1 -m hit ranks > out"
	echo "hitrate: peak RSS $peak KiB" >&3
	[ "$peak" -lt 49152 ]
	[ "$(awk '$1 == "hit@1" { print $3 }' out)" = "100.00" ]
	printf 'query0000000 doc1 1\n' > q
	# "query%07d\tdoc1\t0.5\n" for q < 1,000,000
	"$TOOLS/memgen" million > scores
	peak_kib "cat scores | rankof -j1 -r q > out 2>err"
	echo "rankof -j1: peak RSS $peak KiB" >&3
	[ "$peak" -lt 49152 ]
	[ "$(cat err)" = "rankof: 999999 queries not in the qrels left out" ]
	# two workers: four chunks in flight besides the queries seen
	peak_kib "cat scores | rankof -j2 -r q > out 2>err"
	echo "rankof -j2: peak RSS $peak KiB" >&3
	[ "$peak" -lt 49152 ]
	[ "$(cat err)" = "rankof: 999999 queries not in the qrels left out" ]
	# and a query that comes back after a million others is still found
	run --separate-stderr sh -c "(cat ranks; head -1 ranks) | hitrate"
	status_is 1
	[ "$stderr" = "hitrate: -:1000001: query 'query0000000' reappears after another query began (sort -b -s -k1,1 first)" ]
	printf 'query0000000\tdoc2\t0.5\n' >> scores
	for j in 1 3; do
		run --separate-stderr rankof -j $j -r q scores
		status_is 1
		[ "$stderr" = "rankof: scores:1000001: query 'query0000000' reappears after another query began (sort -b -s -k1,1 first)" ]
	done
}

# simmat's memory beyond the embeddings and the packed items (simmat(1),
# MEMORY): per thread a score buffer of max(1 MiB, 24 rows of scores) and
# text pieces of at most 8192 lines. 48 queries x 60,000 items of 16
# float32 values: 3.8 MB of items, packed once more; a row of scores is
# 240 KB, so 24 rows are 5.5 MiB per thread. The design before kept each
# chunk's whole text (24 rows x 60,000 lines, about 36 MB) in each of
# 2 x threads slots: 42 MiB at -j 1, 73 MiB at -j 2.
@test "memory: simmat -j1 and -j2 under 32 MiB, the same bytes" {
	case $RANKKIT_BIN in */build/san/*) skip "peak RSS is not a figure under AddressSanitizer";; esac
	synthemb -s 3 -n 60000 -q 48 -d 16 -o ann ann > /dev/null
	for j in 1 2; do
		peak_kib "simmat -j $j -m l2 ann/query.fvecs ann/base.fvecs > out$j"
		echo "simmat -j $j: peak RSS $peak KiB" >&3
		[ "$peak" -lt 32768 ]
	done
	cmp out1 out2
	# every query against every item, the header, the ids line and the end
	[ "$(wc -l < out1) $(tail -n 1 out1)" = "$((48 * 60000 + 3)) # end" ]
}

@test "memory: simmat on the 5K image-text data at -j1 and -j2 under 32 MiB" {
	case $RANKKIT_BIN in */build/san/*) skip "peak RSS is not a figure under AddressSanitizer";; esac
	need_shared data/crossmodal-seed0
	x=$SHARED/data/crossmodal-seed0
	# float64: 12.8 MB of items and 12.8 MB packed, the bulk of the peak;
	# the first 1,000 of the 5,000 images as queries (0.5 MB; the same
	# header but the shape): 40-odd chunks of queries through the same
	# buffers, where one kept per chunk would pass 32 MiB; the 125M lines
	# of all 5,000 only repeated them
	{ head -c 128 "$x/img.npy" | LC_ALL=C sed 's/(5000, 64)/(1000, 64)/'
	  tail -c +129 "$x/img.npy" | head -c $((1000 * 64 * 8)); } >img1k.npy
	# the first score, after the header, the ids and the folds lines
	[ "$(simmat -m cos --folds 1000 img1k.npy "$x/cap.npy" | grep -m 1 -v '^#')" = \
	  "$(simmat -m cos --folds 5000 "$x/img.npy" "$x/cap.npy" | grep -m 1 -v '^#')" ]
	for j in 1 2; do
		peak_kib "simmat -j $j -m cos img1k.npy $x/cap.npy | wc -l > n$j"
		[ "$(cat n$j)" -eq $((1000 * 25000 + 3)) ]	# header, ids, end
		echo "simmat -j $j: peak RSS $peak KiB" >&3
		[ "$peak" -lt 32768 ]
	done
}

@test "locale: the same bytes under LC_ALL=C and a decimal-comma locale" {
	loc=
	for l in $(locale -a 2>/dev/null); do
		if [ "$(LC_ALL=$l locale decimal_point 2>/dev/null)" = "," ]; then
			loc=$l
			break
		fi
	done
	if [ -z "$loc" ]; then
		[ -z "${CI:-}" ] || { echo "CI needs a decimal-comma locale (locales, localedef -i de_DE -f UTF-8 de_DE.UTF-8)"; false; }
		skip "no decimal-comma locale installed (localedef -i de_DE -f UTF-8 de_DE.UTF-8)"
	fi
	d=$root/examples/data
	pipeline() {
		rankof -r "$d/tiny.qrels" "$d/tiny.scores" | hitrate -q -p 6
		rankof -r "$d/tiny.qrels" "$d/tiny.scores" | mapr -q
		rankof -r "$d/tiny.qrels" "$d/tiny.scores" | ndcg -q
		printf 'a 0.5 1.25\nb 1e-3 2\n' > e.txt
		simmat -m cos e.txt e.txt
		# a comma is never a decimal point
		printf 'q1 d1 0,5\n' | rankof -r "$d/tiny.qrels" 2>&1 || true
	}
	LC_ALL=C pipeline > c.out 2>&1
	LC_ALL=$loc pipeline > comma.out 2>&1
	cmp c.out comma.out
	grep -q "field 3: bad number '0,5'" c.out
}

@test "I/O: a full disk fails with a message, a closed pipe ends quietly" {
	[ -w /dev/full ] || skip "no /dev/full"
	d=$root/examples/data
	run --separate-stderr sh -c "rankof -r $d/tiny.qrels $d/tiny.scores > /dev/full"
	status_is 1
	[ "$stderr" = "rankof: write error: No space left on device" ]
	rankof -r "$d/tiny.qrels" "$d/tiny.scores" > ranks
	run --separate-stderr sh -c "hitrate -q ranks > /dev/full"
	status_is 1
	[ "$stderr" = "hitrate: write error: No space left on device" ]
	run --separate-stderr sh -c "printf 'a 1\nb 2\n' > e.txt; simmat e.txt e.txt > /dev/full"
	status_is 1
	[ "$stderr" = "simmat: write error: No space left on device" ]
	# | head -1: nothing on stderr
	awk 'BEGIN { for (q = 0; q < 20000; q++) printf "q%d\td1\t1\t1\t0\t5\n", q }' > many
	run --separate-stderr sh -c "hitrate -q many | head -1"
	status_is 0
	[ "$output" = "$(printf '# measure\tquery\tvalue')" ]
	[ "$stderr" = "" ]
}
