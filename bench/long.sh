#!/bin/sh
# bench/long.sh: `make bench-long`. Memory stays bounded on any input size:
# a synthetic TREC run of QUERIES x DOCS lines (by default 10,000 x 10,000
# = 100M lines, about 3.8 GB) written by bench/gentrec.c, streamed through
# a pipe into `rankof -r qrels | hitrate -k 1,5,10`, once. Prints the peak
# RSS of each program (bench/rusage.c), the wall and CPU seconds, and the
# lines and bytes per second of the whole pipeline. It takes minutes: run
# it with nice on a shared machine.
#
# Environment (defaults in brackets):
#   QUERIES [10000]  DOCS [10000] per query  SEED [42]
#   KEEP [0]   1: keep the generated run in bench/data/long (else removed)
#   CC [cc]    RANKOF, HITRATE [bin/rankof, bin/hitrate]
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
QUERIES=${QUERIES:-10000} DOCS=${DOCS:-10000} SEED=${SEED:-42}
KEEP=${KEEP:-0} CC=${CC:-cc}
RK=${RANKOF:-bin/rankof} HR=${HITRATE:-bin/hitrate}
B=bench/data D=bench/data/long T=bench/data/long/tmp
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }

for p in "$RK" "$HR"; do
	[ -x "$p" ] || die "$p is not built (run make first)"
done
mkdir -p "$B" "$D" "$T"
bench_tool gentrec
bench_tool rusage

stamp="gentrec -q $QUERIES -d $DOCS -s $SEED $(cksum < bench/gentrec.c)"
if [ ! -f "$D/stamp" ] || [ "$(cat "$D/stamp")" != "$stamp" ] ||
   [ ! -f "$D/run" ] || [ ! -f "$D/qrels" ]; then
	rm -f "$D/stamp" "$D/run" "$D/qrels"
	echo "bench: generating $QUERIES x $DOCS lines in $D" >&2
	bench_time "$T/gen" "$B/gentrec" -q "$QUERIES" -d "$DOCS" -s "$SEED" \
	    -o "$D" || die "gentrec failed"
	echo "$stamp" > "$D/stamp"
	echo "bench: generated in $(cut -d' ' -f1 "$T/gen") s" >&2
fi
lines=$(wc -l < "$D/run" | tr -d ' ')
bytes=$(wc -c < "$D/run" | tr -d ' ')

# cat | rankof | hitrate, each under rusage; sh has no pipefail, so each
# status goes to a file
echo "bench: streaming $lines lines through rankof | hitrate" >&2
bench_time "$T/all" sh -c '
	B=$1 T=$2 RK=$3 HR=$4 D=$5
	{ cat "$D/run"; echo $? > "$T/cat.st"; } |
	{ "$B/rusage" -o "$T/rk" "$RK" -r "$D/qrels" 2> "$T/rk.err"
	  echo $? > "$T/rk.st"; } |
	{ "$B/rusage" -o "$T/hr" "$HR" -k 1,5,10 > "$T/out" 2> "$T/hr.err"
	  echo $? > "$T/hr.st"; }' sh "$B" "$T" "$RK" "$HR" "$D"
for s in cat rk hr; do
	[ "$(cat "$T/$s.st")" = 0 ] || { cat "$T/$s.err" 2>/dev/null >&2; die "$s exited with status $(cat "$T/$s.st")"; }
done
tail -n 1 "$T/out" | grep -qx '# end' || die "hitrate's output lacks '# end'"
[ "$KEEP" = 1 ] || rm -f "$D/run" "$D/qrels" "$D/stamp"

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
awk -v lines="$lines" -v bytes="$bytes" -v size="$QUERIES x $DOCS, seed $SEED" \
    -v all="$(cat "$T/all")" -v rk="$(cat "$T/rk")" -v hr="$(cat "$T/hr")" \
    -v cpu="${cpu:-unknown}" -v kernel="$(uname -r)" \
    -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" -v res="$(grep -v '^#' "$T/out" | tr '\t' ' ' | tr '\n' ';')" '
BEGIN {
	split(all, a, " "); split(rk, r, " "); split(hr, h, " ")
	printf "run: %d lines, %.1f MB (%s); %s, kernel %s; %s\n", lines, bytes / 1e6, size, cpu, kernel, date
	printf "| what | wall s | CPU s | peak RSS |\n|---|---|---|---|\n"
	printf "| cat run \\| rankof -r qrels \\| hitrate -k 1,5,10 | %.2f | %.2f | |\n", a[1], a[2] + a[3]
	printf "| rankof | %.2f | %.2f | %.1f MiB |\n", r[1], r[2] + r[3], r[4] / 1024
	printf "| hitrate | %.2f | %.2f | %.1f MiB |\n", h[1], h[2] + h[3], h[4] / 1024
	printf "throughput: %.1f M lines/s, %.0f MB/s (wall, the whole pipeline)\n", lines / a[1] / 1e6, bytes / a[1] / 1e6
	printf "hitrate: %s\n", res
}' | tee "$B/long-bench.txt"
