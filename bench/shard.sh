#!/bin/sh
# bench/shard.sh: the 5K image-to-text protocol (rankof -e, cos) as one run
# and as 2 and 4 query shards (rankof --shard I/N) and gallery shards
# (rankof --items A:B, then rankof --merge) under GNU parallel, every
# configuration in turn in each round; each shard is `rankof -j 1`.
# Prints the medians of wall seconds and of CPU seconds (user + sys of every
# process, GNU parallel's own included), and the CPU of the same shards run
# one after another without parallel, and of the rankof processes alone
# (each shard and the merge timed by itself, one after another: what
# sharding adds to rankkit's own work, the engine's shell, cat and Perl
# left out). The overhead of sharding with the cores counted is the
# shards' CPU over the single run's CPU, less one.
# Checks first that each kind of shard gives the single run's bytes.
#
# Environment: DATA [../shared/data/crossmodal-seed0, else data written by
# synthemb crossmodal], N [unset: DATA; else N images of synthemb
# crossmodal, 5 captions each], ROUNDS [5], CC [cc]
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
ROUNDS=${ROUNDS:-5} CC=${CC:-cc}
B=bench/data T=bench/data/shard
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }
DATA=${DATA:-../shared/data/crossmodal-seed0}
if [ -n "${N:-}" ] || [ ! -e "$DATA/img.npy" ]; then
	DATA=$T/synth${N:+-$N}
	[ -e "$DATA/img.npy" ] || { mkdir -p "$DATA" && bin/synthemb ${N:+-n "$N"} -o "$DATA" crossmodal; } ||
	    die "synthemb failed"
fi
items=$(grep -vc '^#' "$DATA/cap.labels")
emb="-j 1 -e -m cos --query-labels $DATA/img.labels --item-labels $DATA/cap.labels $DATA/img.npy $DATA/cap.npy"

# one configuration: `shard.sh --one KIND N [serial|procs]` writes
# $T/KIND.N.out; procs: one after another, each rankof under rusage, the
# sum of their CPU seconds to $T/KIND.N.cpu
if [ "${1:-}" = --one ]; then
	kind=$2 n=$3 out=$T/$2.$3
	range() { echo "$(($1 * items / n)):$((($1 + 1) * items / n))"; }
	if [ "${4:-}" = procs ]; then
		: > "$out.cpu"
		i=0; while [ "$i" -lt "$n" ]; do
			if [ "$kind" = single ]; then
				bench_time "$out.t" bin/rankof $emb > "$out.$i"
			elif [ "$kind" = query ]; then
				bench_time "$out.t" bin/rankof --shard "$i/$n" $emb > "$out.$i"
			else
				bench_time "$out.t" bin/rankof --items "$(range "$i")" $emb > "$out.$i"
			fi
			bench_median c "$out.t" >> "$out.cpu"
			i=$((i + 1))
		done
		if [ "$kind" = gallery ]; then
			bench_time "$out.t" bin/rankof --merge $(seq -f "$out.%g" 0 $((n - 1))) > "$out"
			bench_median c "$out.t" >> "$out.cpu"
		fi
		awk '{ s += $1 } END { printf "%.4f\n", s }' "$out.cpu" > "$out.sum"
		exit 0
	elif [ "${4:-}" = serial ]; then
		i=0; while [ "$i" -lt "$n" ]; do
			if [ "$kind" = query ]; then
				bin/rankof --shard "$i/$n" $emb > "$out.$i"
			else
				bin/rankof --items "$(range "$i")" $emb > "$out.$i"
			fi
			i=$((i + 1))
		done
	elif [ "$kind" = single ]; then
		bin/rankof $emb > "$out.0"
	elif [ "$kind" = query ]; then
		seq 0 $((n - 1)) | parallel -j "$n" "bin/rankof --shard {}/$n $emb > $out.{}"
	else
		seq 0 $((n - 1)) | parallel -j "$n" \
		    "bin/rankof --items \$(({} * $items / $n)):\$((({} + 1) * $items / $n)) $emb > $out.{}"
	fi
	if [ "$kind" = gallery ]; then
		bin/rankof --merge $(seq -f "$out.%g" 0 $((n - 1))) > "$out"
	else
		cat $(seq -f "$out.%g" 0 $((n - 1))) > "$out"
	fi
	exit 0
fi

command -v parallel >/dev/null 2>&1 || die "needs GNU parallel (Debian: parallel)"
mkdir -p "$T"
bench_tool rusage
rm -f "$T"/time.* "$T"/procs.*
configs="single:1 query:2 gallery:2 query:4 gallery:4"
for c in $configs; do	# untimed: the checks, and a warm page cache
	sh bench/shard.sh --one "${c%:*}" "${c#*:}"
done
bin/hitrate "$T/single.1" > "$T/want"
for c in query:2 query:4; do
	bin/hitrate "$T/${c%:*}.${c#*:}" | cmp -s - "$T/want" || die "$c: measures differ from the single run"
done
for c in gallery:2 gallery:4; do
	cmp -s "$T/${c%:*}.${c#*:}" "$T/single.1" || die "$c: merged stream differs from the single run"
done
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for c in $configs; do
		bench_time "$T/time.${c%:*}.${c#*:}.$r" sh bench/shard.sh --one "${c%:*}" "${c#*:}"
		[ "$c" = single:1 ] ||
		    bench_time "$T/time.serial.${c%:*}.${c#*:}.$r" sh bench/shard.sh --one "${c%:*}" "${c#*:}" serial
		sh bench/shard.sh --one "${c%:*}" "${c#*:}" procs
		cp "$T/${c%:*}.${c#*:}.sum" "$T/procs.${c%:*}.${c#*:}.$r"
	done
	r=$((r + 1))
done

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); ${cpu:-unknown CPU}, $(nproc) CPUs;" \
    "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); $ROUNDS rounds; $DATA"
# the CPU of the rankof processes alone: the median of the rounds' sums
procs() { cat "$T"/procs.$1.$2.* | sort -n | awk '{ v[NR] = $1 } END {
	printf "%.4f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
one=$(bench_median c "$T"/time.single.1.*)
onep=$(procs single 1)
printf '| run | wall s | CPU s | CPU over single | CPU without parallel | over single | rankof alone, CPU s | over single |\n|---|---|---|---|---|---|---|---|\n'
for c in $configs; do
	k=${c%:*} n=${c#*:}
	w=$(bench_median 1 "$T"/time.$k.$n.*) u=$(bench_median c "$T"/time.$k.$n.*)
	if [ "$k" = single ]; then
		s=$u
	else
		s=$(bench_median c "$T"/time.serial.$k.$n.*)
	fi
	p=$(procs "$k" "$n")
	awk -v k="$k" -v n="$n" -v w="$w" -v u="$u" -v s="$s" -v one="$one" \
	    -v p="$p" -v onep="$onep" 'BEGIN {
		printf "| %s | %.3f | %.3f | %+.1f%% | %.3f | %+.1f%% | %.3f | %+.1f%% |\n",
		    k == "single" ? "single run" : n " " k " shards", w, u, 100 * (u / one - 1),
		    s, 100 * (s / one - 1), p, 100 * (p / onep - 1) }'
done
