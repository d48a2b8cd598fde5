#!/bin/sh
# bench/scale.sh: `make bench-scale`. The gallery half of slurm.sh's recipe
# end to end at 10M items on this machine: 10M caption rows of 64 float32
# values as FILES .npy files (a file per writer, as at 1B), a few hundred
# image queries, every query ranked against every row as SHARDS gallery
# shards (rankof -j 1 -e --items A:B, PAR of them at a time), the shards
# merged (rankof --merge) and measured (hitrate), the merged stream checked
# against the same run in one process.
# Twice, for two kinds of data:
#   high    each query's relevant captions (its 5) rank near the top
#   random  each query's relevant captions are 5 captions of another
#           file's image: unrelated rows, which rank at random
# Prints, for each kind: the CPU seconds (user + sys) and wall seconds of
# the shards and of the merge, the peak RSS of a shard and of the merge,
# the bytes the shards read through read(2) (/proc's rchar, summed) and
# the bytes of .npy rows they copied in (derived: rows x 256 bytes); the
# fixed cost of a shard (the median of 3 shards of 1,000 rows) and, high
# only, of one at a gallery of file 0 alone; and the cost per pair: the
# same run in one process (rankof -j 2, which checks the merged stream's
# bytes), its CPU less the fixed cost, over queries x items. The machine
# may be shared: CPU seconds are the figure to compare, wall seconds
# depend on the load (printed).
#
# The data: synthemb crossmodal, FILES times with seeds 0..FILES-1 and
# IMAGES images each (5 captions an image: FILES x IMAGES x 5 rows), the
# rows and labels of file p numbered on after those of files 0..p-1 (an
# image label is unique through the files). The queries are the first
# QUERIES images of file 0 (their rows cut from its img.npy); high: query
# i has its own label; random: query i has the label of image i of file
# FILES/2, whose captions another seed's projections made.
#
# Environment (defaults in brackets): FILES [10], IMAGES [200000],
# QUERIES [300], SHARDS [40], PAR [2], CC [cc]. The data (about 2.7 GB in
# bench/data/scale) is made once, again when these change.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL
FILES=${FILES:-10} IMAGES=${IMAGES:-200000} QUERIES=${QUERIES:-300}
SHARDS=${SHARDS:-40} PAR=${PAR:-2} CC=${CC:-cc}
B=bench/data
D=$B/scale
T=$D/tmp
. bench/lib.sh
die() { echo "bench: $*" >&2; exit 1; }
for p in bin/rankof bin/hitrate bin/synthemb; do
	[ -x "$p" ] || die "$p is not built (run make first)"
done
mkdir -p "$D" "$T"
bench_tool rusage

# npy_rows N IN OUT: the first N rows of the 2-D .npy file IN as OUT: the
# header (format 1.0: magic, version, 2-byte length, the dict padded with
# blanks to the same length) with the first shape number replaced by N
npy_rows() {
	_hl=$(od -An -tu2 -j8 -N2 "$2" | tr -d ' ')
	_dict=$(dd if="$2" bs=1 skip=10 count="$_hl" 2>/dev/null |
	    sed "s/'shape': ([0-9]*,/'shape': ($1,/")
	_dim=$(echo "$_dict" | sed -n "s/.*'shape': ([0-9]*, \([0-9]*\)).*/\1/p")
	{
		head -c 10 "$2"
		printf "%-$((_hl - 1))s\n" "$_dict"
		tail -c +$((11 + _hl)) "$2" | head -c $(($1 * _dim * 4))
	} >"$3"
}

# the items files in order (their paths hold no blank)
gallery=""
p=0
while [ "$p" -lt "$FILES" ]; do
	gallery="$gallery $D/cap.$p.npy"
	p=$((p + 1))
done

# shard KIND I: gallery shard I of SHARDS under rusage ($T/KIND.I.t), its
# stream $T/KIND.I, the rchar of its process in $T/KIND.I.io (a child's
# I/O counts go to its parent's /proc/PID/io when it is reaped). xargs
# runs it as `scale.sh --shard KIND I`, which does that alone
shard() {
	items=$(wc -l <"$D/cap.labels" | tr -d ' ')
	_a=$(($2 * items / SHARDS)) _b=$((($2 + 1) * items / SHARDS))
	sh -c '"$@" >"$0.out"; grep "^rchar" /proc/$$/io >"$0.io"' "$T/$1.$2" \
	    "$B/rusage" -o "$T/$1.$2.t" bin/rankof -j 1 --items "$_a:$_b" -e -m cos \
	    --query-labels "$D/$1.labels" --item-labels "$D/cap.labels" \
	    "$D/img.npy" $gallery
	mv "$T/$1.$2.out" "$T/$1.$2"
}
if [ "${1:-}" = --shard ]; then
	shard "$2" "$3"
	exit 0
fi
[ $# -eq 0 ] || die "usage: bench/scale.sh (no arguments; see its opening comment)"

stamp="scale $FILES $IMAGES $QUERIES $(cksum < bin/synthemb | cut -d' ' -f1)"
if [ ! -f "$D/stamp" ] || [ "$(cat "$D/stamp")" != "$stamp" ]; then
	rm -f "$D/stamp" "$D"/cap.*.npy "$D"/*.labels "$D"/img.npy
	echo "bench: making $FILES x $IMAGES x 5 caption rows in $D" >&2
	p=0
	while [ "$p" -lt "$FILES" ]; do
		rm -rf "$T/gen"
		bin/synthemb -s "$p" -n "$IMAGES" -o "$T/gen" crossmodal >/dev/null
		mv "$T/gen/cap.npy" "$D/cap.$p.npy"
		awk -v r=$((p * IMAGES * 5)) -v l=$((p * IMAGES)) \
		    '{ print $1 + r "\t" $2 + l }' "$T/gen/cap.labels" >>"$D/cap.labels"
		if [ "$p" -eq 0 ]; then
			npy_rows "$QUERIES" "$T/gen/img.npy" "$D/img.npy"
			head -n "$QUERIES" "$T/gen/img.labels" >"$D/high.labels"
			awk -v l=$((FILES / 2 * IMAGES)) '{ print $1 "\t" $2 + l }' \
			    "$D/high.labels" >"$D/random.labels"
		fi
		p=$((p + 1))
	done
	rm -rf "$T/gen"
	echo "$stamp" >"$D/stamp"
fi

items=$(wc -l <"$D/cap.labels" | tr -d ' ')


echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) CPUs;" \
    "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$items items (64 float32) in $FILES files, $QUERIES queries, $SHARDS gallery shards, $PAR at a time, rankof -j 1"
for kind in high random; do
	rm -f "$T/$kind".*
	# the fixed cost: a shard of 1,000 rows (the labels pass, the
	# queries' relevant rows, the program's start), the median of 3
	for r in 1 2 3; do
		"$B/rusage" -o "$T/$kind.fixed.$r" bin/rankof -j 1 --items 0:1000 -e -m cos \
		    --query-labels "$D/$kind.labels" --item-labels "$D/cap.labels" \
		    "$D/img.npy" $gallery >/dev/null
	done
	bench_median c "$T/$kind".fixed.[123] >"$T/$kind.fixed.cpu"
	bench_median 4 "$T/$kind".fixed.[123] >"$T/$kind.fixed.rss"
	# high: the same at a gallery of file 0 alone (its rows' labels), which
	# holds the queries' relevant rows: what the fixed cost and memory owe
	# to the gallery's rows, not the shard's
	if [ "$kind" = high ]; then
		head -n $((IMAGES * 5)) "$D/cap.labels" >"$T/small.labels"
		"$B/rusage" -o "$T/small.t" bin/rankof -j 1 --items 0:1000 -e -m cos \
		    --query-labels "$D/$kind.labels" --item-labels "$T/small.labels" \
		    "$D/img.npy" "$D/cap.0.npy" >/dev/null
		awk -v r=$((IMAGES * 5)) '{ printf "high: a shard of 1,000 rows of a gallery of %d rows (file 0): %.2f CPU s, peak RSS %.0f MiB\n", r, $2 + $3, $4 / 1024 }' \
		    "$T/small.t" >"$T/small.report"
	fi
	t0=$(date +%s.%N)
	i=0
	while [ "$i" -lt "$SHARDS" ]; do
		echo "$i"
		i=$((i + 1))
	done | xargs -P "$PAR" -I I sh bench/scale.sh --shard "$kind" I
	set --
	i=0
	while [ "$i" -lt "$SHARDS" ]; do
		set -- "$@" "$T/$kind.$i"
		i=$((i + 1))
	done
	"$B/rusage" -o "$T/$kind.merge.t" bin/rankof --merge "$@" >"$T/$kind.ranks"
	t1=$(date +%s.%N)
	bin/hitrate -k 1,5,10,100 -m hit "$T/$kind.ranks" >"$T/$kind.measures"
	# the check: the same run in one process (-j 2), its bytes; its CPU
	# less the fixed cost is the count's, QUERIES x items pairs
	"$B/rusage" -o "$T/$kind.one.t" bin/rankof -j 2 -e -m cos --query-labels "$D/$kind.labels" \
	    --item-labels "$D/cap.labels" "$D/img.npy" $gallery >"$T/$kind.one"
	cmp -s "$T/$kind.ranks" "$T/$kind.one" ||
	    die "$kind: the merged stream differs from the run in one process"
	cat "$T/$kind".[0-9]*.t | awk -v kind="$kind" -v q="$QUERIES" -v items="$items" \
	    -v shards="$SHARDS" -v wall="$(echo "$t0 $t1" | awk '{ print $2 - $1 }')" \
	    -v fixed="$(cat "$T/$kind.fixed.cpu")" -v fixedrss="$(cat "$T/$kind.fixed.rss")" \
	    -v one="$(cat "$T/$kind.one.t")" \
	    -v merge="$(cat "$T/$kind.merge.t")" \
	    -v rchar="$(cat "$T/$kind".[0-9]*.io | awk '{ s += $2 } END { print s }')" \
	    -v ranks="$(wc -c <"$T/$kind.ranks")" -v lines="$(grep -vc '^#' "$T/$kind.ranks")" \
	    -v measures="$(tr '\n' ' ' <"$T/$kind.measures")" '
	{ cpu[NR] = $2 + $3; if ($4 > rss) rss = $4; s += $2 + $3 }
	END {
		split(merge, m, " ")
		split(one, o, " ")
		n = 0
		for (i = 1; i <= NR; i++) c[++n] = cpu[i]
		# the median shard
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (c[j] < c[i]) { t = c[i]; c[i] = c[j]; c[j] = t }
		med = n % 2 ? c[(n + 1) / 2] : (c[n / 2] + c[n / 2 + 1]) / 2
		rows = items / shards
		printf "%s: shards %.1f CPU s (median %.2f, fixed %.2f), merge %.2f CPU s; wall %.1f s\n",
		    kind, s, med, fixed, m[2] + m[3], wall
		printf "%s: peak RSS %.0f MiB a shard (%.0f MiB at 1,000 rows), %.0f MiB the merge\n",
		    kind, rss / 1024, fixedrss / 1024, m[4] / 1024
		printf "%s: read(2) %.2f GB in all (%.1f MB a shard); .npy rows copied %.2f GB (%d x 256 bytes)\n",
		    kind, rchar / 1e9, rchar / shards / 1e6, items * 256 / 1e9, items
		printf "%s: one process (-j 2): %.1f CPU s, %.1f s wall, peak RSS %.0f MiB\n",
		    kind, o[2] + o[3], o[1], o[4] / 1024
		printf "%s: %.2f ns a pair ((one process - fixed) / (%d x %d))\n",
		    kind, (o[2] + o[3] - fixed) / (q * items) * 1e9, q, items
		printf "%s: merged stream %d lines, %.1f MB; %s\n", kind, lines, ranks / 1e6, measures
	}' >"$T/$kind.report"
	[ "$kind" != high ] || cat "$T/small.report" >>"$T/$kind.report"
	cat "$T/$kind.report"
done
