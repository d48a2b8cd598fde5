#!/bin/sh
# bench/crossmodal.sh: `make bench-crossmodal` (and `make bench`):
# the 5K image-text protocol, both directions, from img.npy and
# cap.npy to hit@1/5/10 through
#
#     rankof -e --query-labels img.labels --item-labels cap.labels img.npy cap.npy | hitrate
#     rankof -e --query-labels cap.labels --item-labels img.labels cap.npy img.npy | hitrate
#
# timed against the NumPy peer $RANKKIT_SHARED/bench/peer_crossmodal.py in its
# `vectorized` and `vsepp` modes, alternately in one run (A V S A V S ...),
# after checking that both sides give the same rsum; the same with both
# sides given float32 copies of the embeddings. Then the peak probe
# (bench/peak.c): one core's GFLOP/s of fused multiply-adds and of separate
# multiplies and adds per micro-kernel variant, and the scoring kernel alone
# on 5000 x 25000 x 64 as a fraction of that peak in float64 and float32,
# for the variant chosen at run time; simmat's whole process (-j 1,
# `-t 1e30` keeps every line out) in GFLOP/s (2 flops per multiply-add); and
# the lines/s of `simmat | rankof` through the text score stream.
#
# NumPy is used only by the benchmark, never by the project or its tests:
# without it the peer rows (and the float32 copies) are skipped with a
# message.
#
# Environment (defaults in brackets):
#   DATA [$RANKKIT_SHARED/data/crossmodal-seed0]  PEER [$RANKKIT_SHARED/bench/peer_crossmodal.py]
#   PYTHON [the first of python3, /usr/bin/python3 that imports numpy]
#   ROUNDS [3] timed runs of rankof -e and of `vectorized`
#   VSEPP_ROUNDS [ROUNDS] of `vsepp` (about 25 s each)
#   STREAM [1] runs of simmat | rankof (125M lines; 0 skips it)
#   PEAK_ROUNDS [5] rounds of the peak probe
#   CC [cc]
# Exit 0 when the sides agree (targets missed are reported), 1 otherwise.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL

DATA=${DATA:-${RANKKIT_SHARED:?set RANKKIT_SHARED or DATA}/data/crossmodal-seed0}
PEER=${PEER:-${RANKKIT_SHARED:?set RANKKIT_SHARED or PEER}/bench/peer_crossmodal.py}
ROUNDS=${ROUNDS:-3} VSEPP_ROUNDS=${VSEPP_ROUNDS:-${ROUNDS:-3}}
STREAM=${STREAM:-1} CC=${CC:-cc}
B=bench/data
T=$B/xm
RK=bin/rankof HR=bin/hitrate SM=bin/simmat

die() { echo "bench: $*" >&2; exit 1; }

for p in "$RK" "$HR" "$SM"; do
	[ -x "$p" ] || die "$p is not built (run make first)"
done
for f in img.npy cap.npy img.labels cap.labels; do
	[ -f "$DATA/$f" ] || die "$DATA/$f is missing (set DATA)"
done
mkdir -p "$B" "$T"
sum="$CC $(cksum < bench/rusage.c)"
if [ ! -x "$B/rusage" ] || [ ! -f "$B/rusage.sum" ] || [ "$(cat "$B/rusage.sum")" != "$sum" ]; then
	rm -f "$B/rusage.sum"
	$CC -O2 -o "$B/rusage" bench/rusage.c || die "cannot build $B/rusage"
	echo "$sum" > "$B/rusage.sum"
fi
[ -f build/opt/librk.a ] || die "build/opt/librk.a is not built (run make first)"
$CC -O2 -ffp-contract=off -Ilib -o "$B/peak" bench/peak.c build/opt/librk.a -lm -lpthread ||
	die "cannot build $B/peak"

PY=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
	if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' 2>/dev/null; then
		PY=$p
		break
	fi
done
NP=$PY
[ -n "$PY" ] && [ ! -f "$PEER" ] && { echo "bench: $PEER is missing: the peer rows are skipped" >&2; PY=; }
[ -z "$NP" ] && echo "bench: numpy is not installed: the NumPy peer and the float32 rows are skipped" >&2

# wall seconds of a shell command line ($2) into $T/$1.time (appended)
timed() {
	"$B/rusage" -o "$T/last" sh -c "$2" || die "failed: $2"
	cut -d' ' -f1 "$T/last" >> "$T/$1.time"
	cut -d' ' -f2,3 "$T/last" | awk '{ print $1 + $2 }' >> "$T/$1.cpu"
}
median() { sort -n "$T/$1.time" | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
median_cpu() { sort -n "$T/$1.cpu" | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rm -f "$T"/*.time "$T"/*.cpu "$T"/*.peer

ours="$RK -e --query-labels $DATA/img.labels --item-labels $DATA/cap.labels $DATA/img.npy $DATA/cap.npy | $HR -k 1,5,10 -m hit -p 4 > $T/i2t &&
 $RK -e --query-labels $DATA/cap.labels --item-labels $DATA/img.labels $DATA/cap.npy $DATA/img.npy | $HR -k 1,5,10 -m hit -p 4 > $T/t2i"

# -- the check: the same rsum on both sides (the peer counts ranks as
#    1 + #strictly higher: the same as ours when no score ties, as here)
sh -c "$ours" || die "rankof -e | hitrate failed"
rsum=$(awk '$2 == "all" { s += $3 } END { printf "%.2f", s }' "$T/i2t" "$T/t2i")
hits=$(awk '$2 == "all" { printf "%s %.2f; ", $1, $3 }' "$T/i2t" "$T/t2i")
if [ -n "$PY" ]; then
	for m in vectorized vsepp; do
		"$PY" "$PEER" "$DATA" $m > "$T/$m.check" || die "the peer failed ($m)"
		prs=$(awk '{ print $2 }' "$T/$m.check")
		[ "$prs" = "$rsum" ] || die "rsum: rankof -e $rsum, peer $m $prs"
	done
fi

# -- alternated rounds
n=$ROUNDS
[ -n "$PY" ] && [ "$VSEPP_ROUNDS" -gt "$n" ] && n=$VSEPP_ROUNDS
i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	[ "$i" -le "$ROUNDS" ] && timed ours "$ours"
	if [ -n "$PY" ]; then
		if [ "$i" -le "$ROUNDS" ]; then
			timed vec "$PY $PEER $DATA vectorized > $T/out"
			awk '{ print $4 }' "$T/out" >> "$T/vec.peer"
		fi
		if [ "$i" -le "$VSEPP_ROUNDS" ]; then
			timed vsepp "$PY $PEER $DATA vsepp > $T/out"
			awk '{ print $4 }' "$T/out" >> "$T/vsepp.peer"
		fi
	fi
done

# -- float32: both sides given float32 copies ($T/f32, with the labels)
f32=
if [ -n "$NP" ]; then
	mkdir -p "$T/f32"
	"$NP" -c "import numpy as np, sys
for n in ('img', 'cap'):
    np.save(sys.argv[2] + '/' + n + '.npy', np.load(sys.argv[1] + '/' + n + '.npy').astype(np.float32))" \
	    "$DATA" "$T/f32" && f32=1
	cp "$DATA/img.labels" "$DATA/cap.labels" "$T/f32/"
fi
if [ -n "$f32" ]; then
	D32=$T/f32
	ours32="$RK -e --query-labels $D32/img.labels --item-labels $D32/cap.labels $D32/img.npy $D32/cap.npy | $HR -k 1,5,10 -m hit -p 4 > $T/i2t32 &&
 $RK -e --query-labels $D32/cap.labels --item-labels $D32/img.labels $D32/cap.npy $D32/img.npy | $HR -k 1,5,10 -m hit -p 4 > $T/t2i32"
	sh -c "$ours32" || die "rankof -e | hitrate failed (float32)"
	rsum32=$(awk '$2 == "all" { s += $3 } END { printf "%.2f", s }' "$T/i2t32" "$T/t2i32")
	if [ -n "$PY" ]; then
		"$PY" "$PEER" "$D32" vectorized > "$T/vec32.check" || die "the peer failed (float32)"
		prs32=$(awk '{ print $2 }' "$T/vec32.check")
	fi
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		i=$((i + 1))
		timed ours32 "$ours32"
		[ -n "$PY" ] && timed vec32 "$PY $PEER $D32 vectorized > $T/out"
	done
fi

# -- the peak probe and the kernel alone (bench/peak.c)
"$B/peak" -r "${PEAK_ROUNDS:-5}" > "$T/peak" || die "the peak probe failed"
chosen=$(sed -n 's/^scoring kernel, variant \([a-z0-9]*\).*/\1/p' "$T/peak")

# -- simmat's whole process, one thread: GFLOP/s = 2 * 5000 * 25000 * 64 / s
for r in 1 2 3; do
	timed k64 "$SM -j 1 -t 1e30 $DATA/img.npy $DATA/cap.npy > /dev/null"
	[ -n "$f32" ] && timed k32 "$SM -j 1 -t 1e30 $T/f32/img.npy $T/f32/cap.npy > /dev/null"
	timed k64j "$SM -t 1e30 $DATA/img.npy $DATA/cap.npy > /dev/null"
done

# -- the text stream: simmat | rankof, 5K image-to-text, 125M lines
r=0
while [ "$r" -lt "$STREAM" ]; do
	r=$((r + 1))
	timed stream "$SM $DATA/img.npy $DATA/cap.npy | $RK --query-labels $DATA/img.labels --item-labels $DATA/cap.labels > $T/stream.out"
done

cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')

nsv=0
[ -f "$T/stream.time" ] && nsv=$(wc -l < "$T/stream.time")
{
	echo "5K protocol, both directions ($DATA); machine: ${cpu:-unknown}, $ncpu CPUs, micro-kernel $chosen; $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "check: rankof -e | hitrate rsum $rsum${PY:+ = the peer's (both modes)}; $hits"
	echo
	echo "| command | median wall s | CPU s | rounds | rankof -e faster by |"
	echo "|---|---|---|---|---|"
	o=$(median ours)
	printf '| rankof -e \\| hitrate, both directions | %.3f | %.2f | %d | 1 |\n' "$o" "$(median_cpu ours)" "$(wc -l < "$T/ours.time")"
	if [ -n "$PY" ]; then
		v=$(median vec) s=$(median vsepp)
		printf '| peer vectorized (python3 + numpy, whole process) | %.3f | %.2f | %d | %.1fx |\n' "$v" "$(median_cpu vec)" "$(wc -l < "$T/vec.time")" "$(echo "$v $o" | awk '{ print $1 / $2 }')"
		printf '| peer vsepp (whole process) | %.3f | %.2f | %d | %.1fx |\n' "$s" "$(median_cpu vsepp)" "$(wc -l < "$T/vsepp.time")" "$(echo "$s $o" | awk '{ print $1 / $2 }')"
		vi=$(sort -n "$T/vec.peer" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
		si=$(sort -n "$T/vsepp.peer" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
		echo
		echo "peer's own timer (after numpy import and np.load): vectorized $vi s, vsepp $si s;"
		echo "rankof -e against those: $(echo "$vi $si $o" | awk '{ printf "%.1fx and %.1fx", $1 / $3, $2 / $3 }')"
		echo "targets (whole process): >= 3x vectorized: $(echo "$v $o" | awk '{ print ($1 / $2 >= 3 ? "met" : "MISSED") }')," \
		    "aim 4x: $(echo "$v $o" | awk '{ print ($1 / $2 >= 4 ? "met" : "not reached") }')," \
		    ">= 30x vsepp: $(echo "$s $o" | awk '{ print ($1 / $2 >= 30 ? "met" : "MISSED") }')"
	else
		echo
		if [ -n "$NP" ]; then echo "(no NumPy peer: no $PEER)"; else echo "(no NumPy peer: numpy is not installed)"; fi
	fi
	if [ -n "$f32" ]; then
		echo
		o32=$(median ours32)
		echo "float32 embeddings (both sides): rankof -e | hitrate rsum $rsum32${PY:+, the peer's $prs32}"
		echo
		echo "| command (float32) | median wall s | CPU s | rounds | rankof -e faster by |"
		echo "|---|---|---|---|---|"
		printf '| rankof -e \\| hitrate, both directions | %.3f | %.2f | %d | 1 |\n' "$o32" "$(median_cpu ours32)" "$(wc -l < "$T/ours32.time")"
		if [ -n "$PY" ]; then
			v32=$(median vec32)
			printf '| peer vectorized (float32, whole process) | %.3f | %.2f | %d | %.1fx |\n' "$v32" "$(median_cpu vec32)" "$(wc -l < "$T/vec32.time")" "$(echo "$v32 $o32" | awk '{ print $1 / $2 }')"
			echo "target (whole process, float32): >= 6x vectorized: $(echo "$v32 $o32" | awk '{ print ($1 / $2 >= 6 ? "met" : "MISSED") }')"
		fi
	fi
	echo
	cat "$T/peak"
	echo
	echo "simmat kernel, 5000 x 25000 x 64 (16.0 GFLOP), -t 1e30 (no output), median of 3, whole process:"
	k=$(median k64)
	printf -- '- float64, -j 1: %.3f s, %.1f GFLOP/s\n' "$k" "$(echo "$k" | awk '{ print 16e9 / $1 / 1e9 }')"
	if [ -n "$f32" ]; then
		k=$(median k32)
		printf -- '- float32, -j 1: %.3f s, %.1f GFLOP/s\n' "$k" "$(echo "$k" | awk '{ print 16e9 / $1 / 1e9 }')"
	fi
	k=$(median k64j)
	printf -- '- float64, -j %s: %.3f s, %.1f GFLOP/s\n' "$ncpu" "$k" "$(echo "$k" | awk '{ print 16e9 / $1 / 1e9 }')"
	if [ "$nsv" -gt 0 ]; then
		n=$(grep -vc '^#' "$T/stream.out" || true)
		k=$(median stream)
		printf -- '- simmat | rankof (5K image-to-text, 125M score lines through the text stream): %.2f s, %.1f M lines/s (%s rank lines out)\n' \
		    "$k" "$(echo "$k" | awk '{ print 125e6 / $1 / 1e6 }')" "$n"
	fi
} > "$B/crossmodal-bench.txt"
cat "$B/crossmodal-bench.txt"
