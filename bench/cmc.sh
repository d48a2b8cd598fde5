#!/bin/sh
# bench/cmc.sh: cmc -K all on the 5K image-text data (rank streams from
# rankof -e, both directions) against hitrate -m hit -k 1,2,...,50 on the
# same stream, run alternately by farm-bench --vs (A B A B ...), after
# checking that cmc -K 50 prints the bytes of that hitrate.
#
# Environment: DATA [../shared/data/crossmodal-seed0], RUNS [5]
# Exit 0 when the check passes and the timings ran, 1 otherwise.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
DATA=${DATA:-../shared/data/crossmodal-seed0}
RUNS=${RUNS:-5}
T=bench/data/cmc
die() { echo "bench: $*" >&2; exit 1; }

[ -e "$DATA/img.npy" ] || die "needs $DATA (set DATA)"
command -v farm-bench >/dev/null 2>&1 || die "needs farm-bench on the PATH"
mkdir -p "$T"
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
	echo "-- A: cmc -K all   B: hitrate -m hit -k 1,...,50"
	farm-bench -n "$RUNS" --timeout 600 \
		--vs "bin/hitrate -m hit -k $K50 $T/$d" -- bin/cmc -K all "$T/$d"
	echo "-- A: cmc -K 50    B: hitrate -m hit -k 1,...,50"
	farm-bench -n "$RUNS" --timeout 600 \
		--vs "bin/hitrate -m hit -k $K50 $T/$d" -- bin/cmc -K 50 "$T/$d"
done
