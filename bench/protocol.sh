#!/bin/sh
# bench/protocol.sh: `make bench-protocol`. The 5K image-to-text protocol
# (5,000 images, 25,000 captions, cos; R@1, R@5, R@10 and the mean rank of
# the first matching caption) as rankkit runs it,
#     rankof -j J -e -m cos --query-labels img.labels --item-labels cap.labels \
#         img.npy cap.npy | hitrate -k 1,5,10 -m hit,MeanR
# against faiss (bench/protocol_faiss.py: IndexFlatIP over normalised
# float32 rows, the first match found with numpy) in two ways: every
# caption ranked (K = all: what MeanR needs) and the 10 best (K = 10: R@K
# only), alternately (rankkit, faiss all, faiss 10, rankkit, ...), after
# checking that they give the same measures (within 0.1: faiss scores in float32, rankkit in the
# data's float64, and rankkit counts ties where faiss's sort picks an
# order). Prints wall and CPU seconds and peak RSS, medians of ROUNDS, and
# faiss's time over rankkit's. Skipped, with a message, when no python3
# here imports faiss and numpy.
#
# Environment (defaults in brackets):
#   DATA [../shared/data/crossmodal-seed0, else bench/data/protocol written
#         by synthemb crossmodal: the same sizes]
#   J [2] threads of both   ROUNDS [3]   CC [cc]
#   PY [the first of python3, /usr/bin/python3 that imports faiss]
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
J=${J:-2} ROUNDS=${ROUNDS:-3} CC=${CC:-cc}
B=bench/data T=bench/data/protocol
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }

for p in rankof hitrate synthemb; do
	[ -x "bin/$p" ] || die "bin/$p is not built (run make first)"
done
bench_faiss_python
mkdir -p "$T"
bench_tool rusage
DATA=${DATA:-../shared/data/crossmodal-seed0}
if [ ! -e "$DATA/img.npy" ]; then
	DATA=$T/synth
	[ -e "$DATA/img.npy" ] || bin/synthemb -o "$DATA" crossmodal ||
	    die "synthemb failed"
fi

rk() {
	bin/rankof -j "$J" -e -m cos --query-labels "$DATA/img.labels" \
	    --item-labels "$DATA/cap.labels" "$DATA/img.npy" "$DATA/cap.npy" |
	    bin/hitrate -k 1,5,10 -m hit,MeanR
}
fs() {
	"$PY" bench/protocol_faiss.py "$J" "$1" "$DATA/img.npy" "$DATA/cap.npy" \
	    "$DATA/img.labels" "$DATA/cap.labels"
}
if [ "${1:-}" = --rankkit ]; then rk; exit; fi
if [ "${1:-}" = --faiss ]; then fs "$2"; exit; fi

# the same measures, within 0.1 (N: the measures faiss prints)
agree() {
	awk -F '\t' -v want="$2" 'FNR == NR { v[$1] = $3; next }
		{ d = $3 - v[$1]; if (d < 0) d = -d; if (!($1 in v) || d > 0.1) bad++; n++ }
		END { exit !(n == want && !bad) }' "$T/rk.out" "$1" ||
	die "rankkit and faiss differ ($T/rk.out, $1)"
}
rk | grep -v '^#' > "$T/rk.out" || die "rankkit failed"
fs all > "$T/fs.out" || die "faiss failed"
fs 10 > "$T/f10.out" || die "faiss failed"
agree "$T/fs.out" 4
agree "$T/f10.out" 3

rm -f "$T"/*.ru
r=0
while [ "$r" -lt "$ROUNDS" ]; do
	r=$((r + 1))
	echo "bench: round $r/$ROUNDS" >&2
	bench_time "$T/rk-$r.ru" sh bench/protocol.sh --rankkit > /dev/null
	bench_time "$T/fs-$r.ru" sh bench/protocol.sh --faiss all > /dev/null
	bench_time "$T/f10-$r.ru" sh bench/protocol.sh --faiss 10 > /dev/null
done

bench_machine
echo "the 5K image-to-text protocol ($DATA), -j $J; ${cpu:-unknown CPU}," \
    "$(getconf _NPROCESSORS_ONLN) CPUs; kernel variant $variant; faiss" \
    "$("$PY" -c 'import faiss; print(faiss.__version__)');" \
    "$(date -u '+%Y-%m-%d %H:%M UTC'); load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); medians of $ROUNDS"
echo
paste "$T/rk.out" "$T/fs.out" | awk -F '\t' '{ printf "%s rankkit %s, faiss %s\n", $1, $3, $6 }'
echo
echo "| | wall s | CPU s | peak MiB | its wall / rankkit's |"
echo "|---|---|---|---|---|"
for s in rk fs f10; do
	echo "$s $(bench_median 1 "$T/$s"-*.ru) $(bench_median c "$T/$s"-*.ru) $(bench_median 4 "$T/$s"-*.ru)"
done | awk '{ w[NR] = $2
	name = $1 == "rk" ? "rankkit: rankof -e, hitrate (all four)" : $1 == "fs" ? \
	    "faiss IndexFlatIP, K = all (all four)" : "faiss IndexFlatIP, K = 10 (R@K only)"
	printf "| %s | %.2f | %.2f | %.0f | %.2fx |\n", name, $2, $3, $4 / 1024, $2 / w[1] }'
