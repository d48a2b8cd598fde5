#!/bin/sh
# bench/threshold.sh: `make bench-threshold`. simmat -t alone as a share of
# one core's FMA peak, the peak measured in the same command: each round
# runs the peak probe (bench/peak.c -p, one round of its FMA chains) and
# then `simmat -j 1 -m dot -t 60` on 2,000 x 200,000 x 128 in float32 and
# in float64 (102.4 GFLOP each: 2 flops per multiply-add), so that both
# meet the same state of the machine; a round's share is the run's GFLOP
# per user CPU second over the peak of the variant the programs choose
# (RANKKIT_KERNEL, or the best the CPU runs). Prints each round's shares
# and their median. The user time includes the packing of the items and
# the output (66 lines in float32); the page faults of the packed copy are
# system time, left out. Data: bench/genemb.c's rows, as bench/knn.sh's.
#
# Environment (defaults in brackets):
#   ROUNDS [7]  rounds
#   CC [cc]
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
ROUNDS=${ROUNDS:-7} CC=${CC:-cc}
B=bench/data K=bench/data/knn
. bench/lib.sh

die() { echo "bench: $*" >&2; exit 1; }
[ -x bin/simmat ] || die "bin/simmat is not built (run make first)"
[ -f build/opt/librk.a ] || die "build/opt/librk.a is not built (run make first)"
bench_tool rusage
bench_tool genemb -lm
mkdir -p "$K"
$CC -O2 -ffp-contract=off -Ilib -o "$B/peak" bench/peak.c build/opt/librk.a \
    -lm -lpthread || die "cannot build $B/peak"
[ -f "$K/q-2000-128.npy" ] || "$B/genemb" 2000 128 1 "$K/q-2000-128.npy"
[ -f "$K/i-200000-128.npy" ] || "$B/genemb" 200000 128 2 "$K/i-200000-128.npy"
[ -f "$K/q-2000-128-f64.npy" ] || "$B/genemb" 2000 128 1 "$K/q-2000-128-f64.npy" f8
[ -f "$K/i-200000-128-f64.npy" ] || "$B/genemb" 200000 128 2 "$K/i-200000-128-f64.npy" f8
bench_machine
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# the fma columns (float64, float32) of the variant's row of peak -p
peak_of() {
	awk -F'|' -v v="$variant" '{ gsub(/ /, "", $2) } $2 == v { print $3 + 0, $5 + 0 }' "$1"
}

echo "cpu: $cpu; variant: $variant; load: $(uptime | sed 's/.*load/load/')"
echo "round  peak64 GFLOP/s  user64 s  share64  peak32 GFLOP/s  user32 s  share32"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	"$B/peak" -p -r 1 > "$T/peak" || die "the peak probe failed"
	set -- $(peak_of "$T/peak")
	[ $# -eq 2 ] || die "no row '$variant' in the peak probe's table"
	p64=$1 p32=$2
	for ty in 32 64; do
		sfx=; [ "$ty" = 64 ] && sfx=-f64
		bench_time "$T/u$ty" bin/simmat -j 1 -m dot -t 60 \
		    "$K/q-2000-128$sfx.npy" "$K/i-200000-128$sfx.npy" > "$T/out$ty" ||
		    die "simmat failed"
	done
	u32=$(bench_median 2 "$T/u32") u64=$(bench_median 2 "$T/u64")
	awk -v i="$i" -v p64="$p64" -v u64="$u64" -v p32="$p32" -v u32="$u32" 'BEGIN {
		f = 2 * 2000 * 200000 * 128 / 1e9
		printf "%5d  %14.1f  %8.3f  %6.1f%%  %14.1f  %8.3f  %6.1f%%\n", i, p64, u64,
		    100 * f / u64 / p64, p32, u32, 100 * f / u32 / p32 }' | tee -a "$T/rows"
	i=$((i + 1))
done
# median (min-max) of column $1 of the rows
share() {
	awk -v c="$1" '{ print $c + 0 }' "$T/rows" | sort -n | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.1f%% (%.1f-%.1f)", m, v[1], v[NR] }'
}
echo "median share of the FMA peak: float64 $(share 4), float32 $(share 7)"
