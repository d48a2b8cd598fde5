#!/bin/sh
# bench/read.sh: `make bench-read`. How fast the text readers read, in MB of
# input per second of user CPU (one thread): rankof -j 1 reading the 10M-line
# TREC run of bench/run.sh, and hitrate reading a 10M-line rank stream (the
# same run ranked against qrels that judge every document relevant, so that
# every line of the run is a line of the stream). With OLD_BIN set to the
# bin/ of another build, each program is timed against its old self,
# alternately (old new old new ...), the outputs checked to be the same
# bytes, and the ratio new/old of the median user times printed.
#
# Environment (defaults in brackets):
#   QUERIES [1000]  DOCS [10000]  COLLECTION [1000000]  SEED [42]  as run.sh
#   ROUNDS [5]      timed runs of each side
#   OLD_BIN []      e.g. /tmp/base/bin: time against that build too
#   CC [cc]
# e.g. OLD_BIN=../rankkit-main/bin ROUNDS=7 make bench-read
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL

QUERIES=${QUERIES:-1000} DOCS=${DOCS:-10000} COLLECTION=${COLLECTION:-1000000}
SEED=${SEED:-42} ROUNDS=${ROUNDS:-5} OLD_BIN=${OLD_BIN:-} CC=${CC:-cc}
B=bench/data
D=$B/trec
T=$B/tmp
. bench/lib.sh

die() { echo "bench: $*" >&2; exit 1; }

for p in bin/rankof bin/hitrate; do
	[ -x "$p" ] || die "$p is not built (run make first)"
done
mkdir -p "$B" "$D" "$T"
bench_tool gentrec
bench_tool rusage

bench_trec "$D" -q "$QUERIES" -d "$DOCS" -c "$COLLECTION" -s "$SEED"
if [ ! -f "$D/ranks" ] || ! cmp -s "$D/stamp" "$D/ranks.stamp"; then
	echo "bench: the rank stream of every line of the run" >&2
	awk '{ print $1, 0, $3, 1 }' "$D/run" > "$D/allqrels"
	bin/rankof -r "$D/allqrels" "$D/run" > "$D/ranks" || die "rankof failed"
	cp "$D/stamp" "$D/ranks.stamp"
fi

# times "$@" ROUNDS times, alternating with the old build's program when
# OLD_BIN is set; prints the line of the report
timed() {
	name=$1 input=$2; shift 2
	i=0
	while [ "$i" -lt "$ROUNDS" ]; do
		if [ -n "$OLD_BIN" ]; then
			bench_time "$T/old.$name.$i" "$OLD_BIN/$name" "$@" > "$T/old.out" ||
			    die "$OLD_BIN/$name failed"
		fi
		bench_time "$T/new.$name.$i" "bin/$name" "$@" > "$T/new.out" ||
		    die "bin/$name failed"
		i=$((i + 1))
	done
	bytes=$(wc -c < "$input" | tr -d ' ')
	new=$(bench_median 2 "$T"/new."$name".*)
	printf '%-8s %s: %s s user (median of %s), %s MB/s' "$name" \
	    "$input" "$new" "$ROUNDS" "$(awk -v b="$bytes" -v t="$new" \
	    'BEGIN { if (t > 0) printf "%.0f", b / 1e6 / t; else printf "-" }')"
	if [ -n "$OLD_BIN" ]; then
		cmp -s "$T/old.out" "$T/new.out" ||
		    die "$name: the old and new outputs differ"
		old=$(bench_median 2 "$T"/old."$name".*)
		printf '; old %s s, new/old %s' "$old" "$(awk -v n="$new" \
		    -v o="$old" 'BEGIN { if (o > 0) printf "%.3f", n / o; else printf "-" }')"
	fi
	echo
	rm -f "$T"/old."$name".* "$T"/new."$name".*
}

echo "load: $(uptime | sed 's/.*load/load/')"
timed rankof "$D/run" -j 1 -r "$D/qrels" "$D/run"
timed hitrate "$D/ranks" "$D/ranks"
