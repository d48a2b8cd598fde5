#!/bin/sh
# Differential test of treceval against the real trec_eval
# (tests/trec-eval-diff.bats; tests/trec-eval-build.sh builds it): random
# qrels, runs and command lines (tests/data/trec-gen.awk), each given to
# both programs, the same arguments. Where trec_eval succeeds, treceval
# must succeed and print trec_eval's output byte for byte, every row of
# every measure. Where trec_eval stops on a document twice (status 4),
# treceval must stop with status 4 too.
#   sh tests/trec-eval-diff.sh [-s SEED] [-n CASES] [-d DIR] TREC_EVAL
# One line per case that is not identical, then a summary line:
#   differ CASE: ARGS, then the diff (trec_eval's rows first)
#   trec-eval-diff: N cases, I identical, F where trec_eval fails (T of
#   them on a document twice, treceval too), D differ
# DIR (default: a temporary folder, removed) keeps every case's files:
# C.qrels, C.run, C.args, C.te (trec_eval's output), C.rk (treceval's),
# C.te.err, C.rk.err.
# Exit status 1 when a case differs.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
seed=1 cases=300 dir=
usage() {
	echo "usage: trec-eval-diff.sh [-s SEED] [-n CASES] [-d DIR] TREC_EVAL" >&2
	exit 2
}
while getopts s:n:d: opt; do
	case $opt in
	s) seed=$OPTARG ;;
	n) cases=$OPTARG ;;
	d) dir=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
te=$1
rk=${TRECEVAL:-$root/bin/treceval}
if [ -z "$dir" ]; then
	dir=$(mktemp -d "${TMPDIR:-/tmp}/trec-eval-diff.XXXXXX")
	trap 'rm -rf "$dir"' EXIT INT TERM
fi
mkdir -p "$dir"
LC_ALL=C
export LC_ALL

awk -v seed="$seed" -v cases="$cases" -v dir="$dir" -f "$root/tests/data/trec-gen.awk"

same=0 fails=0 twice=0 differ=0
c=1
while [ "$c" -le "$cases" ]; do
	args=$(sed "s|QRELS|$dir/$c.qrels|; s|RUN|$dir/$c.run|" "$dir/$c.args")
	st=0 rst=0
	# shellcheck disable=SC2086
	"$te" $args >"$dir/$c.te" 2>"$dir/$c.te.err" || st=$?
	# shellcheck disable=SC2086
	"$rk" $args >"$dir/$c.rk" 2>"$dir/$c.rk.err" || rst=$?
	if [ "$st" -ne 0 ]; then
		fails=$((fails + 1))
		if grep -q 'duplicate docs' "$dir/$c.te.err"; then
			if [ "$rst" -eq 4 ]; then
				twice=$((twice + 1))
			else
				echo "differ $c: $(cat "$dir/$c.args") (trec_eval status $st on a document twice, treceval $rst)"
				differ=$((differ + 1))
			fi
		fi
	elif [ "$rst" -ne 0 ] || ! cmp -s "$dir/$c.te" "$dir/$c.rk"; then
		echo "differ $c: $(cat "$dir/$c.args") (treceval status $rst)"
		sed 's/^/    treceval: /' "$dir/$c.rk.err"
		diff "$dir/$c.te" "$dir/$c.rk" | head -20 | sed 's/^/    /' || :
		differ=$((differ + 1))
	else
		same=$((same + 1))
	fi
	c=$((c + 1))
done
echo "trec-eval-diff: $cases cases, $same identical, $fails where trec_eval fails ($twice of them on a document twice, treceval too), $differ differ"
[ "$differ" -eq 0 ]
