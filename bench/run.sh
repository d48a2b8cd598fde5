#!/bin/sh
# bench/run.sh: `make bench`. Times `rankof -r qrels run | hitrate` against the
# plain one-pass awk hit rate (bench/awk_success.sh, mawk when installed) on a
# synthetic TREC run of 10M lines, alternately in one run (A B A B A B), and
# checks first that both compute the same hit@1/5/10.
#
# Everything it needs is in the project: bench/gentrec.c writes the data
# (same shape as $RANKKIT_SHARED/bench/gen_trec_bench.py, see bench/RESULTS.md),
# bench/rusage.c measures wall time and peak RSS (GNU time does the RSS when
# installed). Data and tools go to bench/data/ (gitignored); the data is
# reused while the generator and the sizes stay the same.
#
# Environment (defaults in brackets):
#   QUERIES [1000]  DOCS [10000] per query  COLLECTION [1000000]  SEED [42]
#   ROUNDS [3]      timed runs of each side
#   STRICT [0]      1: exit 1 when a target (3x mawk, RSS < 32 MiB) is missed
#   CC [cc]
#   RANKOF, HITRATE [bin/rankof, bin/hitrate]  the programs to time
# e.g. a quick run: QUERIES=50 DOCS=2000 ROUNDS=1 make bench
#
# Exit 0 when both sides agree (targets missed are reported, see STRICT),
# 1 when they disagree or a program fails.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL

QUERIES=${QUERIES:-1000} DOCS=${DOCS:-10000} COLLECTION=${COLLECTION:-1000000}
SEED=${SEED:-42} ROUNDS=${ROUNDS:-3} STRICT=${STRICT:-0} CC=${CC:-cc}
B=bench/data
D=$B/trec
T=$B/tmp
RK=${RANKOF:-bin/rankof} HR=${HITRATE:-bin/hitrate}

die() { echo "bench: $*" >&2; exit 1; }

for p in "$RK" "$HR"; do
	[ -x "$p" ] || die "$p is not built (run make first)"
done
mkdir -p "$B" "$D" "$T"

# -- tools: the generator and the rusage wrapper, rebuilt when their source changes
#    (a checksum, not -nt, which POSIX test lacks)
for t in gentrec rusage; do
	sum="$CC $(cksum < "bench/$t.c")"
	if [ ! -x "$B/$t" ] || [ ! -f "$B/$t.sum" ] || [ "$(cat "$B/$t.sum")" != "$sum" ]; then
		echo "bench: $CC -O2 -o $B/$t bench/$t.c" >&2
		rm -f "$B/$t.sum"
		$CC -O2 -o "$B/$t" "bench/$t.c" || die "cannot build $B/$t"
		echo "$sum" > "$B/$t.sum"
	fi
done

# -- data, regenerated when the sizes or the generator change
stamp="gentrec -q $QUERIES -d $DOCS -c $COLLECTION -s $SEED $(cksum < bench/gentrec.c)"
if [ ! -f "$D/stamp" ] || [ "$(cat "$D/stamp")" != "$stamp" ] ||
   [ ! -f "$D/run" ] || [ ! -f "$D/qrels" ]; then
	rm -f "$D/stamp" "$D/run" "$D/qrels"
	echo "bench: generating $QUERIES x $DOCS lines in $D" >&2
	"$B/rusage" -o "$T/gen" "$B/gentrec" -q "$QUERIES" -d "$DOCS" \
	    -c "$COLLECTION" -s "$SEED" -o "$D" || die "gentrec failed"
	echo "$stamp" > "$D/stamp"
	echo "bench: generated in $(cut -d' ' -f1 "$T/gen") s" >&2
fi
Q=$D/qrels R=$D/run
lines=$(wc -l < "$R" | tr -d ' ')
bytes=$(wc -c < "$R" | tr -d ' ')

AWK="awk"; command -v mawk >/dev/null 2>&1 && AWK=mawk

# -- peak RSS of rankof: GNU time when it works, else our wrapper; both write
#    `wall user sys maxrss_kib`
if /usr/bin/time -f '%e %U %S %M' -o "$T/probe" true 2>/dev/null &&
   [ "$(awk 'END { print NF }' "$T/probe")" = 4 ]; then
	RSSTOOL="/usr/bin/time -f %e_%U_%S_%M -o" RSSNAME="GNU time -f %M"
else
	RSSTOOL="$B/rusage -o" RSSNAME="getrusage (bench/rusage.c)"
fi
lastrss() { tail -n 1 "$1" | tr '_' ' ' | awk '{ print $NF }'; }

# A: rankof | hitrate. The statuses of both sides are kept: sh has no pipefail.
# $1 = tag for the files, the rest: extra options, `--` then hitrate's options
run_rk() {
	tag=$1; shift
	ro=; while [ "$1" != -- ]; do ro="$ro $1"; shift; done; shift
	# shellcheck disable=SC2086
	"$B/rusage" -o "$T/$tag.time" sh -c '
		T=$1 tag=$2 RK=$3 HR=$4 Q=$5 R=$6 ro=$7; shift 7
		{ $RSSTOOL "$T/$tag.rss" "$RK" $ro -r "$Q" "$R" 2>"$T/$tag.rkerr"
		  echo $? > "$T/$tag.rkst"; } |
		"$HR" "$@" > "$T/$tag.out" 2>"$T/$tag.hrerr"
		echo $? > "$T/$tag.hrst"' \
	    sh "$T" "$tag" "$RK" "$HR" "$Q" "$R" "$ro" "$@"
	for s in rk hr; do
		st=$(cat "$T/$tag.${s}st")
		if [ "$st" != 0 ]; then
			cat "$T/$tag.${s}err" >&2
			die "$tag: $( [ $s = rk ] && echo rankof || echo hitrate) exited with status $st"
		fi
	done
	tail -n 1 "$T/$tag.out" | grep -qx '# end' || die "$tag: hitrate's output lacks '# end'"
}
# B: the awk baseline
run_awk() {
	"$B/rusage" -o "$T/$1.time" sh bench/awk_success.sh "$Q" "$R" \
	    > "$T/$1.out" 2>"$T/$1.err" || { cat "$T/$1.err" >&2; die "$1: awk_success.sh failed"; }
}
export RSSTOOL

# -- correctness, untimed (it also warms the page cache and both programs):
#    the awk baseline takes the run's order, which is trec_eval's (score
#    descending, docid descending); rankof --break id breaks ties the same way.
echo "bench: checking hit@1/5/10 of rankof --break id | hitrate against awk_success.sh" >&2
run_rk check --break id -- -f -p 4 -k 1,5,10 -m hit
run_awk checkawk
grep -v '^#' "$T/check.out" > "$T/check.rows"
if ! cmp -s "$T/check.rows" "$T/checkawk.out"; then
	echo "bench: MISMATCH between rankof --break id | hitrate and awk_success.sh:" >&2
	diff "$T/check.rows" "$T/checkawk.out" >&2 || true
	exit 1
fi
[ -s "$T/check.rows" ] || die "no hit@K rows to compare"

# -- timed, alternately
i=1
while [ "$i" -le "$ROUNDS" ]; do
	echo "bench: round $i/$ROUNDS" >&2
	run_rk "rk$i" --
	run_awk "awk$i"
	cmp -s "$T/awk$i.out" "$T/checkawk.out" || die "awk$i: output changed between runs"
	i=$((i + 1))
done

# -- report
# median of field F (1: wall, 2: user, 3: sys) over the files PREFIX1..PREFIXn.time
median() {
	i=1; while [ "$i" -le "$ROUNDS" ]; do
		tr '_' ' ' < "$T/$1$i.$3" | tail -n 1 | awk -v f="$2" '{ print $f }'
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END {
		printf "%.4f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
cpu() {	# median of user + sys
	i=1; while [ "$i" -le "$ROUNDS" ]; do
		tr '_' ' ' < "$T/$1$i.$2" | tail -n 1 | awk '{ print $2 + $3 }'
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END {
		printf "%.4f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
rk=$(median rk 1 time) aw=$(median awk 1 time) rkonly=$(median rk 1 rss)
rkcpu=$(cpu rk time) awcpu=$(cpu awk time) rkonlycpu=$(cpu rk rss)
rss=0 allrk='' allaw='' i=1
while [ "$i" -le "$ROUNDS" ]; do
	r=$(lastrss "$T/rk$i.rss"); [ "$r" -gt "$rss" ] && rss=$r
	allrk="$allrk $(cut -d' ' -f1 "$T/rk$i.time")"
	allaw="$allaw $(cut -d' ' -f1 "$T/awk$i.time")"
	i=$((i + 1))
done
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
awkver=$($AWK -W version 2>/dev/null | head -n 1 || true)

awk -v lines="$lines" -v bytes="$bytes" -v rk="$rk" -v aw="$aw" \
    -v rkonly="$rkonly" -v rkonlycpu="$rkonlycpu" -v rkcpu="$rkcpu" -v awcpu="$awcpu" -v rss="$rss" \
    -v rounds="$ROUNDS" -v allrk="$allrk" -v allaw="$allaw" \
    -v awk="$AWK${awkver:+ ($awkver)}" -v rssname="$RSSNAME" \
    -v cpu="${cpu:-unknown}" -v ncpu="$ncpu" -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" \
    -v size="$QUERIES x $DOCS, seed $SEED" -v check="$(tr '\t' ' ' < "$T/check.rows" | tr '\n' ';')" '
function row(name, s, c) {
	printf "| %s | %.3f | %.2f | %.1f | %.1f | %.2f |\n", name, s, c, lines / s / 1e6, bytes / s / 1e6, aw / s
}
BEGIN {
	printf "run: %d lines, %.1f MB (%s); machine: %s, %s cores; %s\n", lines, bytes / 1e6, size, cpu, ncpu, date
	printf "baseline: %s; %d alternated rounds each; median wall seconds\n\n", awk, rounds
	printf "| command | median s | CPU s | M lines/s | MB/s | speed-up vs awk |\n"
	printf "|---|---|---|---|---|---|\n"
	row("rankof -r qrels run \\| hitrate", rk, rkcpu)
	row("(rankof alone, same runs)", rkonly, rkonlycpu)
	row("awk_success.sh qrels run", aw, awcpu)
	printf "\nall runs, s: rankof|hitrate%s; awk%s\n", allrk, allaw
	printf "rankof peak RSS: %.1f MiB (%d KiB, max over the rounds, %s)\n", rss / 1024, rss, rssname
	printf "check: rankof --break id | hitrate -f -p 4 -m hit = awk_success.sh: %s\n", check
	ratio = aw / rk
	printf "speed-up per CPU second (user+sys, both processes of the pipeline): %.2fx\n", awcpu / rkcpu
	printf "targets: speed-up %.2fx (>= 3x: %s, aim 5x: %s); RSS %.1f MiB (< 32 MiB: %s)\n",
	    ratio, (ratio >= 3 ? "met" : "MISSED"), (ratio >= 5 ? "met" : "not yet"), rss / 1024, (rss < 32 * 1024 ? "met" : "MISSED")
	exit !(ratio >= 3 && rss < 32 * 1024)
}' > "$B/rankof-bench.txt" && met=1 || met=0
cat "$B/rankof-bench.txt"
if [ "$met" = 0 ]; then
	echo "bench: a target was missed (see above)" >&2
	[ "$STRICT" = 1 ] && exit 1
fi
exit 0
