#!/bin/sh
# bench/cmc.sh: cmc -K all and cmc -K 50 on the 5K image-text data (rank
# streams from rankof -e, both directions) against hitrate -m hit
# -k 1,2,...,50 on the same stream, run in turn (A B A B ...), after checking
# that cmc -K 50 prints the bytes of that hitrate. Prints the median wall
# seconds and peak RSS of each and the ratio of the medians.
#
# Environment: DATA [../shared/data/crossmodal-seed0, else data written by
# synthemb crossmodal], ROUNDS [5], CC [cc]
# Exit 0 when the check passes and the timings ran, 1 otherwise.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
DATA=${DATA:-../shared/data/crossmodal-seed0}
ROUNDS=${ROUNDS:-5} CC=${CC:-cc}
B=bench/data T=bench/data/cmc
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }

mkdir -p "$T"
if [ ! -e "$DATA/img.npy" ]; then
	DATA=$T/synth
	[ -e "$DATA/img.npy" ] || bin/synthemb -o "$DATA" crossmodal || die "synthemb failed"
fi
bench_tool rusage
bin/rankof -e --query-labels "$DATA/img.labels" --item-labels "$DATA/cap.labels" \
	"$DATA/img.npy" "$DATA/cap.npy" > "$T/i2t"
bin/rankof -e --query-labels "$DATA/cap.labels" --item-labels "$DATA/img.labels" \
	"$DATA/cap.npy" "$DATA/img.npy" > "$T/t2i"
K50=$(seq -s, 1 50)
for d in i2t t2i; do
	bin/cmc -K 50 -p 17 "$T/$d" > "$T/$d.cmc" 2>/dev/null
	bin/hitrate -m hit -k "$K50" -p 17 "$T/$d" > "$T/$d.hit" 2>/dev/null
	cmp -s "$T/$d.cmc" "$T/$d.hit" || die "$d: cmc -K 50 and hitrate differ"
	echo "== $d: $(grep -vc '^#' "$T/$d") rank lines; cmc -K 50 = hitrate -k 1..50 (checked)"
	r=1
	while [ "$r" -le "$ROUNDS" ]; do
		bench_time "$T/time.hit.$r" bin/hitrate -m hit -k "$K50" "$T/$d" > /dev/null
		bench_time "$T/time.all.$r" bin/cmc -K all "$T/$d" > /dev/null
		bench_time "$T/time.k50.$r" bin/cmc -K 50 "$T/$d" > /dev/null
		r=$((r + 1))
	done
	base=$(bench_median 1 "$T"/time.hit.*)
	for c in "hit:hitrate -m hit -k 1,...,50" "all:cmc -K all" "k50:cmc -K 50"; do
		w=$(bench_median 1 "$T/time.${c%%:*}".*) m=$(bench_median 4 "$T/time.${c%%:*}".*)
		awk -v name="${c#*:}" -v w="$w" -v m="$m" -v base="$base" 'BEGIN {
			printf "%-32s median %.4f s  %.2fx hitrate  peak %.1f MiB\n", name, w, w / base, m / 1024 }'
	done
done
