#!/bin/sh
# bench/knn.sh: exact k-NN, simmat -k against faiss's exact flat indexes
# (IndexFlatL2, IndexFlatIP; Debian's python3-faiss, used by this
# benchmark only), run alternately in one go (simmat, faiss, simmat, ...):
#
#     simmat -j J -m l2|dot -k K queries.npy items.npy > out
#     python3 bench/knn_faiss.py l2|dot K J queries.npy items.npy out
#
# on random float32 rows (bench/genemb.c: NQ queries, NI items, D values).
# faiss's time includes Python's start-up and the loading of the files,
# as a user would run it; both write their neighbours as text. First the
# neighbour sets are checked: per query, an item one side has and the
# other lacks must score within a relative 1e-4 of the K-th best (the two
# compute distances by different formulas: faiss expands |q - x|^2, so
# their last bits differ, and simmat keeps every item tied with the K-th).
# Prints per case the medians of wall and CPU seconds (user + sys) and
# peak RSS, and faiss's time over simmat's. Skipped, with a message, when
# no python3 here imports faiss and numpy. faiss's flat search is a BLAS
# matrix product: with Debian's reference BLAS (libblas3 alone) it is
# about 12x slower than with OpenBLAS (apt-get install
# libopenblas0-pthread), which is the peer meant here.
#
# Environment (defaults in brackets):
#   NQ [2000]  NI [200000]  D [128]  KS ["1 10 100"]  METRICS ["l2 dot"]
#   J [2] threads of both  ROUNDS [3]  THIS [bin]  CC [cc]
#   PY [the first of python3, /usr/bin/python3 that imports faiss]
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
NQ=${NQ:-2000} NI=${NI:-200000} D=${D:-128} KS=${KS:-1 10 100}
METRICS=${METRICS:-l2 dot} J=${J:-2} ROUNDS=${ROUNDS:-3}
THIS=${THIS:-bin} CC=${CC:-cc}
B=bench/data T=bench/data/knn
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }

[ -x "$THIS/simmat" ] || die "$THIS/simmat is not built"
bench_faiss_python
mkdir -p "$B" "$T"
bench_tool rusage
bench_tool genemb -lm
Q=$T/q-$NQ-$D.npy I=$T/i-$NI-$D.npy
[ -f "$Q" ] || "$B/genemb" "$NQ" "$D" 1 "$Q"
[ -f "$I" ] || "$B/genemb" "$NI" "$D" 2 "$I"

# same M K: the neighbour sets of $T/s.out and $T/f.out agree
same() {
	awk -F '\t' -v k="$2" '
	function a(x) { return x < 0 ? -x : x }
	FNR == NR { if ($0 ~ /^#/) next
		s[$1, $2] = $3; n[$1]++
		if (!($1 in lo) || $3 < lo[$1]) lo[$1] = $3; next }
	{ f[$1, $2] = $3; if (!($1 in flo) || $3 < flo[$1]) flo[$1] = $3 }
	END {
		for (key in f) if (!(key in s)) {
			split(key, p, SUBSEP)
			if (a(f[key] - lo[p[1]]) > 1e-4 * a(lo[p[1]])) bad++; else near++ }
		for (key in s) if (!(key in f)) {
			split(key, p, SUBSEP)
			if (a(s[key] - flo[p[1]]) > 1e-4 * a(flo[p[1]])) bad++; else near++ }
		for (q in n) if (n[q] < k) bad++
		printf "%s k=%d: %d items differ by more than 1e-4 of the K-th, %d at the K-th\n", m, k, bad, near
		exit bad > 0 }' m="$1" "$T/s.out" "$T/f.out"
}

for m in $METRICS; do
	for k in $KS; do
		"$THIS/simmat" -j "$J" -m "$m" -k "$k" "$Q" "$I" > "$T/s.out"
		"$PY" bench/knn_faiss.py "$m" "$k" "$J" "$Q" "$I" "$T/f.out"
		same "$m" "$k" || die "simmat and faiss disagree (m $m, k $k)"
	done
done

rm -f "$T"/*.ru
r=0
while [ "$r" -lt "$ROUNDS" ]; do
	r=$((r + 1))
	for m in $METRICS; do
		for k in $KS; do
			bench_time "$T/s-$m-$k-$r.ru" "$THIS/simmat" -j "$J" -m "$m" \
			    -k "$k" "$Q" "$I" > "$T/s.out"
			bench_time "$T/f-$m-$k-$r.ru" "$PY" bench/knn_faiss.py "$m" \
			    "$k" "$J" "$Q" "$I" "$T/f.out"
		done
	done
done

bench_machine
echo "exact k-NN, $NQ x $NI x $D float32, -j $J; ${cpu:-unknown CPU}," \
    "$(getconf _NPROCESSORS_ONLN) CPUs; kernel variant $variant; faiss" \
    "$("$PY" -c 'import faiss; print(faiss.__version__)');" \
    "$(date -u '+%Y-%m-%d %H:%M UTC'); load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); medians of $ROUNDS"
echo
echo "| metric | K | simmat wall s | faiss wall s | faiss/simmat | simmat CPU s | faiss CPU s | simmat MiB | faiss MiB |"
echo "|---|---|---|---|---|---|---|---|---|"
for m in $METRICS; do
	for k in $KS; do
		sw=$(bench_median 1 "$T/s-$m-$k"-*.ru) fw=$(bench_median 1 "$T/f-$m-$k"-*.ru)
		sc=$(bench_median c "$T/s-$m-$k"-*.ru) fc=$(bench_median c "$T/f-$m-$k"-*.ru)
		sr=$(bench_median 4 "$T/s-$m-$k"-*.ru) fr=$(bench_median 4 "$T/f-$m-$k"-*.ru)
		echo "$m $k $sw $fw $sc $fc $sr $fr" | awk '{ printf "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f | %.0f |\n",
			$1, $2, $3, $4, $4 / $3, $5, $6, $7 / 1024, $8 / 1024 }'
	done
done
