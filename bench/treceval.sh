#!/bin/sh
# bench/treceval.sh: `make bench-treceval`. Times `treceval -q -m all_trec`
# against the real trec_eval 10.0 (built from its source tarball by
# tests/trec-eval-build.sh) on two synthetic TREC runs of gentrec: the run
# of bench/run.sh (qrels of relevant documents only), and the same shape
# whose qrels also judge NONREL non-relevant documents a query (gentrec -n),
# so that bpref, infAP and the other measures of judged documents count
# documents. Each pair alternately (A B A B A B), after checking that both
# print the same bytes. Issue 23 item 6: at least 20x faster, under 64 MiB.
#
# Then the shapes of issue 45, treceval and trec_eval in turn under
# bench/rusage.c, ROUNDS times, medians (the pipe's time includes cat's):
# dense qrels (gentrec -q DQUERIES -d DDOCS -n DNONREL:
# 600,000 judgments by default) with a run in topic blocks from a file,
# the same through a pipe (cat | ...; trec_eval, which cannot read a pipe,
# reads the file: the yardstick of that row is its file time), and the
# same lines shuffled (topics interleaved; awk rand() seeded with SEED).
# A table in $B/treceval-shapes.txt.
#
# Environment (defaults in brackets):
#   QUERIES [1000]  DOCS [10000] per query  COLLECTION [1000000]  SEED [42]
#   NONREL [200] judged non-relevant documents a query in the second run
#   ROUNDS [3]   TARBALL [$RANKKIT_SHARED/peers/trec_eval-10.0-rc3-src.tar.gz]
#   TRECEVAL [bin/treceval]   CC [cc]
#   DQUERIES [2000] DDOCS [1000] DNONREL [300] the dense shapes (4M lines:
#   DDOCS=2000 DNONREL=600)   SHAPES [1]: 0 leaves them out
#   PLAIN [1]: 0 leaves out the plain and judged runs (the shapes alone)
#   JOBS1 [1]: 0 leaves out the row of the blocks from a file on one
#   thread (treceval -j 1), beside the default's two
# e.g. a quick run: QUERIES=50 DOCS=2000 ROUNDS=1 sh bench/treceval.sh
# the shapes alone: PLAIN=0 ROUNDS=5 sh bench/treceval.sh
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL

QUERIES=${QUERIES:-1000} DOCS=${DOCS:-10000} COLLECTION=${COLLECTION:-1000000}
SEED=${SEED:-42} NONREL=${NONREL:-200} ROUNDS=${ROUNDS:-3} CC=${CC:-cc}
DQUERIES=${DQUERIES:-2000} DDOCS=${DDOCS:-1000} DNONREL=${DNONREL:-300}
SHAPES=${SHAPES:-1} PLAIN=${PLAIN:-1} JOBS1=${JOBS1:-1}
SHARED=${RANKKIT_SHARED:-../shared}
TARBALL=${TARBALL:-$SHARED/peers/trec_eval-10.0-rc3-src.tar.gz}
RK=${TRECEVAL:-bin/treceval}
B=bench/data T=bench/data/tmp
. bench/lib.sh

die() { echo "bench: $*" >&2; exit 1; }
[ -x "$RK" ] || die "$RK is not built (run make first)"
mkdir -p "$B" "$T"
bench_tool gentrec
bench_tool rusage
TE=$(sh tests/trec-eval-build.sh "$TARBALL" build/trec_eval) ||
	die "cannot build trec_eval from $TARBALL"

# gen DIR NONREL: the data, regenerated when the sizes or gentrec change
gen() {
	_stamp="gentrec -q $QUERIES -d $DOCS -c $COLLECTION -n $2 -s $SEED $(cksum < bench/gentrec.c)"
	if [ ! -f "$1/stamp" ] || [ "$(cat "$1/stamp")" != "$_stamp" ]; then
		rm -rf "$1"; mkdir -p "$1"
		echo "bench: generating $QUERIES x $DOCS lines in $1 (-n $2)" >&2
		"$B/gentrec" -q "$QUERIES" -d "$DOCS" -c "$COLLECTION" -n "$2" \
		    -s "$SEED" -o "$1" || die "gentrec failed"
		echo "$_stamp" > "$1/stamp"
	fi
}

# one NAME DIR: check, then ROUNDS alternated timings; a table row each
one() {
	_d=$2
	"$TE" -q -m all_trec "$_d/qrels" "$_d/run" > "$T/te.out" || die "trec_eval failed"
	"$RK" -q -m all_trec "$_d/qrels" "$_d/run" > "$T/rk.out" || die "treceval failed"
	cmp -s "$T/te.out" "$T/rk.out" || die "$1: treceval and trec_eval differ ($T/te.out, $T/rk.out)"
	_i=1
	while [ "$_i" -le "$ROUNDS" ]; do
		echo "bench: $1: round $_i/$ROUNDS" >&2
		bench_time "$T/rk$_i.$1" "$RK" -q -m all_trec "$_d/qrels" "$_d/run" >/dev/null
		bench_time "$T/te$_i.$1" "$TE" -q -m all_trec "$_d/qrels" "$_d/run" >/dev/null
		_i=$((_i + 1))
	done
	_rk=$(bench_median 1 "$T"/rk*."$1") _te=$(bench_median 1 "$T"/te*."$1")
	_rkm=$(bench_median 4 "$T"/rk*."$1") _tem=$(bench_median 4 "$T"/te*."$1")
	_j=$(awk '$4 == 0 { n++ } END { print n + 0 }' "$_d/qrels")
	awk -v n="$1" -v rk="$_rk" -v te="$_te" -v rkm="$_rkm" -v tem="$_tem" \
	    -v lines="$(wc -l < "$_d/run")" -v j="$_j" 'BEGIN {
		printf "| %s | %d | %d | %.2f | %.1f | %.2f | %.1f | %.1fx |\n",
		    n, lines, j, rk, rkm / 1024, te, tem / 1024, te / rk }'
}

[ "$PLAIN" = 1 ] && {
gen "$B/trec" 0
gen "$B/trecj" "$NONREL"
{
	echo "treceval -q -m all_trec against trec_eval 10.0 ($TE), $QUERIES x $DOCS, seed $SEED, median of $ROUNDS"
	echo "| run | lines | judged non-relevant | treceval s | MiB | trec_eval s | MiB | speed-up |"
	echo "|---|---|---|---|---|---|---|---|"
	one plain "$B/trec"
	one judged "$B/trecj"
} > "$B/treceval-bench.txt"
cat "$B/treceval-bench.txt"
}

# shape NAME RK_CMD TE_CMD: the same bytes, then ROUNDS alternated runs of
# each under $B/rusage (RK_CMD then TE_CMD, in turn); a row of medians:
# wall and user of each, the ratios, peak MiB of each
shape() {
	sh -c "$2" > "$T/rk.out" || die "$1: treceval failed"
	sh -c "$3" > "$T/te.out" || die "$1: trec_eval failed"
	cmp -s "$T/te.out" "$T/rk.out" || die "$1: treceval and trec_eval differ ($T/te.out, $T/rk.out)"
	_n=$(echo "$1" | tr -c "a-z\n" _)
	rm -f "$T"/srk*."$_n" "$T"/ste*."$_n"
	_i=1
	while [ "$_i" -le "$ROUNDS" ]; do
		echo "bench: $1: round $_i/$ROUNDS" >&2
		bench_time "$T/srk$_i.$_n" sh -c "$2 >/dev/null"
		bench_time "$T/ste$_i.$_n" sh -c "$3 >/dev/null"
		_i=$((_i + 1))
	done
	awk -v n="$1" -v aw="$(bench_median 1 "$T"/srk*."$_n")" -v au="$(bench_median 2 "$T"/srk*."$_n")" \
	    -v bw="$(bench_median 1 "$T"/ste*."$_n")" -v bu="$(bench_median 2 "$T"/ste*."$_n")" \
	    -v ap="$(bench_median 4 "$T"/srk*."$_n")" -v bp="$(bench_median 4 "$T"/ste*."$_n")" 'BEGIN {
		printf "| %s | %.2f | %.2f | %.2f | %.2f | %.1fx | %.1fx | %.1f | %.1f |\n",
		    n, aw, au, bw, bu, bw / aw, bu / au, ap / 1024, bp / 1024 }'
}

[ "$SHAPES" = 1 ] || exit 0
D=$B/trecd
_stamp="gentrec -q $DQUERIES -d $DDOCS -n $DNONREL -s $SEED $(cksum < bench/gentrec.c) shuf"
if [ ! -f "$D/stamp" ] || [ "$(cat "$D/stamp")" != "$_stamp" ]; then
	rm -rf "$D"; mkdir -p "$D"
	echo "bench: generating $DQUERIES x $DDOCS lines in $D (-n $DNONREL), shuffled" >&2
	"$B/gentrec" -q "$DQUERIES" -d "$DDOCS" -n "$DNONREL" -s "$SEED" -o "$D" ||
	    die "gentrec failed"
	awk -v s="$SEED" 'BEGIN { srand(s) } { printf "%.9f\t%s\n", rand(), $0 }' "$D/run" |
	    sort -k1,1 | cut -f2- > "$D/shuf" || die "shuffle failed"
	echo "$_stamp" > "$D/stamp"
fi
{
	echo "treceval -q -m all_trec against trec_eval 10.0 ($TE), dense qrels: $(wc -l < "$D/qrels") judgments, $(wc -l < "$D/run") run lines, $DQUERIES topics, seed $SEED; medians of $ROUNDS alternated runs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
	echo "| shape | treceval wall s | user s | trec_eval wall s | user s | wall ratio | user ratio | treceval MiB | trec_eval MiB |"
	echo "|---|---|---|---|---|---|---|---|---|"
	shape "blocks, file" "$RK -q -m all_trec $D/qrels $D/run" "$TE -q -m all_trec $D/qrels $D/run"
	shape "blocks, pipe" "cat $D/run | $RK -q -m all_trec $D/qrels -" "$TE -q -m all_trec $D/qrels $D/run"
	shape "shuffled, file" "$RK -q -m all_trec $D/qrels $D/shuf" "$TE -q -m all_trec $D/qrels $D/shuf"
	if [ "$JOBS1" = 1 ]; then
		shape "blocks, file, -j 1" "$RK -j 1 -q -m all_trec $D/qrels $D/run" "$TE -q -m all_trec $D/qrels $D/run"
	fi
} > "$B/treceval-shapes.txt"
cat "$B/treceval-shapes.txt"
