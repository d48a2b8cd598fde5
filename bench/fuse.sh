#!/bin/sh
# bench/fuse.sh: fuse -j 1, 2 and 4 on a pair of runs (NQ queries of 100
# items each, the items of the two runs partly shared), run in turn (1 2 4
# 1 2 4 ...), after checking that every -j writes the bytes of -j 1.
# Prints the machine's load and cores, the median wall and CPU seconds and
# peak RSS of each, and the ratio of the medians' wall time to -j 1's.
#
# Environment: NQ [20000], ROUNDS [5], CC [cc]
# Exit 0 when the check passes and the timings ran, 1 otherwise.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
NQ=${NQ:-20000} ROUNDS=${ROUNDS:-5} CC=${CC:-cc}
B=bench/data T=bench/data/fuse
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }

mkdir -p "$T"
bench_tool rusage
for k in 1 2; do
	[ -s "$T/run$k.$NQ" ] ||
	awk -v nq="$NQ" -v k=$k 'BEGIN { for (q = 0; q < nq; q++) for (d = 0; d < 100; d++)
		printf "q%06d\td%d\t%.6f\n", q, d * k + (q % 3), ((q * 7919 + d * 104729 * k) % 100003) / 100003 }' \
		> "$T/run$k.$NQ"
done
runs="$T/run1.$NQ $T/run2.$NQ"
bin/fuse -j 1 -m combmnz -n zscore $runs > "$T/out.1"
for j in 2 4; do
	bin/fuse -j $j -m combmnz -n zscore $runs | cmp -s - "$T/out.1" ||
		die "fuse -j $j differs from -j 1"
done
echo "== fuse -m combmnz -n zscore: 2 runs of $((NQ * 100)) lines, $(grep -vc '^#' "$T/out.1") fused lines; -j 2, 4 = -j 1 (checked)"
echo "== $(getconf _NPROCESSORS_ONLN) online CPUs; load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for j in 1 2 4; do
		bench_time "$T/time.$j.$r" bin/fuse -j $j -m combmnz -n zscore $runs > /dev/null
	done
	r=$((r + 1))
done
base=$(bench_median 1 "$T"/time.1.*)
for j in 1 2 4; do
	w=$(bench_median 1 "$T/time.$j".*) c=$(bench_median c "$T/time.$j".*)
	m=$(bench_median 4 "$T/time.$j".*)
	awk -v j="$j" -v w="$w" -v c="$c" -v m="$m" -v base="$base" 'BEGIN {
		printf "fuse -j %d   median %.3f s wall  %.3f s CPU  %.2fx -j 1  peak %.1f MiB\n", j, w, c, base / w, m / 1024 }'
done
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
