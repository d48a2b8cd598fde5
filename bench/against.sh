#!/bin/sh
# bench/against.sh: this build against another, program by program, in user
# CPU seconds of one thread, alternated (old new old new ...) so that both
# sides meet the same noise, each pair's outputs checked to be the same
# bytes. The cases: simmat -t on float32 and float64 (2,000 x 200,000 x
# 128, dot, -t 60), simmat -k 10 -m l2, rankof -e -m cos on the 5K
# image-text data both ways, rankof -j 1 on the 10M-line TREC run, hitrate
# on its rank stream, and the pipeline rankof | hitrate. Prints per case
# the medians, new/old, and every time sorted. Data: bench/knn.sh's and
# bench/read.sh's (run them once first; float64 copies of the k-NN files
# are made here with bench/genemb.c's rows), the 5K data from
# $RANKKIT_SHARED (those rows skipped without it).
#
# Environment (defaults in brackets):
#   OLD_BIN   the bin/ of the other build (required), e.g. a git worktree's
#   ROUNDS [5] pairs per case
#   CC [cc]
# e.g. git worktree add /tmp/old 5e33620 && make -C /tmp/old &&
#      OLD_BIN=/tmp/old/bin sh bench/against.sh
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
OLD_BIN=${OLD_BIN:?OLD_BIN: the bin/ of the build to time against}
ROUNDS=${ROUNDS:-5} CC=${CC:-cc}
B=bench/data K=bench/data/knn T=bench/data/trec
X=${RANKKIT_SHARED:-}/data/crossmodal-seed0
. bench/lib.sh

die() { echo "bench: $*" >&2; exit 1; }
bench_tool rusage
bench_tool genemb -lm
[ -f "$K/q-2000-128.npy" ] || "$B/genemb" 2000 128 1 "$K/q-2000-128.npy"
[ -f "$K/i-200000-128.npy" ] || "$B/genemb" 200000 128 2 "$K/i-200000-128.npy"
[ -f "$K/q-2000-128-f64.npy" ] || "$B/genemb" 2000 128 1 "$K/q-2000-128-f64.npy" f8
[ -f "$K/i-200000-128-f64.npy" ] || "$B/genemb" 200000 128 2 "$K/i-200000-128-f64.npy" f8
[ -f "$T/run" ] && [ -f "$T/ranks" ] || die "no $T/run or $T/ranks: run sh bench/read.sh once"

# case NAME CMD: CMD (a shell command that names the programs $BIN/...)
# ROUNDS times with BIN=$OLD_BIN and with BIN=bin, alternately
case1() {
	name=$1 cmd=$2 i=0
	rm -f "$B"/against.*
	while [ "$i" -lt "$ROUNDS" ]; do
		for side in old new; do
			if [ $side = old ]; then BIN=$OLD_BIN; else BIN=bin; fi
			export BIN
			bench_time "$B/against.$side.$i" sh -c "$cmd" \
			    > "$B/against.$side.out" || die "$name ($side) failed"
		done
		cmp -s "$B/against.old.out" "$B/against.new.out" ||
		    die "$name: the old and new outputs differ"
		i=$((i + 1))
	done
	old=$(bench_median 2 "$B"/against.old.[0-9]*)
	new=$(bench_median 2 "$B"/against.new.[0-9]*)
	printf '%-26s old %s s  new %s s  new/old %s  (old: %s; new: %s)\n' \
	    "$name" "$old" "$new" "$(awk -v n="$new" -v o="$old" \
	    'BEGIN { printf "%.3f", (o > 0 ? n / o : 0) }')" \
	    "$(for f in "$B"/against.old.[0-9]*; do cut -d' ' -f2 "$f"; done | sort -n | tr '\n' ' ')" \
	    "$(for f in "$B"/against.new.[0-9]*; do cut -d' ' -f2 "$f"; done | sort -n | tr '\n' ' ')"
	rm -f "$B"/against.*
}

bench_machine
echo "$cpu; variant $variant; $(date -u '+%Y-%m-%d %H:%M') UTC; load $(uptime | sed 's/.*load average: //')"
case1 "simmat -t 60, float32" '$BIN/simmat -j 1 -m dot -t 60 '"$K/q-2000-128.npy $K/i-200000-128.npy"
case1 "simmat -t 60, float64" '$BIN/simmat -j 1 -m dot -t 60 '"$K/q-2000-128-f64.npy $K/i-200000-128-f64.npy"
case1 "simmat -k 10 -m l2" '$BIN/simmat -j 1 -m l2 -k 10 '"$K/q-2000-128.npy $K/i-200000-128.npy"
if [ -f "$X/img.npy" ]; then
	case1 "rankof -e cos, img to cap" '$BIN/rankof -j 1 -e -m cos --query-labels '"$X/img.labels --item-labels $X/cap.labels $X/img.npy $X/cap.npy"
	case1 "rankof -e cos, cap to img" '$BIN/rankof -j 1 -e -m cos --query-labels '"$X/cap.labels --item-labels $X/img.labels $X/cap.npy $X/img.npy"
else
	echo "bench: no 5K data (RANKKIT_SHARED): rankof -e rows skipped"
fi
case1 "rankof -j 1, 10M lines" '$BIN/rankof -j 1 -r '"$T/qrels $T/run"
case1 "hitrate, 10M lines" '$BIN/hitrate '"$T/ranks"
case1 "rankof | hitrate" '$BIN/rankof -r '"$T/qrels $T/run"' 2>/dev/null | $BIN/hitrate 2>/dev/null'
echo "load after: $(uptime | sed 's/.*load average: //')"
