#!/bin/sh
# bench/bootstrap.sh: `make bench` (and `make bench-bootstrap`). Issue 8,
# section 4: 10,000 bootstrap resamples of 5,000 queries x 6 measures,
#
#     bootstrap -B 10000 measures.tsv
#
# timed against the NumPy peer $RANKKIT_SHARED/bench/peer_bootstrap.py (an
# index matrix from rng.integers, then means and np.percentile), whole
# processes, alternately in one run (A B A B ...), after checking that both
# give the same means and intervals within the resampling error. Target:
# bootstrap at least 10x faster. The peer also prints the seconds it spends
# after loading its input; the report gives that ratio too, the one least
# favourable to bootstrap.
#
# NumPy is used only by the benchmark, never by the project or its tests:
# without it (or without the peer) the benchmark is skipped with a message.
#
# Environment (defaults in brackets):
#   PEER [$RANKKIT_SHARED/bench/peer_bootstrap.py]
#   PYTHON [the first of python3, /usr/bin/python3 that imports numpy]
#   QUERIES [5000]  MEASURES [6]  RESAMPLES [10000]  ROUNDS [3]
#   JOBS [bootstrap's default]  CC [cc]
# Exit 0 when both sides agree or the peer is missing, 1 otherwise.
set -eu
cd "$(dirname "$0")/.."
LC_ALL=C; export LC_ALL

QUERIES=${QUERIES:-5000} MEASURES=${MEASURES:-6} RESAMPLES=${RESAMPLES:-10000}
ROUNDS=${ROUNDS:-3} CC=${CC:-cc}
B=bench/data
T=$B/boot
BS=bin/bootstrap

die() { echo "bench: $*" >&2; exit 1; }

[ -x "$BS" ] || die "$BS is not built (run make first)"
PEER=${PEER:-${RANKKIT_SHARED:-}/bench/peer_bootstrap.py}
if [ ! -f "$PEER" ]; then
	echo "bench: bootstrap: skipped, no NumPy peer at '$PEER' (set RANKKIT_SHARED or PEER)" >&2
	exit 0
fi
PY=${PYTHON:-}
if [ -z "$PY" ]; then
	for p in python3 /usr/bin/python3; do
		if "$p" -c 'import numpy' 2>/dev/null; then PY=$p; break; fi
	done
fi
if [ -z "$PY" ]; then
	echo "bench: bootstrap: skipped, NumPy is missing (Debian: apt-get install python3-numpy)" >&2
	exit 0
fi
mkdir -p "$T"

sum="$CC $(cksum < bench/rusage.c)"
if [ ! -x "$B/rusage" ] || [ ! -f "$B/rusage.sum" ] || [ "$(cat "$B/rusage.sum")" != "$sum" ]; then
	rm -f "$B/rusage.sum"
	$CC -O2 -o "$B/rusage" bench/rusage.c || die "cannot build $B/rusage"
	echo "$sum" > "$B/rusage.sum"
fi

# -- data: a measure stream of QUERIES queries x MEASURES measures, like
#    hitrate -q -f and mapr -q -f output (0/1 hit rates, fractions with 4
#    decimals); awk's seeded rand, regenerated when the sizes change
M=$T/measures.tsv
stamp="$QUERIES $MEASURES"
if [ ! -f "$T/stamp" ] || [ "$(cat "$T/stamp")" != "$stamp" ] || [ ! -f "$M" ]; then
	awk -v n="$QUERIES" -v k="$MEASURES" 'BEGIN {
		srand(8); print "# measure\tquery\tvalue"
		for (q = 1; q <= n; q++) {
			skill = rand()
			for (m = 1; m <= k; m++) {
				if (m <= k / 2) printf "hit@%d\tq%d\t%d\n", m, q, rand() < skill
				else printf "AP%d\tq%d\t%.4f\n", m, q, skill * rand()
			}
		}
		print "# end" }' > "$M"
	echo "$stamp" > "$T/stamp"
fi

JOBOPT=; [ -n "${JOBS:-}" ] && JOBOPT="-j $JOBS"

# -- agreement, untimed: the same means (to 4 decimals) and interval ends
#    within 0.01 (the resampling error of a 2.5% quantile of 10,000 means of
#    5,000 fractions is about 0.001)
# shellcheck disable=SC2086
"$BS" -B "$RESAMPLES" -p 6 $JOBOPT "$M" | grep -v '^#' | cut -f 1,3,4,5 > "$T/bs.rows" ||
	die "bootstrap failed"
"$PY" "$PEER" "$M" "$RESAMPLES" > "$T/peer.out" || die "the peer failed"
grep -v '^seconds' "$T/peer.out" > "$T/peer.rows"
paste "$T/bs.rows" "$T/peer.rows" | awk -F '\t' '
	$1 != $5 { print "bench: measure order differs: " $1 " " $5; bad = 1 }
	sprintf("%.4f", $2) != sprintf("%.4f", $6) { print "bench: mean of " $1 ": " $2 " vs " $6; bad = 1 }
	($3 - $7 > 0.01 || $7 - $3 > 0.01 || $4 - $8 > 0.01 || $8 - $4 > 0.01) {
		print "bench: interval of " $1 ": " $3 " " $4 " vs " $7 " " $8; bad = 1 }
	END { exit bad }' >&2 || die "bootstrap and the NumPy peer disagree"
[ "$(wc -l < "$T/bs.rows")" -eq "$MEASURES" ] || die "expected $MEASURES rows"

# -- timed, alternately
i=1
while [ "$i" -le "$ROUNDS" ]; do
	echo "bench: bootstrap round $i/$ROUNDS" >&2
	# shellcheck disable=SC2086
	"$B/rusage" -o "$T/bs$i.time" "$BS" -B "$RESAMPLES" $JOBOPT "$M" > /dev/null ||
		die "bootstrap failed"
	"$B/rusage" -o "$T/py$i.time" "$PY" "$PEER" "$M" "$RESAMPLES" > "$T/py$i.out" ||
		die "the peer failed"
	i=$((i + 1))
done

# -- report: medians of wall and CPU seconds, the median of the pairwise
#    ratios, and the peer's own seconds after loading
median() { sort -n | awk '{ v[NR] = $1 } END {
	printf "%.3f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() {	# col PREFIX FIELD
	i=1; while [ "$i" -le "$ROUNDS" ]; do
		awk -v f="$2" '{ print $f }' "$T/$1$i.time"; i=$((i + 1)); done; }
ratio() {	# ratio wall|cpu: median over rounds of peer / bootstrap
	i=1; while [ "$i" -le "$ROUNDS" ]; do
		paste "$T/py$i.time" "$T/bs$i.time" | awk -v w="$1" '{
			print w == "wall" ? $1 / $5 : ($2 + $3) / ($6 + $7) }'
		i=$((i + 1)); done | median; }
cpu() { i=1; while [ "$i" -le "$ROUNDS" ]; do
		awk '{ print $2 + $3 }' "$T/$1$i.time"; i=$((i + 1)); done | median; }
inner() { i=1; while [ "$i" -le "$ROUNDS" ]; do
		awk '$1 == "seconds" { print $2 }' "$T/py$i.out"; i=$((i + 1)); done | median; }
bs_wall=$(col bs 1 | median) bs_cpu=$(cpu bs)
py_wall=$(col py 1 | median) py_cpu=$(cpu py) py_inner=$(inner)
echo "bootstrap -B $RESAMPLES, $QUERIES queries x $MEASURES measures, $ROUNDS rounds (medians):"
printf '  bootstrap            wall %8s s  cpu %8s s\n' "$bs_wall" "$bs_cpu"
printf '  NumPy peer           wall %8s s  cpu %8s s  (after loading: %s s wall)\n' \
	"$py_wall" "$py_cpu" "$py_inner"
printf '  peer / bootstrap     wall %8sx     cpu %8sx\n' "$(ratio wall)" "$(ratio cpu)"
printf '  peer after loading / bootstrap wall: %sx\n' \
	"$(awk -v a="$py_inner" -v b="$bs_wall" 'BEGIN { printf "%.1f", a / b }')"
awk -v a="$py_inner" -v b="$bs_wall" 'BEGIN { exit !(a / b < 10) }' &&
	echo "bench: target missed: less than 10x the peer's time after loading" >&2
exit 0
