#!/bin/sh
# Differential test of treceval against the real trec_eval
# (tests/trec-eval-diff.bats; tests/trec-eval-build.sh builds it): random
# qrels, runs and command lines (tests/data/trec-gen.awk), each given to
# both programs. Where trec_eval succeeds, treceval must succeed and print
# trec_eval's output byte for byte, but for the rows of the measures that
# need judged non-relevant documents, which it refuses (so the nicknames
# official, all_trec and set go to treceval as the measures they name
# that it computes). Where trec_eval stops on a document twice (status 4),
# treceval must stop with status 4 too.
#   sh tests/trec-eval-diff.sh [-s SEED] [-n CASES] [-d DIR] TREC_EVAL
# One line per case that is not identical, then a summary line:
#   differ CASE: ARGS, then the diff (trec_eval's rows first)
#   trec-eval-diff: N cases, I identical, F where trec_eval fails (T of
#   them on a document twice, treceval too), D differ
# DIR (default: a temporary folder, removed) keeps every case's files:
# C.qrels, C.run, C.args, C.te (trec_eval's output, less the refused
# measures' rows), C.rk (treceval's), C.te.err, C.rk.err.
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

# trec_eval's nicknames as the measures treceval computes, in its order
official="runid num_q num_ret num_rel num_rel_ret map gm_map Rprec recip_rank
iprec_at_recall P"
all_trec="$official recall Rprec_mult utility 11pt_avg binG G ndcg ndcg_rel
Rndcg ndcg_cut map_cut relative_P success set_P set_relative_P set_recall
set_map set_F rbp"
set="runid num_q num_ret num_rel num_rel_ret utility set_P set_recall
set_relative_P set_map set_F"
# the rows of the measures treceval refuses
refused='^(bpref|relstring|infAP|gm_bpref|num_nonrel_judged_ret|rbp_resid|unj)(_[^ ]*)? *	'

# ours ARGS...: treceval's arguments: a nickname as its measures, the
# default (official) named when no -m is
ours() {
	out= named= prev=
	for w in "$@"; do
		[ "$prev" = -m ] && w=-m$w
		prev=$w
		case $w in
		-m) continue ;;
		-mofficial | --measure=official) w=$(printf ' -m%s' $official) named=1 ;;
		-mall_trec | --measure=all_trec) w=$(printf ' -m%s' $all_trec) named=1 ;;
		-mset | --measure=set) w=$(printf ' -m%s' $set) named=1 ;;
		-m* | --measure=*) named=1 ;;
		esac
		out="$out $w"
	done
	[ -n "$named" ] || out="$out$(printf ' -m%s' $official)"
	printf '%s\n' "$out"
}

same=0 fails=0 twice=0 differ=0
c=1
while [ "$c" -le "$cases" ]; do
	args=$(sed "s|QRELS|$dir/$c.qrels|; s|RUN|$dir/$c.run|" "$dir/$c.args")
	# shellcheck disable=SC2086
	rargs=$(ours $args)
	st=0 rst=0
	# shellcheck disable=SC2086
	"$te" $args >"$dir/$c.te.all" 2>"$dir/$c.te.err" || st=$?
	grep -Ev "$refused" "$dir/$c.te.all" >"$dir/$c.te" || :
	# shellcheck disable=SC2086
	"$rk" $rargs >"$dir/$c.rk" 2>"$dir/$c.rk.err" || rst=$?
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
